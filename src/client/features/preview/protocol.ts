/**
 * The postMessage protocol between the editor page and the sandboxed render frame.
 * Both sides validate every message: the frame has an opaque origin, so `event.origin` is "null"
 * on the parent side and shapes are all we can trust besides `event.source`.
 */
import type { MermaidTheme } from '@shared/mermaid-config';

export const FRAME_PATH = '/frame.html';

export type FrameTheme = Extract<MermaidTheme, 'dark' | 'neutral'>;
export type RenderStatus = 'ok' | 'fallback' | 'error';

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

/** Frame → parent: what the frame now shows for request `seq`. */
export interface RenderResult {
  type: 'lifeline:result';
  seq: number;
  status: RenderStatus;
  /** The SVG markup on screen (the error graphic when status is 'error'). */
  svg: string;
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

/** Parent → frame: show the drawing at this zoom (1 = natural size). */
export interface ZoomRequest {
  type: 'lifeline:zoom';
  zoom: number;
}

/** Parent → frame: fit the drawing to the frame (never above 100%) or reset pan and zoom. */
export interface ViewCommand {
  type: 'lifeline:view';
  command: 'fit' | 'reset';
}

/** Parent → frame: show or hide the repeated actor headers. */
export interface PinRequest {
  type: 'lifeline:pin';
  pinned: boolean;
}

/** Frame → parent: the zoom now shown (after wheel, pinch, keys or a command). */
export interface ViewState {
  type: 'lifeline:view-state';
  zoom: number;
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

export type FrameMessage = FrameReady | RenderResult | ViewState | LabelEdit;
export type ParentMessage = RenderRequest | ZoomRequest | ViewCommand | PinRequest;

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

export function isZoomRequest(data: unknown): data is ZoomRequest {
  return (
    isRecord(data) &&
    data.type === 'lifeline:zoom' &&
    typeof data.zoom === 'number' &&
    data.zoom > 0 &&
    data.zoom <= 10
  );
}

export function isViewCommand(data: unknown): data is ViewCommand {
  return (
    isRecord(data) &&
    data.type === 'lifeline:view' &&
    (data.command === 'fit' || data.command === 'reset')
  );
}

export function isPinRequest(data: unknown): data is PinRequest {
  return isRecord(data) && data.type === 'lifeline:pin' && typeof data.pinned === 'boolean';
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

export function isFrameMessage(data: unknown): data is FrameMessage {
  if (!isRecord(data)) return false;
  if (data.type === 'lifeline:ready') return true;
  if (data.type === 'lifeline:view-state') {
    return typeof data.zoom === 'number' && data.zoom > 0 && data.zoom <= 10;
  }
  if (data.type === 'lifeline:label-edit') return isLabelEdit(data);
  return (
    data.type === 'lifeline:result' &&
    isSeq(data.seq) &&
    typeof data.status === 'string' &&
    STATUSES.includes(data.status) &&
    typeof data.svg === 'string' &&
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
