/**
 * Marks a drawn sequence diagram with the changes of a diff (diagram-diff/drawing.ts): added
 * elements green, removed ones ghosted red, changed labels and moved messages amber. Each marked
 * element gets the class `lifeline-diff-<mark>`, and one <style> inside the drawing colours
 * them, so the marks travel with the SVG. Runs where the drawing is in a document: the server's
 * warm pages.
 */
import type { DiffMark, DiffMarks } from '../diagram-diff/drawing.js';
import type { MermaidTheme } from '../mermaid-config.js';
import { messageGroups, messageLines } from './svg-parts.js';

export const DIFF_CLASS_PREFIX = 'lifeline-diff-';

/**
 * The product's palette (src/client/styles.css: --syntax-string, --destructive,
 * --syntax-number), the dark theme's lighter shades on its dark background.
 */
export const DIFF_COLOURS: Record<
  'light' | 'dark',
  Record<'added' | 'removed' | 'changed', string>
> = {
  light: { added: '#047857', removed: '#dc2626', changed: '#b45309' },
  dark: { added: '#6ee7b7', removed: '#f87171', changed: '#fcd34d' },
};

const colourOf = (mark: DiffMark) => (mark === 'moved' ? 'changed' : mark);

function styleFor(theme: MermaidTheme): string {
  const colours = DIFF_COLOURS[theme === 'dark' ? 'dark' : 'light'];
  return (['added', 'removed', 'changed', 'moved'] as const)
    .map((mark) => {
      const colour = colours[colourOf(mark)];
      const c = `.${DIFF_CLASS_PREFIX}${mark}`;
      const ghost = mark === 'removed' ? 'opacity:0.6;' : '';
      const dash = mark === 'removed' ? 'stroke-dasharray:6 4 !important;' : '';
      return [
        `text${c},${c} text,${c} tspan{fill:${colour} !important;font-weight:600;${ghost}}`,
        `line${c},path${c}{stroke:${colour} !important;stroke-width:2.5px !important;${dash}${ghost}}`,
        `g${c} rect,g${c} path,g${c} line,g${c} circle,rect${c}{stroke:${colour} !important;stroke-width:2.5px !important;${dash}${ghost}}`,
      ].join('');
    })
    .join('');
}

function mark(element: Element | null | undefined, change: DiffMark | null | undefined) {
  if (element && change) element.classList.add(`${DIFF_CLASS_PREFIX}${change}`);
}

export function markChanges(svg: SVGSVGElement, marks: DiffMarks, theme: MermaidTheme): void {
  const lines = messageLines(svg);
  messageGroups(svg).forEach((group, index) => {
    const change = marks.messages[index];
    for (const element of group) mark(element, change);
    mark(lines[index], change);
  });
  svg.querySelectorAll('rect.note').forEach((rect, index) => {
    mark(rect.parentElement, marks.notes[index]);
  });
  // A participant's box is a <rect name> in a group with its label; its lifeline a <line name>.
  for (const named of svg.querySelectorAll('[name]')) {
    const change = marks.participants[named.getAttribute('name') ?? ''];
    mark(named.tagName === 'rect' ? named.parentElement : named, change);
  }
  const style = document.createElementNS('http://www.w3.org/2000/svg', 'style');
  style.textContent = styleFor(theme);
  svg.appendChild(style);
}
