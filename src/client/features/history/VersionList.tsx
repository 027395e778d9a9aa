import type { VersionSummary } from '@shared/versions';
import { cn } from '@/lib/cn';
import { HISTORY_COPY, HISTORY_TESTIDS } from './copy';
import { relativeTime } from './relativeTime';
import { versionPeople } from './versionPeople';

/** The versions, newest first, as a list of choices; the chosen one is shown beside it. */
export function VersionList({
  versions,
  selectedId,
  onSelect,
  now,
}: {
  versions: VersionSummary[];
  selectedId: number | null;
  onSelect: (id: number) => void;
  now: Date;
}) {
  return (
    <ul aria-label={HISTORY_COPY.versionsLabel} className="flex flex-col gap-0.5 p-2">
      {versions.map((version, index) => {
        const selected = version.id === selectedId;
        const at = new Date(version.createdAt);
        const people = versionPeople(version);
        return (
          <li key={version.id}>
            <button
              type="button"
              onClick={() => onSelect(version.id)}
              aria-current={selected ? 'true' : undefined}
              data-testid={HISTORY_TESTIDS.version}
              data-version-id={version.id}
              data-kind={version.kind}
              className={cn(
                'flex w-full cursor-pointer flex-col gap-0.5 rounded-md px-3 py-2 text-left outline-none focus-visible:ring-2 focus-visible:ring-ring',
                selected ? 'bg-accent text-accent-foreground' : 'hover:bg-muted',
              )}
            >
              <span className="flex items-center gap-2">
                <time
                  dateTime={version.createdAt}
                  title={at.toLocaleString()}
                  className="text-sm font-medium"
                >
                  {relativeTime(at, now)}
                </time>
                {index === 0 && (
                  <span className="rounded-full bg-primary/10 px-1.5 py-px text-[10px] font-semibold uppercase tracking-wide text-primary">
                    {HISTORY_COPY.latest}
                  </span>
                )}
              </span>
              <span className="truncate text-xs text-muted-foreground">
                {HISTORY_COPY.kind[version.kind]}
                {people.length > 0 ? ` ${HISTORY_COPY.by(people.join(', '))}` : ''}
              </span>
              <span className="truncate text-xs text-muted-foreground">{version.title}</span>
            </button>
          </li>
        );
      })}
    </ul>
  );
}
