import { PRODUCT_NAME } from '@shared/constants';
import { LogoMark } from '@/components/LogoMark';
import { SIGN_IN_PATH } from '@/features/auth/signIn';
import { ThemeMenu } from '@/features/theme/ThemeMenu';
import { LANDING_COPY } from './copy';
import { FeatureGrid } from './FeatureGrid';
import { LandingHero } from './LandingHero';
import { LANDING_TESTIDS } from './testIds';

/**
 * Spec §2 "Landing page", shown at any path to signed-out visitors. It must stay free of the
 * editor and the diagram library: nothing here imports from features/editor or features/preview.
 */
export function LandingPage() {
  return (
    <div
      className="relative min-h-full overflow-x-hidden bg-background"
      data-testid={LANDING_TESTIDS.page}
    >
      <div
        className="pointer-events-none absolute inset-x-0 top-0 -z-0 h-[36rem] bg-[radial-gradient(ellipse_at_top,var(--accent),transparent_65%)]"
        aria-hidden
      />
      <div className="relative">
        <header className="mx-auto flex w-full max-w-6xl items-center justify-between px-6 py-4">
          <span className="flex items-center gap-2 text-base font-semibold tracking-tight">
            <LogoMark />
            {PRODUCT_NAME}
          </span>
          <nav className="flex items-center gap-1">
            <ThemeMenu />
            <a
              href={SIGN_IN_PATH}
              className="rounded-md px-3 py-2 text-sm font-medium text-muted-foreground hover:bg-muted hover:text-foreground"
            >
              {LANDING_COPY.signInShort}
            </a>
          </nav>
        </header>
        <main>
          <LandingHero />
          <FeatureGrid />
        </main>
        <footer className="border-t border-border">
          <div className="mx-auto flex w-full max-w-6xl items-center gap-2 px-6 py-6 text-sm text-muted-foreground">
            <LogoMark className="h-5 w-5" />
            {LANDING_COPY.footer}
          </div>
        </footer>
      </div>
    </div>
  );
}
