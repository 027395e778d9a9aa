/**
 * zod for the shared schemas. In the browser zod is told not to probe for `new Function` (its
 * JIT): the app's Content-Security-Policy forbids eval and the probe would be reported as a
 * violation. The server keeps the faster JIT.
 */
import { z } from 'zod';

if ('document' in globalThis) z.config({ jitless: true });

export { z };
