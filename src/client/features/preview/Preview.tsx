import {
  useCallback,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
} from 'react';
import type { KeyboardEvent } from 'react';
import { ACTOR_HEADER, ZOOM } from '@shared/constants';
import { explainParseError } from '@shared/mermaid-reader/error-hint';
import { parseErrorLocation } from '@shared/mermaid-reader/parse-error';
import { PREVIEW_TEXT } from '@shared/messages';
import { useTheme } from '@/features/theme/useTheme';
import { cn } from '@/lib/cn';
import { PREVIEW_COPY } from './copy';
import { DrawingPlaceholder, ServerDrawing } from './FirstDrawing';
import { FrameEngine } from './frameEngine';
import { InlineEngine, inlineModeRequested } from './inlineEngine';
import { FRAME_PATH } from './protocol';
import {
  isBehind,
  statusOf,
  type LabelEditHandler,
  type PreviewEngine,
  type StylePickHandler,
  type DrawingEditHandler,
  type PreviewState,
} from './previewStore';
import type { RenderResult } from './protocol';
import { PreviewStatusLine } from './PreviewStatusLine';
import type { SourceLink } from './sourceLink';
import { clampZoom } from './svgSize';
import { PREVIEW_TESTIDS } from './testIds';
import { TouchEditToggle } from './TouchEditToggle';
import { ZoomControls } from './ZoomControls';

/**
 * `?pan=layout` (the benchmark build's baseline only): the frame resizes the SVG instead of
 * transforming it. The mode check is replaced at build time, so the shipped bundle drops it.
 */
function frameSource(search = window.location.search): string {
  return import.meta.env.MODE === 'bench' && new URLSearchParams(search).get('pan') === 'layout'
    ? `${FRAME_PATH}?pan=layout`
    : FRAME_PATH;
}

/** A touch screen (its main pointer is a finger): the hint speaks of taps and pinches. */
const TOUCH_SCREEN =
  typeof window !== 'undefined' && window.matchMedia('(pointer: coarse)').matches;

/** The text as it changes, ahead of React's render of it (a draft store's field). */
export interface LiveText {
  get(): string;
  subscribe(listener: () => void): () => void;
}

interface PreviewProps {
  /** The text drawn, when there is no `live` text. */
  text?: string;
  /**
   * The text as it changes, heard at once: the drawing is asked for on the keystroke itself, and
   * nothing here renders again for a key unless what the preview shows changes (a new drawing,
   * its status). Without it, `text` is what is drawn.
   */
  live?: LiveText;
  /** A label edited in place in the drawing; the owner of the text rewrites it. */
  onLabelEdit?: LabelEditHandler;
  /** A colour picked in the drawing's style palette; the owner of the text writes it. */
  onStylePick?: StylePickHandler;
  /** An item chosen in the drawing's context menu; the owner of the text applies it. */
  onDrawingEdit?: DrawingEditHandler;
  /** The text editor showing `text`: parse errors, clicks and the cursor's line go both ways. */
  link?: SourceLink;
  /** False for a drawing shown beside the editor's (history): Export keeps taking the editor's. */
  publish?: boolean;
  /**
   * The server's drawing of `text` in a theme (an image URL), shown while the renderer here
   * loads and the text is still `text`: a shared diagram appears at once.
   */
  firstDrawing?: FirstDrawing;
  /**
   * Present mode: the drawing alone (no controls, hint or status line), showing messages up to
   * `step` (0-based; null: the whole drawing). Input goes to the presenter, not the drawing.
   */
  present?: { step: number | null };
  /**
   * The diagram's own name: the drawing's walk (its region for screen readers) is named with it
   * when the text has no `accTitle` or `title`.
   */
  name?: string;
}

/** The server's drawing of a text, by theme (see `Preview`'s `firstDrawing`). */
export interface FirstDrawing {
  text: string;
  src: (theme: 'light' | 'dark') => string;
}

/** What the preview shows, without the count of texts asked for (which moves with every key). */
interface PreviewView {
  shown: RenderResult | null;
  tooLarge: boolean;
  zoom: number;
  frame: number;
  /** A newer text than the drawing shown is being drawn. */
  behind: boolean;
  /** The server's first drawing is of the text as it is now. */
  firstDrawingCurrent: boolean;
}

