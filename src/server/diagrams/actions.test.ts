/**
 * GET /api/diagrams/{id} answers what the caller may do (`actions`), from the same table the
 * server checks every change against: the app offers exactly what the server will allow.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ACTIONS, can } from '../../shared/policy/can.js';
import type { Collaborator, DiagramWithActions } from '../../shared/schemas.js';
import type { Database } from '../db/client.js';
import { testApp } from '../../../test/support/app.js';
import { testDatabases } from '../../../test/support/databases.js';
import { describeEach } from '../../../test/support/needs.js';
import { as, makeWorld, type World } from '../../../test/support/world.js';

const ROLES = ['owner', 'editor', 'viewer'] as const;

describeEach(testDatabases, "a diagram's allowed actions on $name", ({ open }) => {
  let database: Database;
  let app: FastifyInstance;
  let world: World;

  const read = async (actor: 'owner' | 'editor' | 'viewer' | 'stranger') =>
    app.inject(as(world, actor, { method: 'GET', url: `/api/diagrams/${world.diagramId}` }));

  beforeAll(async () => {
    const appSecret = 'diagram-actions-secret-0123456789abcdefghij';
    database = await open();
    app = await testApp(database, { appSecret });
    world = await makeWorld(database.db, appSecret);
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  for (const role of ROLES) {
    it(`answers the ${role} the actions can allows them, and their access`, async () => {
      const response = await read(role);
      expect(response.statusCode).toBe(200);
      const diagram = response.json<DiagramWithActions>();
      expect(diagram.access).toBe(role);
      expect(diagram.actions).toEqual(ACTIONS.filter((action) => can(role, action)));
    });
  }

  it('offers a viewer only reading, history and comments, and the owner everything', async () => {
    expect((await read('viewer')).json<DiagramWithActions>().actions).toEqual([
      'read',
      'see-history',
      'comment',
    ]);
    expect((await read('owner')).json<DiagramWithActions>().actions).toEqual(ACTIONS);
  });

  it("answers a stranger 404 without the diagram's actions", async () => {
    const response = await read('stranger');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: 'Diagram not found' });
  });

  it("follows a collaborator's new role at the next read", async () => {
    const url = `/api/diagrams/${world.diagramId}/collaborators`;
    const team = (await app.inject(as(world, 'owner', { method: 'GET', url }))).json<
      Collaborator[]
    >();
    const editor = team.find((person) => person.id === world.editorCollaboratorId);
    if (!editor) throw new Error('the editor is not a collaborator');
    const changed = await app.inject(
      as(world, 'owner', { method: 'POST', url, payload: { email: editor.email, role: 'viewer' } }),
    );
    expect(changed.statusCode).toBeLessThan(300);
    const diagram = (await read('editor')).json<DiagramWithActions>();
    expect(diagram.access).toBe('viewer');
    expect(diagram.actions).not.toContain('edit');
    expect(diagram.actions).toEqual(ACTIONS.filter((action) => can('viewer', action)));
  });
});
