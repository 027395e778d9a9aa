/**
 * The world of the live suites: the app over a real database, listening on a free port so real
 * WebSocket clients can reach it, with people signed in locally and diagrams made through the
 * API. `useLiveWorld` registers the hooks in the calling `describe`: the app is up before the
 * suite's own `beforeAll` runs, every live client opened through `live` is destroyed after each
 * test, and the app and database are closed after the last.
 */
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, afterEach, beforeAll } from 'vitest';
import type { Diagram } from '../../src/shared/schemas.js';
import type { AppDeps } from '../../src/server/app.js';
import type { Database } from '../../src/server/db/client.js';
import { injectWithCookie, listeningUrl, signInLocally, testApp } from './app.js';
import { connectLive, type LiveClient } from './live-client.js';

export interface LiveWorld {
  database: Database;
  app: FastifyInstance;
  /** The listening app's base URL. */
  base: string;
  /** `app.inject` as the holder of a session cookie (none: signed out). */
  inject(options: InjectOptions, cookie?: string): Promise<LightMyRequestResponse>;
  /** Signs in locally; answers the session cookie. */
  signIn(email: string, name?: string): Promise<string>;
  createDiagram(cookie: string, diagram: { title: string; content: string }): Promise<Diagram>;
  /** Adds a collaborator (the answer must be 201); answers the collaborator row's id. */
  addCollaborator(
    cookie: string,
    diagramId: number,
    email: string,
    role: 'editor' | 'viewer',
  ): Promise<number>;
  /** A live client of the document `name`, destroyed after the test. */
  live(name: string, options?: { cookie?: string | undefined; origin?: string }): LiveClient;
}

export function useLiveWorld(
  open: () => Promise<Database>,
  appOptions: Partial<Omit<AppDeps, 'database'>> = {},
): LiveWorld {
  const clients: LiveClient[] = [];
  const world = {
    inject: (options, cookie) => injectWithCookie(world.app, options, cookie),
    signIn: (email, name) => signInLocally(world.app, email, name),
    async createDiagram(cookie, diagram) {
      const response = await world.inject(
        { method: 'POST', url: '/api/diagrams', payload: diagram },
        cookie,
      );
      if (response.statusCode !== 201) {
        throw new Error(`creating a diagram answered ${response.statusCode}: ${response.body}`);
      }
      return response.json() as Diagram;
    },
    async addCollaborator(cookie, diagramId, email, role) {
      const response = await world.inject(
        {
          method: 'POST',
          url: `/api/diagrams/${diagramId}/collaborators`,
          payload: { email, role },
        },
        cookie,
      );
      if (response.statusCode !== 201) {
        throw new Error(`adding a collaborator answered ${response.statusCode}: ${response.body}`);
      }
      return (response.json() as { id: number }).id;
    },
    live(name, { cookie, origin } = {}) {
      const client = connectLive(world.base, name, {
        ...(cookie ? { cookie } : {}),
        ...(origin ? { origin } : {}),
      });
      clients.push(client);
      return client;
    },
  } as LiveWorld;

  // Opening a database and the app on a loaded machine can outlast the default hook limit.
  beforeAll(async () => {
    world.database = await open();
    world.app = await testApp(world.database, appOptions);
    world.base = await listeningUrl(world.app);
  }, 180_000);
  afterEach(() => {
    for (const client of clients.splice(0)) client.destroy();
  });
  afterAll(async () => {
    for (const client of clients.splice(0)) client.destroy();
    await world.app?.close();
    await world.database?.close();
  });
  return world;
}
