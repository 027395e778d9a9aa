/**
 * The one-line summary of a diff. Rules: groups in a fixed order (messages, labels, participants,
 * notes, blocks, conditions; lines for texts that are not sequence diagrams); within a group the
 * first count names its noun and the next ones only their verb ('3 messages added, 1 removed');
 * a noun is singular for 1; counts of zero are left out; nothing at all is 'No changes'.
 */
import type { SequenceDiff } from './schema.js';

export const NO_CHANGES = 'No changes';
export const NOT_SEQUENCE_PREFIX = 'Not a sequence diagram: ';

type Counts = Partial<Record<'added' | 'removed' | 'moved' | 'renamed' | 'changed', number>>;

const VERB_ORDER = ['added', 'removed', 'moved', 'renamed', 'changed'] as const;

/** '3 messages added, 1 removed', or '' when every count is zero. */
export function group(singular: string, plural: string, counts: Counts): string {
  const parts: string[] = [];
  for (const verb of VERB_ORDER) {
    const count = counts[verb] ?? 0;
    if (count === 0) continue;
    const noun = parts.length === 0 ? ` ${count === 1 ? singular : plural}` : '';
    parts.push(`${count}${noun} ${verb}`);
  }
  return parts.join(', ');
}

export const joinGroups = (groups: readonly string[]): string =>
  groups.filter((text) => text !== '').join(', ') || NO_CHANGES;

function count<T extends { change: string }>(changes: readonly T[], change: T['change']): number {
  return changes.filter((item) => item.change === change).length;
}

export function sequenceSummary(diff: Omit<SequenceDiff, 'summary'>): string {
  const { messages, notes, blocks, participants } = diff;
  return joinGroups([
    group('message', 'messages', {
      added: count(messages, 'added'),
      removed: count(messages, 'removed'),
      moved: count(messages, 'moved'),
    }),
    group('label', 'labels', { changed: count(messages, 'changed') }),
    group('participant', 'participants', {
      added: participants.added.length,
      removed: participants.removed.length,
      renamed: participants.renamed.length,
    }),
    group('note', 'notes', {
      added: count(notes, 'added'),
      removed: count(notes, 'removed'),
      moved: count(notes, 'moved'),
      changed: count(notes, 'changed'),
    }),
    group('block', 'blocks', {
      added: count(blocks, 'added'),
      removed: count(blocks, 'removed'),
      moved: count(blocks, 'moved'),
    }),
    group('condition', 'conditions', { changed: count(blocks, 'changed') }),
  ]);
}

export function textSummary(linesAdded: number, linesRemoved: number): string {
  const lines = group('line', 'lines', { added: linesAdded, removed: linesRemoved });
  return lines === '' ? NO_CHANGES : `${NOT_SEQUENCE_PREFIX}${lines}`;
}
