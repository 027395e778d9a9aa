/**
 * An item's actions: on wide screens small buttons that show on hover or focus; under 768px
 * (spec §2) one menu button, always visible, since touch has no hover.
 */
import { MoreHorizontal, type LucideIcon } from 'lucide-react';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { cn } from '@/lib/cn';
import { SIDEBAR_TESTIDS } from './copy';

export interface ItemAction {
  label: string;
  icon: LucideIcon;
  onSelect: () => void;
  testId: string;
  destructive?: boolean;
}

const iconButton =
  'flex h-6 w-6 shrink-0 items-center justify-center rounded text-muted-foreground hover:bg-background hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring cursor-pointer';

export function ItemActions({
  narrow,
  menuLabel,
  itemName,
  actions,
}: {
  narrow: boolean;
  menuLabel: string;
  /** Names the wide-screen buttons, e.g. 'Rename "Billing"'. */
  itemName: string;
  actions: readonly ItemAction[];
}) {
  if (narrow) {
    return (
      <DropdownMenu modal={false}>
        <DropdownMenuTrigger
          className={iconButton}
          aria-label={menuLabel}
          data-testid={SIDEBAR_TESTIDS.itemMenu}
        >
          <MoreHorizontal className="h-4 w-4" aria-hidden />
        </DropdownMenuTrigger>
        <DropdownMenuContent>
          {actions.map(({ label, icon: Icon, onSelect, testId, destructive }) => (
            <DropdownMenuItem
              key={label}
              onSelect={onSelect}
              data-testid={testId}
              className={cn(destructive && 'text-destructive')}
            >
              <Icon className="h-4 w-4" aria-hidden />
              {label}
            </DropdownMenuItem>
          ))}
        </DropdownMenuContent>
      </DropdownMenu>
    );
  }
  return (
    <span className="flex shrink-0 items-center opacity-0 transition-opacity group-hover:opacity-100 group-focus-within:opacity-100">
      {actions.map(({ label, icon: Icon, onSelect, testId, destructive }) => (
        <button
          key={label}
          type="button"
          aria-label={`${label} "${itemName}"`}
          title={label}
          onClick={onSelect}
          data-testid={testId}
          className={cn(iconButton, destructive && 'hover:text-destructive')}
        >
          <Icon className="h-3.5 w-3.5" aria-hidden />
        </button>
      ))}
    </span>
  );
}