function sameView(a: PreviewView, b: PreviewView): boolean {
  return (
    a.shown === b.shown &&
    a.tooLarge === b.tooLarge &&
    a.zoom === b.zoom &&
    a.frame === b.frame &&
    a.behind === b.behind &&
    a.firstDrawingCurrent === b.firstDrawingCurrent
  );
}

/** Reads the engine's state as a PreviewView, the same object while nothing shown changed. */
function viewReader(
  engine: PreviewEngine,
  text: () => string,
  firstDrawing: FirstDrawing | undefined,
): () => PreviewView {
  let last: PreviewView | null = null;
  return () => {
    const state: PreviewState = engine.getState();
    const next: PreviewView = {
      shown: state.shown,
      tooLarge: state.tooLarge,
      zoom: state.zoom,
      frame: state.frame,
      behind: isBehind(state),
      // Read only until the first drawing here: then it no longer matters.
      firstDrawingCurrent: !state.shown && !!firstDrawing && firstDrawing.text === text(),
    };
    if (last && sameView(last, next)) return last;
    last = next;
    return next;
  };
}

/**
 * The engine's state as the preview draws it: one object until something shown changes, so a
 * key (a new text asked for while another is still being drawn) renders nothing.
 */
function usePreviewView(
  engine: PreviewEngine,
  text: () => string,
  firstDrawing: FirstDrawing | undefined,
  live: LiveText | undefined,
): PreviewView {
  const subscribe = useCallback(
    (listener: () => void) => {
      const stopEngine = engine.subscribe(listener);
      const stopText = live?.subscribe(listener);
      return () => {
        stopEngine();
        stopText?.();
      };
    },
    [engine, live],
  );
  const read = useMemo(() => viewReader(engine, text, firstDrawing), [engine, text, firstDrawing]);
  return useSyncExternalStore(subscribe, read);
}

/**
 * The live drawing of `text`. Rendering happens in a sandboxed frame so typing never waits on
 * mermaid; the last good drawing stays up while newer text renders, and the frame is also the
 * workspace (pan, zoom, pinned actor headers, in-place label editing).
 */
