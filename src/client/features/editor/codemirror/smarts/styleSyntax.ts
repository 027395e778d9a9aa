/**
 * The editor's side of styled sequence diagrams: the styling statements (`classDef`, `style`,
 * `class`, `linkStyle`, which the mermaid grammar does not know) are highlighted, and hovering a
 * message line says its number for `linkStyle`. Only the visible lines are read for highlighting,
 * each on its own; the hover reads the text once per version.
 */
import { RangeSetBuilder, type Extension, type Text } from '@codemirror/state';
import {
  Decoration,
  EditorView,
  hoverTooltip,
  ViewPlugin,
  type DecorationSet,
  type ViewUpdate,
} from '@codemirror/view';
import { diagramFamily } from '@shared/mermaid-reader/kind';
import { messageNumberAt, readStyleRule } from '@shared/mermaid-reader/sequence-styles';
import { readSequence, STYLE_KEYWORDS, type Statement } from '@shared/mermaid-reader/sequence';
import { EDITOR_STYLE_TEXT } from '../../copy';

const marks = {
  keyword: Decoration.mark({ class: 'cm-style-keyword' }),
  target: Decoration.mark({ class: 'cm-style-target' }),
  property: Decoration.mark({ class: 'cm-style-property' }),
  value: Decoration.mark({ class: 'cm-style-value' }),
};

const families = new WeakMap<Text, boolean>();
function isSequence(text: Text): boolean {
  let sequence = families.get(text);
  if (sequence === undefined) {
    sequence = diagramFamily(text.toString()) === 'sequence';
    families.set(text, sequence);
  }
  return sequence;
}

/** The first word of a line, lower case, when it is a styling keyword. */
function styleKeyword(text: string): string | null {
  const word = /^\s*([A-Za-z]+)\s/.exec(text)?.[1]?.toLowerCase();
  return word && STYLE_KEYWORDS.has(word) ? word : null;
}

function decorate(view: EditorView): DecorationSet {
  const builder = new RangeSetBuilder<Decoration>();
  const { doc: text } = view.state;
  if (!isSequence(text)) return builder.finish();
  for (const { from, to } of view.visibleRanges) {
    for (let at = from; at <= to;) {
      const line = text.lineAt(at);
      at = line.to + 1;
      if (!styleKeyword(line.text)) continue;
      const [statement] = readSequence(line.text);
      const rule = statement && readStyleRule(line.text, statement);
      if (!rule) continue;
      const spans: [number, number, Decoration][] = [
        [rule.from, rule.from + statement.keyword.length, marks.keyword],
        ...rule.targets.map((t): [number, number, Decoration] => [t.from, t.to, marks.target]),
      ];
      if (rule.className) spans.push([rule.className.from, rule.className.to, marks.target]);
      for (const property of rule.properties) {
        const colon = line.text.indexOf(':', property.from);
        const end = colon < 0 || colon > property.to ? property.to : colon;
        spans.push([property.from, end, marks.property]);
        if (end < property.to) spans.push([end + 1, property.to, marks.value]);
      }
      spans.sort((a, b) => a[0] - b[0]);
      for (const [start, end, mark] of spans) {
        if (end > start) builder.add(line.from + start, line.from + end, mark);
      }
    }
  }
  return builder.finish();
}

const highlighter = ViewPlugin.fromClass(
  class {
    decorations: DecorationSet;
    constructor(view: EditorView) {
      this.decorations = decorate(view);
    }
    update(update: ViewUpdate) {
      if (update.docChanged || update.viewportChanged) this.decorations = decorate(update.view);
    }
  },
  { decorations: (plugin) => plugin.decorations },
);

const statementsCache = new WeakMap<Text, Statement[]>();

/** The number `linkStyle` gives the message on the hovered line; typing hides it. */
const messageNumberHover = hoverTooltip(
  (view, pos) => {
    const { doc: text } = view.state;
    if (!isSequence(text)) return null;
    let statements = statementsCache.get(text);
    if (!statements) {
      statements = readSequence(text.toString());
      statementsCache.set(text, statements);
    }
    const line = text.lineAt(pos);
    const number = messageNumberAt(statements, line.number);
    if (number === null) return null;
    const start = line.from + (line.text.length - line.text.trimStart().length);
    return {
      pos: Math.max(start, Math.min(pos, line.to)),
      above: true,
      create: () => {
        const dom = document.createElement('div');
        dom.className = 'cm-message-number';
        dom.textContent = EDITOR_STYLE_TEXT.messageNumber(number);
        return { dom };
      },
    };
  },
  { hideOnChange: true },
);

// Descendant rules too: the mermaid grammar's own highlight spans may sit inside these marks.
const styleTheme = EditorView.baseTheme({
  '.cm-style-keyword, .cm-style-keyword *': { color: 'var(--syntax-keyword)' },
  '.cm-style-target, .cm-style-target *': { color: 'var(--syntax-name)', fontWeight: '600' },
  '.cm-style-property, .cm-style-property *': { color: 'var(--syntax-control)' },
  '.cm-style-value, .cm-style-value *': { color: 'var(--syntax-number)' },
  '.cm-message-number': { padding: '2px 6px' },
});

export function styleSyntax(): Extension[] {
  return [highlighter, messageNumberHover, styleTheme];
}
