/**
 * The steps of a sequence diagram as drawn: which elements of mermaid's SVG each step of
 * `presentSteps` reveals. It reads the markup's own attributes only (no layout), so it works on
 * the drawing on screen, on a parsed copy and in the server's warm pages alike.
 *
 * Messages pair with the text by order (mermaid draws them in source order, each as its label,
 * its line, then its arrow head line and number); notes and blocks by their drawing order (see
 * steps.ts). Activation bars are placed by height: a bar appears with the first message drawn at
 * or below its top.
 */
import { markerCopy, SVG_SHAPES } from '../mermaid-drawing/marker-copy.js';
import { messageGroups } from '../mermaid-drawing/svg-parts.js';
import { HOLD_PACES, presentSteps } from './steps.js';

export interface DrawnStep {
  /** The message's label, line and sequence number: what the step highlights. */
  message: Element[];
  /** Notes, blocks and activation bars that appear with it. */
  extras: Element[];
}

// `M x,y` or `M x y` at the start of a self-message's path: one run of digits per number.
const PATH_START = /^\s*M\s*-?[\d.]+[\s,]+(-?[\d.]+)/;

function number(value: string | null | undefined): number | null {
  if (value === null || value === undefined || value === '') return null;
  const parsed = Number(value);
  return Number.isFinite(parsed) ? parsed : null;
}

/** Where a message's line is drawn, from top. */
function messageTop(elements: Element[]): number | null {
  for (const element of elements) {
    if (!element.matches('.messageLine0, .messageLine1')) continue;
    if (element.tagName.toLowerCase() === 'path') {
      return number(PATH_START.exec(element.getAttribute('d') ?? '')?.[1]);
    }
    return number(element.getAttribute('y1'));
  }
  return null;
}

/** Each message's elements: its label run and what follows it up to the next message. */
function messageElements(svg: Element): Element[][] {
  const groups = messageGroups(svg);
  return groups.map((group, index) => {
    const stop = groups[index + 1]?.[0] ?? null;
    const elements = [...group];
    for (
      let at = group.at(-1)?.nextElementSibling ?? null;
      at && at !== stop && at.tagName.toLowerCase() !== 'g';
      at = at.nextElementSibling
    ) {
      elements.push(at);
    }
    return elements;
  });
}

const unique = (elements: Iterable<Element | null>) =>
  [...new Set(elements)].filter((element): element is Element => element !== null);

/** A bar drawn a few pixels below its message's line still belongs to that message. */
const ACTIVATION_SLACK_PX = 4;

/** The drawing's steps, in order; empty when `text` has no messages or is not a sequence. */
export function drawnSteps(svg: Element, text: string): DrawnStep[] {
  const planned = presentSteps(text);
  if (planned.length === 0) return [];
  const messages = messageElements(svg);
  const count = Math.min(planned.length, messages.length);
  const notes = unique([...svg.querySelectorAll('rect.note')].map((rect) => rect.parentElement));
  const frames = unique(
    [...svg.querySelectorAll('line.loopLine')].map((line) => line.parentElement),
  );
  const rects = [...svg.querySelectorAll(':scope > rect.rect')];
  const steps: DrawnStep[] = [];
  for (let index = 0; index < count; index++) {
    const plan = planned[index]!;
    steps.push({
      message: messages[index]!,
      extras: unique([
        ...plan.notes.map((at) => notes[at] ?? null),
        ...plan.frames.map((at) => frames[at] ?? null),
        ...plan.rects.map((at) => rects[at] ?? null),
      ]),
    });
  }
  const tops = steps.map((step) => messageTop(step.message));
  for (const bar of svg.querySelectorAll('rect[class^="activation"]')) {
    const top = number(bar.getAttribute('y'));
    if (top === null) continue;
    let at = tops.findIndex((y) => y !== null && y >= top - ACTIVATION_SLACK_PX);
    if (at < 0) at = steps.length - 1;
    steps[at]?.extras.push(bar.parentElement ?? bar);
  }
  return steps;
}

/** Marks the message of the step being shown. */
export const CURRENT_STEP_CLASS = 'lifeline-step-current';
/** Marks the copies of arrow heads the current message points at instead of its own. */
const CURRENT_MARKER_CLASS = 'lifeline-step-current-head';
const MARKER_ATTRIBUTES = ['marker-start', 'marker-end'] as const;
/** Where a marked line keeps the heads it had, to have them back when it is no longer current. */
const ownHead = (attribute: string) => `data-lifeline-${attribute}`;

/**
 * Points a message line's arrow heads at copies painted in the mark's colour (`on`), or back at
 * its own (a style's red head stayed red beside the accent line).
 */
function markHeads(line: Element, on: boolean): void {
  const svg = line.closest('svg');
  if (!svg) return;
  for (const attribute of MARKER_ATTRIBUTES) {
    const own = line.getAttribute(ownHead(attribute));
    if (!on) {
      if (own !== null) line.setAttribute(attribute, own);
      line.removeAttribute(ownHead(attribute));
      continue;
    }
    const reference = own ?? line.getAttribute(attribute);
    if (!reference) continue;
    const copy = markerCopy(svg, reference, 'lifeline-current', (made) =>
      made.classList.add(CURRENT_MARKER_CLASS),
    );
    if (!copy) continue;
    line.setAttribute(ownHead(attribute), reference);
    line.setAttribute(attribute, copy);
  }
}

