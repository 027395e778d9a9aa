/**
 * The default preview engine: texts go by postMessage to the sandboxed render frame, which
 * renders off the editor's main thread (in its own process where Chromium isolates sandboxed
 * frames) and shows the drawing itself; results come back with the SVG markup for export.
 */
import type { ResolvedTheme } from '@shared/mermaid-config';
import {
  isFrameMessage,
  markupFromBytes,
  MAX_NAME_CHARS,
  MAX_COMMENT_MARKS,
  type ParentMessage,
  type RenderMarkupMessage,
  type RenderRequest,
  type RenderResultMessage,
} from './protocol';
import { parseDrawingEditMessage } from './drawingEditMessage';
import {
  DEFAULT_FRAME_LOAD_MS,
  REPLACE_AFTER_QUIET_MS,
  shouldReplaceBusyFrame,
  typingHoldMs,
  TypingPace,
} from './staleRender';
import {
  PreviewStore,
  type DragLineHandler,
  type DrawingEditHandler,
  type LabelEditHandler,
  type StylePickHandler,
  type PreviewEngine,
  type ViewCommandName,
} from './previewStore';

export class FrameEngine implements PreviewEngine {
  private readonly store: PreviewStore;
  private ready = false;
  private latest: RenderRequest | null = null;
  private frame: HTMLIFrameElement | null = null;
  /**
   * The view the person chose (zoom, and where the drawing was), as the frame last reported it:
   * a frame that replaces a busy one shows it again, so typing never changes it. Null while the
   * drawing sits where it was placed for them (a new frame places it the same way).
   */
  private ownView: { zoom: number; at?: { x: number; y: number } } | null = null;
  /**
   * How many zooms this frame was asked for. A view the frame reports before it has taken the
   * last of them is already out of date: its zoom is not shown, or a quick second click would
   * step from the zoom the first one left.
   */
  private zoomsAsked = 0;
  private pinned = true;
  private touchEditing = false;
  private labelEdit: LabelEditHandler | null = null;
  private stylePick: StylePickHandler | null = null;
  private drawingEdit: DrawingEditHandler | null = null;
  /** What had the keyboard in this page before the frame took it (see ReturnFocus). */
  private focusBeforeFrame: HTMLElement | null = null;
  /** The render the frame is running (sent while it was idle, or queued behind the last one). */
  private running: { seq: number; startedAt: number } | null = null;
  private queued: number | null = null;
  private lastRenderMs: number | null = null;
  private frameLoadMs = DEFAULT_FRAME_LOAD_MS;
  private replacing = false;
  private quietTimer: number | null = null;
  private holdTimer: number | null = null;
  private readonly pace = new TypingPace();
  private selectLine: ((line: number, focus: boolean) => void) | null = null;
  private dragLine: DragLineHandler | null = null;
  private name: string | null = null;
  private highlighted: number | null = null;
  private presented: number | null = null;
  /** Lines with open comment threads, marked in the drawing. */
  private commented: { lines: number[]; commentable: boolean } = {
    lines: [],
    commentable: false,
  };
  private commentLine: ((line: number) => void) | null = null;
  /** Drawings on screen whose markup the frame has yet to send, by seq (RenderMarkupMessage). */
  private readonly owedMarkup = new Map<
    number,
    { resolve: (read: () => string) => void; reject: (error: Error) => void }
  >();

  readonly getState: PreviewStore['getState'];
  readonly subscribe: PreviewStore['subscribe'];

  /** `publish`: see PreviewStore. */
  constructor(publish = true) {
    this.store = new PreviewStore(publish);
    this.getState = this.store.getState;
    this.subscribe = this.store.subscribe;
  }

  request(text: string, theme: ResolvedTheme): void {
    const next = this.store.next(text, theme);
    if (!next) return;
    const changedChars = Math.abs(text.length - (this.latest?.text.length ?? 0));
    this.latest = { type: 'lifeline:render', text, ...next };
    this.pace.edit(performance.now());
    this.sendWhenTypingPauses(changedChars);
    this.checkWhenQuiet();
  }

  /** A slow diagram is drawn once typing pauses, not on every key (see typingHoldMs). */
  private sendWhenTypingPauses(changedChars: number) {
    const hold = typingHoldMs(this.lastRenderMs, this.pace.longestGapMs(), changedChars);
    if (hold === 0) {
      this.send(); // drops any hold still pending
      return;
    }
    this.clearHold();
    this.holdTimer = window.setTimeout(() => this.send(), hold);
  }

  private clearHold() {
    if (this.holdTimer !== null) window.clearTimeout(this.holdTimer);
    this.holdTimer = null;
  }

