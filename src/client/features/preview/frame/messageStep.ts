import type { Statement } from '@shared/mermaid-reader/sequence';

/**
 * Where Alt+↑/↓ takes the message on `line`: before the statement above it, or after the one
 * below it (blank lines and comments are passed over), and the line it then lands on.
 */
export function messageStep(
  statements: readonly Statement[],
  line: number,
  up: boolean,
): { to: number; lands: number } | null {
  const quiet = (at: number) => {
    const kind = statements[at]?.kind;
    return kind === 'blank' || kind === 'comment';
  };
  const index = line - 1;
  const last = statements[index + 1]?.kind === 'note' ? index + 1 : index;
  const size = last - index + 1;
  if (up) {
    let above = index - 1;
    while (above >= 0 && quiet(above)) above--;
    const kind = statements[above]?.kind;
    if (above < 0 || kind === 'header' || kind === 'participant') return null;
    return { to: above + 1, lands: above + 1 };
  }
  let below = last + 1;
  while (below < statements.length && quiet(below)) below++;
  if (below >= statements.length || statements[below]?.kind === 'style') return null;
  return { to: below + 2, lands: below + 2 - size };
}
