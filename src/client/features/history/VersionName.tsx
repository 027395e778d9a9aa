import { useMemo } from 'react';
import { diagramName } from '@shared/describe-diagram';
import { HISTORY_TESTIDS } from './copy';

/**
 * The name of the version History shows, as its drawing's region names it: the text's
 * `accTitle`, else its `title`, else the version's saved title (while the text loads, the latter).
 */
export function VersionName({ content, title }: { content: string | null; title: string | null }) {
  const name = useMemo(
    () => (content === null ? title : (diagramName(content, title ?? undefined) ?? title)),
    [content, title],
  );
  return (
    <span
      className="min-w-0 flex-1 truncate text-sm text-muted-foreground"
      data-testid={HISTORY_TESTIDS.versionName}
    >
      {name}
    </span>
  );
}