  /**
   * Once text stops coming for REPLACE_AFTER_QUIET_MS, a frame still drawing older text is
   * replaced if a new frame would draw the newest text sooner (see staleRender.ts).
   */
  private checkWhenQuiet() {
    if (this.quietTimer !== null) window.clearTimeout(this.quietTimer);
    this.quietTimer = window.setTimeout(() => {
      this.quietTimer = null;
      const { running, latest } = this;
      if (!this.ready || !running || !latest || running.seq >= latest.seq) return;
      if (this.staleRenderOutlastsNewFrame(running.startedAt)) this.replaceFrame();
    }, REPLACE_AFTER_QUIET_MS);
  }

  private staleRenderOutlastsNewFrame(startedAt: number): boolean {
    return shouldReplaceBusyFrame({
      elapsedMs: performance.now() - startedAt,
      lastRenderMs: this.lastRenderMs,
      frameLoadMs: this.frameLoadMs,
    });
  }

  /**
   * Drops the frame busy with a stale text: the Preview mounts a new one (the old one is removed
   * first, so the new one gets its own process), which draws the newest text as soon as it loads.
   */
  private replaceFrame() {
    this.forgetOwedMarkup();
    this.ready = false;
    this.running = null;
    this.queued = null;
    this.replacing = true;
    this.store.replaceFrame();
  }

  setZoom(zoom: number): void {
    this.store.setZoom(zoom);
    if (this.ready) this.askZoom({ zoom });
    else this.ownView = { zoom }; // given to the frame once it is ready
  }

  private askZoom(view: { zoom: number; at?: { x: number; y: number } }): void {
    this.post({ type: 'lifeline:zoom', ...view, seq: ++this.zoomsAsked });
  }

  view(command: ViewCommandName): void {
    // Another diagram is placed afresh, whichever frame draws it.
    if (command === 'restart') this.ownView = null;
    if (this.ready) this.post({ type: 'lifeline:view', command });
  }

  setPinned(pinned: boolean): void {
    this.pinned = pinned;
    if (this.ready) this.post({ type: 'lifeline:pin', pinned });
  }

  onLabelEdit(handler: LabelEditHandler | null): void {
    this.labelEdit = handler;
  }

  onStylePick(handler: StylePickHandler | null): void {
    this.stylePick = handler;
  }

  onDrawingEdit(handler: DrawingEditHandler | null): void {
    this.drawingEdit = handler;
  }

  onSelectLine(handler: ((line: number, focus: boolean) => void) | null): void {
    this.selectLine = handler;
  }

  onDragLine(handler: DragLineHandler | null): void {
    this.dragLine = handler;
  }

  setTouchEditing(on: boolean): void {
    this.touchEditing = on;
    if (this.ready) this.post({ type: 'lifeline:touch-edit', on });
  }

  setName(name: string | null): void {
    const next = name === null ? null : name.slice(0, MAX_NAME_CHARS);
    if (next === this.name) return;
    this.name = next;
    if (this.ready) this.post({ type: 'lifeline:name', name: next });
  }

  highlight(line: number | null, follow = false): void {
    this.highlighted = line;
    if (this.ready) this.post({ type: 'lifeline:highlight', line, follow });
  }

  commentMarks(lines: readonly number[], commentable: boolean): void {
    this.commented = { lines: lines.slice(0, MAX_COMMENT_MARKS), commentable };
    if (this.ready) this.post({ type: 'lifeline:comment-marks', ...this.commented });
  }

  onCommentLine(handler: ((line: number) => void) | null): void {
    this.commentLine = handler;
  }

  present(step: number | null): void {
    this.presented = step;
    if (this.ready) this.post({ type: 'lifeline:present', step });
  }

  attach(element: HTMLElement): () => void {
    if (!(element instanceof HTMLIFrameElement)) throw new Error('FrameEngine needs an iframe');
    this.frame = element;
    this.replacing = false;
    window.addEventListener('message', this.onMessage);
    element.addEventListener('load', this.onLoad);
    // Whatever loses the keyboard to the frame (or gains it elsewhere) is where it goes back.
    document.addEventListener('focusin', this.onFocusMove);
    document.addEventListener('focusout', this.onFocusMove);
    return () => {
      window.removeEventListener('message', this.onMessage);
      document.removeEventListener('focusin', this.onFocusMove);
      document.removeEventListener('focusout', this.onFocusMove);
      element.removeEventListener('load', this.onLoad);
      // A replaced frame hands over to the next one: the drawing stays Export's.
      if (this.replacing) return;
      if (this.quietTimer !== null) window.clearTimeout(this.quietTimer);
      this.quietTimer = null;
      this.clearHold();
      this.forgetOwedMarkup();
      this.store.detach();
    };
  }

  /** A frame that is gone sends no more markup: whoever waits for it is told so. */
  private forgetOwedMarkup() {
    for (const owed of this.owedMarkup.values()) {
      owed.reject(new Error('The drawing left the preview before its markup arrived'));
    }
    this.owedMarkup.clear();
  }

  private post(message: ParentMessage) {
    // The frame's origin is opaque ("null"), so no narrower target origin can match it.
    this.frame?.contentWindow?.postMessage(message, '*');
  }

