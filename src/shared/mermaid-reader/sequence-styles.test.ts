import { describe, expect, it } from 'vitest';
import { checkStyleProperty } from './safe-style.js';
import { messageNumberAt, sequenceStyles, withoutStyleStatements } from './sequence-styles.js';
import { readSequence } from './sequence.js';
import { sequenceWarnings } from './warnings.js';

const STYLED = [
  'sequenceDiagram',
  '    classDef external fill:#fef3c7,stroke:#b45309',
  '    participant Web',
  '    participant Stripe',
  '    actor Ann',
  '    class Stripe,Ann external',
  '    style Web fill:#e0e7ff,stroke:#4338ca,stroke-width:2px',
  '    Web->>Stripe: charge',
  '    Stripe-->>Web: ok',
  '    Ann->>Web: hi',
  '    linkStyle 1 stroke:#dc2626,stroke-width:2px,color:#dc2626',
  '    linkStyle default stroke-dasharray:4 2',
].join('\n');

describe('sequenceStyles', () => {
  it('resolves classes and style statements per participant, style over class', () => {
    const styles = sequenceStyles(STYLED);
    expect(styles.participants.get('Web')).toEqual({
      fill: '#e0e7ff',
      stroke: '#4338ca',
      'stroke-width': '2px',
    });
    expect(styles.participants.get('Stripe')).toEqual({ fill: '#fef3c7', stroke: '#b45309' });
    expect(styles.participants.get('Ann')).toEqual({ fill: '#fef3c7', stroke: '#b45309' });
    expect(styles.classes).toEqual(['external']);
    expect(styles.warnings).toEqual([]);
  });

  it('resolves linkStyle by message number from 0, with default under numbered ones', () => {
    const styles = sequenceStyles(STYLED);
    expect(styles.messages.get(0)).toEqual({ 'stroke-dasharray': '4 2' });
    expect(styles.messages.get(1)).toEqual({
      'stroke-dasharray': '4 2',
      stroke: '#dc2626',
      'stroke-width': '2px',
      color: '#dc2626',
    });
    expect(styles.messages.size).toBe(3);
  });

  it('reads each statement with its line and the parts where they are', () => {
    const { rules } = sequenceStyles(STYLED);
    expect(rules.map((rule) => [rule.keyword, rule.line])).toEqual([
      ['classDef', 2],
      ['class', 6],
      ['style', 7],
      ['linkStyle', 11],
      ['linkStyle', 12],
    ]);
    const klass = rules[1]!;
    expect(klass.targets.map((t) => STYLED.slice(t.from, t.to))).toEqual(['Stripe', 'Ann']);
    expect(klass.className && STYLED.slice(klass.className.from, klass.className.to)).toBe(
      'external',
    );
    const fill = rules[2]!.properties[0]!;
    expect(STYLED.slice(fill.from, fill.to)).toBe('fill:#e0e7ff');
  });

  it('blanks the styling lines and keeps every other line where it was', () => {
    const blanked = withoutStyleStatements(STYLED, sequenceStyles(STYLED).rules);
    const lines = blanked.split('\n');
    expect(lines).toHaveLength(STYLED.split('\n').length);
    expect(lines[1]).toBe('');
    expect(lines[5]).toBe('');
    expect(lines[7]).toBe('    Web->>Stripe: charge');
    expect(blanked).not.toMatch(/classDef|style|class /);
  });

  it('leaves text without styling statements untouched, and messages named like keywords', () => {
    const text = 'sequenceDiagram\n  class->>style: hi\n  style ->> class: back';
    const styles = sequenceStyles(text);
    expect(styles.rules).toEqual([]);
    expect(withoutStyleStatements(text, styles.rules)).toBe(text);
    expect(readSequence(text).map((s) => s.kind)).toEqual(['header', 'message', 'message']);
  });

  it('drops unsafe properties and values, each with a warning where it is', () => {
    const text = [
      'sequenceDiagram',
      '  participant A',
      '  style A fill:url(javascript:alert(1)),stroke:#f00,background:red',
      '  style A color:red;}</style><script>x</script>',
      '  classDef bad fill:expression(alert(1)),stroke:@import x',
      '  A->>A: hi',
    ].join('\n');
    const styles = sequenceStyles(text);
    expect(styles.participants.get('A')).toEqual({ stroke: '#f00' });
    const warned = styles.warnings.map((w) => [text.slice(w.from, w.to), w.message]);
    expect(warned).toEqual([
      ['fill:url(javascript:alert(1))', expect.stringContaining('fill needs a colour')],
      ['background:red', expect.stringContaining('"background" is not styled here')],
      ['color:red;}</style><script>x</script>', expect.stringContaining('color needs a colour')],
      ['fill:expression(alert(1))', expect.stringContaining('fill needs a colour')],
      ['stroke:@import x', expect.stringContaining('stroke needs a colour')],
    ]);
    const removeFirst = styles.warnings[0]!.fix!;
    expect(removeFirst.label).toBe('Remove this property');
    const fixed = text.slice(0, removeFirst.from) + removeFirst.insert + text.slice(removeFirst.to);
    expect(fixed.split('\n')[2]).toBe('  style A stroke:#f00,background:red');
  });

  it('warns on an unknown class, participant or message number, with fixes', () => {
    const text = [
      'sequenceDiagram',
      '  classDef external fill:#fef3c7',
      '  participant Web',
      '  class Web externl',
      '  class Web other',
      '  style Wbe fill:#fff',
      '  style Zed fill:#fff',
      '  Web->>Web: one',
      '  linkStyle 4 stroke:red',
      '  linkStyle x stroke:red',
    ].join('\n');
    const warnings = sequenceStyles(text).warnings;
    expect(warnings.map((w) => [text.slice(w.from, w.to), w.message, w.fix?.label])).toEqual([
      ['externl', 'No classDef "externl" in this diagram', 'Change to external'],
      ['other', 'No classDef "other" in this diagram', 'Add classDef other'],
      ['Wbe', 'No participant "Wbe" in this diagram', 'Change to Web'],
      ['Zed', 'No participant "Zed" in this diagram', 'Add participant Zed'],
      ['4', 'No message 4: messages are numbered 0 to 0', 'Change to 0'],
      ['x', 'linkStyle takes message numbers counted from 0, or default', 'Change to 0'],
    ]);
    const add = warnings[1]!.fix!;
    expect(add.insert).toBe('  classDef other fill:#fef3c7,stroke:#b45309\n');
    // The editor's warnings carry them too.
    expect(sequenceWarnings(text).map((w) => w.message)).toContain(
      'No participant "Wbe" in this diagram',
    );
  });

  it('warns on an incomplete statement and leaves it for mermaid to refuse', () => {
    const text = 'sequenceDiagram\n  participant A\n  style A\n  A->>A: x';
    const styles = sequenceStyles(text);
    expect(styles.warnings.map((w) => w.message)).toEqual([
      'style needs a participant and properties, as in style Web fill:#e0e7ff',
    ]);
    expect(withoutStyleStatements(text, styles.rules)).toBe(text);
  });

  it('keeps commas inside colour functions', () => {
    const styles = sequenceStyles(
      'sequenceDiagram\n  participant A\n  style A fill:rgb(224, 231, 255),stroke:hsl(240 50% 40%)',
    );
    expect(styles.participants.get('A')).toEqual({
      fill: 'rgb(224, 231, 255)',
      stroke: 'hsl(240 50% 40%)',
    });
  });

  it('does bounded work for thousands of statements and huge values', () => {
    const lines = ['sequenceDiagram', '  participant A'];
    for (let i = 0; i < 3000; i++) lines.push(`  linkStyle default stroke:#${'f'.repeat(6)}`);
    for (let i = 0; i < 3000; i++) lines.push(`  style Q${i} fill:red`);
    lines.push(`  style A fill:${'#'.repeat(40_000)}`);
    for (let i = 0; i < 500; i++) lines.push('  A->>A: x');
    const text = lines.join('\n');
    // The baseline, timed in the same run: a diagram as long made of plain messages. Bounded
    // work costs a few times that; work that grows with the square of the statements (or of a
    // value) costs hundreds of times more. The faster of two runs of each is kept.
    const plain = `sequenceDiagram\n${'  A->>A: x\n'.repeat(Math.ceil(text.length / 11))}`;
    const fastest = (work: () => unknown) => {
      let best = Infinity;
      for (let run = 0; run < 2; run++) {
        const started = performance.now();
        work();
        best = Math.min(best, performance.now() - started);
      }
      return best;
    };
    const baselineMs = fastest(() => sequenceStyles(plain));
    const hostileMs = fastest(() => sequenceStyles(text));
    expect(hostileMs, `${hostileMs} ms against ${baselineMs} ms`).toBeLessThan(
      20 * baselineMs + 50,
    );
    const styles = sequenceStyles(text);
    expect(styles.messages.size).toBe(500);
    expect(styles.participants.has('A')).toBe(false);
  });

  it('numbers the message on a line from 0', () => {
    const statements = readSequence(STYLED);
    expect(messageNumberAt(statements, 8)).toBe(0);
    expect(messageNumberAt(statements, 10)).toBe(2);
    expect(messageNumberAt(statements, 7)).toBeNull();
  });
});

