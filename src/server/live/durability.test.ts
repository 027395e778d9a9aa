/**
 * An acknowledged live edit survives a SIGKILL: the real server process on an embedded database,
 * edits acknowledged one by one, the process killed without warning, restarted on the same data.
 */
import { rmSync } from 'node:fs';
import { afterAll, expect, it } from 'vitest';
import { diagramDocName } from '../../shared/live.js';
import type { Diagram } from '../../shared/schemas.js';
import { startAppProcess, type AppProcess } from '../../../test/support/app-process.js';
import { createDiagramAt, signInAt } from '../../../test/support/http-sign-in.js';
import { connectLive, until } from '../../../test/support/live-client.js';
import { seededDataDir } from '../../../test/support/databases.js';

const dataDir = seededDataDir('lifeline-live-');
const env = { DATA_DIR: dataDir, APP_SECRET: 'live-durability-secret-0123456789abcdef' };
const EDITS = 15;
let app: AppProcess | null = null;

afterAll(async () => {
  await app?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

it('keeps every acknowledged edit across a SIGKILL', { timeout: 180_000 }, async () => {
  app = await startAppProcess({ env });
  const cookie = await signInAt(app.url, 'ada@example.test', 'Ada');
  const diagram = await createDiagramAt(app.url, cookie, {
    title: 'Durable',
    content: 'sequenceDiagram\n',
  });
  const client = connectLive(app.url, diagramDocName(diagram.id), { cookie });
  await client.synced;
  for (let i = 0; i < EDITS; i++) {
    client.text.insert(client.text.length, `A->>B: edit ${i}\n`);
    await until(() => !client.provider.hasUnsyncedChanges, `acknowledgement of edit ${i}`);
  }
  const typed = client.text.toString();
  client.destroy();
  await app.kill();

  app = await startAppProcess({ env });
  const reopened = await fetch(`${app.url}/api/diagrams/${diagram.id}`, { headers: { cookie } });
  expect(((await reopened.json()) as Diagram).content).toBe(typed);
  const again = connectLive(app.url, diagramDocName(diagram.id), { cookie });
  await again.synced;
  expect(again.text.toString()).toBe(typed);
  again.destroy();
});
