import { describe, expect, it } from 'vitest';
import { mentionedPeople, mentionSpans } from './mentions.js';

const carol = { id: 1, name: 'Carol Jones', email: 'cj@example.test' };
const bob = { id: 2, name: 'Bob', email: null };
const people = [carol, bob];

describe('mentionedPeople', () => {
  it('finds people by name, first name or address, any case', () => {
    expect(mentionedPeople('@carol should this be async?', people)).toEqual([carol]);
    expect(mentionedPeople('ask @Carol Jones', people)).toEqual([carol]);
    expect(mentionedPeople('cc @cj and @BOB.', people)).toEqual([carol, bob]);
  });

  it('needs the whole word after @', () => {
    expect(mentionedPeople('@bobby and bob and mail@carolx', people)).toEqual([]);
  });
});

describe('mentionSpans', () => {
  it('cuts a body into text and @words', () => {
    expect(mentionSpans('hi @carol, see @bob')).toEqual([
      { kind: 'text', text: 'hi ' },
      { kind: 'mention', text: '@carol' },
      { kind: 'text', text: ', see ' },
      { kind: 'mention', text: '@bob' },
    ]);
  });

  it("keeps a sentence's full stop out of the mention", () => {
    expect(mentionSpans('ask @bob.')).toEqual([
      { kind: 'text', text: 'ask ' },
      { kind: 'mention', text: '@bob' },
      { kind: 'text', text: '.' },
    ]);
  });

  it('leaves e-mail addresses and a lone @ as text', () => {
    expect(mentionSpans('a@b.c @ x')).toEqual([{ kind: 'text', text: 'a@b.c @ x' }]);
  });
});
