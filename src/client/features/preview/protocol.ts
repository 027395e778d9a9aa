/**
 * The postMessage protocol between the editor page and the sandboxed render frame.
 * Both sides validate every message: the frame has an opaque origin, so `event.origin` is "null"
 * on the parent side and shapes are all we can trust besides `event.source`.
 */
import type { MermaidTheme } from '@shared/mermaid-config';
import type { DrawingEdit } from '@shared/mermaid-reader/drawing-edit';
import type { RenderStatus } from '@shared/mermaid-drawing/diagram-render';
import {
  STYLE_PRESET_NAMES,
  type StylePreset,
  type StyleTarget,
} from '@shared/mermaid-reader/style-edit';

export type { RenderStatus };

export const FRAME_PATH = '/frame.html';

export type FrameTheme = Extract<MermaidTheme, 'dark' | 'neutral'>;

/** Parent → frame: draw this text (sent on every change; the frame keeps only the newest). */
export interface RenderRequest {
  type: 'lifeline:render';
  seq: number;
  text: string;
  theme: FrameTheme;
}

/** Frame → parent: the frame has loaded and listens. */
export interface FrameReady {
  type: 'lifeline:ready';
}

/**
 * Frame → parent: mermaid is loaded and the frame can draw; `loadMs` is how long that took from
 * the frame's own start (what replacing a busy frame costs).
 */
export interface FrameWarm {
  type: 'lifeline:warm';
  loadMs: number;
}

/** What the frame now shows for request `seq`, as the preview's store keeps it. */
export interface RenderResult {
  type: 'lifeline:result';
  seq: number;
  status: RenderStatus;
  /**
   * The SVG markup of the drawing on screen, sanitized (the error graphic when status is
   * 'error'). It may still be on its way: the frame shows a drawing before it sanitizes its
   * markup (see RenderMarkupMessage).
   */
  markup(): Promise<string>;
  theme: FrameTheme;
  diagramType: string;
  /** The parse error when status is 'fallback' or 'error'. */
  error: string | null;
  renderMs: number;
  /** Natural size of the drawing in CSS pixels (for fit to screen). */
  width: number;
  height: number;
  /** Length of the text drawn (lets tests and the benchmark see which text is on screen). */
  textLength: number;
}

/** Frame → parent: the drawing for request `seq` is on screen; its markup follows. */
export type RenderResultMessage = Omit<RenderResult, 'markup'>;

/**
 * Frame → parent: the sanitized markup of the drawing for request `seq` (or of a newer drawing
 * that replaced it on screen). The frame sends it once drawing has been quiet for a moment, or at
 * once when the parent asks (MarkupRequest): sanitizing the markup takes a 200-message drawing
 * 50–100 ms and a 600-message one 100–250 ms, which on every key took the CPU the editor needed to
 * show the keys. It travels as UTF-8 bytes in a transferred buffer: receiving it as a string cost
 * the editor's thread 25–45 ms per drawing while someone typed; a transferred buffer costs nothing
 * until Export decodes it.
 */
export interface RenderMarkupMessage {
  type: 'lifeline:markup';
  seq: number;
  svgBytes: ArrayBuffer;
}

/** Parent → frame: send the markup of drawing `seq` now (Export is waiting for it). */
export interface MarkupRequest {
  type: 'lifeline:markup-request';
  seq: number;
}

/**
 * Parent → frame: show the drawing at this zoom (1 = natural size), about the frame's centre; or,
 * with `at`, exactly the view a replaced frame showed (where the drawing's origin was).
 */
export interface ZoomRequest {
  type: 'lifeline:zoom';
  zoom: number;
  at?: { x: number; y: number };
  /** Counts the zooms asked of this frame (1, 2, …); its view reports say which it last took. */
  seq: number;
}

export type ViewCommandName = 'fit' | 'reset' | 'restart';

/**
 * Parent → frame: fit the drawing to the frame (never above 100%), reset pan and zoom, or
 * restart: another diagram is open, so reset now and place its first drawing as the frame's
 * very first one.
 */
