/**
 * The dialog every feature shows: overlay and panel (DialogContent), an optional icon badge, the
 * title and description that name it for assistive technology, the body, and a footer of
 * buttons. Content props (size, className, data-testid, focus handlers…) go to the panel as they
 * are, so each dialog keeps its own roles, labels, test ids and focus behaviour.
 */
import type { LucideIcon } from 'lucide-react';
import type { ComponentProps, FormEventHandler, ReactNode } from 'react';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogIcon,
  DialogTitle,
} from './dialog';

type ContentProps = Omit<ComponentProps<typeof DialogContent>, 'title' | 'children' | 'onSubmit'>;

export interface DialogPanelProps extends ContentProps {
  /** Shown in the tinted badge above the title. */
  icon?: LucideIcon;
  title: ReactNode;
  description?: ReactNode;
  /** Classes of a box around the header, for a header set apart from the body below it. */
  headerClassName?: string;
  children?: ReactNode;
  /** The buttons, in the footer's row (stacked on phones, the primary one last). */
  footer?: ReactNode;
  /** Makes header, body and footer one form, so Enter in a field submits it. */
  onSubmit?: FormEventHandler<HTMLFormElement>;
}

/** The panel of a dialog, for a dialog whose root (open state) is kept elsewhere. */
export function DialogPanel({
  icon: Icon,
  title,
  description,
  headerClassName,
  children,
  footer,
  onSubmit,
  ...content
}: DialogPanelProps) {
  const header = (
    <DialogHeader>
      {Icon && (
        <DialogIcon>
          <Icon className="h-5 w-5" aria-hidden />
        </DialogIcon>
      )}
      <DialogTitle>{title}</DialogTitle>
      {description !== undefined && <DialogDescription>{description}</DialogDescription>}
    </DialogHeader>
  );
  const inside = (
    <>
      {headerClassName ? <div className={headerClassName}>{header}</div> : header}
      {children}
      {footer !== undefined && <DialogFooter>{footer}</DialogFooter>}
    </>
  );
  return (
    <DialogContent {...content}>
      {onSubmit ? (
        <form onSubmit={onSubmit} className="grid gap-4">
          {inside}
        </form>
      ) : (
        inside
      )}
    </DialogContent>
  );
}

export interface DialogShellProps extends DialogPanelProps {
  open: boolean;
  onOpenChange?: (open: boolean) => void;
  /** false: the page behind stays usable and keeps the keyboard (a nudge, not a question). */
  modal?: boolean;
}

export function DialogShell({ open, onOpenChange, modal, ...panel }: DialogShellProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange} modal={modal}>
      <DialogPanel {...panel} />
    </Dialog>
  );
}
