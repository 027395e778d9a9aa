/**
 * Every writer is held to the live document's limit (LIVE_DOCUMENT_MAX_BYTES): a REST write,
 * through the web app or the public API, and a new diagram are refused with 413 when the live
 * route would refuse the same text, so nothing is stored that cannot be edited live. Real
 * server process with a small limit.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { diagramDocName } from '../../src/shared/live.js';
import { liveTooLargeMessage } from '../../src/server/diagrams/writer.js';
import { useAppProcess } from '../support/app-process-suite.js';
import { createDiagramAt, signInAt } from '../support/http-sign-in.js';
import { connectLive, until, type LiveClient } from '../support/live-client.js';

/** The smallest limit the configuration allows. */
const STATE_MAX = 65_536;
const OVER = `graph TD\n%% ${'x'.repeat(STATE_MAX)}\n`;
const UNDER = `graph TD\n%% ${'u'.repeat(STATE_MAX / 2)}\n`;
const app = useAppProcess('live-size-cap', {
  APP_SECRET: 'live-size-cap-secret-0123456789abcdef',
  LIVE_DOCUMENT_MAX_BYTES: String(STATE_MAX),
});
let cookie: string;
const clients: LiveClient[] = [];

beforeAll(async () => {
  cookie = await signInAt(app.url, 'cap@example.test', 'Cap');
});

afterAll(async () => {
  for (const client of clients.splice(0)) client.destroy();
});

const stored = async (id: number) => {
  const response = await fetch(`${app.url}/api/diagrams/${id}`, { headers: { cookie } });
  return ((await response.json()) as { content: string }).content;
};
const put = (path: string, headers: Record<string, string>, body: unknown) =>
  fetch(`${app.url}${path}`, {
    method: 'PUT',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

it('answers 413 to a PUT past the live limit and keeps the stored text', async () => {
  const { id } = await createDiagramAt(app.url, cookie, { title: 'Small', content: 'graph TD\n' });
  const refused = await put(`/api/diagrams/${id}`, { cookie }, { content: OVER });
  expect(refused.status).toBe(413);
  expect(await refused.json()).toEqual({ error: liveTooLargeMessage(STATE_MAX) });
  expect(await stored(id)).toBe('graph TD\n');
  // A text within the limit is stored, and opens and takes edits live.
  const accepted = await put(`/api/diagrams/${id}`, { cookie }, { content: UNDER });
  expect(accepted.status).toBe(200);
  const client = connectLive(app.url, diagramDocName(id), { cookie });
  clients.push(client);
  await client.synced;
  expect(client.text.toString()).toBe(UNDER);
  client.text.insert(0, '%% live\n');
  await until(() => !client.provider.hasUnsyncedChanges, 'the edit acknowledged', 30_000);
  // While it is open, the PUT is held to what the document holds with its history.
  const again = await put(`/api/diagrams/${id}`, { cookie }, { content: OVER });
  expect(again.status).toBe(413);
  expect(client.text.toString()).toBe(`%% live\n${UNDER}`);
}, 90_000);

it('answers 413 to a public-API PUT past the live limit', async () => {
  const { id } = await createDiagramAt(app.url, cookie, { title: 'API', content: 'graph TD\n' });
  const tokenAnswer = await fetch(`${app.url}/api/user/api-token`, { headers: { cookie } });
  const { apiToken } = (await tokenAnswer.json()) as { apiToken: string };
  const refused = await put(
    `/api/v1/diagrams/${id}`,
    { authorization: `Bearer ${apiToken}` },
    { content: OVER },
  );
  expect(refused.status).toBe(413);
  expect(await refused.json()).toEqual({ error: liveTooLargeMessage(STATE_MAX) });
  expect(await stored(id)).toBe('graph TD\n');
}, 60_000);

it('answers 413 to a new diagram past the live limit', async () => {
  const refused = await fetch(`${app.url}/api/diagrams`, {
    method: 'POST',
    headers: { cookie, 'content-type': 'application/json' },
    body: JSON.stringify({ title: 'Large', content: OVER }),
  });
  expect(refused.status).toBe(413);
  expect(await refused.json()).toEqual({ error: liveTooLargeMessage(STATE_MAX) });
  const list = await fetch(`${app.url}/api/diagrams`, { headers: { cookie } });
  const titles = ((await list.json()) as { title: string }[]).map((diagram) => diagram.title);
  expect(titles).not.toContain('Large');
}, 60_000);
