import { ArrowRight, Link2Off } from 'lucide-react';
import { Link } from 'wouter';
import { LogoMark } from '@/components/LogoMark';
import { SHARE_COPY, SHARE_TESTIDS, SHARE_TEXT } from './copy';

/** A link that leads nowhere (unknown, made private): a clear empty state and a way on. */
export function SharedNotFound({ homePath, signedIn }: { homePath: string; signedIn: boolean }) {
  return (
    <main
      className="flex min-h-full flex-col items-center justify-center gap-6 bg-background px-6 text-center"
      data-testid={SHARE_TESTIDS.notFound}
    >
      <LogoMark className="h-10 w-10" />
      <span className="inline-flex h-14 w-14 items-center justify-center rounded-full bg-muted text-muted-foreground">
        <Link2Off className="h-6 w-6" aria-hidden />
      </span>
      <div className="max-w-md">
        <h1 className="text-2xl font-semibold tracking-tight">{SHARE_TEXT.notFound}</h1>
        <p className="mt-2 text-muted-foreground">{SHARE_COPY.notFoundBody}</p>
      </div>
      <Link
        href={homePath}
        className="inline-flex h-10 items-center gap-2 rounded-lg bg-primary px-4 text-sm font-semibold text-primary-foreground hover:opacity-90 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2"
      >
        {signedIn ? SHARE_COPY.goHome : SHARE_COPY.newDiagram}
        <ArrowRight className="h-4 w-4" aria-hidden />
      </Link>
    </main>
  );
}
