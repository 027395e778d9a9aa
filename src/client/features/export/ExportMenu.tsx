import { Download } from 'lucide-react';
import { EDITOR_TEXT } from '@shared/messages';
import { HeaderButton } from '@/components/HeaderButton';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { useTheme } from '@/features/theme/useTheme';
import { ExportItems } from './ExportItems';
import { setExportMenuOpen, useExportMenuOpen } from './exportMenuState';
import { EXPORT_TESTIDS } from './testIds';

/**
 * The header's Export button: a 'Choose Format' menu with SVG and PNG (spec §2) and a one-page
 * PDF, the diagram copied as text (Unicode box drawing or plain ASCII) for terminals and code
 * comments, and the stepped files of present mode (an animated SVG at a chosen pace, a PDF of
 * one page per step). The phone's menu shows the same items (ExportItems).
 */
export function ExportMenu({ title, text }: { title: string; text: () => string }) {
  const open = useExportMenuOpen();
  const { resolved } = useTheme();
  return (
    <DropdownMenu open={open} onOpenChange={setExportMenuOpen}>
      <DropdownMenuTrigger asChild>
        <HeaderButton icon={Download} label="Export" data-testid={EXPORT_TESTIDS.button} />
      </DropdownMenuTrigger>
      <DropdownMenuContent data-testid={EXPORT_TESTIDS.menu}>
        <DropdownMenuLabel>{EDITOR_TEXT.exportMenuTitle}</DropdownMenuLabel>
        <DropdownMenuSeparator />
        <ExportItems title={title} text={text} theme={resolved} />
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
