import { CodeSample } from './CodeSample';
import { SequenceIllustration } from './SequenceIllustration';

/** A window-shaped mock of the editor: the text on the left, the drawing it makes on the right. */
export function ProductShot() {
  return (
    <div className="relative mx-auto w-full max-w-5xl">
      <div
        className="absolute -inset-4 -z-10 rounded-[2rem] bg-gradient-to-br from-primary/25 via-fuchsia-400/10 to-sky-400/20 blur-2xl"
        aria-hidden
      />
      <div className="overflow-hidden rounded-xl border border-border bg-card shadow-2xl shadow-primary/10">
        <div className="flex items-center gap-2 border-b border-border bg-muted/60 px-4 py-2.5">
          <span className="h-3 w-3 rounded-full bg-red-400/80" />
          <span className="h-3 w-3 rounded-full bg-amber-400/80" />
          <span className="h-3 w-3 rounded-full bg-emerald-400/80" />
          <span className="ml-3 truncate text-xs font-medium text-muted-foreground">
            Sign-in flow
          </span>
        </div>
        <div className="grid md:grid-cols-[minmax(0,5fr)_minmax(0,6fr)]">
          <div className="hidden border-r border-border bg-background/60 p-5 md:block">
            <CodeSample />
          </div>
          <div className="flex items-center justify-center bg-[radial-gradient(circle,var(--border)_1px,transparent_1px)] [background-size:18px_18px] p-4 sm:p-6">
            <SequenceIllustration className="h-auto w-full max-w-[480px]" />
          </div>
        </div>
      </div>
    </div>
  );
}
