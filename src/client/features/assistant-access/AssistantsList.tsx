import { Bot, Unplug } from 'lucide-react';
import type { AssistantGrant } from '@shared/assistants';
import { useAssistants, useRevokeAssistant } from '@/api/assistants';
import { Button } from '@/components/ui/button';
import { ErrorNotice } from '@/components/ui/error-notice';
import { toast } from '@/components/ui/toast-store';
import { ASSISTANTS_COPY, ASSISTANT_TESTIDS } from './copy';

const day = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });
const moment = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

function AssistantRow({
  assistant,
  onRevoke,
  busy,
}: {
  assistant: AssistantGrant;
  onRevoke: () => void;
  busy: boolean;
}) {
  const used = assistant.lastUsedAt
    ? ASSISTANTS_COPY.lastUsed(moment.format(new Date(assistant.lastUsedAt)))
    : ASSISTANTS_COPY.neverUsed;
  return (
    <li
      className="flex flex-wrap items-center gap-x-3 gap-y-2 py-2.5"
      data-testid={ASSISTANT_TESTIDS.item}
      data-name={assistant.name}
    >
      <Bot className="h-5 w-5 shrink-0 text-muted-foreground" aria-hidden />
      <div className="min-w-0 flex-1">
        <p className="flex flex-wrap items-center gap-2 text-sm font-medium">
          <span className="break-words">{assistant.name}</span>
          <span className="rounded-full border border-border bg-muted px-2 py-0.5 text-xs font-normal">
            {ASSISTANTS_COPY.scopes[assistant.scope]}
          </span>
        </p>
        <p className="text-xs break-words text-muted-foreground">
          {ASSISTANTS_COPY.answersTo(assistant.redirectTarget)}
        </p>
        <p className="text-xs text-muted-foreground">
          {ASSISTANTS_COPY.connectedOn(day.format(new Date(assistant.connectedAt)))}, {used}
        </p>
      </div>
      <Button
        variant="outline"
        size="sm"
        onClick={onRevoke}
        disabled={busy}
        aria-label={ASSISTANTS_COPY.revokeLabel(assistant.name)}
        data-testid={ASSISTANT_TESTIDS.revoke}
      >
        <Unplug className="h-4 w-4" aria-hidden />
        {ASSISTANTS_COPY.revoke}
      </Button>
    </li>
  );
}

/**
 * The assistants the user connected by OAuth, beside the personal API token: each with its
 * access, where it answers, when it was connected and last used, and Disconnect.
 */
export function AssistantsList({ open }: { open: boolean }) {
  const assistants = useAssistants(open);
  const revoke = useRevokeAssistant();

  const onRevoke = (assistant: AssistantGrant) =>
    revoke.mutate(assistant.id, {
      onSuccess: () => toast({ description: ASSISTANTS_COPY.revoked(assistant.name) }),
      onError: () => toast({ description: ASSISTANTS_COPY.revokeFailed, variant: 'destructive' }),
    });

  return (
    <section aria-labelledby="assistants-title" data-testid={ASSISTANT_TESTIDS.list}>
      <h3 id="assistants-title" className="text-sm font-semibold">
        {ASSISTANTS_COPY.title}
      </h3>
      <p className="mt-1 text-xs text-muted-foreground">{ASSISTANTS_COPY.description}</p>
      {assistants.isError && <ErrorNotice>{ASSISTANTS_COPY.loadFailed}</ErrorNotice>}
      {assistants.data?.length === 0 && (
        <p className="mt-2 text-xs text-muted-foreground">{ASSISTANTS_COPY.empty}</p>
      )}
      {assistants.data && assistants.data.length > 0 && (
        <ul className="mt-1 divide-y divide-border">
          {assistants.data.map((assistant) => (
            <AssistantRow
              key={assistant.id}
              assistant={assistant}
              busy={revoke.isPending && revoke.variables === assistant.id}
              onRevoke={() => onRevoke(assistant)}
            />
          ))}
        </ul>
      )}
    </section>
  );
}
