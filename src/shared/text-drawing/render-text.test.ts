/** Text drawings of the fixture diagrams and of hostile labels. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { SMALL_TXT } from '../../../test/fixtures/text-drawings.js';
import { TEMPLATES } from '../templates.js';
import { widthOf } from './cells.js';
import { drawText, TextDiagramError } from './render-text.js';
import { MAX_PARTICIPANTS } from './sequence-layout.js';

const fixture = (name: string) =>
  readFileSync(new URL(`../../../test/fixtures/diagrams/${name}`, import.meta.url), 'utf8');
const template = (id: string) => TEMPLATES.find((entry) => entry.id === id)?.content ?? '';

/** Every line of a drawing takes the same number of columns as the widest one, or fewer. */
const columns = (text: string) => text.split('\n').map(widthOf);

function refusal(run: () => unknown): TextDiagramError {
  try {
    run();
  } catch (error) {
    if (error instanceof TextDiagramError) return error;
    throw error;
  }
  throw new Error('the drawing was not refused');
}

describe('sequence diagrams as text', () => {
  it('draws the small fixture exactly, in Unicode and in ASCII', () => {
    expect(drawText(fixture('small.mmd'), 'txt')).toBe(SMALL_TXT);
    const ascii = drawText(fixture('small.mmd'), 'ascii');
    expect(ascii.split('\n').slice(0, 9)).toEqual([
      '+-------+                   +-----+',
      '| Alice |                   | Bob |',
      '+---+---+                   +--+--+',
      '    |                          |',
      '    | Hello Bob, how are you?  |',
      '    |------------------------->|',
      '    |                          |',
      '    |      Fine, thanks!       |',
      '    |<.........................|',
    ]);
    expect(ascii).toMatch(/^[\x20-\x7e\n]*$/);
  });

  it('draws each arrow kind, notes, a self message, activations and a block', () => {
    const text = drawText(
      [
        'sequenceDiagram',
        '  participant A',
        '  participant B',
        '  A->>+B: call',
        '  B-->>-A: done',
        '  A-)B: async',
        '  A-xB: lost',
        '  A->B: plain',
        '  Note right of B: noted',
        '  loop retry',
        '    A->>A: self',
        '  end',
      ].join('\n'),
      'txt',
    );
    expect(text).toBe(
      [
        '    ┌───┐       ┌───┐',
        '    │ A │       │ B │',
        '    └─┬─┘       └─┬─┘',
        '      │           │',
        '      │   call    │',
        '      │──────────▶│',
        '      │           ┃',
        '      │   done    ┃',
        '      │◀╌╌╌╌╌╌╌╌╌╌┃',
        '      │           │',
        '      │   async   │',
        '      │──────────▷│',
        '      │           │',
        '      │   lost    │',
        '      │──────────×│',
        '      │           │',
        '      │   plain   │',
        '      │───────────│',
        '      │           │',
        '      │           │ ┌───────┐',
        '      │           │ │ noted │',
        '      │           │ └───────┘',
        '      │           │',
        '┌─ loop [retry] ──┼─────────────┐',
        '│     │           │             │',
        '│     │───┐ self  │             │',
        '│     │◀──┘       │             │',
        '│     │           │             │',
        '└─────┼───────────┼─────────────┘',
        '      │           │',
        '    ┌─┴─┐       ┌─┴─┐',
        '    │ A │       │ B │',
        '    └───┘       └───┘',
      ].join('\n'),
    );
  });

  it('draws the medium fixture: numbered messages, every note and every block closed', () => {
    const source = fixture('medium.mmd');
    const text = drawText(source, 'txt');
    const messages = source.split('\n').filter((line) => /->>|-->>|-\)|--\)/.test(line));
    for (let number = 1; number <= messages.length; number++) {
      expect(text).toContain(`${number}. message ${number} payload=`);
    }
    const opens = (source.match(/^\s*(alt|loop|opt|par|critical|break)\b/gm) ?? []).length;
    expect((text.match(/┌─ (alt|loop|opt|par|critical|break) \[/g) ?? []).length).toBe(opens);
    expect((text.match(/^[│ ]*└─*┼/gm) ?? []).length).toBe(opens);
    for (let service = 1; service <= 8; service++) {
      expect(text.match(new RegExp(`│ Service ${service} │`, 'g'))?.length).toBe(2);
    }
    // The outermost frame is the widest thing drawn: nothing sticks out of it.
    const frameWidth = widthOf(text.split('\n').find((line) => line.startsWith('┌─ alt')) ?? '');
    expect(Math.max(...columns(text))).toBe(frameWidth);
  });

  it('draws the large fixture within its bounds', () => {
    const source = fixture('large.mmd');
    const text = drawText(source, 'ascii');
    const messages = source.split('\n').filter((line) => /->>|-->>|-\)|--\)/.test(line)).length;
    const arrows = text.split('\n').filter((line) => /[-.][>)]\||\|[<(][-.]/.test(line)).length;
    expect(arrows).toBe(messages);
    expect(text).toMatch(/^[\x20-\x7e\n]*$/);
  });

  it('draws a created participant where it is created and ends a destroyed lifeline', () => {
    const text = drawText(
      [
        'sequenceDiagram',
        '  Alice->>Bob: Hello',
        '  create participant Carl',
        '  Alice->>Carl: Hi Carl!',
        '  destroy Carl',
        '  Alice-xCarl: We are too many',
        '  Alice->>Bob: still here',
      ].join('\n'),
      'txt',
    );
    const rows = text.split('\n');
    const carl = rows.findIndex((row) => row.includes('│ Carl │'));
    // Carl's box comes after the first message, and only once: no footer for a destroyed one.
    expect(carl).toBeGreaterThan(rows.findIndex((row) => row.includes('Hello')));
    expect(rows.filter((row) => row.includes('│ Carl │'))).toHaveLength(1);
    expect(rows.filter((row) => row.includes('│ Bob │'))).toHaveLength(2);
    const lost = rows.findIndex((row) => row.includes('──×'));
    // The lost message's cross sits just before Carl's lifeline; the lifeline ends in a cross.
    const column = (rows[lost]?.indexOf('×') ?? -2) + 1;
    expect(rows[lost - 1]?.[column]).toBe('│');
    expect(rows[lost + 1]?.[column]).toBe('×');
    expect(rows.slice(lost + 2).every((row) => (row[column] ?? ' ') === ' ')).toBe(true);
  });

  it('draws thousands of messages', () => {
    const source = `sequenceDiagram\n${'A->>B: x\nB-->>A: y\n'.repeat(2500)}`;
    const text = drawText(source, 'ascii');
    expect(text.split('\n').filter((row) => row.includes('->|')).length).toBe(2500);
    expect(text.split('\n').filter((row) => row.includes('|<.')).length).toBe(2500);
  });

  it('never lets escape sequences or control characters through', () => {
    const text = drawText(
      'sequenceDiagram\n  A->>B: \u001b[31mred\u001b[0m \u001b]8;;http://x\u0007link\u001b]8;;\u0007 \u0007bell\u0008 \u009b2J',
      'txt',
    );
    expect(text).toContain('red link');
    // eslint-disable-next-line no-control-regex -- looking for control characters
    expect(text).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/);
  });

  it("reads mermaid's entity codes as mermaid does, and cleans a code for a control character", () => {
    const text = drawText(
      [
        'sequenceDiagram',
        '  title Costs #35; and #lt;b#gt;',
        '  participant A as I #9829; it',
        '  A->>B: one#59; two #quot;quoted#quot; #nosuchname; #27;[31mx',
        '  loop every #35;1',
        '    B->>A: ok',
        '  end',
      ].join('\n'),
      'txt',
    );
    expect(text).toContain('Costs # and <b>');
    expect(text).toContain('I ♥ it');
    expect(text).toContain('one; two "quoted" &nosuchname;');
    expect(text).toContain('loop [every #1]');
    // eslint-disable-next-line no-control-regex -- looking for control characters
    expect(text).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/);
  });

  it('frames the participants of each box under its title, without its colour', () => {
    const source = [
      'sequenceDiagram',
      '  box Aqua Browser side',
      '    actor U as User',
      '    participant W as Web',
      '  end',
      '  box rgb(200, 220, 255) Back\u001b[2Jend',
      '    participant A as API',
      '    participant D as Database',
      '  end',
      '  box Plain words',
      '    participant M as Mailer',
      '  end',
      '  participant X as Outside',
      '  U->>W: Pay',
      '  loop retries',
      '    W->>D: insert',
      '  end',
    ].join('\n');
    const text = drawText(source, 'txt');
    const rows = text.split('\n');
    // The titles, each in its box's top edge, colours read as mermaid reads them.
    expect(rows[0]).toMatch(/^ *┌┄ Browser side ┄+┐ +┌┄ Backend ┄+┐ +┌┄ Plain words ┄+┐$/);
    expect(text).not.toContain('Aqua');
    expect(text).not.toContain('rgb');
    expect(rows.at(-1)).toMatch(/^ *└┄+┘ +└┄+┘ +└┄+┘$/);
    // Each side stays in its column from top to bottom (or is crossed by an arrow or a frame).
    const sideColumns = (row: string) => {
      const found: number[] = [];
      [...row].forEach((char, column) => {
        if ('┌┐└┘┆'.includes(char)) found.push(column);
      });
      return found;
    };
    const sides = sideColumns(rows[0] ?? '');
    expect(sides).toHaveLength(6);
    for (const column of sides) {
      const down = rows.map((row) => [...row][column] ?? '');
      // A label or an arrow may cross a side; it is there on every other line.
      expect(down.every((char) => /[┌┐└┘┆─┼╌▶◀ \p{L}]/u.test(char))).toBe(true);
      expect(down.filter((char) => char === '┆').length).toBeGreaterThanOrEqual(rows.length - 6);
    }
    // Inside: User and Web between the first box's sides; Outside beyond every box.
    const header = rows[2] ?? '';
    const at = (label: string) => [...header.slice(0, header.indexOf(label))].length;
    expect(at('User')).toBeGreaterThan(sides[0] ?? 0);
    expect(at('Web')).toBeLessThan(sides[1] ?? 0);
    expect(at('API')).toBeGreaterThan(sides[2] ?? 0);
    expect(at('Outside')).toBeGreaterThan(sides[5] ?? 0);

    const ascii = drawText(source, 'ascii');
    expect(ascii.split('\n')[0]).toMatch(/^ *\+\. Browser side \.+\+ +\+\. Backend \.+\+/);
    expect(ascii).toContain(':');
  });

  it('keeps columns aligned with wide characters, zero-width and bidi characters', () => {
    const text = drawText(
      'sequenceDiagram\n  participant 東京\n  participant B as 😀 Emoji\n  東京->>B: 日本語のラベル\u200b\u202e',
      'txt',
    );
    expect(text).not.toMatch(/[\u200b\u202e]/);
    const rows = text.split('\n');
    const header = rows[1] ?? '';
    const footer = rows[rows.length - 2] ?? '';
    expect(header).toBe(footer);
    // Lifelines stay in the same columns on every line that has them.
    const lifelineColumns = (row: string) => {
      const found: number[] = [];
      let column = 0;
      for (const char of row) {
        if (char === '│') found.push(column);
        column += widthOf(char) || 1;
      }
      return found.join(',');
    };
    expect(lifelineColumns(rows[3] ?? '')).toBe(lifelineColumns(rows[rows.length - 4] ?? ''));
    expect(text).toContain('日本語のラベル');
  });

  it('wraps very long labels instead of widening the drawing without end', () => {
    const label = 'word '.repeat(2000);
    const text = drawText(`sequenceDiagram\n  A->>B: ${label}`, 'txt');
    expect(Math.max(...columns(text))).toBeLessThan(70);
    expect(text.split('\n').length).toBeGreaterThan(150);
  });

  it('refuses too many participants, too large a drawing and too long a text', () => {
    const many = Array.from({ length: MAX_PARTICIPANTS + 1 }, (_, i) => `  P${i}->>P${i + 1}: m`);
    expect(refusal(() => drawText(`sequenceDiagram\n${many.join('\n')}`, 'txt')).problem).toBe(
      'too-large',
    );
    const wide = Array.from({ length: 150 }, (_, i) => `  participant ${'P'.repeat(40)}${i}`);
    const messages = Array.from({ length: 1500 }, (_, i) => `  P${i % 150}->>P${(i * 7) % 150}: m`);
    expect(
      refusal(() => drawText(`sequenceDiagram\n${[...wide, ...messages].join('\n')}`, 'txt'))
        .problem,
    ).toBe('too-large');
    expect(
      refusal(() => drawText(`sequenceDiagram\n${'A->>B: x\n'.repeat(120_000)}`, 'txt')).problem,
    ).toBe('too-large');
  });

  it('refuses a line that is no statement, naming it', () => {
    const error = refusal(() => drawText('sequenceDiagram\n  A->>B: hi\n  what is this', 'txt'));
    expect(error.problem).toBe('invalid');
    expect(error.message).toContain('Line 3');
  });
});

