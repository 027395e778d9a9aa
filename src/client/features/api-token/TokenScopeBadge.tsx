import { Eye, KeyRound } from 'lucide-react';
import type { TokenScope } from '@shared/schemas';
import { API_TOKEN_COPY, API_TOKEN_TESTIDS } from './copy';

/** What the current token may do: "Full access" or "Read-only", with what that means. */
export function TokenScopeBadge({ scope }: { scope: TokenScope }) {
  const Icon = scope === 'read' ? Eye : KeyRound;
  const about = API_TOKEN_COPY.scopes[scope];
  return (
    <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-muted-foreground">
      <span
        className="inline-flex shrink-0 items-center gap-1 rounded-full border border-border bg-muted px-2 py-0.5 font-medium text-foreground"
        data-testid={API_TOKEN_TESTIDS.scope}
        data-scope={scope}
      >
        <Icon className="h-3.5 w-3.5" aria-hidden />
        {about.name}
      </span>
      <span>{about.hint}</span>
    </p>
  );
}
