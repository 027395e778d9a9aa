/**
 * The zoom steps both drawings share (spec §9): zoom out, the zoom in whole percents, zoom in,
 * each by the preview's step. The preview's toolbar and History's 'What changed' add their own
 * buttons beside them.
 */
import { ZoomIn, ZoomOut } from 'lucide-react';
import type { ReactNode } from 'react';
import { ZOOM } from '@shared/constants';
import { cn } from '@/lib/cn';

export const ZOOM_COPY = { zoomOut: 'Zoom out', zoomIn: 'Zoom in' } as const;

export function ZoomButton(props: {
  label: string;
  onClick: () => void;
  /** Phone-sized (44 px) targets below the desktop breakpoint. */
  large?: boolean;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      aria-label={props.label}
      title={props.label}
      onClick={props.onClick}
      className={cn(
        'inline-flex h-7 w-7 cursor-pointer items-center justify-center rounded-md text-muted-foreground transition-colors hover:bg-muted hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none',
        props.large && 'max-md:h-11 max-md:w-11',
      )}
    >
      {props.children}
    </button>
  );
}

export function ZoomSteps(props: {
  zoom: number;
  /**
   * One step in or out (`by` is ±ZOOM.step), taken from the zoom as it is when the click comes,
   * not as last drawn: two quick clicks are two steps. The drawing's owner clamps it.
   */
  onStep: (by: number) => void;
  levelTestId: string;
  large?: boolean;
}) {
  const { zoom, onStep, large } = props;
  return (
    <>
      <ZoomButton label={ZOOM_COPY.zoomOut} onClick={() => onStep(-ZOOM.step)} large={large}>
        <ZoomOut className="h-3.5 w-3.5" aria-hidden />
      </ZoomButton>
      <span
        className="w-11 text-center font-medium text-foreground tabular-nums"
        aria-live="polite"
        data-testid={props.levelTestId}
      >
        {Math.round(zoom * 100)}%
      </span>
      <ZoomButton label={ZOOM_COPY.zoomIn} onClick={() => onStep(ZOOM.step)} large={large}>
        <ZoomIn className="h-3.5 w-3.5" aria-hidden />
      </ZoomButton>
    </>
  );
}
