/**
 * History credits everyone: a version records every person who edited live since the previous
 * version, even when their edits were stored (without a version) long before it, and the
 * versions API names them. Real listening app, real WebSocket clients.
 */
import { beforeAll, expect, it, vi } from 'vitest';
import { diagramDocName } from '../../shared/live.js';
import type { Version, VersionSummary } from '../../shared/versions.js';
import { testDatabases } from '../../../test/support/databases.js';
import { useLiveWorld } from '../../../test/support/live-world.js';
import { until, type LiveClient } from '../../../test/support/live-client.js';
import { describeEach } from '../../../test/support/needs.js';

describeEach(testDatabases, 'version authors on $name', ({ open }) => {
  const world = useLiveWorld(open);
  let ada: string;
  let bob: string;
  const live = (name: string, cookie: string) => world.live(name, { cookie });
  const versions = async (id: number) =>
    (
      await world.inject({ method: 'GET', url: `/api/diagrams/${id}/versions` }, ada)
    ).json() as VersionSummary[];
  const names = (version: { authors: { name: string }[] } | undefined) =>
    version?.authors.map((author) => author.name).sort();
  /**
   * Sends an explicit Save and answers the version it keeps: the manual version whose id was not
   * in the history before, from the same read that found it. Not for a 'saved' message: an
   * automatic store of the edit just typed broadcasts one too, and can come first. Not the
   * newest of a later read either: a count that grew and a newest entry that is manual can be
   * the version of the previous Save.
   */
  const save = async (client: LiveClient, id: number): Promise<VersionSummary> => {
    const known = new Set((await versions(id)).map((version) => version.id));
    client.provider.sendStateless(JSON.stringify({ type: 'save' }));
    return vi.waitFor(
      async () => {
        const kept = (await versions(id)).filter(
          (version) => !known.has(version.id) && version.kind === 'manual',
        );
        expect(kept).toHaveLength(1);
        return kept[0]!;
      },
      // A ceiling for a failing run only: a passing one returns as soon as the version exists.
      { timeout: 60_000, interval: 20 },
    );
  };

  beforeAll(async () => {
    ada = await world.signIn('ada@example.test', 'Ada');
    bob = await world.signIn('bob@example.test', 'Bob');
  });

  it('names both editors in the version after they edited live, and only new ones after it', async () => {
    const diagram = await world.createDiagram(ada, { title: 'T', content: 'start\n' });
    await world.addCollaborator(ada, diagram.id, 'bob@example.test', 'editor');
    const name = diagramDocName(diagram.id);
    const a = live(name, ada);
    const b = live(name, bob);
    await Promise.all([a.synced, b.synced]);

    // Bob's edit is stored on its own; the version just made at creation keeps it from
    // recording an automatic one, so Bob waits to be credited.
    b.text.insert(b.text.length, 'bob\n');
    await until(() => b.messages.some((m) => m.type === 'saved'), "Bob's edit stored");
    expect(await versions(diagram.id)).toHaveLength(1);

    a.text.insert(a.text.length, 'ada\n');
    const saved = await save(a, diagram.id);
    expect(names(saved)).toEqual(['Ada', 'Bob']);
    const one = (
      await world.inject(
        { method: 'GET', url: `/api/diagrams/${diagram.id}/versions/${saved.id}` },
        bob,
      )
    ).json() as Version;
    expect(names(one)).toEqual(['Ada', 'Bob']);
    expect(one.content).toBe('start\nbob\nada\n');

    // The next version names only who edited since.
    a.text.insert(a.text.length, 'ada again\n');
    const next = await save(a, diagram.id);
    expect(names(next)).toEqual(['Ada']);
    // Each Save kept one version, and the newest is the last Save's.
    const history = await versions(diagram.id);
    expect(history.map((version) => version.id).slice(0, 2)).toEqual([next.id, saved.id]);
  });
});
