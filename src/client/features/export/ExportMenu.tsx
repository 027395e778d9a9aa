import { DropdownMenu as Menu } from 'radix-ui';
import {
  Clapperboard,
  ClipboardCopy,
  Download,
  FileCode2,
  FileImage,
  FileStack,
} from 'lucide-react';
import { useState } from 'react';
import { STEP_PACE_MS } from '@shared/present/steps';
import { EDITOR_TEXT, EXPORT_TEXT } from '@shared/messages';
import { HeaderButton } from '@/components/HeaderButton';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { useTheme } from '@/features/theme/useTheme';
import { copyAsText } from './copyAsText';
import { EXPORT_COPY } from './copy';
import { exportDiagram } from './exportDiagram';
import { setExportMenuOpen, useExportMenuOpen } from './exportMenuState';
import { exportSteps } from './exportSteps';
import { EXPORT_TESTIDS } from './testIds';

const COPIES = [
  { format: 'txt', label: EXPORT_TEXT.copyText, testId: EXPORT_TESTIDS.copyText },
  { format: 'ascii', label: EXPORT_TEXT.copyAscii, testId: EXPORT_TESTIDS.copyAscii },
] as const;

/**
 * The header's Export button: a 'Choose Format' menu with SVG and PNG (spec §2), the diagram
 * copied as text (Unicode box drawing or plain ASCII) for terminals and code comments, and the
 * stepped files of present mode (an animated SVG at a chosen pace, a PDF of one page per step).
 */
export function ExportMenu({ title, text }: { title: string; text: () => string }) {
  const open = useExportMenuOpen();
  const { resolved } = useTheme();
  const [pace, setPace] = useState<number>(STEP_PACE_MS.default);
  return (
    <DropdownMenu open={open} onOpenChange={setExportMenuOpen}>
      <DropdownMenuTrigger asChild>
        <HeaderButton icon={Download} label="Export" data-testid={EXPORT_TESTIDS.button} />
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
            onSelect={() => void copyAsText(text(), format)}
          >
            <ClipboardCopy className="h-4 w-4" aria-hidden />
            {label}
          </DropdownMenuItem>
        ))}
        <DropdownMenuSeparator />
        <DropdownMenuLabel>{EXPORT_COPY.stepsHeading}</DropdownMenuLabel>
        <DropdownMenuItem
          data-testid={EXPORT_TESTIDS.animatedSvg}
          onSelect={() => void exportSteps('svg', title, text(), resolved, pace)}
        >
          <Clapperboard className="h-4 w-4" aria-hidden />
          {EXPORT_COPY.animatedSvg}
        </DropdownMenuItem>
        <Menu.RadioGroup
          value={String(pace)}
          onValueChange={(value) => setPace(Number(value))}
          aria-label={EXPORT_COPY.pace}
          className="flex gap-1 px-2 py-1"
        >
          {EXPORT_COPY.paces.map(({ ms, label }) => (
            <Menu.RadioItem
              key={ms}
              value={String(ms)}
              // Choosing a pace keeps the menu open for the export itself.
              onSelect={(event) => event.preventDefault()}
              className="cursor-pointer select-none rounded-sm border border-border px-2 py-0.5 text-xs outline-none data-[highlighted]:bg-muted data-[state=checked]:border-primary data-[state=checked]:font-semibold"
            >
              <span className="sr-only">{EXPORT_COPY.pace} </span>
              {label}
            </Menu.RadioItem>
          ))}
        </Menu.RadioGroup>
        <DropdownMenuItem
          data-testid={EXPORT_TESTIDS.stepsPdf}
          onSelect={() => void exportSteps('pdf', title, text(), resolved, pace)}
        >
          <FileStack className="h-4 w-4" aria-hidden />
          {EXPORT_COPY.stepsPdf}
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
