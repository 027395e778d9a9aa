/**
 * The differential fuzzer: sequence diagrams, flowcharts and class diagrams generated from a
 * grammar of every construct of mermaid's syntax documentation, with every label form mermaid
 * reads (line breaks in any spelling and place, entity codes, quotes, markdown strings, unicode,
 * right-to-left text, combining marks, long words that wrap, empty labels, trailing spaces,
 * `%%` comments and directives). Case `n` of seed `s` is generated from `s + n` alone, so any
 * case can be drawn again on its own: `npx tsx scripts/corpus/fuzz.ts <seed> <count>` prints
 * each case, or with `--show <n>` the one case.
 */
import { seeded, type CorpusDiagram, type Random } from './random';
import { RandomBlocks, SEQUENCE_DIRECTIVES } from './sequence';

export const BREAKS = ['<br>', '<br/>', '<br />', '<BR>', '<Br/>', '<bR />', '<BR/>'] as const;

/** Pieces of label text: plain, wide, unicode, right-to-left, combining, entities, quotes. */
const WORDS = [
  'Hello',
  'John',
  'request',
  'OK',
  'retry later',
  'GET /api/v1/items?page=2',
  'a much longer message that mermaid has to wrap over several lines of text',
  'Supercalifragilisticexpialidociousandthensomemorelettersthatdonotbreak',
  'https://example.com/a/very/long/path/without/any/spaces/to/break/at',
  'Grüße, café',
  '日本語のメッセージ',
  'emoji 🚀 launch',
  'مرحبا بالعالم',
  'שלום עולם',
  'e\u0301te\u0301 n\u0303o',
  'Z\u0351\u0352a\u0353l\u0354g\u0355o',
  'semi#59;colon',
  'I #9829; you',
  'infinity #infin;',
  '#35; hash',
  "it's",
  'say "hi"',
  'x < y > z',
  'a & b',
  '50%',
  'tab\there',
] as const;

