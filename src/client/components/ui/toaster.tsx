import { Toast } from 'radix-ui';
import { useLayoutEffect, useRef } from 'react';
import { X } from 'lucide-react';
import { TOAST } from '@shared/constants';
import { cn } from '@/lib/cn';
import { keepClearBottom } from './keepClear';
import { dismissToast, useToasts } from './toast-store';

/**
 * Radix Toast with the constants of spec §9. A toast shows at the bottom right, above the bars
 * there (the preview's status line, the phone's tabs), so it covers nothing being read.
 */
export function Toaster() {
  const toasts = useToasts();
  const viewport = useRef<HTMLOListElement>(null);
  useLayoutEffect(() => {
    if (toasts.length > 0 && viewport.current) {
      viewport.current.style.bottom = `${keepClearBottom()}px`;
    }
  }, [toasts]);
  return (
    <Toast.Provider
      duration={TOAST.durationMs}
      swipeDirection="right"
      swipeThreshold={TOAST.swipeThreshold}
    >
      {toasts.map((item) => (
        <Toast.Root
          key={item.id}
          duration={item.duration ?? TOAST.durationMs}
          onOpenChange={(open) => {
            if (!open) dismissToast(item.id);
          }}
          data-testid="toast"
          data-variant={item.variant ?? 'default'}
          className={cn(
            'group pointer-events-auto relative flex w-full items-start justify-between gap-3 overflow-hidden rounded-md border p-4 pr-8 shadow-lg',
            'data-[swipe=move]:translate-x-[var(--radix-toast-swipe-move-x)] data-[swipe=cancel]:translate-x-0 data-[swipe=end]:translate-x-[var(--radix-toast-swipe-end-x)]',
            item.variant === 'destructive'
              ? 'border-destructive bg-destructive text-white'
              : 'border-border bg-card text-foreground',
          )}
        >
          <div className="grid gap-1">
            {item.title && (
              <Toast.Title className="text-sm font-semibold">{item.title}</Toast.Title>
            )}
            {item.description && (
              <Toast.Description className="text-sm opacity-90">
                {item.description}
              </Toast.Description>
            )}
          </div>
          <Toast.Close
            className="absolute right-2 top-2 rounded-md p-1 opacity-70 hover:opacity-100"
            aria-label="Dismiss"
          >
            <X className="h-4 w-4" aria-hidden />
          </Toast.Close>
        </Toast.Root>
      ))}
      <Toast.Viewport
        ref={viewport}
        hotkey={[...TOAST.hotkey]}
        data-testid="toast-viewport"
        data-toast-viewport=""
        className="fixed bottom-0 right-0 z-[100] flex max-h-screen w-full flex-col gap-2 p-4 md:max-w-[420px]"
      />
    </Toast.Provider>
  );
}
