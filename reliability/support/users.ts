/** Signed-in users with an API token and diagrams of their own, made over HTTP. */
import { randomBytes } from 'node:crypto';
import { createDiagramAt, signInAt } from '../../test/support/http-sign-in.js';
import { apiToken, sequence } from './client.js';
import type { SaveLedger } from './ledger.js';

export interface TestUser {
  index: number;
  email: string;
  cookie: string;
  token: string;
  diagramIds: number[];
}

/** Made a few at a time, so setting up stays quick without being a load test of its own. */
export async function makeUsers(
  base: string,
  count: number,
  diagramsEach: number,
  ledger: SaveLedger,
  withToken = true,
): Promise<TestUser[]> {
  const run = randomBytes(4).toString('hex');
  const users: TestUser[] = [];
  const make = async (index: number) => {
    const email = `user${index}-${run}@reliability.test`;
    const cookie = await signInAt(base, email);
    const token = withToken ? await apiToken(base, cookie) : '';
    const diagramIds: number[] = [];
    for (let d = 0; d < diagramsEach; d += 1) {
      const created = await createDiagramAt(base, cookie, {
        title: `Diagram ${d} of ${index}`,
        content: sequence(`u${index}d${d}`),
      });
      ledger.track(created.id, { content: created.content, updatedAt: created.updatedAt });
      diagramIds.push(created.id);
    }
    users[index] = { index, email, cookie, token, diagramIds };
  };
  const next = { value: 0 };
  await Promise.all(
    Array.from({ length: Math.min(32, count) }, async () => {
      while (next.value < count) await make(next.value++);
    }),
  );
  return users;
}