export interface ViewCommand {
  type: 'lifeline:view';
  command: ViewCommandName;
}

/** Parent → frame: show or hide the repeated actor headers. */
export interface PinRequest {
  type: 'lifeline:pin';
  pinned: boolean;
}

/**
 * Frame → parent: the view now shown (after wheel, pinch, keys, a drag or a command): its zoom,
 * where the drawing's origin is, and whether the person chose it (`own`) or it was placed for
 * them. The page keeps it for a frame that replaces this one.
 */
export interface ViewState {
  type: 'lifeline:view-state';
  zoom: number;
  x: number;
  y: number;
  own: boolean;
  /** The `seq` of the last zoom request taken (0: none yet). */
  zoomSeq: number;
}

export type LabelKind = 'message' | 'note' | 'actor' | 'block' | 'node' | 'edge' | 'text';

/** Frame → parent: the user edited a label in place; the parent rewrites the source. */
export interface LabelEdit {
  type: 'lifeline:label-edit';
  kind: LabelKind;
  /** The label as drawn, lines joined by '\n'. */
  text: string;
  /** Which of the labels of this kind drawn with the same text (0-based, in drawing order). */
  occurrence: number;
  /** The drawn element's id in the source when known: a participant's or a flowchart node's id. */
  elementId: string | null;
  /** The new text, lines joined by '\n'. */
  replacement: string;
}

/** Frame → parent: a single click on a drawn element; the source line it was drawn from. */
export interface LineSelect {
  type: 'lifeline:select-line';
  /** 1-based line of the drawn text. */
  line: number;
  /** The text editor takes the keyboard too (the drawing's walk asked to go to the line). */
  focus?: boolean;
}

/** Parent → frame: highlight what was drawn from this line (null: nothing). */
export interface HighlightRequest {
  type: 'lifeline:highlight';
  line: number | null;
  /** The person moved their own cursor or typed: bring the line's element into view. */
  follow?: boolean;
}

/**
 * Frame → parent: a colour picked in the drawing's palette for a participant or a message
 * (null: its own style removed); the parent writes the statement into the text.
 */
export interface StylePick {
  type: 'lifeline:style-pick';
  target: StyleTarget;
  preset: StylePreset | null;
}

/**
 * Frame → parent: an item of the drawing's context menu; the parent turns it into one edit of
 * the text (or shows why it cannot). `lineText` is the line the gesture aims at as drawn, so a
 * text that changed since the drawing is not edited in the wrong place. Validated with zod on
 * arrival (drawingEditMessage.ts), where the frame's bundle does not carry zod.
 */
export interface DrawingEditMessage {
  type: 'lifeline:drawing-edit';
  edit: DrawingEdit;
  lineText: string | null;
}

/**
 * Frame → parent: a menu opened with the pointer closed; the keyboard goes back to where it was
 * before the press (the text editor, most often), as a right-click never means to move it.
 */
export interface ReturnFocus {
  type: 'lifeline:return-focus';
}

/**
 * Frame → parent: while a drawing drag is under way, the line of the text it will change (a new
 * or moved message goes in before `line`; `line` one past the last line: at the end), or null
 * once the drag ends. `moving` is the line a move takes away. The editor marks both.
 */
export interface DragLine {
  type: 'lifeline:drag-line';
  line: number | null;
  moving: number | null;
}

/**
 * Parent → frame: on a touch screen, one finger draws (adds and moves messages, reorders
 * participants) instead of panning, as the toolbar's "Edit by drawing" switch says.
 */
export interface TouchEditRequest {
  type: 'lifeline:touch-edit';
  on: boolean;
}

/**
 * Parent → frame: present the drawing up to message `step` (0-based), hiding later ones and
 * marking the current one; null shows the whole drawing again.
 */
export interface PresentRequest {
  type: 'lifeline:present';
  step: number | null;
}

