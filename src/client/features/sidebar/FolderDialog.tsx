import { useId, useState, type FormEvent } from 'react';
import type { Folder } from '@shared/schemas';
import { FOLDER_NAME_MAX } from '@shared/schemas';
import { TOAST_TEXT } from '@shared/messages';
import { useCreateFolder, useUpdateFolder } from '@/api/folders';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { DialogPanel } from '@/components/ui/dialog-shell';
import { toast } from '@/components/ui/toast-store';
import { readableError } from '@/api/http';
import { SIDEBAR_COPY, SIDEBAR_TESTIDS, SIDEBAR_TEXT } from './copy';

/** What the dialog edits: a new folder, or an existing one to rename. */
export type FolderEdit = { kind: 'create' } | { kind: 'rename'; folder: Folder };

/** Spec §2 folder create/edit: Name, Cancel, Save ('Saving...' while saving; spec §5 rules). */
export function FolderDialog({
  edit,
  onClose,
  onCreated,
}: {
  edit: FolderEdit | null;
  onClose: () => void;
  onCreated: (folder: Folder) => void;
}) {
  return (
    <Dialog open={edit !== null} onOpenChange={(open) => !open && onClose()}>
      {edit && (
        <FolderForm
          key={edit.kind === 'rename' ? edit.folder.id : 'new'}
          edit={edit}
          onClose={onClose}
          onCreated={onCreated}
        />
      )}
    </Dialog>
  );
}

function FolderForm({
  edit,
  onClose,
  onCreated,
}: {
  edit: FolderEdit;
  onClose: () => void;
  onCreated: (folder: Folder) => void;
}) {
  const id = useId();
  const [name, setName] = useState(edit.kind === 'rename' ? edit.folder.name : '');
  const create = useCreateFolder();
  const update = useUpdateFolder();
  const saving = create.isPending || update.isPending;
  const trimmed = name.trim();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!trimmed || saving) return;
    try {
      if (edit.kind === 'create') onCreated(await create.mutateAsync(trimmed));
      else await update.mutateAsync({ id: edit.folder.id, body: { name: trimmed } });
      onClose();
    } catch (error) {
      toast({ title: TOAST_TEXT.error, description: readableError(error), variant: 'destructive' });
    }
  };

  return (
    <DialogPanel
      size="sm"
      data-testid={SIDEBAR_TESTIDS.folderDialog}
      onSubmit={(event) => void submit(event)}
      title={edit.kind === 'create' ? SIDEBAR_COPY.newFolder : SIDEBAR_COPY.editFolder}
      footer={
        <>
          <Button variant="outline" onClick={onClose} disabled={saving}>
            {SIDEBAR_TEXT.cancel}
          </Button>
          <Button type="submit" disabled={!trimmed || saving}>
            {saving ? SIDEBAR_TEXT.saving : SIDEBAR_TEXT.save}
          </Button>
        </>
      }
    >
      <fieldset disabled={saving} className="grid gap-1.5">
        <label htmlFor={id} className="text-sm font-medium">
          {SIDEBAR_TEXT.folderName}
        </label>
        <input
          id={id}
          value={name}
          maxLength={FOLDER_NAME_MAX}
          autoFocus
          autoComplete="off"
          onChange={(event) => setName(event.target.value)}
          data-testid={SIDEBAR_TESTIDS.folderName}
          className="h-9 rounded-md border border-border bg-background px-3 text-sm outline-none focus-visible:ring-2 focus-visible:ring-ring"
        />
      </fieldset>
    </DialogPanel>
  );
}
