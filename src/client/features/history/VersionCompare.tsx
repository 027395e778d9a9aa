/**
 * What changed between two versions, always from the older to the newer whichever was chosen
 * first: the summary line, the newer drawing with the changes marked (drawn by the server: added
 * green, removed ghosted red, changed amber) at a readable size, and the text diff beside it.
 */
import { Loader2 } from 'lucide-react';
import { useId, useState } from 'react';
import type { VersionSummary } from '@shared/versions';
import { useVersion, useVersionDiff, versionDiffImageUrl } from '@/api/versions';
import { useTheme } from '@/features/theme/useTheme';
import { HISTORY_COPY, HISTORY_TESTIDS } from './copy';
import { CompareDrawing } from './CompareDrawing';
import { MarkLegend } from './MarkLegend';
import { relativeTime } from './relativeTime';
import { VersionDiff, type DiffWording } from './VersionDiff';

const BETWEEN_VERSIONS: DiffWording = {
  added: HISTORY_COPY.compareLegendTo,
  removed: HISTORY_COPY.compareLegendFrom,
  same: HISTORY_COPY.compareNoDifferences,
  label: HISTORY_COPY.compareDiffLabel,
};

/** The version a version is compared with at first: the one saved before it, else after it. */
export function defaultBase(versions: readonly VersionSummary[], id: number): number | null {
  const index = versions.findIndex((version) => version.id === id);
  if (index < 0) return null;
  return (versions[index + 1] ?? versions[index - 1])?.id ?? null;
}

/**
 * The two versions in time order, [older, newer]: the list is newest first, so the one further
 * down is the older (a version missing from the list counts as the older).
 */
export function olderFirst(
  versions: readonly VersionSummary[],
  a: number,
  b: number,
): [number, number] {
  const at = (id: number) => {
    const index = versions.findIndex((version) => version.id === id);
    return index < 0 ? Infinity : index;
  };
  return at(a) >= at(b) ? [a, b] : [b, a];
}

const MARKS = [
  ['added', HISTORY_COPY.markAdded],
  ['removed', HISTORY_COPY.markRemoved],
  ['changed', HISTORY_COPY.markChanged],
] as const;

interface VersionCompareProps {
  diagramId: number;
  versions: VersionSummary[];
  /** The version chosen in the list; it is compared with `initialBase` or the one before it. */
  version: VersionSummary;
  /** The version compared with at first, instead of the one saved before. */
  initialBase?: number | null;
  now: Date;
}

export function VersionCompare({
  diagramId,
  versions,
  version,
  initialBase = null,
  now,
}: VersionCompareProps) {
  const [chosenBase, setChosenBase] = useState<number | null>(initialBase);
  const base =
    chosenBase !== null && chosenBase !== version.id && versions.some((v) => v.id === chosenBase)
      ? chosenBase
      : defaultBase(versions, version.id);
  const selectId = useId();
  const { resolved } = useTheme();
  const [older, newer] = base === null ? [null, null] : olderFirst(versions, base, version.id);
  const diff = useVersionDiff(diagramId, older, newer);
  const from = useVersion(diagramId, older);
  const to = useVersion(diagramId, newer);
  const image =
    older === null || newer === null
      ? null
      : versionDiffImageUrl(diagramId, older, newer, resolved);
  const [failedImage, setFailedImage] = useState<string | null>(null);
  const drawingFailed = image !== null && failedImage === image;

  if (base === null) {
    return <p className="p-6 text-sm text-muted-foreground">{HISTORY_COPY.compareOnlyOne}</p>;
  }
  const summary = diff.data?.diff.summary ?? '';

  return (
    <div className="flex min-h-0 flex-1 flex-col max-md:overflow-y-auto">
      <div className="flex shrink-0 flex-wrap items-center gap-x-3 gap-y-2 border-b border-border px-4 py-2">
        <label htmlFor={selectId} className="text-xs font-medium text-muted-foreground">
          {HISTORY_COPY.compareWith}
        </label>
        <select
          id={selectId}
          value={base}
          onChange={(event) => setChosenBase(Number(event.target.value))}
          data-testid={HISTORY_TESTIDS.compareWith}
          className="min-w-0 max-w-full flex-1 cursor-pointer rounded-md border border-border bg-card px-2 py-1 text-sm text-foreground outline-none focus-visible:ring-2 focus-visible:ring-ring max-md:min-h-11 md:max-w-sm"
        >
          {versions
            .filter((v) => v.id !== version.id)
            .map((v) => (
              <option key={v.id} value={v.id}>
                {HISTORY_COPY.compareOption(
                  relativeTime(new Date(v.createdAt), now),
                  HISTORY_COPY.kind[v.kind],
                  v.title,
                )}
              </option>
            ))}
        </select>
        <p
          className="w-full text-sm font-medium text-foreground"
          role="status"
          data-testid={HISTORY_TESTIDS.compareSummary}
        >
          {diff.error ? HISTORY_COPY.compareFailed : summary}
        </p>
      </div>
      <div className="grid min-h-0 flex-1 md:grid-cols-[minmax(0,3fr)_minmax(0,2fr)] max-md:flex-none">
        <figure className="flex min-h-0 flex-col border-border md:border-r max-md:border-b">
          <MarkLegend marks={MARKS} className="px-4" />
          {drawingFailed ? (
            <p className="p-3 text-sm text-muted-foreground">{HISTORY_COPY.compareDrawingFailed}</p>
          ) : (
            image && (
              <CompareDrawing
                key={image}
                src={image}
                alt={HISTORY_COPY.compareDrawingAlt(summary)}
                onError={() => setFailedImage(image)}
              />
            )
          )}
        </figure>
        <div className="flex min-h-0 flex-col max-md:h-80">
          {from.data && to.data ? (
            <VersionDiff from={from.data.content} to={to.data.content} wording={BETWEEN_VERSIONS} />
          ) : (
            <div className="flex flex-1 items-center justify-center">
              <Loader2 className="h-5 w-5 animate-spin text-muted-foreground" aria-hidden />
            </div>
          )}
        </div>
      </div>
    </div>
  );
}
