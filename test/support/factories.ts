import { randomBytes } from 'node:crypto';
import type { Db } from '../../src/server/db/client.js';
import { usersStore } from '../../src/server/users/store.js';

export function makeUser(
  db: Db,
  overrides: { name?: string; email?: string; emailVerified?: boolean } = {},
) {
  const tag = randomBytes(4).toString('hex');
  const email = overrides.email ?? `user-${tag}@example.test`;
  return usersStore(db).upsert({
    identity: `local ${email}`,
    name: overrides.name ?? `User ${tag}`,
    email,
    emailVerified: overrides.emailVerified ?? true,
    avatarUrl: null,
  });
}
