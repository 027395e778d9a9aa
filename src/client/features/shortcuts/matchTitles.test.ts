import { describe, expect, it } from 'vitest';
import { matchTitles, type SwitcherItem } from './matchTitles';

const items: SwitcherItem[] = [
  { id: 1, title: 'Payment retry', detail: '' },
  { id: 2, title: 'Checkout PAYMENT flow', detail: '' },
  { id: 3, title: 'Prepayment', detail: '' },
  { id: 4, title: 'Login', detail: '' },
  { id: 5, title: 'payments v2', detail: '' },
];

describe('matchTitles', () => {
  it('finds titles containing the text, ignoring case, best matches first', () => {
    expect(matchTitles(items, '  pay ').map((i) => i.id)).toEqual([1, 5, 2, 3]);
  });
  it('keeps the given order for an empty query, up to the limit', () => {
    expect(matchTitles(items, '', 3).map((i) => i.id)).toEqual([1, 2, 3]);
  });
  it('finds nothing when no title matches', () => {
    expect(matchTitles(items, 'zzz')).toEqual([]);
  });
});