  /** Sends the newest text now; a hold still pending is dropped (it would send the same). */
  private send() {
    this.clearHold();
    if (!this.ready || !this.latest) return;
    this.post(this.latest);
    // The frame draws one text at a time, then only the newest one it received.
    if (this.running) this.queued = this.latest.seq;
    else this.running = { seq: this.latest.seq, startedAt: performance.now() };
  }

  private drawn(message: RenderResultMessage) {
    const markup = new Promise<() => string>((resolve, reject) => {
      this.owedMarkup.set(message.seq, { resolve, reject });
    });
    markup.catch(() => {}); // only Export waits for it, and it says what went wrong
    // The frame sends the markup once drawing pauses; Export asks for it at once.
    const ask = () => {
      if (this.owedMarkup.has(message.seq)) {
        this.post({ type: 'lifeline:markup-request', seq: message.seq });
      }
    };
    const result = {
      ...message,
      markup: () => {
        ask();
        return markup.then((read) => read());
      },
    };
    this.lastRenderMs = result.renderMs;
    if (this.running && result.seq >= this.running.seq) {
      const next = this.queued !== null && this.queued > result.seq ? this.queued : null;
      this.running = next === null ? null : { seq: next, startedAt: performance.now() };
      this.queued = null;
    }
    this.store.accept(result);
  }

  /**
   * The markup of drawing `seq`, which also answers for every older drawing still owed: the frame
   * sanitizes only the drawing on screen, and that one replaced them.
   */
  private markupArrived({ seq, svgBytes }: RenderMarkupMessage) {
    const read = markupFromBytes(svgBytes);
    for (const [owedSeq, owed] of this.owedMarkup) {
      if (owedSeq > seq) continue;
      owed.resolve(read);
      this.owedMarkup.delete(owedSeq);
    }
  }

  /** A (re)loaded frame gets the view settings first, then the newest text. */
  private greet() {
    this.ready = true;
    this.zoomsAsked = 0; // a (re)loaded frame has taken none
    this.post({ type: 'lifeline:pin', pinned: this.pinned });
    this.post({ type: 'lifeline:touch-edit', on: this.touchEditing });
    this.post({ type: 'lifeline:name', name: this.name });
    if (this.ownView) this.askZoom(this.ownView);
    this.send();
    this.post({ type: 'lifeline:highlight', line: this.highlighted });
    if (this.commented.lines.length > 0 || this.commented.commentable) {
      this.post({ type: 'lifeline:comment-marks', ...this.commented });
    }
    if (this.presented !== null) this.post({ type: 'lifeline:present', step: this.presented });
  }

  // The frame's script has run by its load event, so its listener is in place even if our
  // handler missed the ready message.
  private onLoad = () => {
    if (!this.ready) this.greet();
  };

  private onFocusMove = (event: FocusEvent) => {
    if (event.target instanceof HTMLElement && event.target !== this.frame) {
      this.focusBeforeFrame = event.target;
    }
  };

  private onMessage = (event: MessageEvent) => {
    if (event.source === null || event.source !== this.frame?.contentWindow) return;
    const drawingEdit = parseDrawingEditMessage(event.data);
    if (drawingEdit) {
      const { type: _type, ...edit } = drawingEdit;
      this.drawingEdit?.(edit);
      return;
    }
    if (!isFrameMessage(event.data)) return;
    const data = event.data;
    if (data.type === 'lifeline:ready') {
      this.greet(); // first load, or the frame reloaded
    } else if (data.type === 'lifeline:warm') {
      this.frameLoadMs = data.loadMs;
    } else if (data.type === 'lifeline:view-state') {
      if (data.zoomSeq < this.zoomsAsked) return; // a zoom asked for since is on its way
      this.ownView = data.own ? { zoom: data.zoom, at: { x: data.x, y: data.y } } : null;
      this.store.setZoom(data.zoom);
    } else if (data.type === 'lifeline:label-edit') {
      const { type: _type, ...edit } = data;
      this.labelEdit?.(edit);
    } else if (data.type === 'lifeline:style-pick') {
      this.stylePick?.({ target: data.target, preset: data.preset });
    } else if (data.type === 'lifeline:return-focus') {
      // Only back to this page's own element, and only while the frame still has the keyboard.
      const back = this.focusBeforeFrame;
      if (back?.isConnected && document.activeElement === this.frame) back.focus();
    } else if (data.type === 'lifeline:select-line') {
      this.selectLine?.(data.line, data.focus ?? false);
    } else if (data.type === 'lifeline:comment-line') {
      this.commentLine?.(data.line);
    } else if (data.type === 'lifeline:drag-line') {
      this.dragLine?.(data.line, data.moving);
    } else if (data.type === 'lifeline:markup') {
      this.markupArrived(data);
    } else {
      this.drawn(data);
    }
  };
}
