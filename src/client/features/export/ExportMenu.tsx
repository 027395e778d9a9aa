import { ClipboardCopy, Download, FileCode2, FileImage } from 'lucide-react';
import { EDITOR_TEXT, EXPORT_TEXT } from '@shared/messages';
import { Button } from '@/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { copyAsText } from './copyAsText';
import { exportDiagram } from './exportDiagram';
import { setExportMenuOpen, useExportMenuOpen } from './exportMenuState';
import { EXPORT_TESTIDS } from './testIds';

const COPIES = [
  { format: 'txt', label: EXPORT_TEXT.copyText, testId: EXPORT_TESTIDS.copyText },
  { format: 'ascii', label: EXPORT_TEXT.copyAscii, testId: EXPORT_TESTIDS.copyAscii },
] as const;

/**
 * The header's Export button: a 'Choose Format' menu with SVG and PNG (spec §2), and the diagram
 * copied as text (Unicode box drawing or plain ASCII) for terminals and code comments.
 */
export function ExportMenu({ title, content }: { title: string; content: () => string }) {
  const open = useExportMenuOpen();
  return (
    <DropdownMenu open={open} onOpenChange={setExportMenuOpen}>
      <DropdownMenuTrigger asChild>
        <Button variant="outline" size="sm" data-testid={EXPORT_TESTIDS.button}>
          <Download className="h-4 w-4" aria-hidden />
          Export
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent data-testid={EXPORT_TESTIDS.menu}>
        <DropdownMenuLabel>{EDITOR_TEXT.exportMenuTitle}</DropdownMenuLabel>
        <DropdownMenuSeparator />
        <DropdownMenuItem onSelect={() => void exportDiagram('svg', title)}>
          <FileCode2 className="h-4 w-4" aria-hidden />
          SVG
        </DropdownMenuItem>
        <DropdownMenuItem onSelect={() => void exportDiagram('png', title)}>
          <FileImage className="h-4 w-4" aria-hidden />
          PNG
        </DropdownMenuItem>
        <DropdownMenuSeparator />
        {COPIES.map(({ format, label, testId }) => (
          <DropdownMenuItem
            key={format}
            data-testid={testId}
            onSelect={() => void copyAsText(content(), format)}
          >
            <ClipboardCopy className="h-4 w-4" aria-hidden />
            {label}
          </DropdownMenuItem>
        ))}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
