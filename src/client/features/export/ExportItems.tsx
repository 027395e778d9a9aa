/**
 * The Export menu's items, one list for the header's menu and the phone's, read from the table of
 * output formats (src/shared/output-formats.ts): the files of spec §2's 'Choose Format' (SVG,
 * PNG) and a one-page PDF, the diagram copied as text, and the stepped files of present mode with
 * their pace.
 */
import { DropdownMenu as Menu } from 'radix-ui';
import {
  Clapperboard,
  ClipboardCopy,
  FileCode2,
  FileImage,
  FileStack,
  FileText,
  type LucideIcon,
} from 'lucide-react';
import { Fragment, useState } from 'react';
import type { ResolvedTheme } from '@shared/mermaid-config';
import { STEP_PACE_MS } from '@shared/present/steps';
import { EXPORT_TEXT } from '@shared/messages';
import {
  formatsOn,
  isOneOf,
  MENU_FORMATS,
  menuFormats,
  outputFormat,
  STEPPED_FORMATS,
  type FormatOn,
  type MenuFormat,
} from '@shared/output-formats';
import {
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
} from '@/components/ui/dropdown-menu';
import { cn } from '@/lib/cn';
import { copyAsText } from './copyAsText';
import { EXPORT_COPY } from './copy';
import { exportDiagram } from './exportDiagram';
import { exportFromServer } from './exportFromServer';
import { EXPORT_TESTIDS } from './testIds';

/** What an item exports from: the diagram's title and text, the page's theme, the pace. */
export interface ExportContext {
  title: string;
  text: () => string;
  theme: ResolvedTheme;
  paceMs: number;
}

interface ExportItem {
  label: string;
  Icon: LucideIcon;
  testId: string;
  run: (context: ExportContext) => void;
}

const server = (format: FormatOn<'exportFile'>, steps: boolean) => (context: ExportContext) =>
  void exportFromServer({
    format,
    steps,
    title: context.title,
    content: context.text(),
    theme: context.theme,
    paceMs: context.paceMs,
  });

/** A format's icon, by what it is: a vector image, a raster image, pages, or text to copy. */
function iconOf(format: MenuFormat): LucideIcon {
  const { kind, raster } = outputFormat(format);
  if (kind === 'text') return ClipboardCopy;
  if (kind === 'document') return FileText;
  return raster ? FileImage : FileCode2;
}

/** What choosing a format does: the table's `menu` says where it is made. */
function runOf(format: MenuFormat): ExportItem['run'] {
  if (isOneOf(menuFormats('preview'), format)) {
    return (context) => void exportDiagram(format, context.title);
  }
  if (isOneOf(menuFormats('clipboard'), format)) {
    return (context) => void copyAsText(context.text(), format);
  }
  if (isOneOf(menuFormats('server'), format)) return server(format, false);
  const unknown: never = format;
  throw new Error(`The Export menu cannot make ${String(unknown)}`);
}

const formatItem = (format: MenuFormat): ExportItem => {
  const { label, menu, menuLabel } = outputFormat(format);
  return {
    label: menuLabel ?? (menu === 'clipboard' ? EXPORT_TEXT.copyAs(label) : label),
    Icon: iconOf(format),
    testId: EXPORT_TESTIDS.format[format],
    run: runOf(format),
  };
};

/** The stepped files: those the server draws for the menu that step through the messages. */
const STEPPED_FILES = STEPPED_FORMATS.filter((format) => isOneOf(formatsOn('exportFile'), format));

/** The groups of the menu, in order; `steps` ends with the pace chooser. */
export const EXPORT_GROUPS: { id: 'files' | 'copies' | 'steps'; items: ExportItem[] }[] = [
  {
    id: 'files',
    items: MENU_FORMATS.filter((format) => outputFormat(format).menu !== 'clipboard').map(
      formatItem,
    ),
  },
  { id: 'copies', items: menuFormats('clipboard').map(formatItem) },
  {
    id: 'steps',
    items: STEPPED_FILES.map((format) => ({
      label: EXPORT_COPY.stepsItem[format],
      Icon: outputFormat(format).kind === 'document' ? FileStack : Clapperboard,
      testId: EXPORT_TESTIDS.steps[format],
      run: server(format, true),
    })),
  },
];

/**
 * The items as menu entries (inside a DropdownMenuContent). `touch`: the phone's 44 px rows.
 * The pace of the stepped files is chosen here, between the animated SVG and the stepped PDF.
 */
export function ExportItems({
  title,
  text,
  theme,
  touch = false,
}: Omit<ExportContext, 'paceMs'> & { touch?: boolean }) {
  const [paceMs, setPace] = useState<number>(STEP_PACE_MS.default);
  const context: ExportContext = { title, text, theme, paceMs };
  const row = touch ? 'min-h-11 text-base' : undefined;
  const entry = (item: ExportItem) => (
    <DropdownMenuItem
      key={item.testId}
      className={row}
      data-testid={item.testId}
      data-export-item=""
      onSelect={() => item.run(context)}
    >
      <item.Icon className="h-4 w-4" aria-hidden />
      {item.label}
    </DropdownMenuItem>
  );
  return EXPORT_GROUPS.map(({ id, items }, index) => (
    <Fragment key={id}>
      {index > 0 && <DropdownMenuSeparator />}
      {id === 'steps' && <DropdownMenuLabel>{EXPORT_COPY.stepsHeading}</DropdownMenuLabel>}
      {id === 'steps' ? (
        <>
          {entry(items[0]!)}
          <Menu.RadioGroup
            value={String(paceMs)}
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
                className={cn(
                  'cursor-pointer select-none rounded-sm border border-border px-2 py-0.5 text-xs outline-none data-[highlighted]:bg-muted data-[state=checked]:border-primary data-[state=checked]:font-semibold',
                  touch && 'flex min-h-11 min-w-11 items-center justify-center text-sm',
                )}
              >
                <span className="sr-only">{EXPORT_COPY.pace} </span>
                {label}
              </Menu.RadioItem>
            ))}
          </Menu.RadioGroup>
          {items.slice(1).map(entry)}
        </>
      ) : (
        items.map(entry)
      )}
    </Fragment>
  ));
}
