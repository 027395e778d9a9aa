import { X } from 'lucide-react';
import type { Collaborator, CollaboratorRole } from '@shared/schemas';
import { Button } from '@/components/ui/button';
import { SHARE_COPY, SHARE_TESTIDS } from './copy';
import { RoleSelect } from './RoleSelect';

interface CollaboratorRowProps {
  collaborator: Collaborator;
  busy: boolean;
  onRole: (role: CollaboratorRole) => void;
  onRemove: () => void;
}

export function Initial({ text, muted = false }: { text: string; muted?: boolean }) {
  return (
    <span
      className={`inline-flex h-8 w-8 shrink-0 items-center justify-center rounded-full text-xs font-semibold uppercase ${muted ? 'bg-muted text-muted-foreground' : 'bg-primary/10 text-primary'}`}
      aria-hidden
    >
      {text.charAt(0) || '?'}
    </span>
  );
}

/** One person the diagram is shared with: e-mail, role (changeable), remove. */
export function CollaboratorRow({ collaborator, busy, onRole, onRemove }: CollaboratorRowProps) {
  const { email, role } = collaborator;
  return (
    <li
      className="flex items-center gap-3 py-2"
      data-testid={SHARE_TESTIDS.collaborator}
      data-email={email}
      data-role={role}
    >
      <Initial text={email} muted />
      <span className="min-w-0 flex-1 truncate text-sm" title={email}>
        {email}
      </span>
      <RoleSelect
        value={role}
        onChange={onRole}
        label={SHARE_COPY.roleOf(email)}
        disabled={busy}
        className="h-8 text-xs"
      />
      <Button
        variant="ghost"
        size="icon"
        className="h-8 w-8 text-muted-foreground hover:text-destructive"
        onClick={onRemove}
        disabled={busy}
        aria-label={SHARE_COPY.remove(email)}
        title={SHARE_COPY.remove(email)}
      >
        <X className="h-4 w-4" aria-hidden />
      </Button>
    </li>
  );
}
