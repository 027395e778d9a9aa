/**
 * Which source line each drawn element of a sequence diagram comes from. Mermaid draws messages
 * and notes in source order and names each participant's box, so the reader's statements pair
 * with the drawing by order; block titles pair by their text.
 */
import { diagramFamily } from '@shared/mermaid-reader/kind';
import { readSequence, type Statement } from '@shared/mermaid-reader/sequence';
import { messageGroups, messageLines } from '@shared/mermaid-drawing/svg-parts';
import { PINNED_CLASS } from './pinnedHeaders';
import { LABELLED_BLOCKS } from '@shared/mermaid-reader/sequence';

export interface SourceLines {
  /** The line an element (or its nearest mapped ancestor) was drawn from. */
  lineOf(element: Element): number | null;
  /** The elements drawn from `line`. */
  elementsOf(line: number): Element[];
}

const squash = (text: string) => text.replace(/\s+/g, ' ').trim();

export function sourceLines(svg: SVGSVGElement, text: string): SourceLines {
  const toLine = new Map<Element, number>();
  const toElements = new Map<number, Element[]>();
  const add = (element: Element | null | undefined, line: number) => {
    if (!element || element.closest(`.${PINNED_CLASS}`)) return;
    toLine.set(element, line);
    toElements.set(line, [...(toElements.get(line) ?? []), element]);
  };
  if (diagramFamily(text) === 'sequence') {
    const statements = readSequence(text);
    const of = (kind: Statement['kind']) => statements.filter((s) => s.kind === kind);
    const messages = of('message');
    const lines = messageLines(svg);
    messageGroups(svg).forEach((group, index) => {
      const message = messages[index];
      if (!message) return;
      for (const element of group) add(element, message.line);
      add(lines[index], message.line);
    });
    const notes = of('note');
    svg.querySelectorAll('rect.note').forEach((rect, index) => {
      const note = notes[index];
      if (note) add(rect.parentElement, note.line);
    });
    // A participant's box is drawn from its declaration, else its first use (as comments on it
    // are anchored: shared/comments/statement.ts).
    const firstLine = new Map<string, number>();
    const declared = new Set<string>();
    for (const statement of statements) {
      const declares = statement.kind === 'participant' ? statement.names[0]?.name : undefined;
      if (declares !== undefined && !declared.has(declares)) {
        declared.add(declares);
        firstLine.set(declares, statement.line);
      }
      for (const name of statement.names) {
        if (!firstLine.has(name.name)) firstLine.set(name.name, statement.line);
      }
    }
    for (const named of svg.querySelectorAll('[name]')) {
      const line = firstLine.get(named.getAttribute('name') ?? '');
      if (line !== undefined) add(named.parentElement, line);
    }
    const blocks = statements.filter(
      (s) => (s.kind === 'open' || s.kind === 'branch') && LABELLED_BLOCKS.has(s.keyword) && s.text,
    );
    const used = new Set<Statement>();
    for (const title of svg.querySelectorAll('text.loopText')) {
      const drawn = squash(title.textContent ?? '').replace(/^\[(.*)\]$/, '$1');
      const block = blocks.find(
        (b) => !used.has(b) && b.text && squash(text.slice(b.text.from, b.text.to)) === drawn,
      );
      if (!block) continue;
      used.add(block);
      add(title, block.line);
    }
  }
  return {
    lineOf(element) {
      for (let at: Element | null = element; at && at !== svg; at = at.parentElement) {
        const line = toLine.get(at);
        if (line !== undefined) return line;
      }
      return null;
    },
    elementsOf: (line) => toElements.get(line) ?? [],
  };
}
