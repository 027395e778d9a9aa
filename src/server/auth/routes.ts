/**
 * Browser sign-in (spec §7: /auth/google) and POST /api/logout. With an OpenID Connect client
 * configured, /auth/google goes to the issuer; otherwise (never in production) it shows the local
 * sign-in form.
 */
import formbody from '@fastify/formbody';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { hasNoNul } from '../../shared/schemas.js';
import type { Db } from '../db/client.js';
import { usersStore, type IdentityProfile } from '../users/store.js';
import { messagePage } from '../web/message-page.js';
import { localSignInPage } from './local-sign-in-page.js';
import type { OidcClient, OidcFlow } from './oidc.js';
import { safeLocalPath } from './redirect.js';
import { appOrigin } from './same-origin.js';
import { clearSessionCookie, isHttps, SESSION_COOKIE, setSessionCookie } from './session-cookie.js';
import { sessionsStore } from './sessions-store.js';

export interface AuthDeps {
  db: Db;
  oidc: OidcClient | null;
  publicUrl: string | null;
  /** Sign-in requests per client address per minute, on each route. */
  perMinute: number;
}

const FLOW_COOKIE = 'lifeline_oidc';
const FLOW_TTL_S = 10 * 60;

const startQuery = z.object({ redirect: z.string().max(2048).optional() });
const localForm = z.object({
  name: z
    .string()
    .trim()
    .min(1, 'Enter your name.')
    .max(100, 'Use at most 100 characters for the name.')
    .refine(hasNoNul, 'Use letters, digits and punctuation for the name.'),
  email: z.email('Enter a valid e-mail address.').max(254),
  redirect: z.string().max(2048).optional(),
});

function htmlPage(reply: FastifyReply, status: number, html: string) {
  return reply
    .status(status)
    .type('text/html; charset=utf-8')
    .header('Cache-Control', 'no-store')
    .send(html);
}

export async function authRoutes(app: FastifyInstance, deps: AuthDeps): Promise<void> {
  const sessions = sessionsStore(deps.db);
  const users = usersStore(deps.db);
  // Generous for people (a sign-in is two or three requests), slow for scripted guessing.
  const limited = { config: { rateLimit: { max: deps.perMinute, timeWindow: 60_000 } } };

  /** Signs the profile in: a fresh session id every time (rotation), the old one ended. */
  async function signIn(request: FastifyRequest, reply: FastifyReply, profile: IdentityProfile) {
    const previous = request.cookies[SESSION_COOKIE];
    if (previous) await sessions.remove(previous);
    const user = await users.upsert(profile);
    const session = await sessions.create(user.id);
    setSessionCookie(request, reply, deps.publicUrl, session);
  }

  app.get('/auth/google', limited, async (request, reply) => {
    const parsed = startQuery.safeParse(request.query);
    const redirect = safeLocalPath(parsed.success ? parsed.data.redirect : undefined);
    if (!deps.oidc) return htmlPage(reply, 200, localSignInPage(redirect));

    const callback = `${appOrigin(request, deps.publicUrl)}/auth/google/callback`;
    try {
      const { url, flow } = await deps.oidc.start(callback, redirect);
      reply.setCookie(FLOW_COOKIE, JSON.stringify(flow), {
        path: '/auth',
        httpOnly: true,
        sameSite: 'lax',
        secure: isHttps(request, deps.publicUrl),
        maxAge: FLOW_TTL_S,
        signed: true,
      });
      return reply.redirect(url.href, 302);
    } catch (error) {
      request.log.warn({ err: error }, 'sign-in provider unreachable');
      return htmlPage(
        reply,
        503,
        messagePage({
          title: 'Sign-in is unavailable',
          body: 'The sign-in provider could not be reached. Please try again in a moment.',
          link: { href: redirect, label: 'Back to Lifeline' },
        }),
      );
    }
  });

  app.get('/auth/google/callback', limited, async (request, reply) => {
    const raw = request.cookies[FLOW_COOKIE];
    reply.clearCookie(FLOW_COOKIE, { path: '/auth' });
    const unsigned = raw ? request.unsignCookie(raw) : null;
    let flow: OidcFlow | null;
    try {
      flow = unsigned?.valid && unsigned.value ? (JSON.parse(unsigned.value) as OidcFlow) : null;
    } catch {
      flow = null;
    }
    if (!deps.oidc || !flow) {
      return htmlPage(
        reply,
        400,
        messagePage({
          title: 'Sign-in expired',
          body: 'This sign-in link is no longer valid (it is used once and lasts ten minutes). Please sign in again.',
          link: { href: '/auth/google', label: 'Sign in again' },
        }),
      );
    }
    const current = new URL(request.url, appOrigin(request, deps.publicUrl));
    try {
      const profile = await deps.oidc.finish(current, flow);
      await signIn(request, reply, profile);
      return reply.redirect(safeLocalPath(flow.redirect), 302);
    } catch (error) {
      request.log.warn({ err: error }, 'sign-in callback refused');
      const cancelled = current.searchParams.get('error') === 'access_denied';
      return htmlPage(
        reply,
        cancelled ? 200 : 400,
        messagePage({
          title: cancelled ? 'Sign-in cancelled' : 'Sign-in failed',
          body: cancelled
            ? 'You cancelled signing in. Your diagrams are where you left them.'
            : 'The sign-in could not be completed. Please try again.',
          link: { href: safeLocalPath(flow.redirect), label: 'Back to Lifeline' },
        }),
      );
    }
  });

  if (!deps.oidc) {
    await app.register(async (scope) => {
      await scope.register(formbody);
      scope.post('/auth/local', limited, async (request, reply) => {
        const parsed = localForm.safeParse(request.body);
        const redirect = safeLocalPath(
          typeof (request.body as { redirect?: unknown })?.redirect === 'string'
            ? (request.body as { redirect: string }).redirect
            : undefined,
        );
        if (!parsed.success) {
          const message = parsed.error.issues[0]?.message ?? 'Check the form and try again.';
          return htmlPage(reply, 400, localSignInPage(redirect, message));
        }
        const email = parsed.data.email.toLowerCase();
        await signIn(request, reply, {
          identity: `local ${email}`,
          name: parsed.data.name,
          email,
          // Local sign-in is a development convenience that already trusts the typed address.
          emailVerified: true,
          avatarUrl: null,
        });
        return reply.redirect(redirect, 303);
      });
    });
  }

  app.post('/api/logout', async (request, reply) => {
    const id = request.cookies[SESSION_COOKIE];
    if (id) await sessions.remove(id);
    clearSessionCookie(request, reply, deps.publicUrl);
    return reply.status(204).send();
  });
}
