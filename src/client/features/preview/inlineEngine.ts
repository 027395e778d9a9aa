/**
 * Benchmark mode (`?preview=inline`, benchmark build only): renders with mermaid on the editor's
 * own main thread, as mermaid.live does. It exists so `npm run bench:typing` can measure the
 * baseline the render frame is compared with; the shipped bundle holds only the frame engine.
 */
import type { ResolvedTheme } from '@shared/mermaid-config';
import { afterNextPaint } from '../../lib/afterNextPaint';
import { createLatestOnlyQueue } from './latestOnlyQueue';
import { renderDiagram } from './mermaidRenderer';
import type { RenderRequest } from './protocol';
import { ZOOM } from '@shared/constants';
import { PreviewStore, type PreviewEngine, type ViewCommandName } from './previewStore';
import { applyZoom, clampZoom, naturalSvgSize } from './svgSize';

export class InlineEngine implements PreviewEngine {
  private readonly store: PreviewStore;
  private container: HTMLElement | null = null;
  private zoom = 1;
  private readonly queue = createLatestOnlyQueue(async (request: RenderRequest) => {
    const started = performance.now();
    const {
      svg: markup,
      drawnSvg: _drawn,
      ...result
    } = await renderDiagram(request.text, request.theme);
    if (!this.container) return;
    this.container.innerHTML = markup;
    const svg = this.container.querySelector('svg');
    applyZoom(svg, this.zoom);
    const size = svg ? naturalSvgSize(svg) : { width: 0, height: 0 };
    await afterNextPaint();
    const renderMs = Math.round(performance.now() - started);
    const { seq, theme, text } = request;
    this.store.accept({
      type: 'lifeline:result',
      seq,
      theme,
      renderMs,
      textLength: text.length,
      ...size,
      ...result,
      markup: () => Promise.resolve(markup),
    });
  });

  readonly getState: PreviewStore['getState'];
  readonly subscribe: PreviewStore['subscribe'];

  /** `publish`: see PreviewStore. */
  constructor(publish = true) {
    this.store = new PreviewStore(publish);
    this.getState = this.store.getState;
    this.subscribe = this.store.subscribe;
  }

  request(text: string, theme: ResolvedTheme): void {
    const next = this.store.next(text, theme);
    if (next) this.queue.submit({ type: 'lifeline:render', text, ...next });
  }

  setZoom(zoom: number): void {
    this.zoom = zoom;
    this.store.setZoom(zoom);
    applyZoom(this.container?.querySelector('svg') ?? null, zoom);
  }

  /** Diagnostic mode: zoom only (no pan, pinned headers or label editing). */
  view(command: ViewCommandName): void {
    const shown = this.store.getState().shown;
    const box = this.container;
    if (command !== 'fit' || !box || !shown?.width || !shown.height) {
      return this.setZoom(ZOOM.initial);
    }
    const fit = Math.min(box.clientWidth / shown.width, box.clientHeight / shown.height);
    this.setZoom(clampZoom(Math.min(ZOOM.fitCap, fit * 0.9), ZOOM.min, ZOOM.max));
  }

  setPinned(): void {}

  setTouchEditing(): void {}

  onLabelEdit(): void {}

  onStylePick(): void {}

  onDrawingEdit(): void {}

  onSelectLine(): void {}

  onDragLine(): void {}

  setName(): void {}

  highlight(): void {}

  present(): void {}

  commentMarks(): void {}

  onCommentLine(): void {}

  attach(element: HTMLElement): () => void {
    this.container = element;
    return () => {
      this.container = null;
      this.store.detach();
    };
  }
}

export function inlineModeRequested(search = window.location.search): boolean {
  return new URLSearchParams(search).get('preview') === 'inline';
}
