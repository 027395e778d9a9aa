/**
 * Sequence diagrams for the sameness corpus: every construct of mermaid's sequence diagram syntax
 * documentation, alone and mixed at random (seeded, so the corpus is the same every run).
 */
import type { CorpusDiagram, Random } from './random';

const TYPES = ['boundary', 'control', 'entity', 'database', 'collections', 'queue'] as const;
export const ARROWS = [
  '->',
  '-->',
  '->>',
  '-->>',
  '<<->>',
  '<<-->>',
  '-x',
  '--x',
  '-)',
  '--)',
] as const;
/** The half arrows (v11.12.3+), solid and dotted, as mermaid's lexer spells them. */
export const HALF_ARROWS = [
  '-|\\',
  '--|\\',
  '-|/',
  '--|/',
  '/|-',
  '/|--',
  '\\|-',
  '\\|--',
  '-\\\\',
  '--\\\\',
  '-//',
  '--//',
  '//-',
  '//--',
  '\\\\-',
  '\\\\--',
] as const;
const ALL_ARROWS = [...ARROWS, ...HALF_ARROWS];
const WORDS = [
  'request',
  'token',
  'OK',
  'retry later',
  'fetch the latest invoice for the customer',
  'ack',
  'GET /api/v1/items?page=2',
  'a much longer message that mermaid has to wrap over several lines of text',
  'I #9829; you',
  'semi#59;colon',
  'infinity #infin;',
  'Grüße, café',
  '日本語のメッセージ',
  'emoji 🚀 launch',
  'line one<br/>line two',
  'first<br>second<br>third',
  '',
];

