/**
 * Frames Hocuspocus would only queue are not allowed to pile up: a socket that sends a
 * document anything but authentication first, or anything after it was refused, is closed.
 * Real listening app, real WebSocket clients.
 */
import * as encoding from 'lib0/encoding';
import { beforeAll, expect, it } from 'vitest';
import { diagramDocName } from '../../shared/live.js';
import type { Diagram } from '../../shared/schemas.js';
import { testDatabases } from '../../../test/support/databases.js';
import { useLiveWorld } from '../../../test/support/live-world.js';
import { until } from '../../../test/support/live-client.js';
import { describeEach } from '../../../test/support/needs.js';

/** A sync step 1 (an empty state vector) for `name`: harmless, but only after authentication. */
function syncStep1(name: string): Uint8Array {
  const encoder = encoding.createEncoder();
  encoding.writeVarString(encoder, name);
  encoding.writeVarUint(encoder, 0);
  encoding.writeVarUint(encoder, 0);
  encoding.writeVarUint8Array(encoder, new Uint8Array([0]));
  return encoding.toUint8Array(encoder);
}

describeEach(testDatabases, 'live protocol guard on $name', ({ open }) => {
  const world = useLiveWorld(open);
  let owner: string;
  let stranger: string;
  let diagram: Diagram;
  const live = (name: string, cookie?: string) => world.live(name, { cookie });

  beforeAll(async () => {
    owner = await world.signIn('owner@example.test');
    stranger = await world.signIn('stranger@example.test');
    diagram = await world.createDiagram(owner, { title: 'T', content: 'x\n' });
  });

  it('closes a socket that keeps sending to a document it was refused', async () => {
    const name = diagramDocName(diagram.id);
    const refused = live(name, stranger);
    await expect(refused.synced).rejects.toThrow('refused: not-found');
    expect(refused.closed).toBe(false);
    refused.sendRaw(syncStep1(name));
    await until(() => refused.closed, 'the refused socket closed');
    // Everyone else goes on.
    const mine = live(name, owner);
    await mine.synced;
    expect(mine.text.toString()).toBe('x\n');
  });

  it('closes a socket that sends a document frames before authenticating for it', async () => {
    const mine = live(diagramDocName(diagram.id), owner);
    await mine.synced;
    mine.sendRaw(syncStep1(diagramDocName(diagram.id + 1000)));
    await until(() => mine.closed, 'the socket closed');
  });
});