describe('flowcharts and class diagrams as text', () => {
  it('draws the flowchart fixture with every node and label', () => {
    const text = drawText(fixture('flow.mmd'), 'txt');
    for (const label of ['Start', 'Is it working?', 'Ship it', 'Debug', 'Done', 'Yes', 'No']) {
      expect(text).toContain(label);
    }
    expect(text).toContain('▼');
    expect(text.split('\n').every((line) => line === line.trimEnd())).toBe(true);
    expect(drawText(fixture('flow.mmd'), 'ascii')).toMatch(/^[\x20-\x7e\n]*$/);
  });

  it('draws the class template with its classes and members', () => {
    const text = drawText(template('class-basic'), 'txt');
    for (const name of ['Animal', 'Duck', 'Fish', '+age: int', 'beakColor', '△']) {
      expect(text).toContain(name);
    }
  });

  it('draws a diagram after front matter and a directive', () => {
    for (const head of ['---\ntitle: Plan\n---\n', '%%{init: {"theme": "dark"}}%%\n']) {
      expect(drawText(`${head}flowchart LR\n  A[Plan] --> B[Ship]`, 'txt')).toContain('Ship');
    }
  });

  it('cleans hostile labels and keeps wide characters two columns wide', () => {
    const text = drawText('flowchart LR\n  A["\u001b[31mred\u001b[0m"] --> B[日本語]', 'txt');
    expect(text).not.toContain('\u001b');
    const rows = text.split('\n');
    expect(new Set(rows.map(widthOf)).size).toBe(1);
  });

  it('refuses other diagram kinds clearly', () => {
    const error = refusal(() => drawText('pie\n  "a": 1', 'txt'));
    expect(error.problem).toBe('unsupported');
    expect(error.message).toBe(
      'Text output is available for sequence diagrams, flowcharts and class diagrams, not for pie.',
    );
  });
});
