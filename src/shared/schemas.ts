/** zod schemas of the entities (spec §3) and API bodies; types flow from these. */
import { z } from './zod.js';
import { API_DEFAULTS, DIAGRAM_TEXT_MAX } from './constants.js';
import { PREVIEW_TEXT } from './messages.js';
import { formatsOn, isOneOf, listOf, STEPPED_FORMATS } from './output-formats.js';
import { ACTIONS } from './policy/can.js';
import { HOLD_PACES, MAX_PDF_STEPS, STEP_PACE_MS } from './present/steps.js';

export const userSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string().nullable(),
  /** False when the sign-in provider does not vouch for `email`: nothing shared with it shows. */
  emailVerified: z.boolean(),
  avatarUrl: z.string().nullable(),
});
export type User = z.infer<typeof userSchema>;

export const errorBodySchema = z.object({ error: z.string() });
export type ErrorBody = z.infer<typeof errorBodySchema>;

export const diagramSchema = z.object({
  id: z.number().int(),
  userId: z.number().int(),
  title: z.string(),
  content: z.string(),
  isPublic: z.boolean(),
  shareToken: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  folderId: z.number().int().nullable(),
  position: z.number().int(),
});
export type Diagram = z.infer<typeof diagramSchema>;

/**
 * The answer to PUT /api/diagrams/{id}: the diagram, and when the save changed its live document,
 * that change as a Yjs update (base64). A screen joining the live document applies it to its live
 * copy first: the server's own update of the save may reach that copy only later.
 */
export const savedDiagramSchema = diagramSchema.extend({ liveUpdate: z.string().optional() });
export type SavedDiagram = z.infer<typeof savedDiagramSchema>;

export const folderSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  position: z.number().int(),
});
export type Folder = z.infer<typeof folderSchema>;

export const TITLE_MAX = 200;
export const CONTENT_MAX = 1_000_000;

/** PostgreSQL text cannot hold NUL, and no diagram, title or name needs it. */
export const hasNoNul = (value: string) => !value.includes('\u0000');

/** Text a client sends for `field`: a string without NUL. */
export const requiredText = (field: string) =>
  z
    .string({
      error: (issue) =>
        issue.input === undefined ? `${field} is required` : `${field} must be text`,
    })
    .refine(hasNoNul, `${field} must not contain NUL characters`);

/**
 * Dates a client sends (a save's `updatedAt`, an export manifest's dates): ISO 8601, from the year
 * 1000 to 9999. JavaScript reads dates far outside PostgreSQL's range (±271,821 years; year 0
 * does not exist there), and no diagram needs a date outside these four-digit years.
 */
export const DATE_YEARS = { first: 1000, last: 9999 } as const;
const EARLIEST = Date.UTC(DATE_YEARS.first, 0, 1);
const LATEST = Date.UTC(DATE_YEARS.last + 1, 0, 1) - 1;
// Anchored, each part a fixed run of digits: linear.
const ISO_DATE_TIME =
  /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,6})?)?(?:Z|[+-]\d{2}:\d{2})$/;

export function isStorableDateTime(value: string): boolean {
  if (!ISO_DATE_TIME.test(value)) return false;
  const time = Date.parse(value);
  return time >= EARLIEST && time <= LATEST;
}

export const dateTime = (field: string) => {
  const message = `${field} must be a date-time from the year ${DATE_YEARS.first} to ${DATE_YEARS.last}, such as 2024-05-01T12:00:00.000Z`;
  return z.string({ error: message }).refine(isStorableDateTime, message);
};

const title = requiredText('title')
  .trim()
  .min(1, 'title must not be empty')
  .max(TITLE_MAX, `title must be at most ${TITLE_MAX} characters`);
const content = requiredText('content').max(
  CONTENT_MAX,
  `content is too long: at most ${CONTENT_MAX.toLocaleString('en')} characters`,
);
const folderId = z
  .number({ error: 'folderId must be a folder id (a whole number) or null' })
  .int('folderId must be a whole number')
  .positive('folderId must be a folder id (a whole number) or null')
  .nullable();

/** POST /api/diagrams. Unknown fields are ignored. */
export const createDiagramBody = z.object({
  title,
  content,
  folderId: folderId.optional(),
});
export type CreateDiagramBody = z.infer<typeof createDiagramBody>;

