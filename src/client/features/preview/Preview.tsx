import {
  useCallback,
  useEffect,
  useLayoutEffect,
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
  previewStatus,
  type LabelEditHandler,
  type PreviewEngine,
  type StylePickHandler,
  type DrawingEditHandler,
} from './previewStore';
import { PreviewStatusLine } from './PreviewStatusLine';
import type { SourceLink } from './sourceLink';
import { clampZoom } from './svgSize';
import { PREVIEW_TESTIDS } from './testIds';
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
  text: string;
  /**
   * `text` as it changes, heard at once: the drawing is asked for on the keystroke itself, not
   * when React gets to a deferred `text`. Without it, `text` is what is drawn.
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
}

/** The server's drawing of a text, by theme (see `Preview`'s `firstDrawing`). */
export interface FirstDrawing {
  text: string;
  src: (theme: 'light' | 'dark') => string;
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
  const state = useSyncExternalStore(engine.subscribe, engine.getState);
  const status = previewStatus(state);
  const [pinned, setPinned] = useState<boolean>(ACTOR_HEADER.pinnedByDefault);
  const [frameFocused, setFrameFocused] = useState(false);
  const zoom = state.zoom;
  // Stable, so the zoom controls (memoised) are not drawn again on every key typed.
  const setZoom = useCallback(
    (next: number) => engine.setZoom(clampZoom(next, ZOOM.min, ZOOM.max)),
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
  const deferredText = live ? null : text;
  useEffect(() => {
    engine.request(deferredText ?? live!.get(), resolved);
    return live?.subscribe(() => engine.request(live.get(), resolved));
  }, [engine, live, deferredText, resolved]);

  useEffect(() => engine.setPinned(pinned), [engine, pinned]);

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
  const current = shown !== null && shown.seq === state.latestSeq && !state.tooLarge;
  useEffect(() => {
    if (link && shown && current) link.rendered(text, shown.error);
  }, [link, shown, current, text]);

  useEffect(() => {
    if (!link) return;
    // A click in the drawing shows its line but leaves the keyboard with the drawing: its zoom
    // keys keep working, and the second click of a double-click still opens the label editor.
    engine.onSelectLine((line) => link.goTo(line, null, false));
    const stop = link.onCursorLine((line, follow) => engine.highlight(line, follow));
    // Another diagram is shown from its start, not where the last one was panned or zoomed to.
    const stopOther = link.onOtherDiagram(() => engine.view('restart'));
    return () => {
      stop();
      stopOther();
      engine.onSelectLine(null);
    };
  }, [engine, link]);

  const goToError =
    link && shown?.error
      ? () => {
          const { line, column } = parseErrorLocation(shown.error ?? '', text);
          link.goTo(line, column, true);
        }
      : undefined;

  // +/−/0 while the controls have focus (the frame handles them when the drawing has focus).
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    if (event.key === '+' || event.key === '=') setZoom(zoom + ZOOM.step);
    else if (event.key === '-' || event.key === '−') setZoom(zoom - ZOOM.step);
    else if (event.key === '0') engine.view('reset');
    else return;
    event.preventDefault();
  };

  const inline = import.meta.env.MODE === 'bench' && engine instanceof InlineEngine;
  return (
    <section
      data-testid={PREVIEW_TESTIDS.root}
      data-status={status}
      data-seq={state.shown?.seq ?? 0}
      data-latest-seq={state.latestSeq}
      data-zoom={zoom}
      data-shown-length={state.shown?.textLength ?? -1}
      data-mode={inline ? 'inline' : 'frame'}
      aria-label="Diagram preview"
      onKeyDown={onKeyDown}
      className="flex h-full w-full flex-col bg-muted/40"
    >
      {/* A bar of its own above the drawing: over it, it covered the pinned participant headers. */}
      {!present && (
        <div className="flex shrink-0 justify-end border-b border-border bg-background/60 px-2 py-1">
          <ZoomControls
            zoom={zoom}
            onZoom={setZoom}
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
          (firstDrawing && firstDrawing.text === text ? (
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
            {TOUCH_SCREEN ? PREVIEW_COPY.hintTouch : PREVIEW_COPY.hint}
          </p>
        )}
      </div>
      {!present && (
        <PreviewStatusLine
          state={state}
          status={status}
          errorHint={shown?.error ? explainParseError(shown.error, text).hint : ''}
          onGoToError={goToError}
        />
      )}
    </section>
  );
}
