import type { CollaboratorRole } from '@shared/schemas';
import { cn } from '@/lib/cn';
import { SHARE_COPY } from './copy';

const ROLES: CollaboratorRole[] = ['viewer', 'editor'];

interface RoleSelectProps {
  value: CollaboratorRole;
  onChange: (role: CollaboratorRole) => void;
  label: string;
  disabled?: boolean;
  className?: string;
  testId?: string;
}

/** A native select: keyboard, screen readers and phones handle it without help. */
export function RoleSelect({
  value,
  onChange,
  label,
  disabled,
  className,
  testId,
}: RoleSelectProps) {
  return (
    <select
      aria-label={label}
      value={value}
      disabled={disabled}
      onChange={(event) => onChange(event.target.value as CollaboratorRole)}
      data-testid={testId}
      className={cn(
        'h-9 cursor-pointer rounded-md border border-border bg-background px-2 text-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring disabled:cursor-not-allowed disabled:opacity-50',
        className,
      )}
    >
      {ROLES.map((role) => (
        <option key={role} value={role}>
          {SHARE_COPY.roles[role]}
        </option>
      ))}
    </select>
  );
}
