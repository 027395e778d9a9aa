/** The state both preview engines (frame and inline) publish to the Preview component. */
import { exceedsTextLimit, previewThemeFor, type ResolvedTheme } from '@shared/mermaid-config';
import { ZOOM } from '@shared/constants';
import type {
  DrawingEditMessage,
  FrameTheme,
  LabelEdit,
  RenderResult,
  StylePick,
  ViewCommandName,
} from './protocol';
import { setRenderedSvg } from './renderedSvg';

export type PreviewStatus = RenderResult['status'] | 'too-large' | 'rendering';

export interface PreviewState {
  /** The last drawing shown (kept on screen while newer text renders). */
  shown: RenderResult | null;
  /** The sequence number of the newest text sent for rendering. */
  latestSeq: number;
  tooLarge: boolean;
  /** The zoom the drawing is shown at (1 = natural size). */
  zoom: number;
  /** Which render frame shows the drawing: a new number mounts a new frame (see staleRender). */
  frame: number;
}

export type { ViewCommandName } from './protocol';
export type LabelEditHandler = (edit: Omit<LabelEdit, 'type'>) => void;
export type StylePickHandler = (pick: Omit<StylePick, 'type'>) => void;
export type DrawingEditHandler = (edit: Omit<DrawingEditMessage, 'type'>) => void;

/** A newer text than the drawing shown is being drawn (or nothing is shown yet). */
export function isBehind(state: Pick<PreviewState, 'shown' | 'latestSeq'>): boolean {
  return !state.shown || state.shown.seq < state.latestSeq;
}

/** The preview's status from what it shows (see `previewStatus` for the engine's whole state). */
export function statusOf(view: {
  tooLarge: boolean;
  behind: boolean;
  shown: PreviewState['shown'];
}): PreviewStatus {
  if (view.tooLarge) return 'too-large';
  if (view.behind || !view.shown) return 'rendering';
  return view.shown.status;
}

export function previewStatus(state: PreviewState): PreviewStatus {
  return statusOf({ ...state, behind: isBehind(state) });
}

export interface PreviewEngine {
  /** Connects the engine to its element (the iframe or the inline container); returns detach. */
  attach(element: HTMLElement): () => void;
  /** Called on every change of text or theme; never waits for rendering. */
  request(text: string, theme: ResolvedTheme): void;
  /** Shows the drawing at `zoom` times its natural size. */
  setZoom(zoom: number): void;
  /** Fits the drawing to the preview (never above 100%) or resets pan and zoom. */
  view(command: ViewCommandName): void;
  /** Shows or hides the repeated actor headers. */
  setPinned(pinned: boolean): void;
  /** On a touch screen, one finger draws (true) or pans (false). */
  setTouchEditing(on: boolean): void;
  /** Who hears about labels edited in place (null: nobody). */
  onLabelEdit(handler: LabelEditHandler | null): void;
  /** Who hears about colours picked in the drawing's style palette (null: nobody). */
  onStylePick(handler: StylePickHandler | null): void;
  /** Who hears about items chosen in the drawing's context menu (null: nobody). */
  onDrawingEdit(handler: DrawingEditHandler | null): void;
  /**
   * Who hears which source line a click in the drawing chose (null: nobody); `focus`: the
   * drawing's walk asked to go to the line, so the text editor takes the keyboard too.
   */
  onSelectLine(handler: ((line: number, focus: boolean) => void) | null): void;
  /** The diagram's own name, for the drawing's walk when the text has none (null: none). */
  setName(name: string | null): void;
  /** Who hears which text line a drawing drag under way will change (null: nobody). */
  onDragLine(handler: DragLineHandler | null): void;
  /**
   * Highlights what was drawn from `line` (null: nothing); with `follow`, the view moves to
   * show it (now, or once it is drawn).
   */
  highlight(line: number | null, follow?: boolean): void;
  /** Present mode: shows messages up to `step` (0-based), the rest hidden; null shows all. */
  present(step: number | null): void;
  /**
   * Marks what was drawn from these lines as commented on (open threads); `commentable`: the
   * drawing's context menu offers Add comment.
   */
  commentMarks(lines: readonly number[], commentable: boolean): void;
  /** Who hears the context menu's Add comment on a line (null: nobody). */
  onCommentLine(handler: ((line: number) => void) | null): void;
  subscribe(listener: () => void): () => void;
  getState(): PreviewState;
}

/** The line a drawing drag will change and the line a move takes away; nulls once it ends. */
export type DragLineHandler = (line: number | null, moving: number | null) => void;

export function resolvedThemeOf(theme: FrameTheme): ResolvedTheme {
  return theme === 'dark' ? 'dark' : 'light';
}

/** Sequence numbers, results and listeners; the engines only move text and drawings. */
export class PreviewStore {
  private state: PreviewState = {
    shown: null,
    latestSeq: 0,
    tooLarge: false,
    zoom: ZOOM.initial,
    frame: 0,
  };
  private readonly listeners = new Set<() => void>();
  private requested: { text: string; theme: ResolvedTheme } | null = null;

  /** `publish`: the drawing is the one Export takes (the editor's preview, not a history view). */
  constructor(private readonly publish = true) {}

  getState = (): PreviewState => this.state;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  };

  /**
   * Returns the new request's seq and theme, or null when the text is over the limit or is the
   * text and theme asked for last (an effect run again, as on remount, asks for it once more).
   */
  next(text: string, theme: ResolvedTheme): { seq: number; theme: FrameTheme } | null {
    if (this.requested?.text === text && this.requested.theme === theme) return null;
    this.requested = { text, theme };
    if (exceedsTextLimit(text)) {
      this.update({ ...this.state, tooLarge: true });
      if (this.publish) setRenderedSvg(null);
      return null;
    }
    const seq = this.state.latestSeq + 1;
    const wasTooLarge = this.state.tooLarge;
    this.update({ ...this.state, latestSeq: seq, tooLarge: false });
    if (wasTooLarge && this.state.shown) this.publishSvg(this.state.shown);
    return { seq, theme: previewThemeFor(theme) as FrameTheme };
  }

  /** Accepts a result unless a newer one is already shown (stale results are dropped). */
  accept(result: RenderResult): void {
    if (this.state.shown && result.seq <= this.state.shown.seq) return;
    this.update({ ...this.state, shown: result });
    if (!this.state.tooLarge) this.publishSvg(result);
  }

  /** The zoom now shown. */
  setZoom(zoom: number): void {
    if (zoom !== this.state.zoom) this.update({ ...this.state, zoom });
  }

  /** A new render frame replaces the current one (the drawing shown stays the last result). */
  replaceFrame(): void {
    this.update({ ...this.state, frame: this.state.frame + 1 });
  }

  /** The preview left the page: export must no longer find its drawing. */
  detach(): void {
    if (this.publish) setRenderedSvg(null);
  }

  private publishSvg(result: RenderResult) {
    if (!this.publish) return;
    // The markup is read only if Export asks for it (see RenderMarkupMessage).
    setRenderedSvg({ markup: result.markup, theme: resolvedThemeOf(result.theme) });
  }

  private update(next: PreviewState) {
    this.state = next;
    for (const listener of this.listeners) listener();
  }
}
