import { ArrowLeft } from 'lucide-react';
import { Link } from 'wouter';
import { EDITOR_TEXT } from '@shared/messages';
import { LogoMark } from '@/components/LogoMark';
import { LANDING_TESTIDS } from './testIds';

const NOT_FOUND_COPY = {
  body: 'The page you were looking for does not exist or has moved.',
  home: 'Back to your diagrams',
} as const;

/** Spec §2: any unknown path for a signed-in user. */
export function NotFoundPage() {
  return (
    <main
      className="flex min-h-full flex-col items-center justify-center gap-6 bg-background px-6 text-center"
      data-testid={LANDING_TESTIDS.notFound}
    >
      <LogoMark className="h-12 w-12" />
      <div>
        <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">
          {EDITOR_TEXT.notFound}
        </h1>
        <p className="mt-2 text-muted-foreground">{NOT_FOUND_COPY.body}</p>
      </div>
      <Link
        href="/"
        className="inline-flex h-10 items-center gap-2 rounded-lg bg-primary px-4 text-sm font-semibold text-primary-foreground hover:opacity-90 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2"
      >
        <ArrowLeft className="h-4 w-4" aria-hidden />
        {NOT_FOUND_COPY.home}
      </Link>
    </main>
  );
}
