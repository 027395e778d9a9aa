import { useId } from 'react';
import { Switch } from '@/components/ui/switch';
import { SAVING_COPY, SAVING_TESTIDS } from '@/diagram/saving/copy';

export function AutoSaveSwitch({
  checked,
  onCheckedChange,
}: {
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
}) {
  const id = useId();
  return (
    <span className="flex items-center gap-2">
      <Switch
        id={id}
        checked={checked}
        onCheckedChange={onCheckedChange}
        data-testid={SAVING_TESTIDS.autoSaveSwitch}
      />
      <label htmlFor={id} className="cursor-pointer text-sm text-muted-foreground max-lg:sr-only">
        {SAVING_COPY.autoSave}
      </label>
    </span>
  );
}
