/**
 * Where a sequence diagram's parts go in a text drawing: the participants' columns, spaced so
 * every message label and side note fits between the lifelines it belongs to.
 */
import { participantsOf, type Statement } from '../mermaid-reader/sequence.js';
import { labelLines, widthOf } from './cells.js';
import { TextDiagramError } from './glyphs.js';

/** Labels wrap at this many columns, as the preview wraps them (sequence layout "wrap on"). */
export const LABEL_COLUMNS = 50;
export const MAX_PARTICIPANTS = 200;

export interface Participant {
  name: string;
  lines: string[];
  /** Box width, borders included. */
  width: number;
  center: number;
  /** Made by `create`: its box is drawn where it is created, not at the top. */
  created: boolean;
}

const boxWidth = (lines: string[]) => Math.max(...lines.map(widthOf)) + 4;

/** The participants in order of first appearance, with their labels (an alias when given). */
export function readParticipants(statements: readonly Statement[], source: string): Participant[] {
  const labels = new Map<string, string>();
  const created = new Set<string>();
  for (const statement of statements) {
    const name = statement.names[0];
    if (statement.keyword === 'create' && name) created.add(name.name);
    if (statement.kind === 'participant' && name && statement.text) {
      labels.set(name.name, source.slice(statement.text.from, statement.text.to));
    }
  }
  const uses = participantsOf(statements);
  if (uses.length > MAX_PARTICIPANTS) {
    throw new TextDiagramError(
      'too-large',
      `A text drawing takes at most ${MAX_PARTICIPANTS} participants; this diagram has ${uses.length}.`,
    );
  }
  return uses.map(({ name }) => {
    const lines = labelLines(labels.get(name) ?? name, LABEL_COLUMNS);
    return { name, lines, width: boxWidth(lines), center: 0, created: created.has(name) };
  });
}

/** A need for at least `distance` columns between the lifelines of `from` and `to` (from < to). */
export interface Spacing {
  from: number;
  to: number;
  distance: number;
}

/**
 * Places the lifelines: neighbours' boxes never touch, and each spacing need is met by widening
 * the gap just before its right end, narrowest needs first (so wide labels widen one gap, not all).
 */
export function placeColumns(participants: Participant[], needs: Spacing[]): number {
  const gaps = participants.slice(1).map((right, index) => {
    const left = participants[index] as Participant;
    return Math.ceil(left.width / 2) + Math.ceil(right.width / 2) + 1;
  });
  const sorted = [...needs].sort((a, b) => a.to - a.from - (b.to - b.from));
  for (const need of sorted) {
    let distance = 0;
    for (let gap = need.from; gap < need.to; gap++) distance += gaps[gap] ?? 0;
    if (distance < need.distance) {
      gaps[need.to - 1] = (gaps[need.to - 1] ?? 0) + need.distance - distance;
    }
  }
  let center = 0;
  participants.forEach((participant, index) => {
    if (index > 0) center += gaps[index - 1] ?? 0;
    participant.center = center;
  });
  return center;
}