/** PUT /api/diagrams/{id}: any of the fields; `updatedAt` guards against lost updates. */
export const updateDiagramBody = z
  .object({
    title: title.optional(),
    content: content.optional(),
    isPublic: z.boolean({ error: 'isPublic must be true or false' }).optional(),
    folderId: folderId.optional(),
    updatedAt: dateTime('updatedAt').optional(),
    /** 'auto' saves keep a version at most every few minutes; 'manual' ones always do. */
    saveKind: z
      .enum(['manual', 'auto'], { error: "saveKind must be 'manual' or 'auto'" })
      .optional(),
  })
  .refine(
    (body) =>
      body.title !== undefined ||
      body.content !== undefined ||
      body.isPublic !== undefined ||
      body.folderId !== undefined,
    'send at least one of title, content, isPublic or folderId',
  );
export type UpdateDiagramBody = z.infer<typeof updateDiagramBody>;

export const idParams = z.object({
  id: z.coerce
    .number({ error: 'id must be a whole number' })
    .int('id must be a whole number')
    .positive('id must be a positive whole number')
    .max(2_147_483_647, 'id is too large'),
});

/** 409 answer of PUT /api/diagrams/{id}: the stored diagram, which was kept. */
export const conflictBody = z.object({ error: z.string(), diagram: diagramSchema });

export const FOLDER_NAME_MAX = 100;

const folderName = requiredText('name')
  .trim()
  .min(1, 'name must not be blank')
  .max(FOLDER_NAME_MAX, `name must be at most ${FOLDER_NAME_MAX} characters`);

/** POST /api/folders */
export const createFolderBody = z.object({ name: folderName });
export type CreateFolderBody = z.infer<typeof createFolderBody>;

/** PUT /api/folders/{id}: rename and/or move in the folder order. */
export const updateFolderBody = z
  .object({
    name: folderName.optional(),
    position: z
      .number({ error: 'position must be a whole number' })
      .int('position must be a whole number')
      .min(0, 'position must be 0 or more')
      .max(1_000_000, 'position is too large')
      .optional(),
  })
  .refine(
    (body) => body.name !== undefined || body.position !== undefined,
    'send name or position',
  );
export type UpdateFolderBody = z.infer<typeof updateFolderBody>;

/**
 * GET /api/diagrams?view=summary: what the sidebar needs, without each diagram's text. The plain
 * list (spec §7) keeps the full diagrams for API users.
 */
export const diagramSummarySchema = diagramSchema.omit({ content: true });
export type DiagramSummary = z.infer<typeof diagramSummarySchema>;

export const listDiagramsQuery = z.object({
  view: z.enum(['full', 'summary'], { error: 'view must be full or summary' }).optional(),
});

export const COLLABORATOR_ROLES = ['viewer', 'editor'] as const;
export type CollaboratorRole = (typeof COLLABORATOR_ROLES)[number];
export type DiagramAccess = 'owner' | CollaboratorRole;

/** Whether `access` is a collaborator's (the diagram is someone else's) rather than the owner's. */
export const isCollaboratorRole = (access: DiagramAccess): access is CollaboratorRole =>
  (COLLABORATOR_ROLES as readonly DiagramAccess[]).includes(access);

/** A diagram the caller owns or collaborates on, with their role in it. */
export const openedDiagramSchema = diagramSchema.extend({
  access: z
    .enum(['owner', 'editor', 'viewer'])
    .describe("The caller's role: the diagram's owner, or a collaborator who may edit or view."),
});
export type OpenedDiagram = z.infer<typeof openedDiagramSchema>;

/** GET /api/diagrams/{id}: the diagram, the caller's role and what that role lets them do. */
export const diagramWithActionsSchema = openedDiagramSchema.extend({
  actions: z
    .array(z.enum(ACTIONS))
    .describe(
      `What the caller may do with the diagram, as the permission table (policy/can.ts) answers for \`access\`; any of ${ACTIONS.join(', ')}.`,
    ),
});
export type DiagramWithActions = z.infer<typeof diagramWithActionsSchema>;

export const collaboratorSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  role: z.enum(COLLABORATOR_ROLES),
});
export type Collaborator = z.infer<typeof collaboratorSchema>;

export const addCollaboratorBody = z.object({
  email: requiredText('email')
    .trim()
    .toLowerCase()
    .pipe(z.email('email must be a valid e-mail address').max(254, 'email is too long')),
  role: z.enum(COLLABORATOR_ROLES, { error: 'role must be viewer or editor' }),
});
export type AddCollaboratorBody = z.infer<typeof addCollaboratorBody>;

