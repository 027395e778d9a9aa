import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button, type ButtonProps } from '@/components/ui/button';
import { cn } from '@/lib/cn';

const TONES = {
  /** News the user may act on (others' changes since a visit). */
  notice: { box: 'border-border bg-accent text-foreground', icon: 'text-primary' },
  /** Something that needs a decision (unsaved text offered back). */
  warning: {
    box: 'border-amber-300 bg-amber-50 text-amber-900 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100',
    icon: '',
  },
} as const;

/** A banner's button: small, and a 44 px target on phones. */
export function BannerAction({ className, ...props }: Omit<ButtonProps, 'size'>) {
  return (
    <Button size="sm" className={cn('max-md:min-h-11 max-md:min-w-11', className)} {...props} />
  );
}

/**
 * A strip across the top of the editor that offers something and never takes focus: an alert
 * for what needs a decision, a status for news.
 */
export function Banner({
  tone,
  icon: Icon,
  testId,
  children,
}: {
  tone: keyof typeof TONES;
  icon: LucideIcon;
  testId: string;
  children: ReactNode;
}) {
  const style = TONES[tone];
  return (
    <div
      role={tone === 'warning' ? 'alert' : 'status'}
      data-testid={testId}
      className={`flex flex-wrap items-center gap-3 border-b px-4 py-2 text-sm ${style.box}`}
    >
      <Icon className={`h-4 w-4 shrink-0 ${style.icon}`} aria-hidden />
      {children}
    </div>
  );
}
