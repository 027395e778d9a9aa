import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { describeDiagramText } from '@shared/describe-diagram';
import { nextMessageOf, walkTree, type WalkNode } from './walkTree';

const CHECKOUT = `sequenceDiagram
  accTitle: Checkout
  accDescr: How a card payment is authorised
  autonumber
  actor C as Customer
  box Aqua Backend
  participant S as Storefront
  participant P as Payments
  end
  C->>S: place order
  loop Retry up to 3 times
    S-)P: authorise card
    Note right of P: idempotent
  end
  alt accepted
    P-->>S: approved
  else declined
    P--xS: declined
  end`;

/** Each message's words with the names of the groups it sits in, outermost first. */
function messagesWithin(nodes: WalkNode[], path: string[] = []): [string, string[]][] {
  return nodes.flatMap((node): [string, string[]][] => {
    if (node.kind === 'message') return [[node.text, path]];
    if (node.kind === 'group') return messagesWithin(node.children, [...path, node.text]);
    return [];
  });
}

describe('walkTree', () => {
  it('names the region, lists participants and messages in the text version’s words', () => {
    const tree = walkTree(CHECKOUT, 'Ignored: the text has an accTitle')!;
    expect(tree.heading).toBe('Sequence diagram: Checkout');
    expect(tree.accDescr).toBe('How a card payment is authorised');
    expect(tree.participantOrder.map((node) => [node.id, node.text])).toEqual([
      ['C', 'Customer (actor, written C)'],
      ['S', 'Storefront (participant, written S)'],
      ['P', 'Payments (participant, written P)'],
    ]);
    // The box groups the participants declared in it.
    expect(tree.participants[1]).toMatchObject({ kind: 'group', text: 'Box: Backend' });
    expect(messagesWithin(tree.messages)).toEqual([
      ['1. Customer to Storefront: place order', []],
      ['2. Storefront to Payments: authorise card (async)', ['Loop: Retry up to 3 times']],
      ['3. Payments to Storefront: approved (reply)', ['Alternative: accepted']],
      // A branch follows its block, as in the text version.
      ['4. Payments to Storefront: declined (reply, lost)', ['Else: declined']],
    ]);
    expect(tree.messageOrder[1]!.notes).toEqual(['Note right of Payments: idempotent']);
    // Every word is the text version's.
    const text = describeDiagramText(CHECKOUT);
    for (const node of [...tree.participantOrder, ...tree.messageOrder]) {
      expect(text).toContain(node.text.replace(/^\d+\. /, ''));
    }
  });

  it('takes the diagram’s own name when the text has no title, and skips other kinds', () => {
    expect(walkTree('sequenceDiagram\nA->>B: hi', 'Login')!.heading).toBe(
      'Sequence diagram: Login',
    );
    expect(walkTree('sequenceDiagram\ntitle Written\nA->>B: hi', 'Login')!.heading).toBe(
      'Sequence diagram: Written',
    );
    expect(walkTree('flowchart LR\nA-->B', 'Login')).toBeNull();
  });

  it('finds the next and previous message to or from a participant', () => {
    const tree = walkTree('sequenceDiagram\nA->>B: 1\nB->>C: 2\nC->>A: 3\nA->>B: 4')!;
    expect(nextMessageOf(tree, 'C', -1, true)).toBe(1);
    expect(nextMessageOf(tree, 'C', 1, true)).toBe(2);
    expect(nextMessageOf(tree, 'C', 2, true)).toBeNull();
    expect(nextMessageOf(tree, 'A', 3, false)).toBe(2);
    expect(nextMessageOf(tree, 'B', 0, false)).toBeNull();
  });

  it('holds every message once, in order, inside its blocks (generated diagrams)', () => {
    type Part =
      | { message: [string, string, string] }
      | { block: 'loop' | 'alt' | 'opt' | 'par' | 'critical' | 'break' | 'rect'; parts: Part[] };
    const name = fc.constantFrom('A', 'B', 'C', 'D');
    const label = fc.stringMatching(/^[a-z][a-z ]{0,8}[a-z]$/);
    const { part } = fc.letrec<{ part: Part }>((tie) => ({
      part: fc.oneof(
        { depthSize: 'small', withCrossShrink: true },
        fc.record({ message: fc.tuple(name, name, label) }),
        fc.record({
          block: fc.constantFrom(
            'loop',
            'alt',
            'opt',
            'par',
            'critical',
            'break',
            'rect',
          ) as fc.Arbitrary<'loop'>,
          parts: fc.array(tie('part'), { maxLength: 4 }),
        }),
      ),
    }));
    const words: Record<string, string> = {
      loop: 'Loop',
      alt: 'Alternative',
      opt: 'Optional',
      par: 'Parallel',
      critical: 'Critical region',
      break: 'Break',
      rect: 'Highlighted group',
    };
    const branch: Record<string, [string, string]> = {
      alt: ['else', 'Else'],
      par: ['and', 'And'],
      critical: ['option', 'Option'],
    };
    fc.assert(
      fc.property(fc.array(part, { maxLength: 8 }), (parts) => {
        const expected: [string, string[]][] = [];
        const lines = (list: Part[], path: string[]): string[] =>
          list.flatMap((item) => {
            if ('message' in item) {
              const [from, to, text] = item.message;
              expected.push([
                `${expected.length + 1}. ${from} to ${to}: ${text.replace(/ +/g, ' ')}`,
                path,
              ]);
              return [`${from}->>${to}: ${text}`];
            }
            const half = Math.ceil(item.parts.length / 2);
            const second = branch[item.block];
            const title = item.block === 'rect' ? 'rgb(1, 2, 3) label' : 'label';
            const inBlock = [...path, `${words[item.block]}: label`];
            const first = lines(item.parts.slice(0, half), inBlock);
            const rest = lines(
              item.parts.slice(half),
              second ? [...path, `${second[1]}: other`] : inBlock,
            );
            return [
              `${item.block} ${title}`,
              ...first,
              ...(second ? [`${second[0]} other`] : []),
              ...rest,
              'end',
            ];
          });
        const source = `sequenceDiagram\n${lines(parts, []).join('\n')}`;
        const tree = walkTree(source)!;
        // Blocks without messages are plain entries, so only paths to messages are compared.
        expect(messagesWithin(tree.messages)).toEqual(expected);
        expect(tree.messageOrder.map((node) => node.index)).toEqual(expected.map((_, i) => i));
        expect(tree.messageOrder.map((node) => node.text)).toEqual(expected.map(([text]) => text));
      }),
      { numRuns: 150 },
    );
  });
});
