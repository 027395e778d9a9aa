// The compiled server reads its SQL migrations next to db/client.js.
import { cpSync } from 'node:fs';
import { join } from 'node:path';

const out = process.argv[2] ?? 'dist/node';
cpSync('src/server/db/migrations', join(out, 'server/db/migrations'), { recursive: true });
