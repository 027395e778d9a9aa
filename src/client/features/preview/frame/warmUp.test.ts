import { describe, expect, it } from 'vitest';
import { readSequence } from '@shared/mermaid-reader/sequence';
import { sequenceWarnings } from '@shared/mermaid-reader/warnings';
import { WARM_UP_MESSAGES, WARM_UP_ROUNDS, warmUpText } from './warmUp';

const labels = (text: string) =>
  readSequence(text)
    .filter((statement) => statement.kind === 'message' || statement.kind === 'note')
    .map((statement) => text.slice(statement.text!.from, statement.text!.to));

describe('warmUpText', () => {
  it('is a sequence diagram of messages and notes the editor finds nothing wrong with', () => {
    const text = warmUpText(0);
    const kinds = readSequence(text).map((statement) => statement.kind);
    expect(kinds.filter((kind) => kind === 'message' || kind === 'note')).toHaveLength(
      WARM_UP_MESSAGES,
    );
    expect(kinds).toContain('note');
    expect(kinds).not.toContain('unknown');
    expect(sequenceWarnings(text)).toEqual([]);
  });

  it('brings labels new to the frame in every round (measuring them is part of the warm-up)', () => {
    const rounds = Array.from({ length: WARM_UP_ROUNDS }, (_, round) => labels(warmUpText(round)));
    const all = rounds.flat();
    expect(new Set(all).size).toBe(all.length);
  });

  it('sends no message from a participant to itself', () => {
    for (let round = 0; round < WARM_UP_ROUNDS; round += 1) {
      for (const statement of readSequence(warmUpText(round))) {
        if (statement.kind !== 'message') continue;
        const [from, to] = statement.names.map((name) => name.name);
        expect(from).not.toBe(to);
      }
    }
  });
});
