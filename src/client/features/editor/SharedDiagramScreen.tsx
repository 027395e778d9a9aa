import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useLocation } from 'wouter';
import type { User } from '@shared/schemas';
import { diagramsApi } from '@/api/diagrams';
import { FullPageSpinner } from '@/components/ui/spinner';
import { SharedDiagramEditor } from './SharedDiagramEditor';
import { SharedNotFound } from '@/features/share/SharedNotFound';

interface SharedDiagramScreenProps {
  token: string;
  user: User | null;
  /** Where the empty state sends people ('/' signed in, the signed-out editor otherwise). */
  homePath: string;
}

/**
 * Spec §2 /d/{token}, for anyone: the shared diagram in the editor (§4 "On load" step 1). The
 * owner gets their own editor on it instead.
 */
export default function SharedDiagramScreen({ token, user, homePath }: SharedDiagramScreenProps) {
  const [, navigate] = useLocation();
  const shared = useQuery({
    queryKey: ['/api/diagrams/shared', token],
    queryFn: () => diagramsApi.getShared(token),
    staleTime: 0,
    refetchOnWindowFocus: false, // a refetch would not replace what the visitor is editing
  });
  const ownerId = user?.id;
  const diagram = shared.data;
  const own = diagram !== undefined && ownerId !== undefined && diagram.userId === ownerId;

  useEffect(() => {
    if (own && diagram) navigate(`/?diagramId=${diagram.id}`, { replace: true });
  }, [own, diagram, navigate]);

  // One event, one message: the page itself says 'Diagram not found' (no toast beside it).
  if (shared.isError) return <SharedNotFound homePath={homePath} signedIn={user !== null} />;
  if (!diagram || own) return <FullPageSpinner />;
  return <SharedDiagramEditor key={diagram.id} token={token} diagram={diagram} user={user} />;
}
