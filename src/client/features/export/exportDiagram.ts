/** Spec §5/§8: export the preview's current SVG as an SVG or PNG file, with the spec's toasts. */
import { exportFileName } from '@shared/file-name';
import { EXPORT_BACKGROUND } from '@shared/mermaid-config';
import { EXPORT_TEXT } from '@shared/messages';
import { contentTypeOf, outputFormat, type MenuFormat } from '@shared/output-formats';
import { toast } from '@/components/ui/toast-store';
import { getRenderedDiagram } from '@/features/preview/renderedSvg';
import { downloadBlob } from './downloadBlob';
import { toStandaloneSvg } from './standaloneSvg';
import { svgToPng } from './svgToPng';

/** `format`: one the menu makes from the preview's drawing (src/shared/output-formats.ts). */
export async function exportDiagram(format: MenuFormat<'preview'>, title: string): Promise<void> {
  const diagram = getRenderedDiagram();
  if (!diagram) {
    toast({ title: EXPORT_TEXT.failed, description: EXPORT_TEXT.noSvg, variant: 'destructive' });
    return;
  }
  const { label, extension } = outputFormat(format);
  try {
    const background = EXPORT_BACKGROUND[diagram.theme];
    const svg = toStandaloneSvg(await diagram.markup(), background);
    const blob =
      format === 'svg'
        ? new Blob([svg.xml], { type: contentTypeOf('svg') })
        : await svgToPng(svg, background);
    downloadBlob(blob, exportFileName(title, extension));
    toast({ title: EXPORT_TEXT.success(label) });
  } catch (error) {
    const description = error instanceof Error ? error.message : undefined;
    toast({ title: EXPORT_TEXT.failed, description, variant: 'destructive' });
  }
}
