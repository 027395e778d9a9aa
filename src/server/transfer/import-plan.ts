/**
 * Uploaded files → what to create: `.mmd`/`.mermaid` files (one diagram each), Markdown files
 * (one diagram per ```mermaid block) and zips of those, where directories become folders and a
 * Lifeline export's manifest restores titles, folders, positions, dates and comment threads. Any bad file
 * refuses the whole import with a message naming it; nothing here touches the database.
 */
import { statementLines } from '../../shared/comments/statement.js';
import { CONTENT_MAX, FOLDER_NAME_MAX, TITLE_MAX, hasNoNul } from '../../shared/schemas.js';
import { EDITOR_TEXT } from '../../shared/messages.js';
import {
  ARCHIVE_EXTENSIONS,
  DIAGRAM_EXTENSIONS,
  IMPORT_LIMITS,
  MANIFEST_NAME,
  MARKDOWN_EXTENSIONS,
  manifestSchema,
  type Manifest,
} from '../../shared/transfer.js';
import { AppError, badRequest } from '../errors.js';
import { cooperative } from './cooperative.js';
import { mermaidBlocks } from './markdown.js';
import { decodeText } from './text-file.js';
import { isUnsafePath, readZip, tooLarge, type ByteBudget, type ZipEntry } from './zip-reader.js';

export interface UploadedFile {
  name: string;
  bytes: Uint8Array;
}

export interface PlannedComment {
  body: string;
  /** The name it was written under (the importer's own comments are theirs again). */
  authorName: string;
  createdAt: Date;
}

/** A comment thread from an export's manifest, anchored in the imported text. */
export interface PlannedThread extends PlannedComment {
  /** Its statement's line in the imported text; null: outdated (or no statement there now). */
  line: number | null;
  lineText: string;
  resolved: boolean;
  replies: PlannedComment[];
}

export interface PlannedDiagram {
  title: string;
  content: string;
  folder: string | null;
  position?: number;
  createdAt?: Date;
  updatedAt?: Date;
  /** Comment threads (a Lifeline export's manifest only). */
  comments?: PlannedThread[];
}

export interface ImportPlan {
  /** Folders to find by name or create; a position only when a manifest gives one. */
  folders: { name: string; position?: number }[];
  diagrams: PlannedDiagram[];
}

/** A plan being built: the names of its folders kept in a set, so each check is O(1). */
interface PlanDraft extends ImportPlan {
  folderNames: Set<string>;
  pause: () => Promise<void> | undefined;
}

type Kind = 'diagram' | 'markdown' | 'archive';

const quote = (name: string) => `"${name}"`;
const inZip = (path: string, zip: string) => `"${path}" in "${zip}"`;
const ACCEPTED = [...DIAGRAM_EXTENSIONS, ...MARKDOWN_EXTENSIONS, ...ARCHIVE_EXTENSIONS].join(', ');

function kindOf(name: string): Kind | null {
  const lower = name.toLowerCase();
  const is = (extensions: readonly string[]) => extensions.some((ext) => lower.endsWith(ext));
  if (is(DIAGRAM_EXTENSIONS)) return 'diagram';
  if (is(MARKDOWN_EXTENSIONS)) return 'markdown';
  if (is(ARCHIVE_EXTENSIONS)) return 'archive';
  return null;
}

const tooManyItems = () =>
  new AppError(
    413,
    `One import may hold at most ${IMPORT_LIMITS.items.toLocaleString('en')} diagrams and folders; import the files in parts.`,
  );

const notAccepted = (label: string) =>
  badRequest(`${label} cannot be imported: choose ${ACCEPTED} files.`);

/** Cuts to `max` UTF-16 units without splitting a character, then trims. */
function cut(text: string, max: number): string {
  if (text.length <= max) return text.trim();
  let end = max;
  const last = text.charCodeAt(end - 1);
  if (last >= 0xd800 && last <= 0xdbff) end -= 1;
  return text.slice(0, end).trim();
}

const titleOf = (raw: string) => cut(raw.trim(), TITLE_MAX) || EDITOR_TEXT.untitled;
const folderNameOf = (raw: string) => cut(raw.trim(), FOLDER_NAME_MAX) || null;
const baseName = (path: string) => path.slice(path.lastIndexOf('/') + 1);
const withoutExtension = (name: string) => name.replace(/\.[^.]*$/, '') || name;

