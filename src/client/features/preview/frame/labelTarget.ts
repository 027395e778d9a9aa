/**
 * Which label a double-click hit: its kind, its text as drawn, which of the same-kind labels with
 * that text it is (in drawing order), and the elements to cover with the inline editor.
 */
import { labelKey } from '../labelRewrite';
import type { LabelKind } from '../protocol';
import { PINNED_CLASS } from './pinnedHeaders';
import { messageGroups } from '@shared/mermaid-drawing/svg-parts';

export interface LabelTarget {
  kind: LabelKind;
  text: string;
  occurrence: number;
  elementId: string | null;
  /** The drawn elements of the label (several lines of a wrapped message). */
  elements: Element[];
}

/** Text of an HTML label with <br> as newlines. */
function htmlText(element: Element): string {
  let text = '';
  for (const node of element.childNodes) {
    if (node instanceof HTMLBRElement) text += '\n';
    else if (node instanceof Element) text += htmlText(node);
    else text += node.textContent ?? '';
  }
  return text;
}

/** Text of an SVG <text>: one line per <tspan> when it has several. */
function svgText(element: Element): string {
  const spans = element.querySelectorAll('tspan');
  if (spans.length > 1) return [...spans].map((span) => span.textContent ?? '').join('\n');
  return element.textContent ?? '';
}

function textOf(kind: LabelKind, elements: Element[]): string {
  const [first] = elements;
  if (!first) return '';
  if (first instanceof HTMLElement) return htmlText(first);
  const text = elements.map(svgText).join('\n');
  return kind === 'block' ? text.replace(/^\[(.*)\]$/s, '$1') : text;
}

function target(kind: LabelKind, groups: Element[][], hit: Element, id: string | null) {
  const index = groups.findIndex((group) => group.includes(hit));
  const elements = groups[index];
  if (!elements) return null;
  const text = textOf(kind, elements);
  const key = labelKey(text);
  const occurrence = groups
    .slice(0, index)
    .filter((group) => labelKey(textOf(kind, group)) === key).length;
  return { kind, text, occurrence, elementId: id, elements } satisfies LabelTarget;
}

const single = (elements: Iterable<Element>) => [...elements].map((element) => [element]);

export function labelTarget(svg: SVGSVGElement, hit: Element): LabelTarget | null {
  if (hit.closest(`.${PINNED_CLASS}`)) return null;
  const html = hit.closest('span.nodeLabel, span.edgeLabel');
  if (html) {
    if (html.matches('span.edgeLabel')) {
      return target('edge', single(svg.querySelectorAll('span.edgeLabel')), html, null);
    }
    const node = html.closest('g.node');
    const id = /-flowchart-(.+)-\d+$/.exec(node?.id ?? '')?.[1] ?? null;
    return target(id ? 'node' : 'text', single(svg.querySelectorAll('span.nodeLabel')), html, id);
  }
  const text = hit.closest('text');
  if (!text) return null;
  if (text.classList.contains('messageText')) {
    return target('message', messageGroups(svg), text, null);
  }
  if (text.classList.contains('noteText')) {
    return target('note', single(svg.querySelectorAll('text.noteText')), text, null);
  }
  if (text.classList.contains('loopText')) {
    return target('block', single(svg.querySelectorAll('text.loopText')), text, null);
  }
  if (text.classList.contains('labelText')) return null; // `loop`, `alt`: keywords, not labels
  if (text.classList.contains('actor')) {
    const id = text.parentElement?.querySelector('rect[name]')?.getAttribute('name') ?? null;
    const actors = single(svg.querySelectorAll(`text.actor:not(.${PINNED_CLASS} text)`));
    return target('actor', actors, text, id);
  }
  return target('text', single(svg.querySelectorAll('text')), text, null);
}
