/**
 * The script of the server's warm render pages (bundled into dist/render-page/render.js by
 * vite.render-page.config.ts). mermaid is preloaded by the page as `window.mermaid`; drawing goes
 * through the same module as the browser preview.
 *
 * `lifelineRender` draws one diagram and leaves it fitted in #stage (for a screenshot), answering
 * the SVG text or mermaid's error text; `lifelinePlace` gives the drawing its final size.
 */
import type { Mermaid } from 'mermaid';
import { createDrawDiagram } from './draw-diagram.js';
import type { WarmPageApi } from './diagram-render.js';
import { markChanges } from './mark-changes.js';

interface WarmPageWindow extends WarmPageApi {
  mermaid: Mermaid;
}

const page = window as unknown as Window & WarmPageWindow;
const drawDiagram = createDrawDiagram(() => Promise.resolve(page.mermaid));
// The opening tag's own viewBox attribute; the tag holds no '>' before its end. Linear.
const HAS_VIEWBOX = /^[^>]*\sviewBox="/;

function stage(): HTMLElement {
  const element = document.getElementById('stage');
  if (!element) throw new Error('The render page has no #stage');
  return element;
}

page.lifelineRender = async (input) => {
  const box = stage();
  box.replaceChildren();
  box.removeAttribute('style');
  document.body.className = '';
  document.body.style.background = input.background;
  const drawn = await drawDiagram(input.content, input.theme, { errorGraphic: false });
  if (drawn.status === 'error') return { error: drawn.error ?? 'The diagram could not be drawn' };
  const fallback = drawn.status === 'fallback';
  // SVG with a viewBox is sized by the server; only a screenshot or a PDF needs it on the page.
  const { marks } = input;
  if (input.format === 'svg' && !marks && HAS_VIEWBOX.test(drawn.svg)) {
    return { svg: drawn.svg, fallback };
  }
  box.innerHTML = drawn.svg;
  const element = box.querySelector('svg');
  if (!element) return { error: 'The diagram produced no SVG' };
  if (marks) markChanges(element, marks, input.theme);
  if (!element.getAttribute('viewBox')) {
    const bounds = element.getBBox();
    element.setAttribute('viewBox', [bounds.x, bounds.y, bounds.width, bounds.height].join(' '));
  }
  element.removeAttribute('style');
  const { width, height } = element.viewBox.baseVal;
  return {
    svg: input.format === 'svg' ? new XMLSerializer().serializeToString(element) : '',
    box: { width, height },
    fallback,
  };
};

page.lifelinePlace = ({ width, height }) => {
  const box = stage();
  const element = box.querySelector('svg');
  box.style.width = `${width}px`;
  box.style.height = `${height}px`;
  element?.setAttribute('width', String(width));
  element?.setAttribute('height', String(height));
  element?.setAttribute('preserveAspectRatio', 'xMidYMid meet');
};
