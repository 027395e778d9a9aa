import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  DESCRIPTION_MAX_NESTING,
  describeDiagramText,
  diagramDescription,
  messagesByLine,
  messagesOf,
} from './describe-diagram.js';
import { longRuns } from '../../test/support/long-runs.js';

const CHECKOUT = `sequenceDiagram
title Checkout
accDescr { How a card
payment is authorised }
autonumber 10 5
box Aqua Shop
actor C as Customer
participant S as Storefront
end
participant Payments
C->>S: place order
loop Retry up to 3 times
  S-)Payments: authorise card
  Note right of Payments: idempotent
end
alt accepted
  Payments-->>S: ok
else declined
  Payments--xS: declined
end
rect rgb(1,2,3)
S->>C: done<br/>thanks
end`;

describe('diagramDescription', () => {
  it('says the title, accDescr, participants, then the messages numbered with blocks nested', () => {
    expect(describeDiagramText(CHECKOUT)).toBe(
      [
        'Sequence diagram: Checkout',
        'How a card payment is authorised',
        '3 participants, 5 messages',
        '',
        'Participants:',
        '- Box: Shop',
        '  - Customer (actor, written C)',
        '  - Storefront (participant, written S)',
        '- Payments (participant)',
        '',
        'Messages:',
        '1. Customer to Storefront: place order (number 10)',
        '- Loop: Retry up to 3 times',
        '  2. Storefront to Payments: authorise card (async, number 15)',
        '     - Note right of Payments: idempotent',
        '- Alternative: accepted',
        '  3. Payments to Storefront: ok (reply, number 20)',
        '- Else: declined',
        '  4. Payments to Storefront: declined (reply, lost, number 25)',
        '- Highlighted group',
        '  5. Storefront to Customer: done thanks (number 30)',
      ].join('\n'),
    );
  });

  it('names par/and, critical/option, opt and break blocks and prefers accTitle', () => {
    const text = describeDiagramText(
      'sequenceDiagram\naccTitle: Booking\ntitle Other\npar A to B\nA->>B: hi\nand A to C\nA->>C: hi\nend\ncritical Connect\nA-->B: go\noption Timeout\nA->A: log\nend\nopt Extra\nB->>A: thanks\nend\nbreak fails\nB-)A: stop\nend',
    );
    expect(text).toContain('Sequence diagram: Booking');
    for (const line of [
      '- Parallel: A to B\n  1. A to B: hi',
      '- And: A to C\n  2. A to C: hi',
      '- Critical region: Connect\n  3. A to B: go (reply, no arrowhead)',
      '- Option: Timeout\n  4. A to A: log (no arrowhead)',
      '- Optional: Extra\n  5. B to A: thanks',
      '- Break: fails\n  6. B to A: stop (async)',
    ]) {
      expect(text).toContain(line);
    }
  });

  it("says autonumber's number only where it is not the message's place, and names by the title given", () => {
    const text = describeDiagramText('sequenceDiagram\nA->>B: one\nautonumber\nA->>B: two');
    expect(text).toContain('1. A to B: one\n2. A to B: two (number 1)');
    expect(describeDiagramText('sequenceDiagram\nautonumber\nA->>B: one')).toMatch(
      /\n1\. A to B: one$/,
    );
    expect(diagramDescription('sequenceDiagram\nA->>B: x', 'Stored').heading).toBe(
      'Sequence diagram: Stored',
    );
    expect(diagramDescription('sequenceDiagram\ntitle Written\nA->>B: x', 'Stored').heading).toBe(
      'Sequence diagram: Written',
    );
  });

  it("names each message by its source line (present mode's announcements)", () => {
    expect([...messagesByLine('sequenceDiagram\nA->>B: one\nloop x\n  B--)A: two\nend')]).toEqual([
      [2, 'A to B: one'],
      [4, 'B to A: two (reply, async)'],
    ]);
  });

  it('gives other kinds their summary with accTitle and accDescr', () => {
    expect(describeDiagramText('flowchart LR\naccTitle: Flow\naccDescr: A to B\nA-->B')).toBe(
      'Flowchart: Flow\nA to B',
    );
    expect(describeDiagramText('pie\n"a": 1')).toBe('Pie chart');
  });

  it('lists every message once, in order, however blocks nest (generated diagrams)', () => {
    const name = fc.constantFrom('Alice', 'Bob', 'Carol', 'Web server');
    const label = fc.stringMatching(/^[a-z][a-z ]{0,12}$/);
    type Part = { message: [string, string, string] } | { block: string; parts: Part[] };
    const { part } = fc.letrec<{ part: Part }>((tie) => ({
      part: fc.oneof(
        { depthSize: 'small', withCrossShrink: true },
        fc.record({ message: fc.tuple(name, name, label) }),
        fc.record({
          block: fc.constantFrom('loop', 'opt', 'alt', 'par', 'critical', 'break', 'rect'),
          parts: fc.array(tie('part'), { maxLength: 4 }),
        }),
      ),
    }));
    const branch: Record<string, string> = { alt: 'else', par: 'and', critical: 'option' };
    fc.assert(
      fc.property(fc.array(part, { maxLength: 8 }), (parts) => {
        const expected: string[] = [];
        const lines = (list: Part[]): string[] =>
          list.flatMap((item) => {
            if ('message' in item) {
              const [from, to, text] = item.message;
              expected.push(`${from} to ${to}: ${text.trim().replace(/ +/g, ' ')}`.trimEnd());
              return [`${from}->>${to}: ${text}`];
            }
            const half = Math.ceil(item.parts.length / 2);
            const second = branch[item.block];
            return [
              `${item.block} ${item.block} label`,
              ...lines(item.parts.slice(0, half)),
              ...(second ? [`${second} other`] : []),
              ...lines(item.parts.slice(half)),
              'end',
            ];
          });
        const source = `sequenceDiagram\n${lines(parts).join('\n')}`;
        const said = messagesOf(diagramDescription(source).messages);
        expect(said.map((item) => item.text)).toEqual(expected);
        expect(said.map((item) => item.number)).toEqual(expected.map((_, i) => i + 1));
      }),
      { numRuns: 150 },
    );
  });

  it('keeps deep nesting and long runs bounded', () => {
    const deep = `sequenceDiagram\n${'loop x\n'.repeat(7000)}A->>B: hi\n${'end\n'.repeat(7000)}`;
    const text = describeDiagramText(deep);
    const indent = Math.max(
      ...text.split('\n').map((line) => line.length - line.trimStart().length),
    );
    expect(indent).toBeLessThanOrEqual(2 * DESCRIPTION_MAX_NESTING);
    expect(text).toContain('1. A to B: hi');
    for (const { text: run } of longRuns(20_000)) {
      expect(describeDiagramText(`sequenceDiagram\n${run}`)).toMatch(/^Sequence diagram/);
    }
  });
});
