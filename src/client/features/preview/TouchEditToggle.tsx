import { PencilLine } from 'lucide-react';
import { cn } from '@/lib/cn';
import { PREVIEW_COPY } from './copy';
import { PREVIEW_TESTIDS } from './testIds';

/**
 * On a touch screen, the switch between one finger panning (off, the default) and one finger
 * drawing: dragging from a lifeline adds a message, dragging a message moves it, dragging a
 * header reorders the participants. A long press opens the drawing's menu either way.
 */
export function TouchEditToggle({ on, onChange }: { on: boolean; onChange(on: boolean): void }) {
  return (
    <button
      type="button"
      aria-pressed={on}
      data-testid={PREVIEW_TESTIDS.touchEditToggle}
      onClick={() => onChange(!on)}
      className={cn(
        'inline-flex h-8 cursor-pointer items-center gap-1.5 rounded-lg border px-2.5 text-xs font-medium shadow-sm transition-colors focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none',
        on
          ? 'border-primary bg-primary text-primary-foreground'
          : 'border-border bg-background/95 text-foreground hover:bg-muted',
      )}
    >
      <PencilLine className="h-3.5 w-3.5" aria-hidden />
      {PREVIEW_COPY.touchEditing}
    </button>
  );
}
