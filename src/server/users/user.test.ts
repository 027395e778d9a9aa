import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/client.js';
import { testApp } from '../test/app.js';
import { testDatabases } from '../test/databases.js';

describe.each(testDatabases)('API basics on $name', ({ open }) => {
  let database: Database;
  let app: FastifyInstance;
  beforeAll(async () => {
    database = await open();
    app = await testApp(database);
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  it('GET /api/user answers 401 with no-cache headers when signed out', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/user' });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ error: 'Not authenticated' });
    expect(response.headers['cache-control']).toContain('no-store');
  });

  it('unknown API paths answer 404 as JSON, never the app shell', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/nothing-here' });
    expect(response.statusCode).toBe(404);
    expect(response.json().error).toContain('/api/nothing-here');
    const post = await app.inject({ method: 'POST', url: '/api/diagrams', payload: { a: 1 } });
    expect(post.statusCode).toBe(404);
    expect(post.json()).toHaveProperty('error');
  });

  it('/auth/google explains that sign-in is not configured and links back safely', async () => {
    const response = await app.inject({ method: 'GET', url: '/auth/google?redirect=%2Ftry' });
    expect(response.statusCode).toBe(503);
    expect(response.headers['content-type']).toContain('text/html');
    expect(response.body).toContain('Sign-in is not configured');
    expect(response.body).toContain('href="/try"');

    const evil = await app.inject({
      method: 'GET',
      url: '/auth/google?redirect=%2F%2Fevil.example%2F%22%3E%3Cscript%3E',
    });
    expect(evil.body).toContain('href="/"');
    expect(evil.body).not.toContain('evil.example');
    expect(evil.body).not.toContain('<script>');
  });
});
