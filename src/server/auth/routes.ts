import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { messagePage } from '../web/message-page.js';
import { safeLocalPath } from './redirect.js';

const query = z.object({ redirect: z.string().max(2048).optional() });

/** Browser navigation target of 'Sign in with Google' (spec §7). */
export function authRoutes(app: FastifyInstance): void {
  app.get('/auth/google', async (request, reply) => {
    const parsed = query.safeParse(request.query);
    const back = safeLocalPath(parsed.success ? parsed.data.redirect : undefined);
    return reply
      .status(503)
      .type('text/html; charset=utf-8')
      .header('Cache-Control', 'no-store')
      .send(
        messagePage({
          title: 'Sign-in is not configured',
          body: 'This Lifeline server has no sign-in provider set up yet, so diagrams cannot be saved to an account. You can keep using the editor without signing in: edit, preview and export work fully.',
          link: { href: back, label: 'Back to the editor' },
        }),
      );
  });
}
