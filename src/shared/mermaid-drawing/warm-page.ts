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
import {
  animateSteps,
  currentStepStyle,
  drawnSteps,
  revealStep,
  STEP_ACCENT,
  stepAccentFor,
  type DrawnStep,
} from '../present/drawn-steps.js';
import type { WarmPageApi } from './diagram-render.js';
import { markChanges } from './mark-changes.js';

interface WarmPageWindow extends WarmPageApi {
  mermaid: Mermaid;
}

const page = window as unknown as Window & WarmPageWindow;
const drawDiagram = createDrawDiagram(() => Promise.resolve(page.mermaid));
// The opening tag's own viewBox attribute; the tag holds no '>' before its end. Linear.
const HAS_VIEWBOX = /^[^>]*\sviewBox="/;

/** The steps of the drawing left on the page for a PDF, laid out as pages by lifelinePlace. */
let pendingSteps: DrawnStep[] = [];
const PAGE_CLASS = 'lifeline-step-page';
/** The mark of the current message on the pending PDF's pages (see stepAccentFor). */
let pendingAccent: string = STEP_ACCENT.light;
// One page per step: each copy of the stage breaks the page after it; the current message in
// the product's accent, as present mode shows it.
const stepPagesStyle = (accent: string) => `
@media print { html, body { height: auto !important; overflow: visible !important; } }
.${PAGE_CLASS} { break-after: page; overflow: hidden; }
.${PAGE_CLASS} > svg { display: block; }
${currentStepStyle(accent)}
`;

function stage(): HTMLElement {
  const element = document.getElementById('stage');
  if (!element) throw new Error('The render page has no #stage');
  return element;
}

page.lifelineRender = async (input) => {
  const box = stage();
  box.replaceChildren();
  box.removeAttribute('style');
  for (const page of document.querySelectorAll(`.${PAGE_CLASS}, style.${PAGE_CLASS}`)) {
    page.remove();
  }
  pendingSteps = [];
  document.body.className = '';
  document.body.style.background = input.background;
  const drawn = await drawDiagram(input.content, input.theme, { errorGraphic: false });
  if (drawn.status === 'error') return { error: drawn.error ?? 'The diagram could not be drawn' };
  const fallback = drawn.status === 'fallback';
  // SVG with a viewBox is sized by the server; only a screenshot or a PDF needs it on the page.
  const { marks } = input;
  if (input.format === 'svg' && !input.steps && !marks && HAS_VIEWBOX.test(drawn.svg)) {
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
  if (input.steps) {
    const steps = drawnSteps(element, input.content);
    if (input.format === 'svg') {
      animateSteps(element, steps, input.steps.paceMs, stepAccentFor(input.theme));
    } else if (steps.length > input.steps.maxPages) {
      return {
        error: `This diagram has ${steps.length} messages; a PDF with one page per step has at most ${input.steps.maxPages} pages.`,
      };
    } else {
      pendingSteps = steps;
      pendingAccent = stepAccentFor(input.theme);
    }
  }
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
  if (pendingSteps.length < 2) return;
  // Steps 1…n-1 are copies placed before the stage, which shows the last step.
  const style = document.createElement('style');
  style.className = PAGE_CLASS;
  style.textContent = stepPagesStyle(pendingAccent);
  document.head.append(style);
  for (let step = 0; step < pendingSteps.length - 1; step++) {
    revealStep(pendingSteps, step);
    const page = box.cloneNode(true) as HTMLElement;
    page.removeAttribute('id');
    page.className = PAGE_CLASS;
    box.before(page);
  }
  revealStep(pendingSteps, pendingSteps.length - 1);
};