export const collaboratorParams = idParams.extend({
  collaboratorId: z.coerce
    .number({ error: 'collaboratorId must be a whole number' })
    .int('collaboratorId must be a whole number')
    .positive('collaboratorId must be a positive whole number')
    .max(2_147_483_647, 'collaboratorId is too large'),
});

/** A diagram someone shared with the caller, for the 'Shared with me' list. */
export const sharedWithMeSchema = diagramSummarySchema.extend({
  role: z.enum(COLLABORATOR_ROLES),
  ownerName: z.string(),
});
export type SharedWithMe = z.infer<typeof sharedWithMeSchema>;

/**
 * What an API token may do: `full`, everything its owner may; `read`, only read and draw (every
 * /api/v1 route and MCP tool that changes anything refuses it). Chosen when the token is made.
 */
export const TOKEN_SCOPES = ['full', 'read'] as const;
export const tokenScopeSchema = z.enum(TOKEN_SCOPES);
export type TokenScope = z.infer<typeof tokenScopeSchema>;

/** GET /api/user/api-token and POST /api/user/regenerate-api-token. */
export const apiTokenSchema = z.object({ apiToken: z.string(), scope: tokenScopeSchema });
export type ApiToken = z.infer<typeof apiTokenSchema>;

/** POST /api/user/regenerate-api-token: the new token's scope (full when absent, as before). */
export const regenerateApiTokenBody = z
  .object({ scope: tokenScopeSchema.default('full') })
  .default({ scope: 'full' });

/** POST /api/v1/diagrams (bearer token): the diagram body with the API's default title. */
export const apiCreateDiagramBody = createDiagramBody.extend({
  title: title.default(API_DEFAULTS.title).describe('Title of the diagram.'),
  content: content.describe(
    `The diagram text (Mermaid), at most ${CONTENT_MAX.toLocaleString('en')} characters stored; the renderer draws at most ${DIAGRAM_TEXT_MAX.toLocaleString('en')}.`,
  ),
  folderId: folderId
    .optional()
    .describe('A folder of yours to put the diagram in; null or absent: the root.'),
});
export type ApiCreateDiagramBody = z.infer<typeof apiCreateDiagramBody>;

/** PUT /api/v1/diagrams/{id} (bearer token): a new title, text or folder; sharing is PUT …/sharing. */
export const apiUpdateDiagramBody = z
  .object({
    title: title.optional().describe('A new title.'),
    content: content
      .optional()
      .describe('The new diagram text; open editors receive it at once as an edit.'),
    folderId: folderId
      .optional()
      .describe('Moves the diagram into a folder of yours; null: to the root.'),
    updatedAt: dateTime('updatedAt')
      .optional()
      .describe(
        "The diagram's updatedAt as you read it: the change is refused (409) when it was changed since.",
      ),
  })
  .refine(
    (body) => body.title !== undefined || body.content !== undefined || body.folderId !== undefined,
    'send at least one of title, content or folderId',
  );
export type ApiUpdateDiagramBody = z.infer<typeof apiUpdateDiagramBody>;

/** PUT /api/v1/diagrams/{id}/sharing (bearer token, owner only): the public link on or off. */
export const apiSharingBody = z.object({
  isPublic: z
    .boolean({ error: 'isPublic must be true or false' })
    .describe(
      'true: anyone with the link may view the diagram; false: only you and collaborators.',
    ),
});
export type ApiSharingBody = z.infer<typeof apiSharingBody>;

/** A diagram's sharing: whether its public link is on, and the link while it is. */
export const apiSharingSchema = z.object({
  id: z.number().int(),
  isPublic: z.boolean(),
  shareUrl: z
    .string()
    .nullable()
    .describe('The public link (view only) while the diagram is public; null while it is private.'),
});
export type ApiSharing = z.infer<typeof apiSharingSchema>;

export const SEARCH_QUERY_MAX = 200;

/** GET /api/v1/diagrams (bearer token): your diagrams, or those whose title or text holds `q`. */
export const apiListDiagramsQuery = z.object({
  q: requiredText('q')
    .trim()
    .min(1, 'q must not be blank')
    .max(SEARCH_QUERY_MAX, `q must be at most ${SEARCH_QUERY_MAX} characters`)
    .optional()
    .describe('Only diagrams whose title or text contains this, in any case.'),
});

/** The created diagram and the address that opens it in the editor. */
export const apiDiagramSchema = diagramSchema.extend({
  url: z.string().describe('Opens the diagram in the Lifeline editor.'),
});
export type ApiDiagram = z.infer<typeof apiDiagramSchema>;

