/** The '?' dialog: every shortcut with its keys (⌘ on a Mac, Ctrl elsewhere). */
import { Keyboard } from 'lucide-react';
import { Fragment, useMemo } from 'react';
import { DialogShell } from '@/components/ui/dialog-shell';
import { SHORTCUTS_COPY, SHORTCUTS_TESTIDS } from './copy';
import { isMacPlatform, shortcutKeys, type ShortcutId } from './keys';

export function Keys({ keys }: { keys: string[] }) {
  return (
    <span className="inline-flex items-center gap-1">
      {keys.map((key, index) => (
        <Fragment key={key}>
          {index > 0 && (
            <span className="text-xs text-muted-foreground" aria-hidden>
              +
            </span>
          )}
          <kbd className="inline-flex h-6 min-w-6 items-center justify-center rounded border border-border bg-muted px-1.5 font-sans text-xs font-medium text-foreground shadow-[inset_0_-1px_0_var(--color-border)]">
            {key}
          </kbd>
        </Fragment>
      ))}
    </span>
  );
}

export function ShortcutsDialog({
  open,
  onOpenChange,
  available,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The shortcuts this screen offers, in order. */
  available: ShortcutId[];
}) {
  const mac = useMemo(() => isMacPlatform(), []);
  return (
    <DialogShell
      open={open}
      onOpenChange={onOpenChange}
      size="md"
      data-testid={SHORTCUTS_TESTIDS.dialog}
      icon={Keyboard}
      title={SHORTCUTS_COPY.dialogTitle}
      description={SHORTCUTS_COPY.dialogDescription}
    >
      <dl className="divide-y divide-border rounded-md border border-border">
        {available.map((id) => (
          <div key={id} className="flex items-center justify-between gap-4 px-3 py-2">
            <dt className="text-sm">{SHORTCUTS_COPY.actions[id]}</dt>
            <dd className="shrink-0">
              <Keys keys={shortcutKeys(id, mac)} />
            </dd>
          </div>
        ))}
      </dl>
      <h3 className="mt-4 mb-2 text-sm font-medium">{SHORTCUTS_COPY.drawingTitle}</h3>
      <dl
        className="divide-y divide-border rounded-md border border-border"
        data-testid={SHORTCUTS_TESTIDS.drawingKeys}
      >
        {SHORTCUTS_COPY.drawingKeys.map(({ chords, action }) => (
          <div key={action} className="flex items-center justify-between gap-4 px-3 py-2">
            <dt className="text-sm">{action}</dt>
            <dd className="flex shrink-0 items-center gap-1.5">
              {chords.map((keys, index) => (
                <Fragment key={keys.join('+')}>
                  {index > 0 && <span className="text-xs text-muted-foreground">or</span>}
                  <Keys keys={keys} />
                </Fragment>
              ))}
            </dd>
          </div>
        ))}
      </dl>
    </DialogShell>
  );
}
