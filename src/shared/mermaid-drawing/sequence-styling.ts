/**
 * Puts the resolved styles of a sequence diagram (shared/mermaid-reader/sequence-styles.ts) on
 * mermaid's drawing of it. Mermaid's sequence parser knows no styling statements, so the drawing
 * is made without them and styled afterwards: participants' boxes and figures (top and bottom)
 * and their names, messages' lines, arrow heads and labels.
 *
 * Values reach the drawing only through `style.setProperty` on elements, never as markup, and
 * only after safe-style.ts has validated them.
 */
import type { SafeStyle, SafeStyleProperty } from '../mermaid-reader/safe-style.js';
import type { StyleTarget } from '../mermaid-reader/style-edit.js';
import type { MermaidTheme } from '../mermaid-config.js';
import { markerCopy, SVG_SHAPES } from './marker-copy.js';
import { darkModeTextOn } from './readable-text.js';

export interface DrawingStyles {
  participants: ReadonlyMap<string, SafeStyle>;
  messages: ReadonlyMap<number, SafeStyle>;
}

const SHAPE_PROPERTIES: readonly SafeStyleProperty[] = [
  'fill',
  'stroke',
  'stroke-width',
  'stroke-dasharray',
  'opacity',
];
const LINE_PROPERTIES: readonly SafeStyleProperty[] = [
  'stroke',
  'stroke-width',
  'stroke-dasharray',
  'opacity',
];
const TEXT_PROPERTIES: readonly SafeStyleProperty[] = ['font-weight', 'font-style', 'opacity'];

function setAll(element: Element, style: SafeStyle, properties: readonly SafeStyleProperty[]) {
  if (!(element instanceof SVGElement)) return;
  for (const property of properties) {
    const value = style[property];
    if (value !== undefined) element.style.setProperty(property, value);
  }
}

/** A label's text and its lines: `color` is their fill (mermaid styles tspans on their own). */
function styleText(text: Element, style: SafeStyle) {
  for (const element of [text, ...text.querySelectorAll('tspan')]) {
    setAll(element, style, TEXT_PROPERTIES);
    if (style.color !== undefined && element instanceof SVGElement) {
      element.style.setProperty('fill', style.color);
    }
  }
}

/** The element holding a participant shape together with its name. */
function holder(shape: Element): Element | null {
  return shape.querySelector('text') ? shape : shape.parentElement;
}

/**
 * Each participant's drawn parts (top and bottom) by participant id. Mermaid names some shapes
 * (`name`, `data-id`); the rest are known by their name's position, which is their lifeline's.
 */
function participantParts(svg: Element): Map<string, Set<Element>> {
  const byX = new Map<number, string>();
  for (const line of svg.querySelectorAll('line.actor-line[name]')) {
    const x = Number(line.getAttribute('x1'));
    if (Number.isFinite(x)) byX.set(Math.round(x), line.getAttribute('name') ?? '');
  }
  const parts = new Map<string, Set<Element>>();
  for (const shape of svg.querySelectorAll('.actor-top, .actor-bottom')) {
    const container = holder(shape);
    if (!container) continue;
    const label = container.querySelector('text.actor');
    const named =
      shape.getAttribute('name') ??
      container.getAttribute('data-id') ??
      byX.get(Math.round(Number(label?.getAttribute('x'))));
    if (named === undefined || named === null) continue;
    const set = parts.get(named) ?? new Set<Element>();
    set.add(container);
    parts.set(named, set);
  }
  return parts;
}

/**
 * In dark mode a fill without a text colour gets one it can be read on (mermaid's light names
 * would vanish on a light box); the light theme's drawing stays exactly mermaid's.
 */
function readableStyle(style: SafeStyle, theme: MermaidTheme): SafeStyle {
  if (theme !== 'dark' || style.fill === undefined || style.color !== undefined) return style;
  const color = darkModeTextOn(style.fill);
  return color ? { ...style, color } : style;
}

function styleParticipants(
  svg: Element,
  styles: DrawingStyles['participants'],
  theme: MermaidTheme,
) {
  if (styles.size === 0) return;
  const parts = participantParts(svg);
  for (const [name, written] of styles) {
    const style = readableStyle(written, theme);
    for (const container of parts.get(name) ?? []) {
      const shapes = container.matches(SVG_SHAPES) ? [container] : [];
      for (const shape of [...shapes, ...container.querySelectorAll(SVG_SHAPES)]) {
        setAll(shape, style, SHAPE_PROPERTIES);
      }
      for (const text of container.querySelectorAll('text')) styleText(text, style);
    }
  }
}

/** A copy of the marker `reference` points at, in `stroke`'s colour, for one message. */
const strokedMarker = (svg: Element, reference: string, stroke: string, suffix: string) =>
  markerCopy(svg, reference, suffix, (copy) => {
    for (const shape of copy.querySelectorAll(SVG_SHAPES)) {
      if (!(shape instanceof SVGElement)) continue;
      if (shape.getAttribute('fill') !== 'none') shape.style.setProperty('fill', stroke);
      shape.style.setProperty('stroke', stroke);
    }
  });

/** One line (or path) per message, in source order, each right after its label's lines. */
const messageLines = (svg: Element) => svg.querySelectorAll('.messageLine0, .messageLine1');

function styleMessages(svg: Element, styles: DrawingStyles['messages']) {
  if (styles.size === 0) return;
  const lines = messageLines(svg);
  for (const [index, style] of styles) {
    const line = lines[index];
    if (!line) continue;
    setAll(line, style, LINE_PROPERTIES);
    if (style.stroke !== undefined) {
      for (const attribute of ['marker-start', 'marker-end']) {
        const reference = line.getAttribute(attribute);
        const copy = reference && strokedMarker(svg, reference, style.stroke, `message-${index}`);
        if (copy) line.setAttribute(attribute, copy);
      }
    }
    for (
      let label = line.previousElementSibling;
      label?.matches('text.messageText');
      label = label.previousElementSibling
    ) {
      styleText(label, style);
    }
  }
}

/** `markup` (one mermaid SVG, drawn in `theme`) with `styles` on it. */
export function styleSequenceMarkup(
  markup: string,
  styles: DrawingStyles,
  theme: MermaidTheme,
): string {
  // The same HTML parser as innerHTML, into an inert template: nothing runs or loads.
  const template = document.createElement('template');
  template.innerHTML = markup;
  const svg = template.content.querySelector('svg');
  if (!svg) return markup;
  styleParticipants(svg, styles.participants, theme);
  styleMessages(svg, styles.messages);
  return template.innerHTML;
}

/** The participant or message `element` of a drawn sequence diagram belongs to, if any. */
export function styleTargetAt(svg: Element, element: Element): StyleTarget | null {
  let line: Element | null = element.closest('.messageLine0, .messageLine1');
  for (
    let label = element.closest('text.messageText');
    label && !line;
    label = label.nextElementSibling
  ) {
    if (label.matches('.messageLine0, .messageLine1')) line = label;
    else if (!label.matches('text.messageText')) break;
  }
  if (line) {
    const index = [...messageLines(svg)].indexOf(line);
    return index < 0 ? null : { kind: 'message', index };
  }
  for (const [name, containers] of participantParts(svg)) {
    for (const container of containers) {
      if (container.contains(element)) return { kind: 'participant', name };
    }
  }
  return null;
}