/** GET /api/v1/diagrams/{id}: the diagram, your access to it and its editor address. */
export const apiOpenedDiagramSchema = openedDiagramSchema.extend({
  url: z.string().describe('Opens the diagram in the Lifeline editor.'),
});
export type ApiOpenedDiagram = z.infer<typeof apiOpenedDiagramSchema>;

export const CONVERT_THEMES = ['neutral', 'dark', 'default', 'forest'] as const;
export const CONVERT_BACKGROUNDS = ['white', 'transparent'] as const;
export const CONVERT_SIZE_MAX = 4096;
/** Paper sizes a PDF can be printed on (Chromium's names). */
export const PAPER_SIZES = [
  'letter',
  'legal',
  'tabloid',
  'ledger',
  'a0',
  'a1',
  'a2',
  'a3',
  'a4',
  'a5',
  'a6',
] as const;

const imageSide = (field: 'width' | 'height', fallback: number) => {
  const message = `${field} must be a whole number from 1 to ${CONVERT_SIZE_MAX}`;
  return z
    .number({ error: message })
    .int(message)
    .min(1, message)
    .max(CONVERT_SIZE_MAX, message)
    .default(fallback);
};

const paceError = `paceMs must be a whole number from ${STEP_PACE_MS.min} to ${STEP_PACE_MS.max}`;
/** Milliseconds from one step of an animated SVG to the next. */
const paceMs = z
  .number({ error: paceError })
  .int({ error: paceError })
  .min(STEP_PACE_MS.min, { error: paceError })
  .max(STEP_PACE_MS.max, { error: paceError })
  .default(STEP_PACE_MS.default);
/** Text the renderer draws: its own limit and notice, a 400 like any text mermaid refuses. */
const renderableContent = requiredText('content').refine(
  (text) => text.length <= DIAGRAM_TEXT_MAX,
  PREVIEW_TEXT.maxTextExceeded,
);

/**
 * Convert's `format` as `surface` offers it (the API's convert, MCP's render): the formats of the
 * table in src/shared/output-formats.ts, png by default.
 */
export function convertFormat(surface: 'convert' | 'mcp') {
  const formats = formatsOn(surface);
  return z
    .enum(formats, { error: `format must be ${listOf(formats)}` })
    .default(API_DEFAULTS.format)
    .describe(
      'Image format. PDF is vector: one page the size of the diagram, or `paper`. `txt` (Unicode box drawing) and `ascii` (plain ASCII) answer the diagram drawn as text (`text/plain; charset=utf-8`) for sequence diagrams, flowcharts and class diagrams; `description` answers the diagram in words (its title, participants, then its messages numbered with blocks as nested lists) as plain text for any kind. The image options are then not used.',
    );
}

/** The fields of a convert body, without the rule between them (tools that take part of it). */
export const convertFields = z.object({
  // The renderer's own limit and notice, the same as the preview's: a 400 like any text mermaid
  // refuses (a plain `max` would answer 413, the stored content's "too large").
  content: renderableContent
    .meta({ maxLength: DIAGRAM_TEXT_MAX })
    .describe(
      `The diagram text (Mermaid), at most ${DIAGRAM_TEXT_MAX.toLocaleString('en')} characters (the renderer's limit).`,
    ),
  format: convertFormat('convert'),
  width: imageSide('width', API_DEFAULTS.width).describe(
    'Image width in pixels; the diagram is fitted inside and centred.',
  ),
  height: imageSide('height', API_DEFAULTS.height).describe(
    'Image height in pixels; the diagram is fitted inside and centred.',
  ),
  theme: z
    .enum(CONVERT_THEMES, {
      error: "theme must be one of 'neutral', 'dark', 'default', 'forest'",
    })
    .default('neutral')
    .describe('Mermaid theme.'),
  background: z
    .enum(CONVERT_BACKGROUNDS, { error: "background must be 'white' or 'transparent'" })
    .default('white')
    .describe('Image background.'),
  paper: z
    .enum(['fit', ...PAPER_SIZES], {
      error: `paper must be 'fit' or one of ${PAPER_SIZES.join(', ')}`,
    })
    .default('fit')
    .describe(
      'PDF only: `fit` for a page the size of the diagram (width and height are then not used), or a paper size with the diagram fitted on it.',
    ),
  landscape: z
    .boolean({ error: 'landscape must be true or false' })
    .default(false)
    .describe('PDF on paper only: turn the page sideways.'),
  steps: z
    .boolean({ error: 'steps must be true or false' })
    .default(false)
    .describe(
      `Step through a sequence diagram one message at a time (notes and blocks appear with their first message): with \`svg\`, an SVG that plays the steps by CSS animation (no script) and loops, holding the whole drawing for ${HOLD_PACES} steps' time; with \`pdf\`, one page per step, at most ${MAX_PDF_STEPS} pages. Other diagrams, or one without messages, answer the whole drawing.`,
    ),
  paceMs: paceMs.describe('Animated SVG only: milliseconds from one step to the next.'),
  title: title
    .optional()
    .describe("PDF only: the document's title (the PDF's Title); `Diagram` when absent."),
});

