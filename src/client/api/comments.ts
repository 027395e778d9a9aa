/**
 * TanStack Query hooks for a diagram's comments and the signed-in user's mentions. A change made
 * here, or told by the live connection (`comments`), reads the list again.
 */
import { useEffect } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AddCommentBody,
  Comment,
  CommentThread,
  Mention,
  UpdateCommentBody,
} from '@shared/schemas';
import { onCommentsChanged } from '@/diagram/live/commentsSignal';
import { fetchJson } from './http';

export const commentsQueryKey = (diagramId: number) =>
  ['/api/diagrams', diagramId, 'comments'] as const;
export const mentionsQueryKey = ['/api/mentions'] as const;

const path = (diagramId: number) => `/api/diagrams/${diagramId}/comments`;

export const commentsApi = {
  list: (diagramId: number) => fetchJson<CommentThread[]>(path(diagramId)),
  add: (diagramId: number, body: AddCommentBody) =>
    fetchJson<Comment>(path(diagramId), { method: 'POST', body: JSON.stringify(body) }),
  update: (diagramId: number, commentId: number, body: UpdateCommentBody) =>
    fetchJson<Comment>(`${path(diagramId)}/${commentId}`, {
      method: 'PATCH',
      body: JSON.stringify(body),
    }),
  remove: (diagramId: number, commentId: number) =>
    fetchJson<void>(`${path(diagramId)}/${commentId}`, { method: 'DELETE' }),
  mentions: () => fetchJson<Mention[]>('/api/mentions'),
};

/** The diagram's threads (`diagramId` 0, unsaved: none), read again whenever they change. */
export function useComments(diagramId: number) {
  const queryClient = useQueryClient();
  useEffect(
    () =>
      onCommentsChanged((changed) => {
        if (changed !== diagramId) return;
        void queryClient.invalidateQueries({ queryKey: commentsQueryKey(diagramId) });
        void queryClient.invalidateQueries({ queryKey: mentionsQueryKey });
      }),
    [queryClient, diagramId],
  );
  return useQuery({
    queryKey: commentsQueryKey(diagramId),
    queryFn: () => commentsApi.list(diagramId),
    enabled: diagramId > 0,
  });
}

export type CommentChange =
  | { kind: 'add'; body: AddCommentBody }
  | { kind: 'update'; commentId: number; body: UpdateCommentBody }
  | { kind: 'remove'; commentId: number };

/** Adds, edits, resolves, reopens or deletes a comment of the diagram; the list is read again. */
export function useChangeComment(diagramId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: CommentChange): Promise<unknown> => {
      if (change.kind === 'add') return commentsApi.add(diagramId, change.body);
      if (change.kind === 'update') {
        return commentsApi.update(diagramId, change.commentId, change.body);
      }
      return commentsApi.remove(diagramId, change.commentId);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: commentsQueryKey(diagramId) }),
  });
}

/** Comments that name the signed-in user, newest first. */
export function useMentions(enabled: boolean) {
  return useQuery({ queryKey: mentionsQueryKey, queryFn: commentsApi.mentions, enabled });
}