/** One example per construct, as the syntax documentation shows it. */
const CONSTRUCTS: Record<string, string> = {
  participants: 'participant Alice\nparticipant Bob\nAlice->>Bob: Hi Bob\nBob->>Alice: Hi Alice',
  actors: 'actor Alice\nactor Bob\nAlice->>Bob: Hi Bob\nBob->>Alice: Hi Alice',
  aliases: 'participant A as Alice\nactor J as John<br/>Smith\nA->>J: Hello John\nJ->>A: Great!',
  types:
    TYPES.map((t, i) => `participant P${i}@{ "type": "${t}" }`).join('\n') +
    '\n' +
    TYPES.map((_, i) => `P0->>P${i}: to ${i}`).join('\n'),
  typeAlias:
    'participant API@{ "type": "boundary", "alias": "Public API" }\nparticipant DB@{ "type": "database" }\nAPI->>DB: query',
  create:
    'Alice->>Bob: Hello Bob\ncreate participant Carl\nAlice->>Carl: Hi Carl!\ncreate actor D as Donald\nCarl->>D: Hi!',
  destroy:
    'participant Alice\nparticipant Carl\nAlice->>Carl: Hi Carl!\ndestroy Carl\nAlice-xCarl: We are too many\ndestroy Alice\nAlice->>Carl: bye',
  boxes:
    'box Aqua Group Description\nparticipant A\nparticipant B\nend\nbox Another Group\nparticipant C\nend\nbox rgb(33,66,99)\nparticipant D\nend\nbox transparent Aqua\nparticipant E\nend\nA->>C: x\nB->>D: y\nD->>E: z',
  activations: 'Alice->>John: Hello\nactivate John\nJohn-->>Alice: Great!\ndeactivate John',
  activationShorthand:
    'Alice->>+John: Hello\nAlice->>+John: Can you hear me?\nJohn-->>-Alice: Hi\nJohn-->>-Alice: Great',
  notes:
    'participant John\nNote right of John: Text in note\nNote left of John: left\nNote over John: over\nAlice->John: Hello\nNote over Alice,John: A typical interaction<br/>But now in two lines',
  loop: 'Alice->John: Hello\nloop Every minute\n    John-->Alice: Great!\nend',
  alt: 'Alice->>Bob: How are you?\nalt is sick\n    Bob->>Alice: Not so good :(\nelse is well\n    Bob->>Alice: Fresh\nend\nopt Extra response\n    Bob->>Alice: Thanks\nend',
  par: 'par Alice to Bob\n    Alice->>Bob: Hello guys!\nand Alice to John\n    Alice->>John: Hello guys!\nend\nBob-->>Alice: Hi Alice!',
  parNested:
    'par Alice to Bob\n    Alice->>Bob: Go help John\nand Alice to John\n    Alice->>John: today\n    par John to Charlie\n        John->>Charlie: today?\n    and John to Diana\n        John->>Diana: help?\n    end\nend',
  critical:
    'critical Establish a connection to the DB\n    Service-->DB: connect\noption Network timeout\n    Service-->Service: Log error\noption Credentials rejected\n    Service-->Service: Log different error\nend',
  criticalAlone: 'critical Establish a connection\n    Service-->DB: connect\nend',
  break:
    'Consumer-->API: Book something\nAPI-->BookingService: Start\nbreak when the booking process fails\n    API-->Consumer: show failure\nend\nAPI-->BillingService: Start billing',
  rect: 'participant Alice\nparticipant John\nrect rgb(191, 223, 255)\nnote right of Alice: Alice calls John.\nAlice->>+John: Hello John\nrect rgba(200, 150, 255, .5)\nAlice->>+John: Can you hear me?\nJohn-->>-Alice: I can\nend\nJohn-->>-Alice: Great\nend',
  comments: 'Alice->>John: Hello John\n%% this is a comment\nJohn-->>Alice: Great!',
  entities:
    'A->>B: I #9829; you!\nB->>A: I #9829; you #infin; times more!\nA->>B: #35; and #59; here',
  autonumber:
    'autonumber\nAlice->>John: Hello\nloop HealthCheck\n    John->>John: Fight\nend\nNote right of John: Rational!\nJohn-->>Alice: Great!',
  link: 'participant Alice\nparticipant John\nlink Alice: Dashboard @ https://dashboard.example.com/alice\nlink John: Wiki @ https://wiki.example.com/john\nAlice->>John: Hello\nAlice-)John: See you later!',
  links:
    'participant Alice\nlinks Alice: {"Dashboard": "https://example.com/a", "Wiki": "https://example.com/w"}\nAlice->>Bob: Hello',
  lineBreaks:
    'participant A as Multi<br/>line<br/>name\nA->>B: first line<br/>second line\nNote over A,B: note<br/>on<br/>three lines',
  title:
    'title A titled diagram\naccTitle: Accessible title\naccDescr: Accessible description\nAlice->>Bob: hi',
  semicolons: 'Alice->>Bob: one; Bob->>Alice: two; Alice->>Bob: three',
  wrapPrefix:
    'Alice->>Bob:wrap: this message is explicitly wrapped because it is long enough to wrap\nAlice->>Bob:nowrap: this message is explicitly not wrapped although it is very long indeed',
  selfMessages: 'Alice->>Alice: think\nAlice-->>Alice: think more\nAlice-)Alice: async self',
  katex: 'Alice->>Bob: $$x^2 + y^2$$\nNote over Alice: $$\\sqrt{2}$$',
  typesWithAs:
    'participant API@{ "type": "boundary" } as Public API\nactor DB@{ "type": "database" } as User Database\nparticipant Svc@{ "type": "control" } as Auth Service\nAPI->>Svc: Authenticate\nSvc->>DB: Query user\nDB-->>Svc: User data\nSvc-->>API: Token',
  aliasPrecedence:
    'participant API@{ "type": "boundary", "alias": "Internal Name" } as External Name\nparticipant DB@{ "type": "database", "alias": "Internal DB" } as External DB\nAPI->>DB: Query\nDB-->>API: Result',
  halfArrows: HALF_ARROWS.map((arrow, i) => `Alice${arrow}Bob: half arrow ${i}`).join('\n'),
  centralConnections:
    'participant Alice\nparticipant John\nAlice->>()John: Hello John\nAlice()->>John: How are you?\nJohn()->>()Alice: Great!',
  centralConnectionArrows: ARROWS.map(
    (arrow, i) =>
      `Alice${arrow}()John: in ${i}\nJohn()${arrow}Alice: out ${i}\nAlice()${arrow}()John: both ${i}`,
  ).join('\n'),
  autonumberStart: 'autonumber 10 5\nAlice->>John: Hello\nJohn-->>Alice: Hi\nAlice->>John: Bye',
  autonumberDecimal:
    'autonumber 1.5 0.25\nAlice->>John: Hello\nJohn-->>Alice: Hi\nAlice->>John: Bye',
};

export const SEQUENCE_DIRECTIVES = [
  '',
  '%%{init: {"sequence": {"wrap": false}}}%%\n',
  '%%{init: {"sequence": {"mirrorActors": false, "showSequenceNumbers": true}}}%%\n',
  '%%{init: {"sequence": {"messageFontSize": 20, "noteFontSize": 11, "actorFontSize": 18}}}%%\n',
  '%%{init: {"sequence": {"noteAlign": "left", "messageAlign": "left", "rightAngles": true}}}%%\n',
  '%%{init: {"themeCSS": ".messageText { font-size: 30px; } .noteText { font-weight: bold; }"}}%%\n',
  '%%{init: {"fontFamily": "monospace"}}%%\n',
  '---\nconfig:\n  look: neo\n---\n',
];