function checkLength(content: string, label: string): string {
  if (content.length > CONTENT_MAX) {
    throw new AppError(
      413,
      `${label} is too long: a diagram holds at most ${CONTENT_MAX.toLocaleString('en')} characters.`,
    );
  }
  return content;
}

function diagramsOf(
  kind: 'diagram' | 'markdown',
  fileName: string,
  text: string,
  label: string,
  folder: string | null,
): PlannedDiagram[] {
  const fallback = withoutExtension(fileName);
  if (kind === 'diagram') {
    return [{ title: titleOf(fallback), content: checkLength(text, label), folder }];
  }
  const blocks = mermaidBlocks(text);
  if (blocks.length === 0) {
    throw badRequest(`${label} has no \`\`\`mermaid code blocks to import.`);
  }
  const titles = blocks.map((block) => titleOf(block.heading ?? fallback));
  const total = new Map<string, number>();
  for (const title of titles) total.set(title, (total.get(title) ?? 0) + 1);
  const seen = new Map<string, number>();
  return blocks.map((block, index) => {
    const title = titles[index] ?? fallback;
    const n = (seen.get(title) ?? 0) + 1;
    seen.set(title, n);
    const numbered = (total.get(title) ?? 1) > 1 ? `${cut(title, TITLE_MAX - 8)} (${n})` : title;
    return {
      title: numbered,
      content: checkLength(block.content, `${label} (diagram ${index + 1})`),
      folder,
    };
  });
}

/** Files operating systems add to zips by themselves. */
const isNoise = (path: string) =>
  path.startsWith('__MACOSX/') ||
  ['.DS_Store', 'Thumbs.db', 'desktop.ini'].includes(baseName(path));

function parseManifest(entry: ZipEntry, zip: string): Manifest {
  const label = inZip(MANIFEST_NAME, zip);
  let data: unknown;
  try {
    data = JSON.parse(decodeText(entry.bytes, label));
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw badRequest(`${label} is not valid JSON.`);
  }
  const parsed = manifestSchema.safeParse(data);
  if (!parsed.success) {
    throw badRequest(
      `${label} is not a Lifeline export manifest: ${describe(parsed.error.issues[0])}.`,
    );
  }
  return parsed.data;
}

/** "diagrams[0].updatedAt must be …": the schema's message, naming the field by its place. */
function describe(issue: { path: PropertyKey[]; message: string } | undefined): string {
  if (!issue) return 'it is malformed';
  const where = issue.path
    .map((key, index) =>
      typeof key === 'number' ? `[${key}]` : `${index ? '.' : ''}${String(key)}`,
    )
    .join('');
  const last = issue.path.at(-1);
  if (typeof last === 'string' && issue.message.startsWith(`${last} `)) {
    return `${where}${issue.message.slice(last.length)}`;
  }
  return where ? `${where}: ${issue.message}` : issue.message;
}

