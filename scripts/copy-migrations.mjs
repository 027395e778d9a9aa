// The compiled server reads its SQL migrations next to db/client.js.
import { cpSync } from 'node:fs';

cpSync('src/server/db/migrations', 'dist/node/server/db/migrations', { recursive: true });
