import { expect, request } from '@playwright/test';
import { LOCAL_APP } from './servers';
import { uniqueLogin } from './signIn';

/**
 * Diagrams shared by public link from a new account of the app without an issuer, made over its
 * API: their share tokens, in order.
 */
export async function publishDiagrams(
  owner: string,
  diagrams: readonly { title: string; content: string }[],
): Promise<string[]> {
  const api = await request.newContext({ baseURL: LOCAL_APP });
  try {
    const signIn = await api.post('/auth/local', {
      form: {
        name: owner,
        email: `${uniqueLogin(owner.toLowerCase())}@example.test`,
        redirect: '/',
      },
      maxRedirects: 0,
    });
    expect(signIn.status()).toBe(303);
    const tokens: string[] = [];
    for (const { title, content } of diagrams) {
      const created = await api.post('/api/diagrams', { data: { title, content } });
      expect(created.ok()).toBe(true);
      const { id } = (await created.json()) as { id: number };
      const shared = await api.put(`/api/diagrams/${id}`, { data: { isPublic: true } });
      expect(shared.ok()).toBe(true);
      tokens.push(((await shared.json()) as { shareToken: string }).shareToken);
    }
    return tokens;
  } finally {
    await api.dispose();
  }
}