async function planArchive(zip: string, entries: ZipEntry[], plan: PlanDraft): Promise<void> {
  const files = new Map<string, ZipEntry>();
  const directories: string[] = [];
  for (const entry of entries) {
    await plan.pause();
    if (isNoise(entry.path)) continue;
    if (entry.path.endsWith('/')) directories.push(entry.path);
    else files.set(entry.path, entry);
  }
  const manifestEntry = files.get(MANIFEST_NAME);
  const manifest = manifestEntry ? parseManifest(manifestEntry, zip) : null;
  files.delete(MANIFEST_NAME);

  if (manifest) {
    for (const folder of manifest.folders) {
      await plan.pause();
      const name = folderNameOf(folder.name);
      if (name) {
        plan.folders.push({ name, position: folder.position });
        plan.folderNames.add(name);
      }
    }
    for (const item of manifest.diagrams) {
      await plan.pause();
      const label = inZip(item.path, zip);
      if (isUnsafePath(item.path)) {
        throw badRequest(`${inZip(MANIFEST_NAME, zip)} names an unsafe path "${item.path}".`);
      }
      const entry = files.get(item.path);
      if (!entry)
        throw badRequest(
          `${inZip(MANIFEST_NAME, zip)} lists ${quote(item.path)}, which the zip does not hold.`,
        );
      files.delete(item.path);
      const folder = item.folder === null ? null : folderNameOf(item.folder);
      if (folder) addFolder(plan, folder);
      const content = checkLength(decodeText(entry.bytes, label, true), label);
      plan.diagrams.push({
        title: titleOf(item.title),
        content,
        folder,
        position: item.position,
        createdAt: new Date(item.createdAt),
        updatedAt: new Date(item.updatedAt),
        ...(item.comments?.length ? { comments: threadsOf(item.comments, content) } : {}),
      });
    }
  } else {
    // Directories become folders (one level: the top directory), even when empty.
    for (const dir of directories) {
      await plan.pause();
      addFolder(plan, dir.split('/')[0] ?? '');
    }
  }

  for (const [path, entry] of files) {
    await plan.pause();
    const label = inZip(path, zip);
    const kind = kindOf(path);
    if (kind === null || kind === 'archive') throw notAccepted(label);
    const segments = path.split('/');
    const folder = segments.length > 1 ? addFolder(plan, segments[0] ?? '') : null;
    plan.diagrams.push(
      ...diagramsOf(kind, baseName(path), decodeText(entry.bytes, label), label, folder),
    );
  }
}

type ManifestThread = NonNullable<Manifest['diagrams'][number]['comments']>[number];

/**
 * A manifest's threads anchored in `content`: a thread keeps its line when that line is a
 * statement of the text, else it is outdated (the text was edited since the export).
 */
function threadsOf(threads: ManifestThread[], content: string): PlannedThread[] {
  const comment = (c: ManifestThread | ManifestThread['replies'][number]): PlannedComment => ({
    body: c.body,
    authorName: c.author.name,
    createdAt: new Date(c.createdAt),
  });
  const isStatement = statementLines(content);
  const lines = content.split('\n');
  return threads.map((thread) => {
    const line = thread.line !== null && isStatement(thread.line) ? thread.line : null;
    return {
      ...comment(thread),
      line,
      // As shared/comments/statement.ts's lineText says it, the text split once.
      lineText: line === null ? '' : (lines[line - 1] ?? '').trim(),
      resolved: thread.resolved,
      replies: thread.replies.map(comment),
    };
  });
}

function addFolder(plan: PlanDraft, raw: string): string | null {
  const name = folderNameOf(raw);
  if (name && !plan.folderNames.has(name)) {
    plan.folderNames.add(name);
    plan.folders.push({ name });
  }
  return name;
}

/** Yields to other requests every few milliseconds of work, so a large import stalls no one. */
export async function planImport(files: UploadedFile[]): Promise<ImportPlan> {
  if (files.length === 0) throw badRequest('Choose at least one file to import.');
  const plan: PlanDraft = {
    folders: [],
    diagrams: [],
    folderNames: new Set(),
    pause: cooperative(),
  };
  const budget: ByteBudget = { remaining: IMPORT_LIMITS.totalBytes };
  for (const file of files) {
    const label = quote(file.name);
    if (!hasNoNul(file.name)) {
      throw badRequest(`${label} has a NUL character in its name; rename the file.`);
    }
    if (isUnsafePath(file.name) || file.name.includes('/')) {
      throw badRequest(`${label} is not a plain file name; choose files, not paths.`);
    }
    const kind = kindOf(file.name);
    if (kind === null) throw notAccepted(label);
    if (kind === 'archive') {
      await planArchive(file.name, await readZip(file.bytes, label, budget), plan);
    } else {
      if (file.bytes.length > budget.remaining) throw tooLarge(label);
      budget.remaining -= file.bytes.length;
      plan.diagrams.push(
        ...diagramsOf(kind, file.name, decodeText(file.bytes, label), label, null),
      );
    }
    if (plan.folders.length + plan.diagrams.length > IMPORT_LIMITS.items) throw tooManyItems();
  }
  if (plan.diagrams.length === 0 && plan.folders.length === 0) {
    throw badRequest(
      `${files.map((file) => quote(file.name)).join(', ')} holds nothing to import.`,
    );
  }
  return { folders: plan.folders, diagrams: plan.diagrams };
}
