import { describe, expect, it } from 'vitest';
import { breakIdentifiers } from './label.js';

describe('breakIdentifiers', () => {
  it('leaves a label of short words to mermaid’s own wrapping', () => {
    expect(breakIdentifiers('BikeHandler GET /bike')).toBe('BikeHandler GET /bike');
  });

  it('breaks a long route before a slash and a long RPC name after a dot, never inside', () => {
    expect(breakIdentifiers('post /location/update/v4')).toBe('post /location<br/>/update/v4');
    expect(breakIdentifiers('hipstershop.ProductCatalogService/GetProduct')).toBe(
      'hipstershop.<br/>ProductCatalogService<br/>/GetProduct',
    );
  });

  it('keeps a long word with no slash or dot whole, on a line of its own', () => {
    expect(breakIdentifiers('get user_details_cache-20150901')).toBe(
      'get<br/>user_details_cache-20150901',
    );
  });

  it('counts an escaped character as one', () => {
    expect(breakIdentifiers('txn#58; short')).toBe('txn#58; short');
  });
});
