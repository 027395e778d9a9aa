import { UserPlus } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import type { CollaboratorRole } from '@shared/schemas';
import { useAddCollaborator, useCollaborators, useRemoveCollaborator } from '@/api/collaborators';
import { readableError } from '@/api/http';
import { Button } from '@/components/ui/button';
import { SHARE_COPY, SHARE_TESTIDS } from './copy';
import { CollaboratorRow, Initial } from './CollaboratorRow';
import { EditorLinkButton } from './EditorLinkButton';
import { RoleSelect } from './RoleSelect';

interface CollaboratorsSectionProps {
  diagramId: number;
  /** The owner (the signed-in user), listed first. */
  owner: { name: string; email: string | null };
  /** Saves a never-saved diagram first; the id to share, or null when saving failed. */
  ensureSaved: () => Promise<number | null>;
  /** The public link is on: the diagram is not only its owner's to open. */
  isPublic: boolean;
}

/** People with access: list with roles, add by e-mail and role, change a role, remove. */
export function CollaboratorsSection({
  diagramId,
  owner,
  ensureSaved,
  isPublic,
}: CollaboratorsSectionProps) {
  const list = useCollaborators(diagramId);
  const add = useAddCollaborator();
  const remove = useRemoveCollaborator();
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<CollaboratorRole>('viewer');
  const [error, setError] = useState<string | null>(null);
  const busy = add.isPending || remove.isPending;

  async function run(action: (id: number) => Promise<unknown>): Promise<boolean> {
    setError(null);
    try {
      const id = diagramId || (await ensureSaved());
      if (!id) return false;
      await action(id);
      return true;
    } catch (failure) {
      setError(readableError(failure)); // the server's {error} text, e.g. a bad e-mail
      return false;
    }
  }

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const ok = await run((id) => add.mutateAsync({ diagramId: id, body: { email, role } }));
    if (ok) setEmail('');
  };

  const people = list.data ?? [];
  return (
    <section
      className="grid min-w-0 grid-cols-[minmax(0,1fr)] gap-3"
      data-testid={SHARE_TESTIDS.collaborators}
    >
      <h3 className="text-sm font-medium">{SHARE_COPY.people}</h3>
      <form className="flex gap-2" onSubmit={(event) => void onSubmit(event)} noValidate>
        <input
          type="email"
          required
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          placeholder={SHARE_COPY.emailPlaceholder}
          aria-label={SHARE_COPY.emailLabel}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'share-add-error' : undefined}
          disabled={busy}
          data-testid={SHARE_TESTIDS.email}
          className="h-9 min-w-0 flex-1 rounded-md border border-border bg-background px-3 text-sm placeholder:text-muted-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring aria-[invalid]:border-destructive"
        />
        <RoleSelect
          value={role}
          onChange={setRole}
          label={SHARE_COPY.roleLabel}
          disabled={busy}
          testId={SHARE_TESTIDS.role}
        />
        <Button
          type="submit"
          disabled={busy || email.trim() === ''}
          data-testid={SHARE_TESTIDS.add}
        >
          <UserPlus className="h-4 w-4" aria-hidden />
          <span className="max-sm:sr-only">{SHARE_COPY.add}</span>
        </Button>
      </form>
      {error && (
        <p
          id="share-add-error"
          role="alert"
          className="-mt-1 text-xs text-destructive"
          data-testid={SHARE_TESTIDS.addError}
        >
          {error}
        </p>
      )}
      <ul className="max-h-56 divide-y divide-border overflow-y-auto">
        <li className="flex items-center gap-3 py-2">
          <Initial text={owner.name} />
          <span className="grid min-w-0 flex-1 text-sm">
            <span className="truncate">
              {owner.name} <span className="text-muted-foreground">({SHARE_COPY.you})</span>
            </span>
            {owner.email && (
              <span className="truncate text-xs text-muted-foreground">{owner.email}</span>
            )}
          </span>
          <span className="px-2 text-xs text-muted-foreground">{SHARE_COPY.owner}</span>
        </li>
        {people.map((person) => (
          <CollaboratorRow
            key={person.id}
            collaborator={person}
            busy={busy}
            onRole={(next) =>
              void run((id) =>
                add.mutateAsync({ diagramId: id, body: { email: person.email, role: next } }),
              )
            }
            onRemove={() =>
              void run((id) => remove.mutateAsync({ diagramId: id, collaboratorId: person.id }))
            }
          />
        ))}
      </ul>
      {list.isSuccess && people.length === 0 && (
        <p className="-mt-2 text-xs text-muted-foreground" data-testid={SHARE_TESTIDS.noPeople}>
          {isPublic ? SHARE_COPY.noPeoplePublic : SHARE_COPY.noPeople}
        </p>
      )}
      {people.length > 0 && <EditorLinkButton diagramId={diagramId} />}
    </section>
  );
}
