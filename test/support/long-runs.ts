/**
 * Lines built to make a backtracking regex go quadratic: a long run of one ASCII space or
 * punctuation character after a prefix that gets a reader into a promising state, with and
 * without a character that ends the run. Every reader of user text runs over all of them; a
 * linear reader is done at once, a quadratic one runs into the test timeout.
 */

/** Space, tab and every ASCII punctuation character. */
export const RUN_CHARACTERS = [' ', '\t', ...'!"#$%&\'()*+,-./:;<=>?@[\\]^_`{|}~'];

/** Starts of lines that reach deeper into the readers: messages, notes, headings, nodes, edges. */
const PREFIXES = [
  '',
  'a',
  'a->',
  'A->>B',
  'note over ',
  'participant a',
  'create ',
  '# a',
  'A[',
  'A -- ',
  'A["',
];

export interface LongRun {
  name: string;
  text: string;
}

/** Each prefix, followed by `length` times one character, then nothing or `b`. */
export function longRuns(length: number): LongRun[] {
  const runs: LongRun[] = [];
  for (const char of RUN_CHARACTERS) {
    const run = char.repeat(length);
    for (const prefix of PREFIXES) {
      for (const end of ['', 'b']) {
        runs.push({
          name: `${JSON.stringify(prefix)} + ${JSON.stringify(char)}…${end}`,
          text: prefix + run + end,
        });
      }
    }
  }
  return runs;
}
