/**
 * The one-line summary of a diff. Rules: groups in a fixed order (messages, labels, participants,
 * notes, blocks, conditions; lines for texts that are not sequence diagrams); within a group the
 * first count names its noun and the next ones only their verb ('3 messages added, 1 removed');
 * a noun is singular for 1; counts of zero are left out; nothing at all is 'No changes', or
 * 'Only spacing changed' when the texts differ in spacing and blank lines alone.
 */
import type { SequenceDiff } from './schema.js';

export const NO_CHANGES = 'No changes';
export const SPACING_ONLY = 'Only spacing changed';
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
  const { messages, notes, blocks, participants, styles, lines } = diff;
  const declared = participants.declarations;
  const labelChanged = messages.filter(
    (item) => item.change === 'changed' && item.before?.label !== item.after?.label,
  ).length;
  const summary = joinGroups([
    group('message', 'messages', {
      added: count(messages, 'added'),
      removed: count(messages, 'removed'),
      moved: count(messages, 'moved'),
    }),
    group('label', 'labels', { changed: labelChanged }),
    // A message whose label stayed and whose key changed gained or lost an activation mark.
    group('activation', 'activations', { changed: count(messages, 'changed') - labelChanged }),
    group('participant', 'participants', {
      added: participants.added.length,
      removed: participants.removed.length,
      renamed: participants.renamed.length + declared.filter((d) => d.renamed).length,
      changed: declared.filter((d) => !d.renamed).length,
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
    group('style', 'styles', {
      added: count(styles, 'added'),
      removed: count(styles, 'removed'),
      moved: count(styles, 'moved'),
      changed: count(styles, 'changed'),
    }),
    group('other line', 'other lines', {
      added: count(lines, 'added'),
      removed: count(lines, 'removed'),
      moved: count(lines, 'moved'),
      changed: count(lines, 'changed'),
    }),
  ]);
  return summary === NO_CHANGES && diff.spacingOnly ? SPACING_ONLY : summary;
}

export function textSummary(linesAdded: number, linesRemoved: number, same = true): string {
  const lines = group('line', 'lines', { added: linesAdded, removed: linesRemoved });
  if (lines === '') return same ? NO_CHANGES : SPACING_ONLY;
  return `${NOT_SEQUENCE_PREFIX}${lines}`;
}
