/**
 * The Export menu's files drawn by the server's renderer from the editor's text in the page's
 * theme, as the public API's convert draws them: a PDF of one page (titled with the diagram's
 * title), and with `steps` an SVG that plays the messages one after another (CSS, no script) or
 * a PDF of one page per message.
 */
import { exportFileName } from '@shared/file-name';
import type { ResolvedTheme } from '@shared/mermaid-config';
import { EXPORT_TEXT } from '@shared/messages';
import { outputFormat } from '@shared/output-formats';
import type { ExportFileBody } from '@shared/schemas';
import { http, readableError } from '@/api/http';
import { toast } from '@/components/ui/toast-store';
import { downloadBlob } from './downloadBlob';
import { EXPORT_COPY } from './copy';

export interface ServerExport {
  format: ExportFileBody['format'];
  steps: boolean;
  title: string;
  content: string;
  theme: ResolvedTheme;
  paceMs: number;
}

export async function exportFromServer(file: ServerExport): Promise<void> {
  const { format, steps, title, content, theme, paceMs } = file;
  try {
    const body: ExportFileBody = {
      content,
      format,
      theme,
      steps,
      ...(steps ? { paceMs } : {}),
      ...(title.trim() ? { title } : {}),
    };
    const response = await http.request('/api/export/file', {
      method: 'POST',
      body: JSON.stringify(body),
    });
    const blob = await response.blob();
    const name = steps ? `${title} ${EXPORT_COPY.stepsFileSuffix}` : title;
    const { label, extension } = outputFormat(format);
    downloadBlob(blob, exportFileName(name, extension));
    toast({ title: EXPORT_TEXT.success(steps ? EXPORT_COPY.stepsLabel[format] : label) });
  } catch (error) {
    toast({ title: EXPORT_TEXT.failed, description: readableError(error), variant: 'destructive' });
  }
}
