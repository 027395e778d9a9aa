import { Monitor, Moon, Sun } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { useTheme } from './useTheme';

const OPTIONS = [
  { value: 'light', label: 'Light', Icon: Sun },
  { value: 'dark', label: 'Dark', Icon: Moon },
  { value: 'system', label: 'System', Icon: Monitor },
] as const;

/**
 * Spec §2's theme control. `settings` (the editor's own, such as wrapping long lines) follow the
 * themes under `settingsLabel`: how the screen shows things, in one menu.
 */
export function ThemeMenu({
  settings,
  settingsLabel,
}: { settings?: ReactNode; settingsLabel?: string } = {}) {
  const { choice, resolved, setChoice } = useTheme();
  const Current = resolved === 'dark' ? Moon : Sun;
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" size="icon" aria-label="Theme" data-testid="theme-menu">
          <Current className="h-4 w-4" aria-hidden />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent>
        {OPTIONS.map(({ value, label, Icon }) => (
          <DropdownMenuItem
            key={value}
            onSelect={() => setChoice(value)}
            data-active={choice === value}
            className="data-[active=true]:font-semibold"
          >
            <Icon className="h-4 w-4" aria-hidden />
            {label}
          </DropdownMenuItem>
        ))}
        {settings && (
          <>
            <DropdownMenuSeparator />
            {settingsLabel && <DropdownMenuLabel>{settingsLabel}</DropdownMenuLabel>}
            {settings}
          </>
        )}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
