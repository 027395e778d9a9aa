/**
 * Brackets and quotes close themselves where they are syntax (`box rgb(…)`, `@{ … }`,
 * directives), not in the words of a diagram: a label, a note, a block's title, a comment. There a
 * closing bracket nobody typed was left behind: `Not so good :(` became `Not so good :()`, and
 * the `)` rode along after the cursor to the end of the text.
 */
import { Prec, EditorState, type Extension } from '@codemirror/state';
import { LABELLED_BLOCKS, readSequence } from '@shared/mermaid-reader/sequence';

/** Keywords followed by words; block titles are LABELLED_BLOCKS (`box`, `rect` take `rgb(…)`). */
const WORDED_KEYWORDS = new Set(['title', 'acctitle', 'accdescr']);

/** Whether `column` of `line` is in free text: words drawn or kept as they are typed. */
export function inFreeText(line: string, column: number): boolean {
  const before = line.slice(0, column);
  const [statement] = readSequence(line);
  if (!statement) return false;
  const head = statement.indent + statement.keyword.length;
  switch (statement.kind) {
    case 'comment':
      return !before.trimStart().startsWith('%%{');
    case 'message':
    case 'note':
      return before.includes(':');
    case 'open':
    case 'branch':
      return LABELLED_BLOCKS.has(statement.keyword) && column > head;
    case 'keyword':
      return WORDED_KEYWORDS.has(statement.keyword) && column > head;
    default:
      return false;
  }
}

const NONE = [{ closeBrackets: { brackets: [] as string[] } }];

export function bracketsOutOfText(): Extension {
  return Prec.highest(
    EditorState.languageData.of((state, pos) => {
      const line = state.doc.lineAt(pos);
      return inFreeText(line.text, pos - line.from) ? NONE : [];
    }),
  );
}
