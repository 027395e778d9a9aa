import { Dialog as DialogPrimitive } from 'radix-ui';
import { X } from 'lucide-react';
import { useRef, type ComponentProps, type ReactNode } from 'react';
import { cn } from '@/lib/cn';

export const Dialog = DialogPrimitive.Root;
export const DialogTrigger = DialogPrimitive.Trigger;
export const DialogClose = DialogPrimitive.Close;

/**
 * Where focus goes back when a dialog closes: what had it when it opened, except a menu's item
 * (the phone's menu), which is gone by then: its menu's button takes focus instead.
 */
function focusReturnTarget(active: Element | null): HTMLElement | null {
  if (!(active instanceof HTMLElement) || active === document.body) return null;
  const menu = active.closest('[role="menu"]');
  const trigger = menu?.id
    ? document.querySelector(`[aria-controls="${CSS.escape(menu.id)}"]`)
    : null;
  return trigger instanceof HTMLElement ? trigger : active;
}

const widths = { sm: 'max-w-sm', md: 'max-w-md', lg: 'max-w-lg', xl: 'max-w-xl' } as const;

/**
 * A dialog's panel. Closing it gives focus back to what had it when it opened (the button, the
 * menu's button for a menu's item, or the code editor for a shortcut): Radix does that only for
 * its own Trigger, and our dialogs are opened from state. A dialog with its own close focus (preventDefault) keeps it.
 */
export function DialogContent({
  className,
  children,
  size = 'lg',
  closeLabel = 'Close',
  closeButton = true,
  onOpenAutoFocus,
  onCloseAutoFocus,
  ...props
}: ComponentProps<typeof DialogPrimitive.Content> & {
  size?: keyof typeof widths;
  closeLabel?: string;
  /** False: the dialog places its own way out (a full-screen view's bar). */
  closeButton?: boolean;
}) {
  const returnTo = useRef<HTMLElement | null>(null);
  return (
    <DialogPrimitive.Portal>
      <DialogPrimitive.Overlay className="fixed inset-0 z-40 bg-black/50 data-[state=open]:animate-in" />
      <DialogPrimitive.Content
        // grid-cols-[minmax(0,1fr)]: long links and e-mails shrink inside a dialog, never widen it.
        className={cn(
          'fixed left-1/2 top-1/2 z-50 grid w-[calc(100%-2rem)] grid-cols-[minmax(0,1fr)] -translate-x-1/2 -translate-y-1/2 gap-4 rounded-lg border border-border bg-card p-6 shadow-xl',
          widths[size],
          className,
        )}
        onOpenAutoFocus={(event) => {
          // Called before focus moves into the dialog: this is what had it.
          returnTo.current = focusReturnTarget(document.activeElement);
          onOpenAutoFocus?.(event);
        }}
        onCloseAutoFocus={(event) => {
          onCloseAutoFocus?.(event);
          const target = returnTo.current;
          returnTo.current = null;
          if (event.defaultPrevented || !target?.isConnected) return;
          event.preventDefault();
          target.focus({ preventScroll: true });
        }}
        {...props}
      >
        {children}
        {closeButton && (
          <DialogPrimitive.Close
            className="absolute right-3 top-3 rounded-sm p-1 opacity-70 hover:opacity-100 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
            data-testid="dialog-close"
          >
            <X className="h-4 w-4" aria-hidden />
            <span className="sr-only">{closeLabel}</span>
          </DialogPrimitive.Close>
        )}
      </DialogPrimitive.Content>
    </DialogPrimitive.Portal>
  );
}

export function DialogHeader({ children }: { children: ReactNode }) {
  return <div className="flex flex-col gap-1.5 pr-6">{children}</div>;
}

export function DialogTitle({ className, ...props }: ComponentProps<typeof DialogPrimitive.Title>) {
  return <DialogPrimitive.Title className={cn('text-lg font-semibold', className)} {...props} />;
}

export function DialogDescription({
  className,
  ...props
}: ComponentProps<typeof DialogPrimitive.Description>) {
  return (
    <DialogPrimitive.Description
      className={cn('text-sm text-muted-foreground', className)}
      {...props}
    />
  );
}

export function DialogFooter({ children }: { children: ReactNode }) {
  return (
    <div className="flex flex-col-reverse gap-2 sm:flex-row sm:flex-wrap sm:justify-end">
      {children}
    </div>
  );
}

/** The tinted icon badge above a dialog's title. */
export function DialogIcon({ children }: { children: ReactNode }) {
  return (
    <span className="mb-2 inline-flex h-10 w-10 items-center justify-center rounded-lg bg-accent text-primary">
      {children}
    </span>
  );
}
