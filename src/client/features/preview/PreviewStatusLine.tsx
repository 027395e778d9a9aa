import { AlertTriangle, CheckCircle2, FileWarning, XCircle } from 'lucide-react';
import type { ReactNode } from 'react';
import { PREVIEW_TEXT } from '@shared/messages';
import { cn } from '@/lib/cn';
import { PREVIEW_COPY } from './copy';
import type { PreviewState, PreviewStatus } from './previewStore';
import { PREVIEW_TESTIDS } from './testIds';
import { KEEP_CLEAR } from '@/components/ui/keepClear';

const DIAGRAM_NAMES: Record<string, string> = {
  sequence: 'Sequence diagram',
  flowchart: 'Flowchart',
  'flowchart-v2': 'Flowchart',
  class: 'Class diagram',
  classDiagram: 'Class diagram',
};

/** One small line under the drawing: what is shown, and why when it is not the plain text. */
interface PreviewStatusLineProps {
  state: Pick<PreviewState, 'shown' | 'tooLarge'>;
  status: PreviewStatus;
  /** The error of the drawing shown, in plain words (see explainParseError). */
  errorHint: string;
  /** Moves the editor's cursor to the error; the message becomes a link when given. */
  onGoToError?: () => void;
  /** Controls shown at the right end (zoom). */
  children?: ReactNode;
}

export function PreviewStatusLine({
  state,
  status,
  errorHint,
  onGoToError,
  children,
}: PreviewStatusLineProps) {
  const shown = state.shown;
  const rendering = status === 'rendering';
  let tone = 'text-muted-foreground';
  let icon = <CheckCircle2 className="h-3.5 w-3.5 shrink-0 text-emerald-500" aria-hidden />;
  let message = 'Loading renderer…';

  if (state.tooLarge) {
    icon = <FileWarning className="h-3.5 w-3.5 shrink-0 text-amber-500" aria-hidden />;
    message = PREVIEW_TEXT.maxTextExceeded;
  } else if (shown?.status === 'fallback') {
    tone = 'text-amber-700 dark:text-amber-400';
    icon = <AlertTriangle className="h-3.5 w-3.5 shrink-0" aria-hidden />;
    message = `${PREVIEW_TEXT.syntaxError}: showing the diagram with comment lines removed. ${errorHint}`;
  } else if (shown?.status === 'error') {
    tone = 'text-destructive';
    icon = <XCircle className="h-3.5 w-3.5 shrink-0" aria-hidden />;
    message = `${PREVIEW_TEXT.syntaxError}. ${errorHint}`;
  } else if (shown) {
    const name = DIAGRAM_NAMES[shown.diagramType] ?? shown.diagramType;
    message = `${name} · rendered in ${shown.renderMs} ms`;
  }

  return (
    <div
      {...KEEP_CLEAR}
      data-testid={PREVIEW_TESTIDS.status}
      title={shown?.error ?? undefined}
      className={cn(
        'flex h-8 shrink-0 items-center gap-2 border-t border-border bg-background/80 px-3 text-xs',
        tone,
      )}
    >
      {shown || state.tooLarge ? icon : null}
      {shown?.error && onGoToError ? (
        <button
          type="button"
          role="alert"
          data-testid={PREVIEW_TESTIDS.errorLink}
          onClick={onGoToError}
          title={PREVIEW_COPY.goToError}
          className="truncate text-left underline decoration-dotted underline-offset-2 hover:decoration-solid focus-visible:outline-2 focus-visible:outline-ring"
        >
          {message}
        </button>
      ) : (
        <span className="truncate" role={shown?.error ? 'alert' : undefined}>
          {message}
        </span>
      )}
      <span
        aria-hidden
        className={cn(
          'ml-auto h-1.5 w-1.5 shrink-0 rounded-full bg-primary transition-opacity duration-200',
          rendering ? 'animate-pulse opacity-100 delay-300' : 'opacity-0',
        )}
      />
      {children}
    </div>
  );
}