/**
 * Parent → frame: the diagram's own name, which the drawing's walk names its region with when
 * the text has no `accTitle` or `title` (null: none).
 */
export interface NameRequest {
  type: 'lifeline:name';
  name: string | null;
}

/** Longer names are cut: a name is a few words. */
export const MAX_NAME_CHARS = 500;

/** Parent → frame: the source lines with open comment threads, marked beside their drawing. */
export interface CommentMarksRequest {
  type: 'lifeline:comment-marks';
  /** 1-based lines; at most MAX_COMMENT_MARKS are marked. */
  lines: number[];
  /** Whether the context menu offers to comment (a saved diagram, signed in). */
  commentable: boolean;
}

/** Frame → parent: the context menu's Add comment on the statement drawn from `line`. */
export interface CommentLine {
  type: 'lifeline:comment-line';
  line: number;
}

/** The most comment marks a drawing shows (a diagram holds at most 500 comments). */
export const MAX_COMMENT_MARKS = 500;

export type FrameMessage =
  | StylePick
  | FrameReady
  | FrameWarm
  | RenderResultMessage
  | RenderMarkupMessage
  | ViewState
  | LabelEdit
  | LineSelect
  | DragLine
  | ReturnFocus
  | CommentLine;
export type ParentMessage =
  | RenderRequest
  | MarkupRequest
  | ZoomRequest
  | ViewCommand
  | PinRequest
  | TouchEditRequest
  | HighlightRequest
  | PresentRequest
  | NameRequest
  | CommentMarksRequest;

const LABEL_KINDS: readonly string[] = [
  'message',
  'note',
  'actor',
  'block',
  'node',
  'edge',
  'text',
] satisfies LabelKind[];
const MAX_LABEL_CHARS = 10_000;

const STATUSES: readonly string[] = ['ok', 'fallback', 'error'] satisfies RenderStatus[];
const THEMES: readonly string[] = ['dark', 'neutral'] satisfies FrameTheme[];

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

function isSeq(value: unknown): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;
}

export function isRenderRequest(data: unknown): data is RenderRequest {
  return (
    isRecord(data) &&
    data.type === 'lifeline:render' &&
    isSeq(data.seq) &&
    typeof data.text === 'string' &&
    typeof data.theme === 'string' &&
    THEMES.includes(data.theme)
  );
}

export function isMarkupRequest(data: unknown): data is MarkupRequest {
  return isRecord(data) && data.type === 'lifeline:markup-request' && isSeq(data.seq);
}

function isZoom(value: unknown): value is number {
  return typeof value === 'number' && value > 0 && value <= 10;
}

/** A place on the stage: finite pixels. */
function isPlace(value: unknown): value is { x: number; y: number } {
  return isRecord(value) && Number.isFinite(value.x) && Number.isFinite(value.y);
}

export function isZoomRequest(data: unknown): data is ZoomRequest {
  return (
    isRecord(data) &&
    data.type === 'lifeline:zoom' &&
    isZoom(data.zoom) &&
    isSeq(data.seq) &&
    (data.at === undefined || isPlace(data.at))
  );
}

export function isViewCommand(data: unknown): data is ViewCommand {
  return (
    isRecord(data) &&
    data.type === 'lifeline:view' &&
    (data.command === 'fit' || data.command === 'reset' || data.command === 'restart')
  );
}

const isLine = (value: unknown): value is number => isSeq(value) && value >= 1;

export function isCommentMarksRequest(data: unknown): data is CommentMarksRequest {
  return (
    isRecord(data) &&
    data.type === 'lifeline:comment-marks' &&
    typeof data.commentable === 'boolean' &&
    Array.isArray(data.lines) &&
    data.lines.length <= MAX_COMMENT_MARKS &&
    data.lines.every(isLine)
  );
}

export function isHighlightRequest(data: unknown): data is HighlightRequest {
  return (
    isRecord(data) &&
    data.type === 'lifeline:highlight' &&
    (data.line === null || isLine(data.line)) &&
    (data.follow === undefined || typeof data.follow === 'boolean')
  );
}

