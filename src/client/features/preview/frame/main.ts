/**
 * The render frame: a sandboxed, opaque-origin document (sandbox="allow-scripts") that renders
 * and shows the diagram, so mermaid's long main-thread work never blocks typing in the editor.
 * It renders only the newest text it has received and reports each drawing to the parent.
 */
import { createLatestOnlyQueue } from '../latestOnlyQueue';
import { renderDiagram } from '../mermaidRenderer';
import { isRenderRequest, isZoomRequest, type FrameMessage, type RenderRequest } from '../protocol';
import { applyZoom, naturalSvgSize } from '../svgSize';
import { afterNextPaint } from '../afterNextPaint';
import { FRAME_STYLES } from './frameStyles';

// Our location keeps the real URL even though our origin is opaque: the parent has that origin.
const parentOrigin = new URL(window.location.href).origin;

const style = document.createElement('style');
style.textContent = FRAME_STYLES;
document.head.append(style);
const stage = document.createElement('main');
stage.id = 'stage';
document.body.append(stage);

let zoom = 1;

function post(message: FrameMessage) {
  window.parent.postMessage(message, parentOrigin);
}

async function renderAndShow(request: RenderRequest) {
  const started = performance.now();
  const result = await renderDiagram(request.text, request.theme);
  document.documentElement.style.colorScheme = request.theme === 'dark' ? 'dark' : 'light';
  stage.dataset.status = result.status;
  stage.innerHTML = result.svg;
  const svg = stage.querySelector('svg');
  // Mermaid's width="100%" would shrink wide diagrams until unreadable: show them at `zoom`.
  applyZoom(svg, zoom);
  const size = svg ? naturalSvgSize(svg) : { width: 0, height: 0 };
  await afterNextPaint();
  post({
    type: 'lifeline:result',
    seq: request.seq,
    theme: request.theme,
    renderMs: Math.round(performance.now() - started),
    textLength: request.text.length,
    ...size,
    ...result,
  });
}

const queue = createLatestOnlyQueue(renderAndShow);

window.addEventListener('message', (event) => {
  if (event.source !== window.parent || event.origin !== parentOrigin) return;
  if (isRenderRequest(event.data)) queue.submit(event.data);
  if (isZoomRequest(event.data)) {
    zoom = event.data.zoom;
    applyZoom(stage.querySelector('svg'), zoom);
  }
});

post({ type: 'lifeline:ready' });
