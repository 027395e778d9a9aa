/**
 * Completion that knows the diagram: participants (most used first) where a participant goes in
 * a sequence diagram, keywords at a line's start, arrow kinds after a name; node ids in
 * flowcharts and class names in class diagrams. Each context is read from at most the 250
 * characters before the cursor, so the patterns below run on short, bounded text.
 */
import {
  autocompletion,
  closeCompletion,
  completionStatus,
  selectedCompletion,
  type Completion,
  type CompletionContext,
  type CompletionResult,
} from '@codemirror/autocomplete';
import { Prec, type EditorState, type Extension, type Text } from '@codemirror/state';
import { keymap, type EditorView } from '@codemirror/view';
import { classNames, flowchartIds } from '@shared/mermaid-reader/ids';
import { diagramFamily, type Family } from '@shared/mermaid-reader/kind';
import { participantsOf, readSequence, STYLE_KEYWORDS } from '@shared/mermaid-reader/sequence';
import { DEFAULT_CLASS, sequenceStyles } from '@shared/mermaid-reader/sequence-styles';
import { SEQUENCE_KEYWORDS } from '@shared/mermaid-reader/warnings';

const LOOK_BACK = 250;

export const ARROW_KINDS: readonly { arrow: string; draws: string }[] = [
  { arrow: '->>', draws: 'Solid line with arrowhead' },
  { arrow: '-->>', draws: 'Dotted line with arrowhead' },
  { arrow: '->', draws: 'Solid line without arrow' },
  { arrow: '-->', draws: 'Dotted line without arrow' },
  { arrow: '<<->>', draws: 'Solid line with arrowheads at both ends' },
  { arrow: '<<-->>', draws: 'Dotted line with arrowheads at both ends' },
  { arrow: '-x', draws: 'Solid line with a cross at the end' },
  { arrow: '--x', draws: 'Dotted line with a cross at the end' },
  { arrow: '-)', draws: 'Solid line with an open arrow at the end (async)' },
  { arrow: '--)', draws: 'Dotted line with an open arrow at the end (async)' },
];

const KEYWORD_INFO: Partial<Record<(typeof SEQUENCE_KEYWORDS)[number], string>> = {
  participant: 'Declare a participant (box)',
  actor: 'Declare an actor (stick figure)',
  loop: 'Repeat the messages up to end',
  alt: 'Alternatives, separated by else',
  else: 'The next alternative of alt',
  opt: 'Messages that may happen',
  par: 'Parallel branches, separated by and',
  and: 'The next branch of par',
  critical: 'A critical region, with option branches',
  break: 'Stop the flow (an exception)',
  rect: 'A coloured background: rect rgb(…)',
  Note: 'Note left of / right of / over a participant',
  autonumber: 'Number the messages',
  activate: 'Start an activation bar',
  deactivate: 'End an activation bar',
  box: 'Group participants in a box',
  create: 'Create a participant with the next message',
  destroy: 'Destroy a participant with the next message',
  end: 'Close the open block',
  classDef: 'Define a style class: classDef name fill:#fef3c7,stroke:#b45309',
  class: 'Give participants a class: class A,B name',
  style: 'Style one participant: style A fill:#e0e7ff',
  linkStyle: 'Style messages by number from 0: linkStyle 0 stroke:#dc2626',
};

const ARROW_TAIL =
  /(?:<<--?>>|--?(?:>>|>|x|\)|\|\\|\|\/|\\\\|\/\/)|(?:\/\||\\\||\/\/|\\\\)--?)[+-]?\s*$/;

/** Typing goes on in the arrow list only while the text is part of an arrow, not a whole one. */
const partOfArrow = (typed: string) =>
  ARROW_KINDS.some(({ arrow }) => arrow.startsWith(typed)) &&
  !ARROW_KINDS.some(({ arrow }) => arrow === typed);

const ARROW_CHARS = new Set([...'-<>x)|\\/']);

const families = new WeakMap<Text, Family>();
const cache = new WeakMap<Text, string[]>();

