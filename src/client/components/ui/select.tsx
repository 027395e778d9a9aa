import { Check, ChevronDown } from 'lucide-react';
import { Select as Radix } from 'radix-ui';
import { cn } from '@/lib/cn';

export interface SelectOption<T extends string> {
  value: T;
  label: string;
}

interface SelectProps<T extends string> {
  value: T;
  onValueChange: (value: T) => void;
  options: readonly SelectOption<T>[];
  /** The accessible name of the control (there is no visible label beside it). */
  label: string;
  disabled?: boolean;
  className?: string;
  testId?: string;
}

/**
 * A select drawn like the rest of the product (Radix Select): a combobox button and a listbox of
 * options, with the keyboard (arrows, type-ahead, Enter, Escape) and screen-reader semantics of
 * a native one.
 */
export function Select<T extends string>({
  value,
  onValueChange,
  options,
  label,
  disabled,
  className,
  testId,
}: SelectProps<T>) {
  return (
    <Radix.Root
      value={value}
      onValueChange={(next) => onValueChange(next as T)}
      disabled={disabled}
    >
      <Radix.Trigger
        aria-label={label}
        data-testid={testId}
        className={cn(
          'inline-flex h-9 cursor-pointer items-center justify-between gap-1.5 rounded-md border border-border bg-background px-2.5 text-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring disabled:cursor-not-allowed disabled:opacity-50',
          className,
        )}
      >
        <Radix.Value />
        <Radix.Icon>
          <ChevronDown className="h-4 w-4 text-muted-foreground" aria-hidden />
        </Radix.Icon>
      </Radix.Trigger>
      <Radix.Portal>
        <Radix.Content
          position="popper"
          sideOffset={4}
          className="z-50 min-w-[var(--radix-select-trigger-width)] overflow-hidden rounded-md border border-border bg-card p-1 text-foreground shadow-lg"
        >
          <Radix.Viewport>
            {options.map((option) => (
              <Radix.Item
                key={option.value}
                value={option.value}
                className="relative flex min-h-9 cursor-pointer select-none items-center rounded-sm py-1.5 pl-7 pr-2 text-sm outline-none data-[highlighted]:bg-muted data-[disabled]:opacity-50"
              >
                <Radix.ItemIndicator className="absolute left-2 inline-flex items-center">
                  <Check className="h-4 w-4 text-primary" aria-hidden />
                </Radix.ItemIndicator>
                <Radix.ItemText>{option.label}</Radix.ItemText>
              </Radix.Item>
            ))}
          </Radix.Viewport>
        </Radix.Content>
      </Radix.Portal>
    </Radix.Root>
  );
}
