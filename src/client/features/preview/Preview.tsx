import { useEffect, useLayoutEffect, useRef, useState, useSyncExternalStore } from 'react';
import { ZOOM } from '@shared/constants';
import { PREVIEW_TEXT } from '@shared/messages';
import { useTheme } from '@/features/theme/useTheme';
import { cn } from '@/lib/cn';
import { FrameEngine } from './frameEngine';
import { InlineEngine, inlineModeRequested } from './inlineEngine';
import { FRAME_PATH } from './protocol';
import { previewStatus, type PreviewEngine } from './previewStore';
import { PreviewStatusLine } from './PreviewStatusLine';
import { clampZoom } from './svgSize';
import { PREVIEW_TEST_IDS } from './testIds';
import { ZoomControls } from './ZoomControls';

const STAGE_PADDING_PX = 24;

/**
 * The live drawing of `text`. Rendering happens in a sandboxed frame so typing never waits on
 * mermaid; the last good drawing stays up while newer text renders.
 */
export function Preview({ text }: { text: string }) {
  const { resolved } = useTheme();
  const [engine] = useState<PreviewEngine>(() =>
    inlineModeRequested() ? new InlineEngine() : new FrameEngine(),
  );
  const element = useRef<HTMLElement | null>(null);
  const state = useSyncExternalStore(engine.subscribe, engine.getState);
  const status = previewStatus(state);
  const [zoom, setZoomState] = useState<number>(ZOOM.initial);
  const setZoom = (next: number) => setZoomState(clampZoom(next, ZOOM.min, ZOOM.max));
  const fitToScreen = () => {
    const box = element.current;
    if (!box || !state.shown?.width || !state.shown.height) return;
    const room = (size: number) => size - 2 * STAGE_PADDING_PX;
    const fit = Math.min(
      room(box.clientWidth) / state.shown.width,
      room(box.clientHeight) / state.shown.height,
    );
    setZoom(Math.min(ZOOM.fitCap, fit));
  };

  // Layout effect: attached before the frame can load and announce itself.
  useLayoutEffect(() => {
    if (!element.current) throw new Error('The preview element is missing');
    return engine.attach(element.current);
  }, [engine]);

  useEffect(() => {
    engine.request(text, resolved);
  }, [engine, text, resolved]);

  useEffect(() => {
    engine.setZoom(zoom);
  }, [engine, zoom]);

  const inline = engine instanceof InlineEngine;
  return (
    <section
      data-testid={PREVIEW_TEST_IDS.root}
      data-status={status}
      data-seq={state.shown?.seq ?? 0}
      data-latest-seq={state.latestSeq}
      data-zoom={zoom}
      data-shown-length={state.shown?.textLength ?? -1}
      data-mode={inline ? 'inline' : 'frame'}
      aria-label="Diagram preview"
      className="flex h-full w-full flex-col bg-muted/40"
    >
      <div className="relative min-h-0 flex-1 bg-[radial-gradient(circle,var(--border)_1px,transparent_1.2px)] bg-[size:18px_18px]">
        {inline ? (
          <div
            ref={(node) => {
              element.current = node;
            }}
            data-testid={PREVIEW_TEST_IDS.inline}
            className={cn(
              'absolute inset-0 flex overflow-auto p-6 [&>svg]:m-auto [&>svg]:h-auto',
              state.tooLarge && 'invisible',
            )}
          />
        ) : (
          <iframe
            ref={(node) => {
              element.current = node;
            }}
            data-testid={PREVIEW_TEST_IDS.frame}
            title="Diagram preview"
            src={FRAME_PATH}
            sandbox="allow-scripts"
            className={cn('absolute inset-0 h-full w-full border-0', state.tooLarge && 'invisible')}
          />
        )}
        {state.tooLarge && (
          <div className="absolute inset-0 flex items-center justify-center p-6">
            <p
              role="status"
              data-testid={PREVIEW_TEST_IDS.notice}
              className="rounded-md border border-border bg-card px-4 py-3 text-sm text-muted-foreground shadow-sm"
            >
              {PREVIEW_TEXT.maxTextExceeded}
            </p>
          </div>
        )}
      </div>
      <PreviewStatusLine state={state} status={status}>
        <ZoomControls zoom={zoom} onZoom={setZoom} onFit={fitToScreen} />
      </PreviewStatusLine>
    </section>
  );
}