/** The diagram's family, from its first line, read once per version of the text. */
function familyOf(text: Text): Family {
  let family = families.get(text);
  if (family === undefined) {
    family = diagramFamily(text.toString());
    families.set(text, family);
  }
  return family;
}

/**
 * The diagram's names, most used first, read once per version of the text and only when the
 * cursor is where a name goes: reading a 600-message diagram on every key typed into a label
 * was the editor's largest own cost per keystroke.
 */
function namesOf(text: Text, family: Family): string[] {
  let names = cache.get(text);
  if (!names) {
    const source = text.toString();
    names = [];
    if (family === 'sequence') {
      names = participantsOf(readSequence(source))
        .sort((a, b) => b.uses - a.uses)
        .map((participant) => participant.name);
    } else if (family === 'flowchart') names = flowchartIds(source);
    else if (family === 'class') names = classNames(source);
    cache.set(text, names);
  }
  return names;
}

const classCache = new WeakMap<Text, string[]>();

/** The class names classDef defines, read once per version of the text. */
function classesOf(text: Text): string[] {
  let classes = classCache.get(text);
  if (!classes) {
    classes = sequenceStyles(text.toString()).classes.filter((name) => name !== DEFAULT_CLASS);
    classCache.set(text, classes);
  }
  return classes;
}

/**
 * What goes where the cursor is in a styling statement: a participant after `style` and in the
 * list of `class`, a class name after that list; null outside styling statements.
 */
function styleSlot(head: string): 'participant' | 'class' | 'none' | null {
  const match = /^\s*([A-Za-z]+)\s/.exec(head);
  const keyword = match?.[1]?.toLowerCase() ?? '';
  if (!match || !STYLE_KEYWORDS.has(keyword)) return null;
  const rest = head
    .slice(match[0].length - 1)
    .trimStart()
    .replace(/,\s+/g, ',');
  if (keyword === 'style') return rest === '' ? 'participant' : 'none';
  if (keyword !== 'class') return 'none';
  if (rest === '' || rest.endsWith(',')) return 'participant';
  return /^\S+\s+$/.test(rest) ? 'class' : 'none';
}

function nameOptions(names: readonly string[], typed: string): Completion[] {
  // A name used once and being typed right now is the typing itself, not a suggestion.
  return names
    .filter((name) => name !== typed)
    .map((name, index) => ({ label: name, type: 'variable', boost: -index / names.length }));
}

function receiversFirst(names: readonly string[], sender: string): string[] {
  return [...names.filter((name) => name !== sender), ...names.filter((name) => name === sender)];
}

const keywordOptions: Completion[] = SEQUENCE_KEYWORDS.map((keyword) => ({
  label: keyword,
  type: 'keyword',
  info: KEYWORD_INFO[keyword as keyof typeof KEYWORD_INFO],
}));

const arrowOptions: Completion[] = ARROW_KINDS.map(({ arrow, draws }, index) => ({
  label: arrow,
  type: 'operator',
  detail: draws,
  boost: -index,
}));

