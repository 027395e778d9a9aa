import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AssistantGrant,
  ConsentAnswer,
  ConsentDecision,
  ConsentRequest,
} from '@shared/assistants';
import { fetchJson } from './http';

export const assistantsQueryKey = ['/api/user/assistants'] as const;

/** The assistants connected by OAuth, fetched while the API token dialog is open. */
export function useAssistants(enabled: boolean) {
  return useQuery({
    queryKey: assistantsQueryKey,
    queryFn: () => fetchJson<AssistantGrant[]>('/api/user/assistants'),
    enabled,
    staleTime: 0,
  });
}

/** Disconnects an assistant: its tokens stop working at once. */
export function useRevokeAssistant() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => fetchJson<void>(`/api/user/assistants/${id}`, { method: 'DELETE' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: assistantsQueryKey }),
  });
}

const requestPath = (id: string) => `/api/oauth/requests/${encodeURIComponent(id)}`;

/** What the consent page asks about: the assistant, where it answers, what it wants. */
export function useConsentRequest(id: string | null) {
  return useQuery({
    queryKey: ['/api/oauth/requests', id],
    queryFn: () => fetchJson<ConsentRequest>(requestPath(id ?? '')),
    enabled: id !== null,
    retry: false,
    staleTime: Infinity,
  });
}

/** Allow or deny: answers the address the browser goes to next (the assistant's). */
export function useAnswerConsent(id: string) {
  return useMutation({
    mutationFn: (decision: ConsentDecision) =>
      fetchJson<ConsentAnswer>(requestPath(id), {
        method: 'POST',
        body: JSON.stringify({ decision }),
      }),
  });
}
