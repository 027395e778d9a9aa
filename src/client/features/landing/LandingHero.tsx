import { ArrowRight, Sparkles } from 'lucide-react';
import { Link } from 'wouter';
import { LANDING } from '@shared/messages';
import { PRODUCT_NAME } from '@shared/constants';
import { SignInLabel } from '@/features/auth/SignInLabel';
import { SIGN_IN_PATH, signInMode } from '@/features/auth/signIn';
import { SIGN_IN_COPY } from '@/features/auth/testIds';
import { LANDING_COPY } from './copy';
import { ProductShot } from './ProductShot';
import { LANDING_TESTIDS } from './testIds';

/** The try route; App.tsx owns the routes, repeated here so landing never imports App. */
const TRY_PATH = '/try';

const ctaBase =
  'inline-flex h-11 items-center justify-center gap-2 rounded-lg px-5 text-sm font-semibold transition-all focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background';

export function LandingHero() {
  return (
    <section className="relative mx-auto flex w-full max-w-6xl flex-col items-center px-6 pb-8 pt-14 text-center sm:pt-20">
      <p className="inline-flex items-center gap-1.5 rounded-full border border-border bg-card/80 px-3 py-1 text-xs font-medium text-muted-foreground shadow-sm backdrop-blur">
        <Sparkles className="h-3.5 w-3.5 text-primary" aria-hidden />
        {LANDING_COPY.eyebrow}
      </p>
      <h1 className="mt-6 bg-gradient-to-br from-foreground via-foreground to-primary bg-clip-text text-5xl font-bold tracking-tight text-transparent sm:text-7xl">
        {PRODUCT_NAME}
      </h1>
      <p className="mt-5 max-w-2xl text-lg text-muted-foreground sm:text-xl">{LANDING.tagline}</p>

      <div className="mt-9 flex w-full flex-col items-stretch justify-center gap-3 sm:w-auto sm:flex-row sm:items-center">
        {/* A plain link: sign-in is a full-page visit to the server, not a client route. */}
        <a
          href={SIGN_IN_PATH}
          data-testid={LANDING_TESTIDS.signIn}
          className={`${ctaBase} bg-primary text-primary-foreground shadow-lg shadow-primary/25 hover:opacity-90`}
        >
          <SignInLabel badge="flex h-5 w-5 items-center justify-center rounded-full bg-white" />
        </a>
        <Link
          href={TRY_PATH}
          data-testid={LANDING_TESTIDS.tryEditor}
          className={`${ctaBase} group border border-border bg-card text-foreground shadow-sm hover:border-primary/40 hover:bg-muted`}
        >
          {LANDING_COPY.tryEditor}
          <ArrowRight
            className="h-4 w-4 transition-transform group-hover:translate-x-0.5"
            aria-hidden
          />
        </Link>
      </div>
      <p className="mt-4 max-w-md text-xs text-muted-foreground">
        {signInMode() === 'local' && <>{SIGN_IN_COPY.localNote} </>}
        {LANDING_COPY.terms}
      </p>

      <div className="mt-14 w-full sm:mt-16">
        <ProductShot />
      </div>
    </section>
  );
}