export function isPinRequest(data: unknown): data is PinRequest {
  return isRecord(data) && data.type === 'lifeline:pin' && typeof data.pinned === 'boolean';
}

export function isTouchEditRequest(data: unknown): data is TouchEditRequest {
  return isRecord(data) && data.type === 'lifeline:touch-edit' && typeof data.on === 'boolean';
}

function isLabelText(value: unknown): value is string {
  return typeof value === 'string' && value.length <= MAX_LABEL_CHARS;
}

function isLabelEdit(data: Record<string, unknown>): boolean {
  return (
    typeof data.kind === 'string' &&
    LABEL_KINDS.includes(data.kind) &&
    isLabelText(data.text) &&
    isLabelText(data.replacement) &&
    isSeq(data.occurrence) &&
    (data.elementId === null || isLabelText(data.elementId))
  );
}

function isStylePick(data: Record<string, unknown>): boolean {
  const target = data.target;
  if (!isRecord(target)) return false;
  const targetOk =
    (target.kind === 'participant' && isLabelText(target.name) && target.name !== '') ||
    (target.kind === 'message' && isSeq(target.index));
  const preset = data.preset;
  return (
    targetOk &&
    (preset === null ||
      (typeof preset === 'string' && (STYLE_PRESET_NAMES as string[]).includes(preset)))
  );
}

export function isFrameMessage(data: unknown): data is FrameMessage {
  if (!isRecord(data)) return false;
  if (data.type === 'lifeline:style-pick') return isStylePick(data);
  if (data.type === 'lifeline:ready' || data.type === 'lifeline:return-focus') return true;
  if (data.type === 'lifeline:warm') {
    return typeof data.loadMs === 'number' && Number.isFinite(data.loadMs) && data.loadMs >= 0;
  }
  if (data.type === 'lifeline:view-state') {
    return (
      typeof data.own === 'boolean' && isZoom(data.zoom) && isSeq(data.zoomSeq) && isPlace(data)
    );
  }
  if (data.type === 'lifeline:label-edit') return isLabelEdit(data);
  if (data.type === 'lifeline:select-line') {
    return isLine(data.line) && (data.focus === undefined || typeof data.focus === 'boolean');
  }
  if (data.type === 'lifeline:comment-line') return isLine(data.line);
  if (data.type === 'lifeline:drag-line') {
    return (
      (data.line === null || isLine(data.line)) && (data.moving === null || isLine(data.moving))
    );
  }
  if (data.type === 'lifeline:markup') {
    return isSeq(data.seq) && data.svgBytes instanceof ArrayBuffer;
  }
  return (
    data.type === 'lifeline:result' &&
    isSeq(data.seq) &&
    typeof data.status === 'string' &&
    STATUSES.includes(data.status) &&
    typeof data.theme === 'string' &&
    THEMES.includes(data.theme) &&
    typeof data.diagramType === 'string' &&
    (data.error === null || typeof data.error === 'string') &&
    typeof data.renderMs === 'number' &&
    typeof data.width === 'number' &&
    typeof data.height === 'number' &&
    isSeq(data.textLength)
  );
}

const utf8 = new TextDecoder();

/** A transferred buffer's markup, decoded once, when something first reads it. */
export function markupFromBytes(svgBytes: ArrayBuffer): () => string {
  let svg: string | null = null;
  return () => (svg ??= utf8.decode(svgBytes));
}

export function isNameRequest(data: unknown): data is NameRequest {
  return (
    isRecord(data) &&
    data.type === 'lifeline:name' &&
    (data.name === null || (typeof data.name === 'string' && data.name.length <= MAX_NAME_CHARS))
  );
}

export function isPresentRequest(data: unknown): data is PresentRequest {
  return (
    isRecord(data) && data.type === 'lifeline:present' && (data.step === null || isSeq(data.step))
  );
}
