/**
 * The baseline of `npm run bench:live`: stock Hocuspocus (same version) with no hooks, no
 * authentication and no persistence, in its own process, on a free port. Tells the parent its
 * port over IPC; the same live clients then edit through it.
 */
import { Server } from '@hocuspocus/server';

const server = new Server({ port: 0, address: '127.0.0.1', quiet: true });
await server.listen();
const address = server.httpServer.address();
process.send?.({ port: typeof address === 'object' && address ? address.port : 0 });
// The benchmark died: do not outlive it.
process.on('disconnect', () => process.exit(1));
