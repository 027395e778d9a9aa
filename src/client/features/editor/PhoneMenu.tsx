import { DropdownMenu as Menu } from 'radix-ui';
import {
  Check,
  FilePlus,
  History,
  Monitor,
  Moon,
  MoreVertical,
  Presentation,
  Share2,
  Sun,
} from 'lucide-react';
import { EDITOR_TEXT } from '@shared/messages';
import { Button } from '@/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { ExportItems } from '@/features/export/ExportItems';
import { SAVING_COPY } from '@/diagram/saving/copy';
import { PRESENT_COPY } from '@/features/present/copy';
import { openPresent } from '@/features/present/presentState';
import { useTheme } from '@/features/theme/useTheme';
import { useDraftField, type DraftStore } from '@/diagram/draftStore';
import { LineWrapMenuItem } from './LineWrapMenuItem';

const THEMES = [
  { value: 'light', label: 'Light', Icon: Sun },
  { value: 'dark', label: 'Dark', Icon: Moon },
  { value: 'system', label: 'System', Icon: Monitor },
] as const;

export const PHONE_MENU_COPY = {
  more: 'More actions',
  theme: 'Theme',
  history: 'History',
} as const;

const item = 'min-h-11 text-base';

/**
 * A phone's header keeps Save and the account in sight; the other actions live here, each with
 * its label: Share, New, Present, History, Export (spec §2's 'Choose Format': the same items as
 * the header's Export menu), Auto-save, wrapping long lines in the editor, and the theme.
 */
export function PhoneMenu({
  store,
  onShare,
  onNew,
  onHistory,
  autoSave,
}: {
  store: DraftStore;
  onShare: () => void;
  onNew: () => void;
  onHistory?: () => void;
  autoSave?: { checked: boolean; onCheckedChange: (on: boolean) => void };
}) {
  const title = useDraftField(store, 'title');
  const { choice, setChoice, resolved } = useTheme();
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button
          variant="ghost"
          size="icon"
          className="h-11 w-11 md:hidden"
          aria-label={PHONE_MENU_COPY.more}
          data-testid="phone-menu"
        >
          <MoreVertical className="h-5 w-5" aria-hidden />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent className="min-w-[15rem]" data-testid="phone-menu-content">
        <DropdownMenuItem className={item} onSelect={onShare}>
          <Share2 className="h-4 w-4" aria-hidden />
          {EDITOR_TEXT.share}
        </DropdownMenuItem>
        <DropdownMenuItem className={item} onSelect={onNew}>
          <FilePlus className="h-4 w-4" aria-hidden />
          {EDITOR_TEXT.newDiagram}
        </DropdownMenuItem>
        <DropdownMenuItem
          className={item}
          onSelect={() => openPresent()}
          data-testid="phone-menu-present"
        >
          <Presentation className="h-4 w-4" aria-hidden />
          {PRESENT_COPY.button}
        </DropdownMenuItem>
        {onHistory && (
          <DropdownMenuItem className={item} onSelect={onHistory}>
            <History className="h-4 w-4" aria-hidden />
            {PHONE_MENU_COPY.history}
          </DropdownMenuItem>
        )}
        <DropdownMenuSeparator />
        <DropdownMenuLabel>{EDITOR_TEXT.exportMenuTitle}</DropdownMenuLabel>
        <ExportItems title={title} text={() => store.get().content} theme={resolved} touch />
        {autoSave && (
          <>
            <DropdownMenuSeparator />
            <Menu.CheckboxItem
              checked={autoSave.checked}
              onCheckedChange={autoSave.onCheckedChange}
              onSelect={(event) => event.preventDefault()}
              className="flex min-h-11 cursor-pointer select-none items-center gap-2 rounded-sm px-2 text-base outline-none data-[highlighted]:bg-muted"
              data-testid="phone-menu-auto-save"
            >
              <span className="flex h-4 w-4 items-center justify-center">
                <Menu.ItemIndicator>
                  <Check className="h-4 w-4" aria-hidden />
                </Menu.ItemIndicator>
              </span>
              {SAVING_COPY.autoSave}
            </Menu.CheckboxItem>
          </>
        )}
        <DropdownMenuSeparator />
        <LineWrapMenuItem className="min-h-11 text-base" />
        <DropdownMenuSeparator />
        <DropdownMenuLabel>{PHONE_MENU_COPY.theme}</DropdownMenuLabel>
        <Menu.RadioGroup
          value={choice}
          onValueChange={(value) => setChoice(value as typeof choice)}
        >
          {THEMES.map(({ value, label, Icon }) => (
            <Menu.RadioItem
              key={value}
              value={value}
              className="flex min-h-11 cursor-pointer select-none items-center gap-2 rounded-sm px-2 text-base outline-none data-[highlighted]:bg-muted data-[state=checked]:font-semibold"
            >
              <Icon className="h-4 w-4" aria-hidden />
              {label}
            </Menu.RadioItem>
          ))}
        </Menu.RadioGroup>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
