import { ArrowLeft, Check, ExternalLink, Loader2, ShieldAlert } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, useSearch } from 'wouter';
import type { User } from '@shared/schemas';
import { useAnswerConsent, useConsentRequest } from '@/api/assistants';
import { HttpError } from '@/api/http';
import { LogoMark } from '@/components/LogoMark';
import { Button } from '@/components/ui/button';
import { ErrorNotice } from '@/components/ui/error-notice';
import { goToSignIn } from '@/features/auth/signIn';
import { SignInWithGoogleButton } from '@/features/auth/SignInWithGoogleButton';
import { ASSISTANT_TESTIDS, CONSENT_COPY } from './copy';

/** The page's frame: the mark, then one card, centred at any width. */
function ConsentFrame({ children }: { children: ReactNode }) {
  return (
    <main
      className="flex min-h-full flex-col items-center justify-center gap-6 overflow-y-auto bg-background px-4 py-10"
      data-testid={ASSISTANT_TESTIDS.consent}
    >
      <LogoMark className="h-10 w-10" />
      <section className="w-full max-w-md rounded-xl border border-border bg-card p-6 text-foreground shadow-sm">
        {children}
      </section>
    </main>
  );
}

function HomeLink() {
  return (
    <Link
      href="/"
      className="mt-4 inline-flex items-center gap-2 text-sm font-medium text-primary underline-offset-4 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
    >
      <ArrowLeft className="h-4 w-4" aria-hidden />
      {CONSENT_COPY.home}
    </Link>
  );
}

/** Signed out: sign in first, then come back to this very request. */
function SignInFirst() {
  return (
    <ConsentFrame>
      <h1 className="text-xl font-semibold tracking-tight">{CONSENT_COPY.signInTitle}</h1>
      <p className="mt-2 text-sm text-muted-foreground">{CONSENT_COPY.signInBody}</p>
      <div className="mt-5">
        <SignInWithGoogleButton
          onClick={() => goToSignIn()}
          testId={ASSISTANT_TESTIDS.consentSignIn}
        />
      </div>
    </ConsentFrame>
  );
}

/**
 * An assistant asks to use the user's diagrams (OAuth authorization, MCP): it is named as it
 * registered, with the address its answer goes to beside it so a look-alike name cannot hide
 * where it goes, and what it may do; Allow sends it a code, Deny a refusal.
 */
export function ConsentPage({ user }: { user: User | null }) {
  if (!user) return <SignInFirst />;
  return <AskConsent user={user} />;
}

function AskConsent({ user }: { user: User }) {
  const id = new URLSearchParams(useSearch()).get('request');
  const request = useConsentRequest(id);
  const answer = useAnswerConsent(id ?? '');

  if (id === null || (request.error instanceof HttpError && request.error.status === 404)) {
    return (
      <ConsentFrame>
        <ErrorNotice>{id === null ? CONSENT_COPY.missing : CONSENT_COPY.gone}</ErrorNotice>
        <HomeLink />
      </ConsentFrame>
    );
  }
  if (!request.data) {
    return (
      <ConsentFrame>
        {request.isError ? (
          <ErrorNotice>{CONSENT_COPY.gone}</ErrorNotice>
        ) : (
          <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
            <Loader2 className="h-4 w-4 animate-spin" aria-hidden />
            {CONSENT_COPY.loading}
          </p>
        )}
      </ConsentFrame>
    );
  }

  const { clientName, redirectTarget, scope } = request.data;
  const leaving = answer.isSuccess;
  const decide = (decision: 'allow' | 'deny') =>
    answer.mutate(decision, {
      onSuccess: ({ redirectTo }) => window.location.assign(redirectTo),
    });

  return (
    <ConsentFrame>
      <h1
        className="text-xl font-semibold tracking-tight break-words"
        data-testid={ASSISTANT_TESTIDS.consentName}
      >
        {CONSENT_COPY.title(clientName)}
      </h1>
      <p className="mt-1 text-sm text-muted-foreground">
        {CONSENT_COPY.signedInAs(user.email ? `${user.name} (${user.email})` : user.name)}
      </p>
      <p className="mt-4 text-sm">
        {CONSENT_COPY.answersTo}{' '}
        <span
          className="inline-flex items-center gap-1 rounded bg-muted px-1.5 py-0.5 font-mono text-xs break-all"
          data-testid={ASSISTANT_TESTIDS.consentTarget}
        >
          <ExternalLink className="h-3 w-3 shrink-0" aria-hidden />
          {redirectTarget}
        </span>
      </p>
      <h2 className="mt-5 text-sm font-semibold">{CONSENT_COPY.mayLabel}</h2>
      <ul className="mt-2 space-y-1.5 text-sm">
        {CONSENT_COPY.scopes[scope].map((line) => (
          <li key={line} className="flex items-start gap-2">
            <Check className="mt-0.5 h-4 w-4 shrink-0 text-primary" aria-hidden />
            {line}
          </li>
        ))}
      </ul>
      <p className="mt-5 flex items-start gap-2 rounded-md border border-border bg-muted/50 p-3 text-xs text-muted-foreground">
        <ShieldAlert className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
        {CONSENT_COPY.nameNote}
      </p>
      {answer.isError && (
        <div className="mt-4">
          <ErrorNotice>
            {answer.error instanceof HttpError && answer.error.status === 404
              ? CONSENT_COPY.gone
              : CONSENT_COPY.failed}
          </ErrorNotice>
        </div>
      )}
      {leaving ? (
        <p role="status" className="mt-5 flex items-center gap-2 text-sm text-muted-foreground">
          <Loader2 className="h-4 w-4 animate-spin" aria-hidden />
          {CONSENT_COPY.leaving(clientName)}
        </p>
      ) : (
        <div className="mt-5 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button
            variant="outline"
            onClick={() => decide('deny')}
            disabled={answer.isPending}
            data-testid={ASSISTANT_TESTIDS.deny}
          >
            {CONSENT_COPY.deny}
          </Button>
          <Button
            onClick={() => decide('allow')}
            disabled={answer.isPending}
            data-testid={ASSISTANT_TESTIDS.allow}
          >
            {CONSENT_COPY.allow}
          </Button>
        </div>
      )}
      <p className="mt-4 text-xs text-muted-foreground">{CONSENT_COPY.revokeNote}</p>
    </ConsentFrame>
  );
}

export default ConsentPage;
