/** Version history of a diagram: list, one version, restore. Keys sit under the diagrams key, so every diagram write refetches them. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { VersionDiffReply } from '@shared/diagram-diff/schema';
import type { ResolvedTheme } from '@shared/mermaid-config';
import type { Diagram } from '@shared/schemas';
import type { Version, VersionSummary } from '@shared/versions';
import { diagramsQueryKey } from './diagrams';
import { fetchJson } from './http';

export const versionsQueryKey = (diagramId: number) =>
  ['/api/diagrams', diagramId, 'versions'] as const;
export const versionQueryKey = (diagramId: number, versionId: number) =>
  ['/api/diagrams', diagramId, 'versions', versionId] as const;

export const versionDiffQueryKey = (diagramId: number, from: number, to: number) =>
  ['/api/diagrams', diagramId, 'diff', from, to] as const;

const diffPath = (diagramId: number, from: number, to: number) =>
  `/api/diagrams/${diagramId}/diff?from=${from}&to=${to}`;

/** The marked drawing of a diff, as an image address (the server draws it). */
export const versionDiffImageUrl = (
  diagramId: number,
  from: number,
  to: number,
  theme: ResolvedTheme,
) => `${diffPath(diagramId, from, to)}&format=svg&theme=${theme}`;

export const versionsApi = {
  list: (diagramId: number) => fetchJson<VersionSummary[]>(`/api/diagrams/${diagramId}/versions`),
  get: (diagramId: number, versionId: number) =>
    fetchJson<Version>(`/api/diagrams/${diagramId}/versions/${versionId}`),
  diff: (diagramId: number, from: number, to: number) =>
    fetchJson<VersionDiffReply>(diffPath(diagramId, from, to)),
  restore: (diagramId: number, versionId: number) =>
    fetchJson<Diagram>(`/api/diagrams/${diagramId}/versions/${versionId}/restore`, {
      method: 'POST',
    }),
};

export function useVersions(diagramId: number, enabled: boolean) {
  return useQuery({
    queryKey: versionsQueryKey(diagramId),
    queryFn: () => versionsApi.list(diagramId),
    enabled: enabled && diagramId !== 0,
  });
}

/** A version's content never changes, so it is fetched once. */
export function useVersion(diagramId: number, versionId: number | null) {
  return useQuery({
    queryKey: versionQueryKey(diagramId, versionId ?? 0),
    queryFn: () => versionsApi.get(diagramId, versionId ?? 0),
    enabled: diagramId !== 0 && versionId !== null,
    staleTime: Infinity,
  });
}

/** Two versions never change, so neither does their diff. */
export function useVersionDiff(diagramId: number, from: number | null, to: number | null) {
  return useQuery({
    queryKey: versionDiffQueryKey(diagramId, from ?? 0, to ?? 0),
    queryFn: () => versionsApi.diff(diagramId, from ?? 0, to ?? 0),
    enabled: diagramId !== 0 && from !== null && to !== null,
    staleTime: Infinity,
  });
}

export function useRestoreVersion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ diagramId, versionId }: { diagramId: number; versionId: number }) =>
      versionsApi.restore(diagramId, versionId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: diagramsQueryKey }),
  });
}
