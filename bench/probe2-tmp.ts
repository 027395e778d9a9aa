import { openDatabase } from '../src/server/db/client';
import { apiTokensStore } from '../src/server/api-tokens/store';
import { tokenKey } from '../src/server/api-tokens/token-crypto';
import { usersStore } from '../src/server/users/store';
const database = await openDatabase({ kind: 'pglite', dataDir: null });
const user = await usersStore(database.db).upsert({ identity: 'local b@e.t', name: 'B', email: 'b@e.t', avatarUrl: null });
const store = apiTokensStore(database.db, tokenKey('x'.repeat(40)));
const token = await store.get(user);
async function time(label: string, f: () => Promise<unknown>, n = 1000) {
  for (let i=0;i<50;i++) await f();
  const s: number[] = [];
  for (let i=0;i<n;i++){ const t=performance.now(); await f(); s.push(performance.now()-t); }
  s.sort((a,b)=>a-b); console.log(label, s[n/2|0].toFixed(3), s[(n*0.95)|0].toFixed(3));
}
await time('findUser', () => store.findUser(token));
await time('ping', () => database.ping());
await database.close();
