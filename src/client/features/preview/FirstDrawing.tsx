import { useState } from 'react';
import { OPEN_ZOOM_FLOOR } from '@shared/constants';
import { cn } from '@/lib/cn';
import { PADDING_PX } from './placement';
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
 * never above 100 % nor below the readable floor, centred (left-aligned when wider),
 * top-aligned. The placeholder stands until it has loaded, and stays if it cannot.
 */
export function ServerDrawing({ src }: { src: string }) {
  const [loaded, setLoaded] = useState<'loading' | 'loaded' | 'failed'>('loading');
  const [natural, setNatural] = useState(0);
  const fitted = `min(100% - ${2 * PADDING_PX}px, ${natural}px)`;
  return (
    <>
      {loaded !== 'loaded' && <DrawingPlaceholder />}
      {loaded !== 'failed' && (
        <div
          className="pointer-events-none absolute inset-x-0 flex"
          style={{ top: PADDING_PX, justifyContent: 'safe center' }}
        >
          <img
            src={src}
            alt=""
            aria-hidden
            decoding="async"
            data-testid={PREVIEW_TESTIDS.serverDrawing}
            onLoad={(event) => {
              setNatural(event.currentTarget.naturalWidth);
              setLoaded('loaded');
            }}
            onError={() => setLoaded('failed')}
            className={cn('h-auto max-w-none shrink-0', loaded !== 'loaded' && 'invisible')}
            style={{
              marginInline: PADDING_PX,
              ...(natural > 0
                ? { width: `max(${natural * OPEN_ZOOM_FLOOR}px, ${fitted})` }
                : { maxWidth: `calc(100% - ${2 * PADDING_PX}px)` }),
            }}
          />
        </div>
      )}
    </>
  );
}
