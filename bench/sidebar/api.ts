/** A signed-in HTTP client for seeding a running server through its public API. */
import { signInAt } from '../../test/support/http-sign-in';

export interface Client {
  baseUrl: string;
  cookie: string;
  post<T>(path: string, body: unknown): Promise<T>;
}

/** Signs in with the local sign-in endpoint (a server without an OIDC issuer). */
export async function signIn(baseUrl: string, email: string, name = 'Bench User'): Promise<Client> {
  const cookie = await signInAt(baseUrl, email, name);
  return {
    baseUrl,
    cookie,
    async post<T>(path: string, body: unknown): Promise<T> {
      const res = await fetch(`${baseUrl}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie },
        body: JSON.stringify(body),
      });
      if (!res.ok) throw new Error(`POST ${path}: ${res.status} ${await res.text()}`);
      return (await res.json()) as T;
    },
  };
}

/** Runs `task` for 0..count-1 with `concurrency` in flight. */
export async function pool(
  count: number,
  concurrency: number,
  task: (index: number) => Promise<unknown>,
): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < count) await task(next++);
    }),
  );
}

/** Seeds `folders` folders and `diagrams` diagrams spread over them (a tenth at the root). */
export async function seed(
  client: Client,
  { folders, diagrams, content }: { folders: number; diagrams: number; content: string },
): Promise<void> {
  const ids: number[] = [];
  for (let i = 0; i < folders; i += 1) {
    const folder = await client.post<{ id: number }>('/api/folders', {
      name: `Project ${String(i + 1).padStart(2, '0')}`,
    });
    ids.push(folder.id);
  }
  await pool(diagrams, 16, (i) =>
    client.post('/api/diagrams', {
      title: `Diagram ${i + 1}`,
      content,
      folderId: i % 10 === 9 ? null : ids[i % ids.length],
    }),
  );
}