/** A label: words joined by spaces and line breaks, breaks also at its start and end. */
export function label(random: Random, { quotes = true } = {}): string {
  if (random.chance(0.05)) return '';
  const parts: string[] = [];
  const count = random.int(1, 4);
  const brk = () => random.pick(BREAKS);
  if (random.chance(0.2)) parts.push(brk());
  for (let i = 0; i < count; i += 1) {
    let word: string = random.pick(WORDS);
    if (!quotes) word = word.replace(/"/g, '#quot;');
    parts.push(word);
    if (i < count - 1) {
      const roll = random.int(0, 9);
      if (roll < 5) parts.push(' ');
      else if (roll < 8) parts.push(brk());
      else parts.push(brk() + brk());
    }
  }
  if (random.chance(0.3)) parts.push(brk());
  if (random.chance(0.1)) parts.push(brk());
  if (random.chance(0.1)) parts.push('   ');
  return parts.join('');
}

const COMMENTS = ['%% a comment', '%% comment with <br/> and #59;', '%%', '  %% indented comment'];

const PARTICIPANT_TYPES = [
  'boundary',
  'control',
  'entity',
  'database',
  'collections',
  'queue',
] as const;

function sequenceDiagram(random: Random): string {
  const people = Array.from({ length: random.int(2, 5) }, (_, i) => random.pick(['P', 'Q']) + i);
  const lines: string[] = [];
  const say = (line: string) => lines.push(`    ${line}`);
  if (random.chance(0.15)) say(`title ${label(random)}`);
  if (random.chance(0.2)) say(random.pick(['autonumber', 'autonumber 10 5', 'autonumber 1.5 0.5']));
  let boxed = false;
  for (const person of people) {
    if (!boxed && random.chance(0.1)) {
      say(`box ${random.pick(['', 'Aqua ', 'rgb(33,66,99) ', 'transparent '])}${label(random)}`);
      boxed = true;
    }
    const roll = random.int(0, 9);
    const kind = random.pick(['participant', 'actor']);
    if (roll < 3) say(`${kind} ${person} as ${label(random)}`);
    else if (roll < 5) say(`${kind} ${person}`);
    else if (roll < 6) {
      say(`participant ${person}@{ "type": "${random.pick(PARTICIPANT_TYPES)}" }`);
    } else if (roll < 7) {
      say(
        `participant ${person}@{ "type": "${random.pick(PARTICIPANT_TYPES)}" } as ${label(random)}`,
      );
    }
    if (boxed && random.chance(0.5)) {
      say('end');
      boxed = false;
    }
  }
  if (boxed) say('end');
  if (random.chance(0.1)) say(`link ${people[0]}: ${label(random)} @ https://example.com/x`);
  const blocks = new RandomBlocks();
  const count = random.int(1, 12);
  for (let i = 0; i < count; i += 1) {
    const line = blocks.statement(random, people, {
      text: () => label(random),
      note: () => label(random),
      prefix: () => random.pick(['', '', '', 'wrap:', 'nowrap:']),
      maxOpen: 3,
      overTwo: true,
      other: (roll, a) =>
        roll < 20
          ? random.pick(COMMENTS)
          : `create participant N${i}\n    ${a}->>N${i}: ${label(random)}`,
    });
    if (line) say(line);
  }
  for (const line of blocks.close()) say(line);
  return `${random.pick(SEQUENCE_DIRECTIVES)}sequenceDiagram\n${lines.join('\n')}\n`;
}

const FLOW_SHAPES: ReadonlyArray<readonly [string, string]> = [
  ['[', ']'],
  ['(', ')'],
  ['([', '])'],
  ['[[', ']]'],
  ['[(', ')]'],
  ['((', '))'],
  ['>', ']'],
  ['{', '}'],
  ['{{', '}}'],
  ['[/', '/]'],
  ['[\\', '\\]'],
  ['[/', '\\]'],
  ['(((', ')))'],
];
const FLOW_LINKS = ['-->', '---', '-.->', '==>', '--o', '--x', '<-->', '~~~', '---->', '-.-'];
const FLOW_DIRECTIVES = [
  '',
  '%%{init: {"flowchart": {"htmlLabels": false}}}%%\n',
  '%%{init: {"flowchart": {"curve": "basis"}}}%%\n',
  '%%{init: {"theme": "dark"}}%%\n',
  '---\nconfig:\n  look: handDrawn\n---\n',
  '---\ntitle: A flowchart\n---\n',
];

/** A flowchart label: quoted (any text), markdown, or bare (letters and spaces). */
function flowLabel(random: Random): string {
  const roll = random.int(0, 9);
  if (roll < 5) return `"${label(random, { quotes: false })}"`;
  if (roll < 7) {
    const text = label(random, { quotes: false }).replace(/`/g, '');
    return `"\`${random.pick(['**bold** ', '*italic* ', ''])}${text}\`"`;
  }
  return random.pick(['Start', 'Is it ok', 'Ok', 'Grüße', 'hello world']);
}

function flowchart(random: Random): string {
  const nodes = Array.from({ length: random.int(2, 6) }, (_, i) => `n${i}`);
  const lines: string[] = [];
  const say = (line: string) => lines.push(`    ${line}`);
  for (const node of nodes) {
    if (random.chance(0.8)) {
      const [open, close] = random.pick(FLOW_SHAPES);
      say(`${node}${open}${flowLabel(random)}${close}`);
    } else if (random.chance(0.5)) {
      say(
        `${node}@{ shape: ${random.pick(['rounded', 'diamond', 'circle', 'doc', 'cyl'])}, label: ${flowLabel(random)} }`,
      );
    }
  }
  let subgraphs = 0;
  const count = random.int(1, 10);
  for (let i = 0; i < count; i += 1) {
    const a = random.pick(nodes);
    const b = random.pick(nodes);
    const roll = random.int(0, 12);
    if (roll < 4) say(`${a} ${random.pick(FLOW_LINKS)} ${b}`);
    else if (roll < 7) say(`${a} -->|${flowLabel(random)}| ${b}`);
    else if (roll < 8) say(`${a} -- ${flowLabel(random)} --> ${b}`);
    else if (roll < 9 && subgraphs < 2) {
      say(`subgraph s${i} [${flowLabel(random)}]`);
      say(`  ${a} --> ${b}`);
      say('end');
      subgraphs += 1;
    } else if (roll < 10) say(random.pick(COMMENTS));
    else if (roll < 11) say(`classDef c${i} fill:#f96,stroke:#333\n    class ${a} c${i}`);
    else if (roll < 12) say(`${a} & ${b} --> ${random.pick(nodes)}`);
    else say(`style ${a} fill:#bbf,stroke-width:2px`);
  }
  const direction = random.pick(['TD', 'LR', 'BT', 'RL', 'TB']);
  return `${random.pick(FLOW_DIRECTIVES)}${random.pick(['flowchart', 'graph'])} ${direction}\n${lines.join('\n')}\n`;
}

const CLASS_RELATIONS = ['<|--', '*--', 'o--', '-->', '--', '..>', '..|>', '..', '<|..', '--*'];
const CLASS_MEMBERS = [
  '+String name',
  '-int age',
  '#List~int~ items',
  '~double weight',
  '+swim() bool',
  '+eat(food) int',
  'someAbstract()*',
  'someStatic()$',
  '+Grüße() String',
];
const CLASS_DIRECTIVES = [
  '',
  '%%{init: {"class": {"htmlLabels": false}}}%%\n',
  '%%{init: {"theme": "forest"}}%%\n',
  '---\nconfig:\n  look: handDrawn\n---\n',
];

function classDiagram(random: Random): string {
  const classes = Array.from({ length: random.int(1, 5) }, (_, i) => `C${i}`);
  const lines: string[] = [];
  const say = (line: string) => lines.push(`    ${line}`);
  if (random.chance(0.2)) say(`direction ${random.pick(['LR', 'RL', 'TB', 'BT'])}`);
  for (const name of classes) {
    const roll = random.int(0, 5);
    if (roll < 2) {
      say(`class ${name}${random.pick(['', '~T~'])} {`);
      if (random.chance(0.3)) say(`  <<${random.pick(['interface', 'abstract', 'service'])}>>`);
      for (let i = random.int(0, 3); i > 0; i -= 1) say(`  ${random.pick(CLASS_MEMBERS)}`);
      say('}');
    } else if (roll < 3) {
      say(`class ${name}["${label(random, { quotes: false })}"]`);
    } else if (roll < 4) {
      say(`${name} : ${random.pick(CLASS_MEMBERS)}`);
    } else {
      say(`class ${name}`);
    }
  }
  const count = random.int(0, 6);
  for (let i = 0; i < count; i += 1) {
    const a = random.pick(classes);
    const b = random.pick(classes);
    const roll = random.int(0, 6);
    const cardinality = () =>
      random.chance(0.3) ? ` "${random.pick(['1', 'many', '0..1', '*'])}" ` : ' ';
    if (roll < 3) say(`${a}${cardinality()}${random.pick(CLASS_RELATIONS)}${cardinality()}${b}`);
    else if (roll < 5) {
      say(`${a} ${random.pick(CLASS_RELATIONS)} ${b} : ${label(random, { quotes: false })}`);
    } else if (roll < 6) say(`note for ${a} "${label(random, { quotes: false })}"`);
    else say(random.pick([...COMMENTS, `note "${label(random, { quotes: false })}"`]));
  }
  return `${random.pick(CLASS_DIRECTIVES)}classDiagram\n${lines.join('\n')}\n`;
}

const KINDS = [
  ['sequence', sequenceDiagram, 6],
  ['flowchart', flowchart, 2],
  ['class', classDiagram, 2],
] as const;

/** Case `n` of `seed`: the same diagram on every run and machine. */
export function fuzzCase(seed: number, n: number): CorpusDiagram {
  const random = seeded(seed + n);
  const weights = KINDS.reduce((sum, [, , weight]) => sum + weight, 0);
  let roll = random.int(0, weights - 1);
  for (const [kind, make, weight] of KINDS) {
    if (roll < weight) return { name: `fuzz-${seed}-${n}-${kind}`, text: make(random) };
    roll -= weight;
  }
  throw new Error('unreachable');
}

export function fuzzCases(seed: number, count: number): CorpusDiagram[] {
  return Array.from({ length: count }, (_, n) => fuzzCase(seed, n));
}

/**
 * A smaller text that still shows the difference: drops lines, then the pieces of each line
 * (words and line breaks), while `differs` holds. At most `budget` tries.
 */
export async function shrink(
  text: string,
  differs: (text: string) => Promise<boolean>,
  budget = 150,
): Promise<string> {
  let tries = 0;
  const attempt = async (candidate: string) => {
    tries += 1;
    return candidate !== text && (await differs(candidate));
  };
  let lines = text.split('\n');
  // Lines after the diagram's first keyword line, largest chunks first.
  const head = lines.findIndex((line) => /^[a-zA-Z]/.test(line));
  for (
    let size = Math.max(1, Math.floor(lines.length / 2));
    size >= 1;
    size = Math.floor(size / 2)
  ) {
    for (let at = head + 1; at < lines.length && tries < budget;) {
      const candidate = [...lines.slice(0, at), ...lines.slice(at + size)];
      if (await attempt(candidate.join('\n'))) {
        lines = candidate;
        text = candidate.join('\n');
      } else at += size;
    }
  }
  for (let i = head + 1; i < lines.length; i += 1) {
    let pieces = lines[i]!.split(/(<br\s*\/?>| )/i);
    for (let at = 0; at < pieces.length && tries < budget;) {
      const candidate = [...pieces.slice(0, at), ...pieces.slice(at + 1)];
      const next = [...lines.slice(0, i), candidate.join(''), ...lines.slice(i + 1)];
      if (pieces[at] !== '' && (await attempt(next.join('\n')))) {
        pieces = candidate;
        lines = next;
        text = next.join('\n');
      } else at += 1;
    }
  }
  return text;
}

if (
  process.argv[1] &&
  import.meta.url.endsWith(process.argv[1].replace(/^.*\/scripts\//, '/scripts/'))
) {
  const seed = Number(process.argv[2] ?? 31);
  const show = process.argv.indexOf('--show');
  const cases =
    show > 0
      ? [fuzzCase(seed, Number(process.argv[show + 1]))]
      : fuzzCases(seed, Number(process.argv[3] ?? 20));
  for (const { name, text } of cases) console.log(`%% ${name}\n${text}`);
}