/** How RandomBlocks.statement writes its labels. */
export interface StatementText {
  /** A message's or block's label. */
  text: () => string;
  /** A note's label. */
  note: () => string;
  /** Before a message's label (`wrap:`), drawn after its activation suffix. */
  prefix?: () => string;
  /** At most this many blocks open at once. */
  maxOpen: number;
  /** A note over two participants only when they differ. */
  overTwo?: boolean;
  /** The statement for a roll (0–20) none of the others takes (a comment, say), from `a`. */
  other: (roll: number, a: string) => string;
}

/**
 * Random messages (with activations mermaid accepts), notes and blocks (loop, alt, par, …, with
 * their else/and/option lines), kept balanced: close() ends the blocks still open.
 */
export class RandomBlocks {
  private readonly open: string[] = [];
  // mermaid refuses to deactivate a participant that is not active: count activations.
  private readonly active = new Map<string, number>();

  /** One statement ('' for none). */
  statement(random: Random, people: readonly string[], how: StatementText): string {
    const { open, active } = this;
    const a = random.pick(people);
    const b = random.pick(people);
    const roll = random.int(0, 20);
    if (roll < 10) {
      let suffix = random.pick(['', '', '', '+', '-']);
      if (suffix === '-' && !active.get(a)) suffix = '';
      if (suffix === '-') active.set(a, active.get(a)! - 1);
      if (suffix === '+') active.set(b, (active.get(b) ?? 0) + 1);
      const prefix = how.prefix?.() ?? '';
      return `${a}${random.pick(ALL_ARROWS)}${suffix}${b}:${prefix} ${how.text()}`;
    }
    if (roll < 13) {
      const where = random.pick(['right of', 'left of', 'over']);
      const two = where === 'over' && (!how.overTwo || a !== b) && random.chance(0.5);
      return `Note ${where} ${two ? `${a},${b}` : a}: ${how.note()}`;
    }
    if (roll < 16 && open.length < how.maxOpen) {
      const block = random.pick(['loop', 'alt', 'opt', 'par', 'critical', 'break', 'rect']);
      open.push(block);
      return block === 'rect' ? `rect rgba(0, 0, 255, .1)` : `${block} ${how.text()}`;
    }
    if (roll < 17 && open.length > 0) {
      const middle = { alt: 'else', par: 'and', critical: 'option' }[open[open.length - 1]!];
      return middle ? `${middle} ${how.text()}` : '';
    }
    if (roll < 19 && open.length > 0) {
      open.pop();
      return 'end';
    }
    return how.other(roll, a);
  }

  close(): string[] {
    return this.open.splice(0).map(() => 'end');
  }
}

function randomDiagram(random: Random): string {
  const people = Array.from({ length: random.int(2, 7) }, (_, i) => `P${i}`);
  const lines: string[] = [];
  if (random.chance(0.3)) lines.push('autonumber');
  for (const person of people) {
    if (random.chance(0.5)) {
      const kind = random.pick(['participant', 'actor']);
      lines.push(
        random.chance(0.5)
          ? `${kind} ${person} as ${random.pick(WORDS) || person}`
          : `${kind} ${person}`,
      );
    }
  }
  const blocks = new RandomBlocks();
  const count = random.int(3, 40);
  for (let i = 0; i < count; i += 1) {
    const line = blocks.statement(random, people, {
      text: () => random.pick(WORDS),
      note: () => random.pick(WORDS) || 'note',
      maxOpen: 4,
      other: () => `%% comment ${i}`,
    });
    if (line) lines.push(line);
  }
  lines.push(...blocks.close());
  return lines.join('\n');
}

export function sequenceDiagrams(random: Random, randomCount: number): CorpusDiagram[] {
  const diagrams: CorpusDiagram[] = [];
  for (const [construct, body] of Object.entries(CONSTRUCTS)) {
    SEQUENCE_DIRECTIVES.forEach((directive, i) => {
      diagrams.push({
        name: `sequence-${construct}-${i}`,
        text: `${directive}sequenceDiagram\n${body}\n`,
      });
    });
  }
  ALL_ARROWS.forEach((arrow, i) => {
    diagrams.push({
      name: `sequence-arrow-${i}`,
      text: `sequenceDiagram\nAlice${arrow}Bob: arrow ${arrow}\nBob${arrow}+Alice: activating\nAlice${arrow}-Bob: back\n`,
    });
  });
  for (let i = 0; i < randomCount; i += 1) {
    diagrams.push({
      name: `sequence-random-${i}`,
      text: `${random.pick(SEQUENCE_DIRECTIVES)}sequenceDiagram\n${randomDiagram(random)}\n`,
    });
  }
  return diagrams;
}