/** POST /api/v1/convert (bearer token): diagram text → an image, or text (`txt`, `ascii`, `description`). */
export const convertBody = convertFields.superRefine((body, context) => {
  if (body.steps && !isOneOf(STEPPED_FORMATS, body.format)) {
    context.addIssue({
      code: 'custom',
      path: ['steps'],
      message: `steps needs format ${listOf(STEPPED_FORMATS)}`,
    });
  }
});
/**
 * POST /api/export/file: the Export menu's files the server draws from the text in the editor, as the
 * preview draws it in the page's theme (the same renderer and bounds as convert): a PDF of one
 * page, and with `steps` a PDF of one page per step or an animated SVG. `title` is the PDF's
 * document title (the diagram's title).
 */
export const exportFileBody = z.object({
  content: renderableContent,
  format: z.enum(formatsOn('exportFile'), {
    error: `format must be ${listOf(formatsOn('exportFile'))}`,
  }),
  theme: z.enum(['light', 'dark'], { error: "theme must be 'light' or 'dark'" }).default('light'),
  steps: z.boolean({ error: 'steps must be true or false' }).default(false),
  paceMs,
  title: title.optional(),
});
export type ExportFileBody = z.input<typeof exportFileBody>;

export type ConvertBody = z.infer<typeof convertBody>;

/** Comments on a diagram's statements (issue 48): bounds and answers. */
export const COMMENT_BODY_MAX = 5_000;
export const COMMENTS_PER_DIAGRAM_MAX = 500;

export const commentBody = requiredText('body')
  .trim()
  .min(1, 'body must not be blank')
  .max(
    COMMENT_BODY_MAX,
    `body must be at most ${COMMENT_BODY_MAX.toLocaleString('en')} characters`,
  );

const positiveId = (field: string) =>
  z.coerce
    .number({ error: `${field} must be a whole number` })
    .int(`${field} must be a whole number`)
    .positive(`${field} must be a positive whole number`)
    .max(2_147_483_647, `${field} is too large`);

/** One comment: `line` is its statement's current 1-based line, or null once it was deleted. */
export const commentSchema = z.object({
  id: z.number().int(),
  body: z.string(),
  author: z.object({ name: z.string() }),
  line: z.number().int().nullable(),
  resolved: z.boolean(),
  parentId: z.number().int().nullable(),
  createdAt: z.string(),
});
export type Comment = z.infer<typeof commentSchema>;

/** A thread: its first comment with its replies, oldest first. */
export const commentThreadSchema = commentSchema.extend({
  replies: z.array(commentSchema),
});
export type CommentThread = z.infer<typeof commentThreadSchema>;

/** POST /api/diagrams/{id}/comments: a new thread on the statement at `line`, or a reply. */
export const addCommentBody = z
  .object({
    body: commentBody,
    line: positiveId('line').optional(),
    parentId: positiveId('parentId').optional(),
  })
  .strict()
  .refine(
    (body) => (body.line === undefined) !== (body.parentId === undefined),
    'send line for a new comment or parentId for a reply (one of them)',
  );
export type AddCommentBody = z.infer<typeof addCommentBody>;

/** PATCH /api/diagrams/{id}/comments/{commentId}: edit one's own body, or resolve / reopen. */
export const updateCommentBody = z
  .object({
    body: commentBody.optional(),
    resolved: z.boolean({ error: 'resolved must be true or false' }).optional(),
  })
  .strict()
  .refine(
    (body) => (body.body === undefined) !== (body.resolved === undefined),
    'send body to edit the comment or resolved to resolve or reopen it (one of them)',
  );
export type UpdateCommentBody = z.infer<typeof updateCommentBody>;

export const commentParams = idParams.extend({ commentId: positiveId('commentId') });

/** GET /api/mentions: a comment naming the caller, with the diagram it is on. */
export const mentionSchema = commentSchema.extend({
  diagramId: z.number().int(),
  diagramTitle: z.string(),
});
export type Mention = z.infer<typeof mentionSchema>;
