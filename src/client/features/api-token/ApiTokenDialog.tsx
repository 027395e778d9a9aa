import { Check, Copy, KeyRound, RefreshCw } from 'lucide-react';
import { useState } from 'react';
import { API_TOKEN_TEXT } from '@shared/messages';
import type { TokenScope } from '@shared/schemas';
import { useApiToken, useRegenerateApiToken } from '@/api/apiToken';
import { Button } from '@/components/ui/button';
import { DialogShell } from '@/components/ui/dialog-shell';
import { toast } from '@/components/ui/toast-store';
import { AssistantsList } from '@/features/assistant-access/AssistantsList';
import { ApiDocs } from './ApiDocs';
import { API_TOKEN_COPY, API_TOKEN_TESTIDS } from './copy';
import { TokenScopeBadge } from './TokenScopeBadge';
import { TokenScopeChoice } from './TokenScopeChoice';
import { useCopyIndicator } from './useCopyIndicator';

/**
 * Spec §2 'API Token' dialog: the token and its access (full or read-only), copy, regenerate
 * behind a confirmation that chooses the new token's access; the assistants connected by OAuth
 * (each disconnected on its own); the API docs.
 */
export function ApiTokenDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const token = useApiToken(open);
  const regenerate = useRegenerateApiToken();
  const [confirming, setConfirming] = useState(false);
  // The new token's access; it starts as the current token's (full for every token made before).
  const [scope, setScope] = useState<TokenScope | null>(null);
  const [copied, copy] = useCopyIndicator();
  const value = token.data?.apiToken ?? '';
  const current = token.data?.scope ?? 'full';

  const onCopy = async () => {
    const ok = await copy(value);
    toast(
      ok
        ? { title: API_TOKEN_TEXT.copiedTitle, description: API_TOKEN_TEXT.copied }
        : {
            title: API_TOKEN_TEXT.copyFailedTitle,
            description: API_TOKEN_TEXT.copyFailed,
            variant: 'destructive',
          },
    );
  };
  const onRegenerate = () =>
    regenerate.mutate(scope ?? current, {
      onSuccess: () =>
        toast({ title: API_TOKEN_TEXT.regeneratedTitle, description: API_TOKEN_TEXT.regenerated }),
      onError: () =>
        toast({ description: API_TOKEN_TEXT.regenerateFailed, variant: 'destructive' }),
      onSettled: () => {
        setConfirming(false);
        setScope(null);
      },
    });
  const onCancel = () => {
    setConfirming(false);
    setScope(null);
  };

  return (
    <DialogShell
      open={open}
      onOpenChange={onOpenChange}
      size="xl"
      className="max-h-[90vh] overflow-y-auto"
      data-testid={API_TOKEN_TESTIDS.dialog}
      icon={KeyRound}
      title={API_TOKEN_COPY.title}
      description={API_TOKEN_COPY.description}
    >
      <div className="flex gap-2">
        <input
          readOnly
          value={token.isPending ? API_TOKEN_COPY.loading : value}
          onFocus={(event) => event.currentTarget.select()}
          aria-label={API_TOKEN_COPY.title}
          data-testid={API_TOKEN_TESTIDS.token}
          className="h-9 min-w-0 flex-1 rounded-md border border-border bg-muted px-3 font-mono text-xs"
        />
        <Button
          variant="outline"
          onClick={() => void onCopy()}
          disabled={!value}
          data-testid={API_TOKEN_TESTIDS.copy}
        >
          {copied ? (
            <Check className="h-4 w-4" aria-hidden />
          ) : (
            <Copy className="h-4 w-4" aria-hidden />
          )}
          {copied ? API_TOKEN_COPY.copied : API_TOKEN_COPY.copy}
        </Button>
      </div>
      {token.data && <TokenScopeBadge scope={token.data.scope} />}
      {confirming ? (
        <div
          role="alertdialog"
          aria-labelledby="regenerate-title"
          className="rounded-md border border-destructive/50 bg-destructive/5 p-3 text-sm"
        >
          <p id="regenerate-title" className="font-semibold">
            {API_TOKEN_COPY.confirmTitle}
          </p>
          <p className="mt-1 text-muted-foreground">{API_TOKEN_TEXT.confirmRegenerate}</p>
          <TokenScopeChoice
            value={scope ?? current}
            onChange={setScope}
            disabled={regenerate.isPending}
          />
          <div className="mt-3 flex justify-end gap-2">
            <Button variant="outline" size="sm" onClick={onCancel}>
              {API_TOKEN_COPY.cancel}
            </Button>
            <Button
              variant="destructive"
              size="sm"
              onClick={onRegenerate}
              disabled={regenerate.isPending}
              data-testid={API_TOKEN_TESTIDS.confirm}
            >
              {API_TOKEN_COPY.regenerate}
            </Button>
          </div>
        </div>
      ) : (
        <div>
          <Button
            variant="outline"
            size="sm"
            onClick={() => setConfirming(true)}
            disabled={!value}
            data-testid={API_TOKEN_TESTIDS.regenerate}
          >
            <RefreshCw className="h-4 w-4" aria-hidden />
            {API_TOKEN_COPY.regenerate}
          </Button>
        </div>
      )}
      <AssistantsList open={open} />
      {value && <ApiDocs origin={window.location.origin} token={value} />}
    </DialogShell>
  );
}
