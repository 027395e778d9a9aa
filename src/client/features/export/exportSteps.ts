/**
 * The Export menu's stepped files: an SVG that plays the messages one after another (CSS, no
 * script) or a PDF of one page per message, drawn by the server's renderer from the editor's
 * text in the page's theme, as the public API's convert draws them with `steps`.
 */
import { exportFileName } from '@shared/file-name';
import type { ResolvedTheme } from '@shared/mermaid-config';
import { EXPORT_TEXT } from '@shared/messages';
import type { StepExportBody } from '@shared/schemas';
import { http, readableError } from '@/api/http';
import { toast } from '@/components/ui/toast-store';
import { downloadBlob } from './downloadBlob';
import { EXPORT_COPY } from './copy';

export async function exportSteps(
  format: StepExportBody['format'],
  title: string,
  content: string,
  theme: ResolvedTheme,
  paceMs: number,
): Promise<void> {
  try {
    const body: StepExportBody = { content, format, theme, paceMs };
    const response = await http.request('/api/export/steps', {
      method: 'POST',
      body: JSON.stringify(body),
    });
    const blob = await response.blob();
    downloadBlob(blob, exportFileName(`${title} ${EXPORT_COPY.stepsFileSuffix}`, format));
    toast({ title: EXPORT_TEXT.success(EXPORT_COPY.stepsLabel[format]) });
  } catch (error) {
    toast({ title: EXPORT_TEXT.failed, description: readableError(error), variant: 'destructive' });
  }
}
