import { lazy, Suspense } from 'react';
import { Route, Switch } from 'wouter';
import { useUser } from '@/api/user';
import { FullPageSpinner } from '@/components/ui/spinner';
import { LandingPage } from '@/features/landing/LandingPage';
import { NotFoundPage } from '@/features/landing/NotFoundPage';

// The editor (CodeMirror, the preview) is its own chunk: the landing page never loads it.
const EditorScreen = lazy(() => import('@/features/editor/EditorScreen'));

export const TRY_PATH = '/try';

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
          <Route>
            <NotFoundPage />
          </Route>
        </Switch>
      ) : (
        <Switch>
          <Route path={TRY_PATH}>
            <EditorScreen user={null} />
          </Route>
          <Route>
            <LandingPage />
          </Route>
        </Switch>
      )}
    </Suspense>
  );
}
