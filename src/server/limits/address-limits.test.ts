/** Limits per client address that span routes (memory store, PGlite). */
import { openPglite } from '../../../test/support/databases.js';
import { describe, expect, it } from 'vitest';
import { testApp } from '../../../test/support/app.js';

describe('limits per client address across routes', () => {
  it('counts every public-link route in one bucket', async () => {
    const database = await openPglite();
    const app = await testApp(database, { limits: { shareLookupsPerMinute: 3 } });
    try {
      const token = 'AAAAAAAAAAAAAAAAAAAAAAAA';
      const urls = [`/api/diagrams/shared/${token}`, `/d/${token}.png`, `/d/${token}.svg`];
      for (const url of urls) expect((await app.inject({ url })).statusCode).toBe(404);
      const refused = await app.inject({ url: `/api/diagrams/shared/${token}` });
      expect(refused.statusCode).toBe(429);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    } finally {
      await app.close();
      await database.close();
    }
  });

  it('refuses an address after too many invalid bearer tokens, whatever the token', async () => {
    const database = await openPglite();
    const app = await testApp(database, { limits: { failedAuthsPerMinute: 3 } });
    try {
      const call = (n: number) =>
        app.inject({
          method: 'POST',
          url: '/api/v1/diagrams',
          headers: { authorization: `Bearer ll_made-up-${n}` },
          payload: { content: 'graph TD; A-->B' },
        });
      for (let n = 0; n < 3; n++) expect((await call(n)).statusCode).toBe(401);
      const refused = await call(99);
      expect(refused.statusCode).toBe(429);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      expect(refused.json()).toEqual({ error: expect.stringMatching(/^Too many requests/) });
    } finally {
      await app.close();
      await database.close();
    }
  });
});