export function Preview({
  text,
  live,
  onLabelEdit,
  onStylePick,
  onDrawingEdit,
  link,
  publish = true,
  firstDrawing,
  present,
  name,
}: PreviewProps) {
  const { resolved } = useTheme();
  // `?preview=inline` exists in the benchmark build only (bench:typing's baseline).
  const [engine] = useState<PreviewEngine>(() =>
    import.meta.env.MODE === 'bench' && inlineModeRequested()
      ? new InlineEngine(publish)
      : new FrameEngine(publish),
  );
  const [src] = useState(frameSource);
  const element = useRef<HTMLElement | null>(null);
  const root = useRef<HTMLElement | null>(null);
  // The text now: read when a drawing comes back or is clicked, never rendered per key.
  const currentText = useCallback(() => (live ? live.get() : (text ?? '')), [live, text]);
  const state = usePreviewView(engine, currentText, firstDrawing, live);
  const status = statusOf(state);
  const [pinned, setPinned] = useState<boolean>(ACTOR_HEADER.pinnedByDefault);
  const [frameFocused, setFrameFocused] = useState(false);
  // On a touch screen one finger pans until the toolbar's "Edit by drawing" says it draws.
  const touchEditable = TOUCH_SCREEN && !!onDrawingEdit;
  const [touchEditing, setTouchEditing] = useState(false);
  const zoom = state.zoom;
  // Stable, so the zoom controls (memoised) are not drawn again on every key typed. A step is
  // taken from the zoom as it is now, not as last drawn: two quick clicks or keys are two steps.
  const stepZoom = useCallback(
    (by: number) => engine.setZoom(clampZoom(engine.getState().zoom + by, ZOOM.min, ZOOM.max)),
    [engine],
  );
  const fit = useCallback(() => engine.view('fit'), [engine]);
  const reset = useCallback(() => engine.view('reset'), [engine]);

  // Layout effect: attached before the frame can load and announce itself; again when the
  // engine replaced a frame busy with stale text by a new one.
  useLayoutEffect(() => {
    if (!element.current) throw new Error('The preview element is missing');
    return engine.attach(element.current);
  }, [engine, state.frame]);

  // With `live`, a deferred `text` is never newer than what was asked for already; asking again
  // for an older one would draw it.
  const deferredText = live ? null : (text ?? '');
  useEffect(() => {
    engine.request(deferredText ?? live!.get(), resolved);
    return live?.subscribe(() => engine.request(live.get(), resolved));
  }, [engine, live, deferredText, resolved]);

  // The newest text asked for, on the element for tests and the benchmark: written as it
  // changes (every key), not by rendering the preview again.
  useLayoutEffect(() => {
    const write = () =>
      root.current?.setAttribute('data-latest-seq', String(engine.getState().latestSeq));
    write();
    return engine.subscribe(write);
  }, [engine]);

  useEffect(() => engine.setPinned(pinned), [engine, pinned]);
  useEffect(
    () => engine.setTouchEditing(touchEditable && touchEditing),
    [engine, touchEditable, touchEditing],
  );

  useEffect(() => engine.setName(name?.trim() || null), [engine, name]);

  const presentStep = present ? present.step : undefined;
  useEffect(() => {
    if (presentStep !== undefined) engine.present(presentStep);
  }, [engine, presentStep]);

  // Focus inside the drawing (its zoom keys work) shows on its edge. An iframe matches neither
  // :focus nor :focus-visible while its document has focus: the page sees focus leave it.
  useEffect(() => {
    const check = () => setFrameFocused(document.activeElement === element.current);
    const afterBlur = () => window.setTimeout(check, 0);
    window.addEventListener('blur', afterBlur);
    window.addEventListener('focus', check);
    document.addEventListener('focusin', check);
    return () => {
      window.removeEventListener('blur', afterBlur);
      window.removeEventListener('focus', check);
      document.removeEventListener('focusin', check);
    };
  }, []);

  useEffect(() => {
    engine.onLabelEdit(onLabelEdit ?? null);
    return () => engine.onLabelEdit(null);
  }, [engine, onLabelEdit]);

  useEffect(() => {
    engine.onStylePick(onStylePick ?? null);
    return () => engine.onStylePick(null);
  }, [engine, onStylePick]);

  useEffect(() => {
    engine.onDrawingEdit(onDrawingEdit ?? null);
    return () => engine.onDrawingEdit(null);
  }, [engine, onDrawingEdit]);

  // The renderer's verdict on the newest text goes to the editor (its parse error, marked there).
  const shown = state.shown;
  const current = shown !== null && !state.behind && !state.tooLarge;
  useEffect(() => {
    // Unless a key came in since the render: then the text is not what was drawn.
    const newest = engine.getState().latestSeq === shown?.seq;
    if (link && shown && current && newest) link.rendered(currentText(), shown.error);
  }, [engine, link, shown, current, currentText]);

  useEffect(() => {
    if (!link) return;
    // A click in the drawing shows its line but leaves the keyboard with the drawing: its zoom
    // keys keep working, and the second click of a double-click still opens the label editor.
    engine.onSelectLine((line, focus) => link.goTo(line, null, focus));
    engine.onDragLine((line, moving) => link.markDrop(line, moving));
    const stop = link.onCursorLine((line, follow) => engine.highlight(line, follow));
    // Another diagram is shown from its start, not where the last one was panned or zoomed to.
    const stopOther = link.onOtherDiagram(() => engine.view('restart'));
    // Open comment threads are marked beside what their line drew.
    const stopComments = link.onCommentLines((lines, commentable) =>
      engine.commentMarks(lines, commentable),
    );
    engine.onCommentLine((line) => link.commentOn(line));
    return () => {
      stop();
      stopOther();
      stopComments();
      engine.onCommentLine(null);
      engine.onSelectLine(null);
      engine.onDragLine(null);
    };
  }, [engine, link]);

  const goToError =
    link && shown?.error
      ? () => {
          const { line, column } = parseErrorLocation(shown.error ?? '', currentText());
          link.goTo(line, column, true);
        }
      : undefined;

  // +/−/0 while the controls have focus (the frame handles them when the drawing has focus).
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    if (event.key === '+' || event.key === '=') stepZoom(ZOOM.step);
    else if (event.key === '-' || event.key === '−') stepZoom(-ZOOM.step);
    else if (event.key === '0') engine.view('reset');
    else return;
    event.preventDefault();
  };

  const inline = import.meta.env.MODE === 'bench' && engine instanceof InlineEngine;
  return (
    <section
      ref={root}
      data-testid={PREVIEW_TESTIDS.root}
      data-status={status}
      data-seq={state.shown?.seq ?? 0}
      data-zoom={zoom}
      data-shown-length={state.shown?.textLength ?? -1}
      data-mode={inline ? 'inline' : 'frame'}
      aria-label="Diagram preview"
      onKeyDown={onKeyDown}
      className="flex h-full w-full flex-col bg-muted/40"
    >
      {/* A bar of its own above the drawing: over it, it covered the pinned participant headers. */}
      {!present && (
        <div className="flex shrink-0 items-center justify-end gap-2 border-b border-border bg-background/60 px-2 py-1">
          {touchEditable && <TouchEditToggle on={touchEditing} onChange={setTouchEditing} />}
          <ZoomControls
            zoom={zoom}
            onStep={stepZoom}
            onFit={fit}
            onReset={reset}
            pinned={pinned}
            onPinnedChange={setPinned}
          />
        </div>
      )}
      <div className="relative min-h-0 flex-1 bg-[radial-gradient(circle,var(--border)_1px,transparent_1.2px)] bg-[size:18px_18px]">
        {inline ? (
          <div
            ref={(node) => {
              element.current = node;
            }}
            data-testid={PREVIEW_TESTIDS.inline}
            className={cn(
              'absolute inset-0 flex overflow-auto p-6 [&>svg]:m-auto [&>svg]:h-auto',
              state.tooLarge && 'invisible',
            )}
          />
        ) : (
          <iframe
            key={state.frame}
            ref={(node) => {
              element.current = node;
            }}
            data-testid={PREVIEW_TESTIDS.frame}
            title="Diagram preview"
            src={src}
            sandbox="allow-scripts"
            tabIndex={present ? -1 : undefined}
            className={cn(
              'absolute inset-0 h-full w-full border-0',
              present && 'pointer-events-none',
              frameFocused && 'outline-2 -outline-offset-2 outline-ring',
              state.tooLarge && 'invisible',
            )}
          />
        )}
        {!state.shown &&
          !state.tooLarge &&
          (firstDrawing && state.firstDrawingCurrent ? (
            <ServerDrawing src={firstDrawing.src(resolved)} />
          ) : (
            <DrawingPlaceholder />
          ))}
        {state.tooLarge && (
          <div className="absolute inset-0 flex items-center justify-center p-6">
            <p
              role="status"
              data-testid={PREVIEW_TESTIDS.notice}
              className="rounded-md border border-border bg-card px-4 py-3 text-sm text-muted-foreground shadow-sm"
            >
              {PREVIEW_TEXT.maxTextExceeded}
            </p>
          </div>
        )}
        {!present && (
          <p
            data-testid={PREVIEW_TESTIDS.hint}
            className="pointer-events-none absolute bottom-2 left-2 max-w-[calc(100%-1rem)] rounded-md bg-background/80 px-2 py-1 text-[11px] text-muted-foreground shadow-sm backdrop-blur"
          >
            {touchEditable && touchEditing
              ? PREVIEW_COPY.hintTouchEditing
              : TOUCH_SCREEN
                ? PREVIEW_COPY.hintTouch
                : PREVIEW_COPY.hint}
          </p>
        )}
      </div>
      {!present && (
        <PreviewStatusLine
          state={state}
          status={status}
          errorHint={shown?.error ? explainParseError(shown.error, currentText()).hint : ''}
          onGoToError={goToError}
        />
      )}
    </section>
  );
}
