import { useState } from 'react';
import { cn } from '@/lib/cn';
import { PADDING_PX, TOOLBAR_CLEARANCE_PX } from './placement';
import { PREVIEW_TESTIDS } from './testIds';

/**
 * What the preview shows until its first drawing arrives (the renderer loads for a few seconds on
 * a busy machine): the outline of a sequence diagram in the theme's own colours.
 */
export function DrawingPlaceholder() {
  return (
    <div
      aria-hidden
      data-testid={PREVIEW_TESTIDS.placeholder}
      className="pointer-events-none absolute inset-x-0 top-0 flex justify-center gap-[8%] px-6 pt-8"
    >
      {[0, 1, 2].map((index) => (
        <div key={index} className="flex w-24 flex-col items-center">
          <div className="h-10 w-full animate-pulse rounded-md border border-border bg-card" />
          <div className="h-48 border-l border-dashed border-border" />
        </div>
      ))}
    </div>
  );
}

/**
 * The server's drawing of the same text (an image: nothing of it runs in this page), shown until
 * the frame draws its own, placed as the frame places a first drawing: as wide as the stage but
 * never above 100 %, centred, below the toolbar. The placeholder stands until it has loaded, and
 * stays if it cannot.
 */
export function ServerDrawing({ src }: { src: string }) {
  const [loaded, setLoaded] = useState<'loading' | 'loaded' | 'failed'>('loading');
  return (
    <>
      {loaded !== 'loaded' && <DrawingPlaceholder />}
      {loaded !== 'failed' && (
        <img
          src={src}
          alt=""
          aria-hidden
          decoding="async"
          data-testid={PREVIEW_TESTIDS.serverDrawing}
          onLoad={() => setLoaded('loaded')}
          onError={() => setLoaded('failed')}
          className={cn(
            'pointer-events-none absolute left-1/2 h-auto -translate-x-1/2',
            loaded !== 'loaded' && 'invisible',
          )}
          style={{ top: TOOLBAR_CLEARANCE_PX, maxWidth: `calc(100% - ${2 * PADDING_PX}px)` }}
        />
      )}
    </>
  );
}
