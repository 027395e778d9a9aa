/**
 * What a right-click (long press, Shift+F10) in the drawing is on: a message, a participant, a
 * note or a block of a sequence diagram, with the source line it was drawn from as the drawn text
 * says it.
 */
import { participantLine } from '@shared/comments/statement';
import { styleTargetAt } from '@shared/mermaid-drawing/sequence-styling';
import { readSequence, type Statement } from '@shared/mermaid-reader/sequence';
import { PINNED_CLASS } from './pinnedHeaders';
import type { SourceLines } from './sourceLines';

interface Aimed {
  /** The 1-based source line and its text as drawn (the parent checks it still says that). */
  line: number;
  lineText: string;
  statement: Statement;
}

export type MenuTarget =
  | (Aimed & {
      kind: 'message';
      /** The message's number for `linkStyle` (its index among the drawn messages). */
      index: number;
      from: string;
      to: string;
      label: Element | null;
    })
  | {
      kind: 'participant';
      name: string;
      /** How many lines name it. */
      lines: number;
      /** The line a comment on it belongs to (its declaration, else its first use). */
      line: number | null;
      label: Element | null;
    }
  | (Aimed & { kind: 'note'; label: Element | null })
  | (Aimed & { kind: 'block'; keyword: string; label: Element | null });

export interface DrawnText {
  text: string;
  statements: Statement[];
  lines: SourceLines;
}

function aimed(drawn: DrawnText, line: number): Aimed | null {
  const statement = drawn.statements[line - 1];
  if (!statement) return null;
  const lineText = drawn.text.slice(statement.from, statement.to);
  return { line, lineText, statement };
}

/** The block whose drawing holds `hit`: its keyword box, title or lines. */
function blockAt(svg: SVGSVGElement, hit: Element, drawn: DrawnText): MenuTarget | null {
  const title = hit.closest('text.loopText');
  let group: Element | null = hit.closest('g');
  while (group && group !== svg && !group.querySelector(':scope > .loopLine')) {
    group = group.parentElement?.closest('g') ?? null;
  }
  if (!group || group === svg) return null;
  const label = title ?? group.querySelector(':scope > text.loopText');
  const line = label ? drawn.lines.lineOf(label) : null;
  const at = line === null ? null : aimed(drawn, line);
  if (!at || (at.statement.kind !== 'open' && at.statement.kind !== 'branch')) return null;
  // A branch's own menu is its block's: the keyword that decides the branches is the opener's.
  let keyword = at.statement.keyword;
  if (at.statement.kind === 'branch') {
    const opener = drawn.statements
      .slice(0, line! - 1)
      .reverse()
      .find((s) => s.kind === 'open' && s.depth === at.statement.depth);
    keyword = opener?.keyword ?? keyword;
  }
  return { kind: 'block', keyword, label, ...at };
}

/** The note whose drawing (its box or text) holds `hit`. */
function noteAt(svg: SVGSVGElement, hit: Element, drawn: DrawnText): MenuTarget | null {
  let group: Element | null = hit.closest('g');
  while (group && group !== svg && !group.querySelector(':scope > rect.note')) {
    group = group.parentElement?.closest('g') ?? null;
  }
  if (!group || group === svg) return null;
  const line = drawn.lines.lineOf(group);
  const at = line === null ? null : aimed(drawn, line);
  if (at?.statement.kind !== 'note') return null;
  return { kind: 'note', label: group.querySelector(':scope > text.noteText'), ...at };
}

export function menuTargetAt(
  svg: SVGSVGElement,
  hit: Element,
  drawn: DrawnText,
): MenuTarget | null {
  if (hit.closest(`.${PINNED_CLASS}`)) return null;
  const styled = styleTargetAt(svg, hit);
  if (styled?.kind === 'message') {
    const message = drawn.statements.filter((s) => s.kind === 'message')[styled.index];
    const at = message ? aimed(drawn, message.line) : null;
    if (!at || message!.names.length !== 2) return null;
    const label = drawn.lines.elementsOf(at.line).find((e) => e.matches('text.messageText'));
    const [from, to] = message!.names.map((name) => name.name) as [string, string];
    return { kind: 'message', index: styled.index, from, to, label: label ?? null, ...at };
  }
  if (styled?.kind === 'participant') {
    const lines = drawn.statements.filter((s) =>
      s.names.some((ref) => ref.name === styled.name),
    ).length;
    const label =
      hit.closest('text.actor') ??
      hit.closest('g')?.querySelector('text.actor') ??
      hit.parentElement?.querySelector('text.actor') ??
      null;
    const line = participantLine(drawn.statements, styled.name);
    return { kind: 'participant', name: styled.name, lines, line, label };
  }
  return noteAt(svg, hit, drawn) ?? blockAt(svg, hit, drawn);
}

export function readDrawn(text: string, lines: SourceLines): DrawnText {
  return { text, statements: readSequence(text), lines };
}
