import { Maximize, Pin, PinOff, RotateCcw } from 'lucide-react';
import { memo } from 'react';
import { ZoomButton, ZoomSteps } from '@/components/ZoomSteps';
import { cn } from '@/lib/cn';
import { PREVIEW_COPY } from './copy';
import { PREVIEW_TESTIDS } from './testIds';

interface ZoomControlsProps {
  zoom: number;
  /** One step in or out from the zoom as it is now (see ZoomSteps). */
  onStep: (by: number) => void;
  onFit: () => void;
  onReset: () => void;
  pinned: boolean;
  onPinnedChange: (pinned: boolean) => void;
}

const Divider = () => <span aria-hidden className="mx-1 h-4 w-px bg-border" />;

/**
 * Spec §2/§9: zoom out, zoom in (step 0.1 between 0.1 and 5), fit to screen (at most 100%),
 * reset view, and the 'Pin Entities' / 'Hide Entities' toggle of the repeated actor headers.
 */
export const ZoomControls = memo(function ZoomControls(props: ZoomControlsProps) {
  const { zoom, onStep, pinned } = props;
  const pinLabel = pinned ? PREVIEW_COPY.hideEntities : PREVIEW_COPY.pinEntities;
  return (
    <div
      className="flex items-center rounded-lg border border-border bg-background/95 p-0.5 text-xs shadow-sm backdrop-blur"
      data-testid={PREVIEW_TESTIDS.zoom}
    >
      <ZoomSteps zoom={zoom} onStep={onStep} levelTestId={PREVIEW_TESTIDS.zoomLevel} />
      <Divider />
      <ZoomButton label="Fit to screen" onClick={props.onFit}>
        <Maximize className="h-3.5 w-3.5" aria-hidden />
      </ZoomButton>
      <ZoomButton label="Reset view" onClick={props.onReset}>
        <RotateCcw className="h-3.5 w-3.5" aria-hidden />
      </ZoomButton>
      <Divider />
      <button
        type="button"
        data-pinned={pinned}
        title="Repeated actor headers along long lifelines"
        data-testid={PREVIEW_TESTIDS.pinToggle}
        onClick={() => props.onPinnedChange(!pinned)}
        className={cn(
          'inline-flex h-7 cursor-pointer items-center gap-1.5 rounded-md px-2 font-medium transition-colors focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none',
          pinned
            ? 'bg-primary/10 text-primary hover:bg-primary/15'
            : 'text-muted-foreground hover:bg-muted hover:text-foreground',
        )}
      >
        {pinned ? (
          <PinOff className="h-3.5 w-3.5" aria-hidden />
        ) : (
          <Pin className="h-3.5 w-3.5" aria-hidden />
        )}
        {pinLabel}
      </button>
    </div>
  );
});
