import { useEffect, useState } from 'react';
import type { LiveRole } from '@shared/live';
import type { OpenDiagram } from '../openDiagram';

export interface Participant {
  clientId: number;
  name: string;
  color: string;
  role: LiveRole;
}

function isRole(value: unknown): value is LiveRole {
  return value === 'owner' || value === 'editor' || value === 'viewer';
}

/** Everyone else on the open diagram right now, from the live connection's awareness. */
function readParticipants(diagram: OpenDiagram): Participant[] {
  const awareness = diagram.awareness;
  if (!awareness) return [];
  const seen: Participant[] = [];
  awareness.getStates().forEach((state, clientId) => {
    if (clientId === awareness.clientID) return;
    const user = (state as { user?: Record<string, unknown> }).user;
    if (!user || typeof user.name !== 'string' || typeof user.color !== 'string') return;
    seen.push({
      clientId,
      name: user.name,
      color: user.color,
      role: isRole(user.role) ? user.role : 'viewer',
    });
  });
  return seen.sort((a, b) => a.name.localeCompare(b.name) || a.clientId - b.clientId);
}

export function usePresence(diagram: OpenDiagram): Participant[] {
  const [participants, setParticipants] = useState<Participant[]>(() => readParticipants(diagram));
  useEffect(() => {
    let unwatch = () => {};
    const rewatch = () => {
      unwatch();
      const awareness = diagram.awareness;
      const update = () => setParticipants(readParticipants(diagram));
      awareness?.on('change', update);
      unwatch = () => awareness?.off('change', update);
      update();
    };
    rewatch();
    const unbind = diagram.onReset(rewatch);
    return () => {
      unbind();
      unwatch();
    };
  }, [diagram]);
  return participants;
}
