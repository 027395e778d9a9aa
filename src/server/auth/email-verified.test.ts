/**
 * Collaborators are matched by e-mail, so only an address the issuer verified may match one.
 * Against the real test issuer: `unverified-bob` is another account that typed Bob's address
 * (`email_verified: false`), as Keycloak, Okta or a company SSO may allow.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Database } from '../db/client.js';
import { CookieJar } from '../../../test/support/browser-like.js';
import { testDatabases } from '../../../test/support/databases.js';
import { describeEach } from '../../../test/support/needs.js';
import { makeUser } from '../../../test/support/factories.js';
import { signInThroughIssuer, startAppWithIssuer } from '../../../test/support/issuer-sign-in.js';
import type { TestIssuer } from '../../../test/support/oidc-issuer.js';
import { collaboratorsStore } from '../collaborators/store.js';
import { diagramWriter } from '../diagrams/writer.js';

describeEach(testDatabases, 'e-mail verification on $name', ({ open }) => {
  let database: Database;
  let app: FastifyInstance;
  let issuer: TestIssuer;
  let appUrl: string;
  let diagramId: number;

  beforeAll(async () => {
    database = await open();
    ({ app, issuer, appUrl } = await startAppWithIssuer(database));

    const owner = await makeUser(database.db, { email: 'owner@example.test' });
    const diagram = await diagramWriter(database.db).create(owner, {
      title: 'For Bob',
      content: 'sequenceDiagram\n  A->>B: only for bob',
    });
    await collaboratorsStore(database.db).upsert(owner, diagram.id, 'bob@example.test', 'editor');
    diagramId = diagram.id;
  });
  afterAll(async () => {
    await app?.close();
    await issuer?.close();
    await database?.close();
  });

  async function signedIn(login: string): Promise<CookieJar> {
    const browser = new CookieJar();
    const callback = await signInThroughIssuer(browser, appUrl, issuer.url, login);
    expect(callback.status).toBe(302);
    return browser;
  }

  const rename = (browser: CookieJar, title: string) =>
    browser.fetch(`${appUrl}/api/diagrams/${diagramId}`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ title }),
    });

  it('an unverified address signs in but cannot see or change what is shared with it', async () => {
    const mallory = await signedIn('unverified-bob');
    const me = await mallory.fetch(`${appUrl}/api/user`);
    expect(await me.json()).toMatchObject({ email: 'bob@example.test', emailVerified: false });

    const read = await mallory.fetch(`${appUrl}/api/diagrams/${diagramId}`);
    expect(read.status).toBe(404);
    expect(await read.text()).not.toContain('only for bob');
    expect((await rename(mallory, 'Taken')).status).toBe(404);
    const versions = await mallory.fetch(`${appUrl}/api/diagrams/${diagramId}/versions`);
    expect(versions.status).toBe(404);
    const shared = await mallory.fetch(`${appUrl}/api/shared-with-me`);
    expect(await shared.json()).toEqual([]);
    const list = await mallory.fetch(`${appUrl}/api/diagrams`);
    expect(JSON.stringify(await list.json())).not.toContain('For Bob');
  });

  it('the verified owner of the address reads and edits it', async () => {
    const bob = await signedIn('bob');
    const me = await bob.fetch(`${appUrl}/api/user`);
    expect(await me.json()).toMatchObject({ email: 'bob@example.test', emailVerified: true });

    const read = await bob.fetch(`${appUrl}/api/diagrams/${diagramId}`);
    expect(read.status).toBe(200);
    expect(((await read.json()) as { content: string }).content).toContain('only for bob');
    expect((await rename(bob, 'Renamed by Bob')).status).toBe(200);
    const shared = await bob.fetch(`${appUrl}/api/shared-with-me`);
    expect(await shared.json()).toEqual([
      expect.objectContaining({ id: diagramId, title: 'Renamed by Bob', role: 'editor' }),
    ]);
  });
});