function sequenceCompletion(
  context: CompletionContext,
  namesNow: () => string[],
): CompletionResult | null {
  const line = context.state.doc.lineAt(context.pos);
  const start = Math.max(0, context.pos - line.from - LOOK_BACK);
  const before = line.text.slice(start, context.pos - line.from);
  const word = context.matchBefore(/\w*/);
  const from = word?.from ?? context.pos;
  const typed = word?.text ?? '';
  const head = before.slice(0, before.length - typed.length);
  const participants = () => offer(from, nameOptions(namesNow(), typed));

  if (/^\s*$/.test(head)) {
    if (typed === '' && !context.explicit) return null;
    const keywords = keywordOptions.filter((option) => option.label !== typed);
    return offer(from, [...keywords, ...nameOptions(namesNow(), typed)]);
  }
  const slot = styleSlot(head);
  if (slot === 'participant') return participants();
  if (slot === 'class') {
    const options = classesOf(context.state.doc)
      .filter((name) => name !== typed)
      .map((label) => ({ label, type: 'class' }));
    return offer(from, options);
  }
  if (slot === 'none') return null;
  if (/^\s*(?:activate|deactivate|destroy|create\s+(?:participant|actor))\s+$/i.test(head)) {
    return participants();
  }
  if (/^\s*create\s+$/i.test(head)) {
    return { from, options: ['participant', 'actor'].map((label) => ({ label, type: 'keyword' })) };
  }
  if (/^\s*note\s+$/i.test(head)) {
    const options = ['right of', 'left of', 'over'].map((label) => ({ label, type: 'keyword' }));
    return { from, options };
  }
  if (/^\s*note\s+(?:over|left of|right of)\s[^:]*$/i.test(head)) return participants();
  if (ARROW_TAIL.test(head)) {
    const sender = head.replace(ARROW_TAIL, '').trim();
    // The message's own sender comes last: a message to oneself is the rarer one.
    if (sender !== '')
      return { ...participants(), options: nameOptions(receiversFirst(namesNow(), sender), typed) };
  }
  // After a name and a space, or part of an arrow: the arrow kinds, replacing what is typed.
  let partial = before.length;
  while (partial > 0 && ARROW_CHARS.has(before[partial - 1] ?? '')) partial--;
  while (partial < before.length && !/[-<\\/]/.test(before[partial] ?? '')) partial++;
  const name = before.slice(0, partial);
  if (/^\s*\w[\w ]*$/.test(name) && (partial < before.length || name.endsWith(' '))) {
    const keyword = /^\s*(\w+)/.exec(name)?.[1]?.toLowerCase() ?? '';
    if (SEQUENCE_KEYWORDS.some((known) => known.toLowerCase() === keyword)) return null;
    return { from: line.from + start + partial, options: arrowOptions, validFor: partOfArrow };
  }
  return null;
}

export function diagramCompletion(context: CompletionContext): CompletionResult | null {
  const { doc: text } = context.state;
  const family = familyOf(text);
  if (family === 'sequence') return sequenceCompletion(context, () => namesOf(text, family));
  if (family !== 'flowchart' && family !== 'class') return null;
  const word = context.matchBefore(/\w+/);
  if (!word && !context.explicit) return null;
  return offer(word?.from ?? context.pos, nameOptions(namesOf(text, family), word?.text ?? ''));
}

/**
 * Options for the word at `from`, kept while typing goes on in the word but not once it is one
 * of them: the list is then asked again, and offers what is already typed no more.
 */
function offer(from: number, options: Completion[]): CompletionResult {
  const labels = new Set(options.map((option) => option.label));
  return { from, options, validFor: (text) => /^\w*$/.test(text) && !labels.has(text) };
}

/** Whether taking `option` would leave the text as it is: it is typed already before the cursor. */
export function takingChangesNothing(state: EditorState, option: Completion): boolean {
  const { empty, head } = state.selection.main;
  const label = option.label;
  if (!empty || option.apply !== undefined || head < label.length) return false;
  if (state.sliceDoc(head - label.length, head) !== label) return false;
  // …and is the whole word (or arrow) there, not the end of a longer one.
  const before = state.sliceDoc(head - label.length - 1, head - label.length);
  return /^\w/.test(label) ? !/\w/.test(before) : !ARROW_CHARS.has(before);
}

/**
 * Enter on an option that is already typed is a new line: accepting it would change nothing, and
 * the newline the person meant would be lost (the next line joined to this one).
 */
function enterWhenNothingToTake(view: EditorView): boolean {
  const option = completionStatus(view.state) === 'active' && selectedCompletion(view.state);
  if (option && takingChangesNothing(view.state, option)) closeCompletion(view);
  return false; // the next Enter binding runs: completion's (if still open) or a new line
}

export function completion(): Extension {
  return [
    Prec.highest(keymap.of([{ key: 'Enter', run: enterWhenNothingToTake }])),
    autocompletion({ override: [diagramCompletion], icons: false }),
  ];
}