describe('checkStyleProperty', () => {
  it.each([
    ['fill', '#abc'],
    ['fill', '#AABBCC80'],
    ['stroke', 'rebeccapurple'],
    ['color', 'rgba(1,2,3,0.5)'],
    ['fill', 'hsl(120deg, 50%, 50%)'],
    ['stroke-width', '2px'],
    ['stroke-width', '1.5'],
    ['stroke-dasharray', '5 5'],
    ['opacity', '0.4'],
    ['opacity', '1'],
    ['font-weight', 'bold'],
    ['font-weight', '600'],
    ['font-style', 'italic'],
  ])('lets %s:%s through', (property, value) => {
    expect(checkStyleProperty(property, value)).toEqual({ ok: true, property, value });
  });

  it.each([
    ['fill', 'url(#x)'],
    ['fill', 'url(javascript:alert(1))'],
    ['fill', 'expression(alert(1))'],
    ['stroke', '@import "x"'],
    ['color', 'red;'],
    ['color', 'red}'],
    ['color', '<b>'],
    ['color', 'notacolour'],
    ['stroke-width', '2em'],
    ['stroke-width', 'calc(1px + 1px)'],
    ['opacity', '1.5'],
    ['font-weight', '950'],
    ['font-style', 'expression(x)'],
    ['background', 'red'],
    ['filter', 'url(#x)'],
    ['fill', `#${'a'.repeat(100)}`],
    ['fill', 'rgb(1,2)'],
    ['fill', 'constructor'],
  ])('drops %s:%s', (property, value) => {
    expect(checkStyleProperty(property, value).ok).toBe(false);
  });
});
