import { lazy, Suspense } from 'react';
import { Route, Switch } from 'wouter';
import { useUser } from '@/api/user';
import { FullPageSpinner } from '@/components/ui/spinner';
import { LandingPage } from '@/features/landing/LandingPage';
import { NotFoundPage } from '@/features/landing/NotFoundPage';

// The editor (CodeMirror, the preview) is its own chunk: the landing page never loads it.
const EditorScreen = lazy(() => import('@/features/editor/EditorScreen'));
const SharedDiagramScreen = lazy(() => import('@/features/editor/SharedDiagramScreen'));
const ConsentPage = lazy(() => import('@/features/assistant-access/ConsentPage'));

export const TRY_PATH = '/try';
/** Spec §2: a shared diagram, for anyone. */
export const SHARED_PATH = '/d/:token';
/** An assistant asks to use the user's diagrams (OAuth, server/oauth). */
export const CONSENT_PATH = '/oauth/consent';

export function App() {
  const { data: user, isPending } = useUser();
  if (isPending) return <FullPageSpinner />;

  return (
    <Suspense fallback={<FullPageSpinner />}>
      {user ? (
        <Switch>
          <Route path="/">
            <EditorScreen user={user} />
          </Route>
          <Route path={TRY_PATH}>
            <EditorScreen user={user} />
          </Route>
          <Route path={SHARED_PATH}>
            {({ token }) => (
              <SharedDiagramScreen key={token} token={token} user={user} homePath="/" />
            )}
          </Route>
          <Route path={CONSENT_PATH}>
            <ConsentPage user={user} />
          </Route>
          <Route>
            <NotFoundPage />
          </Route>
        </Switch>
      ) : (
        <Switch>
          <Route path={TRY_PATH}>
            <EditorScreen user={null} />
          </Route>
          <Route path={SHARED_PATH}>
            {({ token }) => (
              <SharedDiagramScreen key={token} token={token} user={null} homePath={TRY_PATH} />
            )}
          </Route>
          <Route path={CONSENT_PATH}>
            <ConsentPage user={null} />
          </Route>
          <Route>
            <LandingPage />
          </Route>
        </Switch>
      )}
    </Suspense>
  );
}
