/**
 * The key to a drawing's marks (what changed between versions, what a trace check found): one
 * swatch a kind, in the colours the marked drawing uses.
 */
import { cn } from '@/lib/cn';

const SWATCH = {
  added: 'bg-emerald-600 dark:bg-emerald-300',
  removed: 'bg-red-600 opacity-70 dark:bg-red-400',
  changed: 'bg-amber-600 dark:bg-amber-300',
} as const;

export type MarkKind = keyof typeof SWATCH;

export function MarkLegend({
  marks,
  className,
}: {
  /** Each kind shown, with what it means here. */
  marks: readonly (readonly [MarkKind, string])[];
  className?: string;
}) {
  return (
    <figcaption
      className={cn(
        'flex shrink-0 flex-wrap gap-x-4 gap-y-1 border-b border-border py-2 text-xs text-muted-foreground',
        className,
      )}
    >
      {marks.map(([kind, label]) => (
        <span key={label} className="flex items-center gap-1.5">
          <span className={cn('inline-block h-2.5 w-2.5 rounded-sm', SWATCH[kind])} aria-hidden />
          {label}
        </span>
      ))}
    </figcaption>
  );
}
