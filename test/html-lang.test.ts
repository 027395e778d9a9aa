/**
 * Every HTML page the server sends says its language (WCAG 3.1.1, issue 46): the app shell (the
 * editor, /d/{token} and its 404), the API docs, sign-in and its callback's message pages.
 */
import { copyFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/server/db/client.js';
import { testApp } from './support/app.js';
import { testDatabases } from './support/databases.js';

describe('the language of every HTML page', () => {
  let database: Database;
  let app: FastifyInstance;

  beforeAll(async () => {
    database = await testDatabases[0]!.open();
    // The repository's own index.html is the shell the build copies.
    const clientDir = mkdtempSync(join(tmpdir(), 'lifeline-lang-'));
    copyFileSync(
      fileURLToPath(new URL('../index.html', import.meta.url)),
      join(clientDir, 'index.html'),
    );
    app = await testApp(database, { clientDir });
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  it('is set on each page answered as text/html', async () => {
    for (const url of [
      '/',
      '/d/AAAAAAAAAAAAAAAAAAAAAA',
      '/d/not-a-token',
      '/api/docs',
      '/auth/google',
      '/auth/google/callback?state=x&code=y',
    ]) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.headers['content-type'], url).toMatch(/^text\/html/);
      expect(response.body, url).toMatch(/^<!doctype html>\s*<html lang="en"[\s>]/i);
    }
  });
});
