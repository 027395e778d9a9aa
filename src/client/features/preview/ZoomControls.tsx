import { Maximize, RotateCcw, ZoomIn, ZoomOut } from 'lucide-react';
import type { ReactNode } from 'react';
import { ZOOM } from '@shared/constants';
import { PREVIEW_TEST_IDS } from './testIds';

interface ZoomControlsProps {
  zoom: number;
  onZoom: (zoom: number) => void;
  onFit: () => void;
}

function IconButton(props: { label: string; onClick: () => void; children: ReactNode }) {
  return (
    <button
      type="button"
      aria-label={props.label}
      title={props.label}
      onClick={props.onClick}
      className="inline-flex h-6 w-6 cursor-pointer items-center justify-center rounded text-muted-foreground hover:bg-muted hover:text-foreground"
    >
      {props.children}
    </button>
  );
}

/** Spec §2/§9: zoom out, zoom in, fit to screen, reset; step 0.1 between 0.1 and 5. */
export function ZoomControls({ zoom, onZoom, onFit }: ZoomControlsProps) {
  return (
    <div className="flex items-center gap-0.5" data-testid={PREVIEW_TEST_IDS.zoom}>
      <IconButton label="Zoom out" onClick={() => onZoom(zoom - ZOOM.step)}>
        <ZoomOut className="h-3.5 w-3.5" aria-hidden />
      </IconButton>
      <span className="w-10 text-center tabular-nums" data-testid={PREVIEW_TEST_IDS.zoomLevel}>
        {Math.round(zoom * 100)}%
      </span>
      <IconButton label="Zoom in" onClick={() => onZoom(zoom + ZOOM.step)}>
        <ZoomIn className="h-3.5 w-3.5" aria-hidden />
      </IconButton>
      <IconButton label="Fit to screen" onClick={onFit}>
        <Maximize className="h-3.5 w-3.5" aria-hidden />
      </IconButton>
      <IconButton label="Reset view" onClick={() => onZoom(ZOOM.initial)}>
        <RotateCcw className="h-3.5 w-3.5" aria-hidden />
      </IconButton>
    </div>
  );
}
