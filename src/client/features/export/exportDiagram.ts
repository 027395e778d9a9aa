/** Spec §5/§8: export the preview's current SVG as an SVG or PNG file, with the spec's toasts. */
import type { ExportFormat } from '@shared/constants';
import { exportFileName } from '@shared/file-name';
import { EXPORT_BACKGROUND } from '@shared/mermaid-config';
import { EXPORT_TEXT } from '@shared/messages';
import { toast } from '@/components/ui/toast-store';
import { getRenderedDiagram } from '@/features/preview/renderedSvg';
import { downloadBlob } from './downloadBlob';
import { toStandaloneSvg } from './standaloneSvg';
import { svgToPng } from './svgToPng';

export async function exportDiagram(format: ExportFormat, title: string): Promise<void> {
  const diagram = getRenderedDiagram();
  if (!diagram) {
    toast({ title: EXPORT_TEXT.failed, description: EXPORT_TEXT.noSvg, variant: 'destructive' });
    return;
  }
  const label = format.toUpperCase();
  try {
    const background = EXPORT_BACKGROUND[diagram.theme];
    const svg = toStandaloneSvg(await diagram.markup(), background);
    const blob =
      format === 'svg'
        ? new Blob([svg.xml], { type: 'image/svg+xml;charset=utf-8' })
        : await svgToPng(svg, background);
    downloadBlob(blob, exportFileName(title, format));
    toast({ title: EXPORT_TEXT.success(label) });
  } catch (error) {
    const description = error instanceof Error ? error.message : undefined;
    toast({ title: EXPORT_TEXT.failed, description, variant: 'destructive' });
  }
}