/** The colour of that mark: the product's accent, lighter on a dark drawing. */
export const STEP_ACCENT = { light: '#4f46e5', dark: '#a5b4fc' } as const;
export const stepAccentFor = (theme: string): string =>
  theme === 'dark' ? STEP_ACCENT.dark : STEP_ACCENT.light;

/**
 * CSS marking the current message in `color` (its number keeps its own colour on its disc),
 * under `scope` (a selector such as a theme's root, or '').
 */
export function currentStepStyle(color: string, scope = ''): string {
  const at = scope ? `${scope} ` : '';
  const heads = `${at}marker.${CURRENT_MARKER_CLASS} :is(${SVG_SHAPES})`;
  return [
    `${at}text.${CURRENT_STEP_CLASS}:not(.sequenceNumber) { fill: ${color} !important; font-weight: 600; }`,
    `${at}:is(line, path).${CURRENT_STEP_CLASS} { stroke: ${color} !important; stroke-width: 2.5px !important; }`,
    `${heads}:not([fill="none"]) { fill: ${color} !important; }`,
    `${heads} { stroke: ${color} !important; }`,
  ].join('\n');
}

/** Shows steps 0…`step` (hiding later ones) and marks the current message; null shows all. */
export function revealStep(steps: readonly DrawnStep[], step: number | null): void {
  steps.forEach((drawn, index) => {
    const hidden = step !== null && index > step;
    for (const element of [...drawn.message, ...drawn.extras]) {
      const styled = element as Element & { style?: CSSStyleDeclaration };
      if (hidden) styled.style?.setProperty('visibility', 'hidden');
      else styled.style?.removeProperty('visibility');
    }
    for (const element of drawn.message) {
      element.classList.toggle(CURRENT_STEP_CLASS, index === step);
      if (element.matches('line, path')) markHeads(element, index === step);
    }
  });
}

/** A message's parts that present mode marks: its label and its line (not its number). */
const markable = (element: Element) =>
  element.matches('text, line, path') && !element.classList.contains('sequenceNumber');

/**
 * The current message, marked in `color` as present mode marks it: a copy of its label and line
 * in the mark's style, over the original and shown only while it is the current step (the last
 * one stays marked while the whole drawing holds).
 */
function markCurrent(
  steps: readonly DrawnStep[],
  cycle: number,
  paceMs: number,
  rules: string[],
): void {
  steps.forEach((drawn, index) => {
    const name = `lifeline-mark-${index}`;
    const from = ((index * paceMs) / cycle) * 100;
    const to = index === steps.length - 1 ? 100 : (((index + 1) * paceMs) / cycle) * 100;
    const frames =
      index === 0 ? ['0%{opacity:1}'] : ['0%{opacity:0}', `${from.toFixed(4)}%{opacity:1}`];
    if (to < 100) frames.push(`${to.toFixed(4)}%{opacity:0}`, '100%{opacity:0}');
    else frames.push('100%{opacity:1}');
    rules.push(
      `@keyframes ${name}{${frames.join('')}}`,
      `.${name}{animation:${name} ${cycle}ms step-end infinite;pointer-events:none}`,
    );
    for (const element of drawn.message.filter(markable)) {
      const copy = element.cloneNode(true) as Element;
      copy.classList.add(CURRENT_STEP_CLASS, name);
      copy.removeAttribute('id');
      element.after(copy);
      if (copy.matches('line, path')) markHeads(copy, true);
    }
  });
}

/**
 * Makes the drawing play its steps with CSS only (no script): each step's elements fade in at
 * its moment, the current message is marked in `color` (as present mode marks it), the whole
 * drawing holds for HOLD_PACES paces, then it starts again. A reader who asks for reduced motion
 * sees the whole drawing, still.
 */
export function animateSteps(
  svg: Element,
  steps: readonly DrawnStep[],
  paceMs: number,
  color: string,
): void {
  if (steps.length < 2) return;
  const cycle = (steps.length + HOLD_PACES) * paceMs;
  const rules: string[] = [currentStepStyle(color)];
  // The marks are copies of the messages as drawn, made before the steps' classes go on.
  markCurrent(steps, cycle, paceMs, rules);
  steps.forEach((drawn, index) => {
    if (index === 0) return;
    const name = `lifeline-step-${index}`;
    const at = ((index * paceMs) / cycle) * 100;
    rules.push(
      `@keyframes ${name}{0%{opacity:0}${at.toFixed(4)}%{opacity:1}100%{opacity:1}}`,
      `.${name}{animation:${name} ${cycle}ms step-end infinite}`,
    );
    for (const element of [...drawn.message, ...drawn.extras]) element.classList.add(name);
  });
  // Reduced motion: the whole drawing, still and unmarked, instead of the play.
  const stepped = steps.slice(1).map((_, index) => `.lifeline-step-${index + 1}`);
  const marks = steps.map((_, index) => `.lifeline-mark-${index}`);
  rules.push(
    `@media (prefers-reduced-motion: reduce){${stepped.join(',')}{animation:none}${marks.join(',')}{animation:none;opacity:0}}`,
  );
  const style = svg.ownerDocument.createElementNS('http://www.w3.org/2000/svg', 'style');
  style.textContent = rules.join('\n');
  svg.append(style);
}
