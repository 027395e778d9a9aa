import { TriangleAlert } from 'lucide-react';
import type { ReactNode } from 'react';

/** An error inside a dialog, announced to screen readers (role="alert"). */
export function ErrorNotice({ children, testId }: { children: ReactNode; testId?: string }) {
  return (
    <p
      role="alert"
      className="flex items-start gap-2 rounded-md border border-destructive/40 bg-destructive/10 px-3 py-2 text-sm text-destructive"
      data-testid={testId}
    >
      <TriangleAlert className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
      {children}
    </p>
  );
}
