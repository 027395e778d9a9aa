/**
 * The marked drawing of 'What changed', at a size that can be read: it opens fitted to the
 * pane's width but never below the preview's readable floor (then it scrolls), and zooms in and
 * out by the preview's step.
 */
import { Maximize } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { readableZoom, ZOOM } from '@shared/constants';
import { ZoomButton, ZoomSteps } from '@/components/ZoomSteps';
import { clampZoom } from '@/features/preview/svgSize';
import { HISTORY_COPY, HISTORY_TESTIDS } from './copy';

/** Keyed by `src` where it is used: another pair of versions (or trace check) opens fitted again. */
export function CompareDrawing({
  src,
  alt,
  onError,
  testId = HISTORY_TESTIDS.compareDrawing,
}: {
  src: string;
  alt: string;
  onError: () => void;
  /** The drawing's test id (the trace check shows its marked drawing here too). */
  testId?: string;
}) {
  const box = useRef<HTMLDivElement>(null);
  const [natural, setNatural] = useState(0);
  // null: fitted to the pane (as it opens); a number: the zoom the person chose.
  const [chosen, setChosen] = useState<number | null>(null);
  const [room, setRoom] = useState(0);
  useEffect(() => {
    const element = box.current;
    if (!element) return;
    // The room inside the scroll box's padding (p-3 on both sides).
    const measure = () => setRoom(Math.max(0, element.clientWidth - 24));
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  const zoom = chosen ?? readableZoom(natural, room);
  return (
    <div className="relative flex min-h-0 flex-1 flex-col">
      <div
        className="flex shrink-0 flex-wrap items-center gap-0.5 border-b border-border px-2 py-1 text-xs"
        data-testid={HISTORY_TESTIDS.compareZoom}
      >
        <ZoomSteps
          zoom={zoom}
          onStep={(by) => setChosen((now) => clampZoom((now ?? zoom) + by, ZOOM.min, ZOOM.max))}
          levelTestId={HISTORY_TESTIDS.compareZoomLevel}
          large
        />
        <ZoomButton label={HISTORY_COPY.zoomFit} onClick={() => setChosen(null)} large>
          <Maximize className="h-3.5 w-3.5" aria-hidden />
        </ZoomButton>
        <a
          href={src}
          target="_blank"
          rel="noreferrer"
          className="ml-auto rounded px-2 py-1 text-muted-foreground underline-offset-2 hover:text-foreground hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
        >
          {HISTORY_COPY.compareOpenDrawing}
        </a>
      </div>
      {/* A drawing larger than its box scrolls: the box takes the focus, so keys scroll it too. */}
      <div
        ref={box}
        tabIndex={0}
        role="region"
        aria-label={HISTORY_COPY.compareDrawingRegion}
        className="min-h-0 flex-1 overflow-auto p-3 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-inset focus-visible:ring-ring max-md:h-80 max-md:flex-none"
      >
        <img
          src={src}
          alt={alt}
          data-testid={testId}
          onLoad={(event) => setNatural(event.currentTarget.naturalWidth)}
          onError={onError}
          className="mx-auto h-auto max-w-none"
          style={natural > 0 ? { width: natural * zoom } : { maxWidth: '100%' }}
        />
      </div>
    </div>
  );
}
