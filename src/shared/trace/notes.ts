/** What a trace's drawing left out, folded or repaired, as sentences with the numbers. */
import type { TraceSummary } from './build.js';

const plural = (count: number, one: string, many = `${one}s`) =>
  `${count.toLocaleString('en')} ${count === 1 ? one : many}`;

/** The verb or pronoun that agrees with `count`: one span "starts", two spans "start". */
const agree = (count: number, one: string, many: string) => (count === 1 ? one : many);

/** Where every span went when the drawing does not show each one itself. */
function accounting(summary: TraceSummary): string | null {
  const { spans, shown, belowDepth, inRepeats } = summary;
  if (shown >= spans) return null;
  // Spans within one service that draw nothing (hidden, or a lone root).
  const inside = spans - shown - belowDepth - inRepeats;
  const parts = [
    belowDepth > 0
      ? `${belowDepth.toLocaleString('en')} deeper than ${plural(summary.depth, 'call')}`
      : '',
    inRepeats > 0 ? `${inRepeats.toLocaleString('en')} inside calls folded into loops` : '',
    inside > 0 ? `${inside.toLocaleString('en')} within one service` : '',
  ].filter((part) => part !== '');
  return `${shown.toLocaleString('en')} of ${plural(spans, 'span')} drawn (${plural(summary.messages, 'message')}); not drawn: ${parts.join(', ')}.`;
}

export function describe(summary: TraceSummary): string[] {
  const notes: string[] = [];
  const { problems } = summary;
  const total = accounting(summary);
  if (total) notes.push(total);
  if (summary.loops > 0)
    notes.push(
      `${plural(summary.folded, 'identical call')} folded into ${plural(summary.loops, 'loop')}; to draw each, turn off Fold repeated calls (collapse=false in the API).`,
    );
  if (problems.missingParents > 0)
    notes.push(
      `${plural(problems.missingParents, 'span')} ${agree(problems.missingParents, 'names', 'name')} a parent that is not in the file; drawn from the top.`,
    );
  if (problems.selfParents > 0)
    notes.push(
      `${plural(problems.selfParents, 'span')} named itself as parent; drawn from the top.`,
    );
  if (problems.cycles > 0)
    notes.push(`${plural(problems.cycles, 'parent cycle')} broken at the earliest span.`);
  if (problems.duplicates > 0)
    notes.push(`${plural(problems.duplicates, 'span')} with an id seen before left out.`);
  if (problems.skewed > 0)
    notes.push(
      `${plural(problems.skewed, 'span')} ${agree(problems.skewed, 'lay outside its caller’s time (clock skew); moved into it', 'lay outside their callers’ time (clock skew); moved into it')}, with the spans of ${agree(problems.skewed, 'its', 'their')} service below.`,
    );
  return notes;
}
