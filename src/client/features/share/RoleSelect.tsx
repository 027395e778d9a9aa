import type { CollaboratorRole } from '@shared/schemas';
import { Select } from '@/components/ui/select';
import { SHARE_COPY } from './copy';

const ROLE_OPTIONS = (['viewer', 'editor'] as const).map((role) => ({
  value: role,
  label: SHARE_COPY.roles[role],
}));

interface RoleSelectProps {
  value: CollaboratorRole;
  onChange: (role: CollaboratorRole) => void;
  label: string;
  disabled?: boolean;
  className?: string;
  testId?: string;
}

/** 'Can view' or 'Can edit', in the product's own select. */
export function RoleSelect({
  value,
  onChange,
  label,
  disabled,
  className,
  testId,
}: RoleSelectProps) {
  return (
    <Select
      value={value}
      onValueChange={onChange}
      options={ROLE_OPTIONS}
      label={label}
      disabled={disabled}
      className={className}
      testId={testId}
    />
  );
}
