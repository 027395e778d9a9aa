/**
 * OAuth for assistants, at rest: registered clients, requests waiting for consent (then their
 * code), grants (a user's consent to one client) and the grants' tokens. Codes and tokens are
 * kept as SHA-256 hashes only; a code is taken once, a refresh token is replaced on use. Every
 * revocation tells the token-owner caches (notifyTokenChange), so a revoked access token stops
 * working at once on every instance.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { and, desc, eq, gt, inArray, isNull, lt, lte, notExists, sql } from 'drizzle-orm';
import { redirectTargetOf, type AssistantGrant } from '../../shared/assistants.js';
import type { TokenScope, User } from '../../shared/schemas.js';
import type { TokenOwner } from '../api-tokens/store.js';
import { hashApiToken } from '../api-tokens/token-crypto.js';
import { notifyTokenChange, type TokenUserCache } from '../api-tokens/token-user-cache.js';
import type { Db } from '../db/client.js';
import { oauthClients, oauthGrants, oauthRequests, oauthTokens, users } from '../db/schema.js';
import { toUserDto } from '../users/store.js';

export const ACCESS_TOKEN_PREFIX = 'lla_';
export const REFRESH_TOKEN_PREFIX = 'llr_';
const ACCESS_PATTERN = /^lla_[A-Za-z0-9_-]{43}$/;
const REFRESH_PATTERN = /^llr_[A-Za-z0-9_-]{43}$/;
const CODE_PATTERN = /^[A-Za-z0-9_-]{43}$/;
/** Client ids are random UUIDs (anything else is unknown without a query). */
const CLIENT_ID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** How long things live, in seconds. */
export const OAUTH_LIFETIMES = {
  /** A request waiting on the consent page. */
  request: 10 * 60,
  /** An authorization code, from the user's Allow to the token request. */
  code: 60,
  access: 60 * 60,
  refresh: 30 * 24 * 60 * 60,
  /** A registration that no user ever allowed is removed after a day. */
  unusedClient: 24 * 60 * 60,
} as const;

/** The owner of an assistant's access token, what it may do, and until when. */
export interface AssistantOwner extends TokenOwner {
  clientId: string;
  expiresAt: number;
}

export interface OAuthClientRow {
  id: string;
  name: string;
  redirectUris: string[];
  createdAt: Date;
}

/** An allowed request's code, taken by the token request (once). */
export interface TakenCode {
  clientId: string;
  grantId: number;
  redirectUri: string;
  codeChallenge: string;
  scope: TokenScope;
}

export interface IssuedTokens {
  accessToken: string;
  refreshToken: string;
  scope: TokenScope;
  expiresIn: number;
}

const random = () => randomBytes(32).toString('base64url');
const secondsFromNow = (seconds: number) => new Date(Date.now() + seconds * 1000);
const wider = (a: TokenScope, b: TokenScope): TokenScope =>
  a === 'full' || b === 'full' ? 'full' : 'read';
const scopeOf = (stored: string): TokenScope => (stored === 'full' ? 'full' : 'read');

export function oauthStore(db: Db, cache: TokenUserCache<AssistantOwner> | null = null) {
  /** Runs `change` in a transaction that tells every instance's token cache, then this one's. */
  async function changingTokens<T>(change: (tx: Db) => Promise<T>): Promise<T> {
    const result = await db.transaction(async (tx) => {
      const value = await change(tx);
      await notifyTokenChange(tx);
      return value;
    });
    cache?.forget();
    return result;
  }

  async function issue(tx: Db, grantId: number, scope: TokenScope): Promise<IssuedTokens> {
    const accessToken = ACCESS_TOKEN_PREFIX + random();
    const refreshToken = REFRESH_TOKEN_PREFIX + random();
    await tx
      .delete(oauthTokens)
      .where(and(eq(oauthTokens.grantId, grantId), lte(oauthTokens.expiresAt, new Date())));
    await tx.insert(oauthTokens).values([
      {
        tokenHash: hashApiToken(accessToken),
        grantId,
        kind: 'access',
        scope,
        expiresAt: secondsFromNow(OAUTH_LIFETIMES.access),
      },
      {
        tokenHash: hashApiToken(refreshToken),
        grantId,
        kind: 'refresh',
        scope,
        expiresAt: secondsFromNow(OAUTH_LIFETIMES.refresh),
      },
    ]);
    return { accessToken, refreshToken, scope, expiresIn: OAUTH_LIFETIMES.access };
  }

  return {
    /** Registers a client; registrations no user allowed within a day are removed meanwhile. */
    async registerClient(client: {
      name: string;
      redirectUris: string[];
    }): Promise<OAuthClientRow> {
      await db.delete(oauthClients).where(
        and(
          lt(oauthClients.createdAt, secondsFromNow(-OAUTH_LIFETIMES.unusedClient)),
          notExists(
            db
              .select({ one: sql`1` })
              .from(oauthGrants)
              .where(eq(oauthGrants.clientId, oauthClients.id)),
          ),
        ),
      );
      const [row] = await db
        .insert(oauthClients)
        .values({ id: randomUUID(), name: client.name, redirectUris: client.redirectUris })
        .returning();
      return row!;
    },

    async getClient(id: string): Promise<OAuthClientRow | null> {
      if (!CLIENT_ID_PATTERN.test(id)) return null;
      const [row] = await db.select().from(oauthClients).where(eq(oauthClients.id, id));
      return row ?? null;
    },

    /** Keeps an authorization request for the consent page; answers its id. */
    async createRequest(request: {
      clientId: string;
      redirectUri: string;
      codeChallenge: string;
      scope: TokenScope;
      state: string | null;
    }): Promise<string> {
      await db.delete(oauthRequests).where(lte(oauthRequests.expiresAt, new Date()));
      const id = random();
      await db
        .insert(oauthRequests)
        .values({ id, ...request, expiresAt: secondsFromNow(OAUTH_LIFETIMES.request) });
      return id;
    },

    /** A request still waiting for its answer, with its client's name; null when gone. */
    async pendingRequest(id: string) {
      const [row] = await db
        .select({
          clientName: oauthClients.name,
          redirectUri: oauthRequests.redirectUri,
          scope: oauthRequests.scope,
          state: oauthRequests.state,
        })
        .from(oauthRequests)
        .innerJoin(oauthClients, eq(oauthClients.id, oauthRequests.clientId))
        .where(
          and(
            eq(oauthRequests.id, id),
            isNull(oauthRequests.codeHash),
            gt(oauthRequests.expiresAt, new Date()),
          ),
        );
      return row ? { ...row, scope: scopeOf(row.scope) } : null;
    },

    /**
     * The user allows a waiting request: their grant to the client (made, or widened to this
     * scope) and a code for it. Null when the request is gone or already answered.
     */
    async allow(
      id: string,
      user: User,
    ): Promise<{ code: string; redirectUri: string; state: string | null } | null> {
      return db.transaction(async (tx) => {
        const code = random();
        const [request] = await tx
          .update(oauthRequests)
          .set({ codeHash: hashApiToken(code), expiresAt: secondsFromNow(OAUTH_LIFETIMES.code) })
          .where(
            and(
              eq(oauthRequests.id, id),
              isNull(oauthRequests.codeHash),
              gt(oauthRequests.expiresAt, new Date()),
            ),
          )
          .returning();
        if (!request) return null;
        const scope = scopeOf(request.scope);
        const [existing] = await tx
          .select({ id: oauthGrants.id, scope: oauthGrants.scope })
          .from(oauthGrants)
          .where(and(eq(oauthGrants.userId, user.id), eq(oauthGrants.clientId, request.clientId)));
        let grantId = existing?.id;
        if (existing) {
          await tx
            .update(oauthGrants)
            .set({ scope: wider(scopeOf(existing.scope), scope) })
            .where(eq(oauthGrants.id, existing.id));
        } else {
          const [grant] = await tx
            .insert(oauthGrants)
            .values({ userId: user.id, clientId: request.clientId, scope })
            .returning({ id: oauthGrants.id });
          grantId = grant!.id;
        }
        await tx.update(oauthRequests).set({ grantId }).where(eq(oauthRequests.id, id));
        return { code, redirectUri: request.redirectUri, state: request.state };
      });
    },

    /** The user denies a waiting request: it is removed. Null when it is gone. */
    async deny(id: string): Promise<{ redirectUri: string; state: string | null } | null> {
      const [request] = await db
        .delete(oauthRequests)
        .where(
          and(
            eq(oauthRequests.id, id),
            isNull(oauthRequests.codeHash),
            gt(oauthRequests.expiresAt, new Date()),
          ),
        )
        .returning({ redirectUri: oauthRequests.redirectUri, state: oauthRequests.state });
      return request ?? null;
    },

    /** Takes a live code of `clientId`: whatever happens next, it cannot be used again. */
    async takeCode(clientId: string, code: string): Promise<TakenCode | null> {
      if (!CODE_PATTERN.test(code)) return null;
      const [row] = await db
        .delete(oauthRequests)
        .where(
          and(
            eq(oauthRequests.codeHash, hashApiToken(code)),
            eq(oauthRequests.clientId, clientId),
            gt(oauthRequests.expiresAt, new Date()),
          ),
        )
        .returning();
      if (!row || row.grantId === null) return null;
      return {
        clientId: row.clientId,
        grantId: row.grantId,
        redirectUri: row.redirectUri,
        codeChallenge: row.codeChallenge,
        scope: scopeOf(row.scope),
      };
    },

    /** A new access and refresh token for a grant. */
    issueTokens(grantId: number, scope: TokenScope): Promise<IssuedTokens> {
      return db.transaction((tx) => issue(tx, grantId, scope));
    },

    /**
     * Replaces a live refresh token of `clientId` by a new pair, of `scope` when given (at most
     * the old token's). Null when the token is unknown, expired or another client's; 'wider'
     * when `scope` is wider than the token's, which then stays as it was.
     */
    async refresh(
      clientId: string,
      refreshToken: string,
      scope: TokenScope | undefined,
    ): Promise<IssuedTokens | 'wider' | null> {
      if (!REFRESH_PATTERN.test(refreshToken)) return null;
      // Refresh tokens are never cached: replacing one needs no word to the caches.
      return db.transaction<IssuedTokens | 'wider' | null>(async (tx) => {
        const live = and(
          eq(oauthTokens.tokenHash, hashApiToken(refreshToken)),
          eq(oauthTokens.kind, 'refresh'),
          gt(oauthTokens.expiresAt, new Date()),
          inArray(
            oauthTokens.grantId,
            tx
              .select({ id: oauthGrants.id })
              .from(oauthGrants)
              .where(eq(oauthGrants.clientId, clientId)),
          ),
        );
        const [old] = await tx
          .delete(oauthTokens)
          .where(scope === 'full' ? and(live, eq(oauthTokens.scope, 'full')) : live)
          .returning({ grantId: oauthTokens.grantId, scope: oauthTokens.scope });
        if (old) return issue(tx, old.grantId, scope ?? scopeOf(old.scope));
        if (scope !== 'full') return null;
        const [kept] = await tx
          .select({ grantId: oauthTokens.grantId })
          .from(oauthTokens)
          .where(live);
        return kept ? 'wider' : null;
      });
    },

    /**
     * RFC 7009 revocation by the client: an access token goes alone, a refresh token takes its
     * whole grant (the assistant is disconnected). Unknown tokens are no error.
     */
    async revokeByClient(clientId: string, token: string): Promise<void> {
      if (!ACCESS_PATTERN.test(token) && !REFRESH_PATTERN.test(token)) return;
      await changingTokens(async (tx) => {
        const [row] = await tx
          .delete(oauthTokens)
          .where(
            and(
              eq(oauthTokens.tokenHash, hashApiToken(token)),
              inArray(
                oauthTokens.grantId,
                tx
                  .select({ id: oauthGrants.id })
                  .from(oauthGrants)
                  .where(eq(oauthGrants.clientId, clientId)),
              ),
            ),
          )
          .returning({ grantId: oauthTokens.grantId, kind: oauthTokens.kind });
        if (row?.kind === 'refresh')
          await tx.delete(oauthGrants).where(eq(oauthGrants.id, row.grantId));
      });
    },

    /**
     * The owner of a live access token, its scope and expiry; null for anything else. Notes the
     * grant's last use (at most once a minute, and once per cache lifetime when cached).
     */
    async findOwner(token: string): Promise<AssistantOwner | null> {
      if (!ACCESS_PATTERN.test(token)) return null;
      const hash = hashApiToken(token);
      const load = async (): Promise<AssistantOwner | null> => {
        const now = new Date();
        const [row] = await db
          .select({
            user: users,
            scope: oauthTokens.scope,
            expiresAt: oauthTokens.expiresAt,
            grantId: oauthGrants.id,
            clientId: oauthGrants.clientId,
            lastUsedAt: oauthGrants.lastUsedAt,
          })
          .from(oauthTokens)
          .innerJoin(oauthGrants, eq(oauthGrants.id, oauthTokens.grantId))
          .innerJoin(users, eq(users.id, oauthGrants.userId))
          .where(
            and(
              eq(oauthTokens.tokenHash, hash),
              eq(oauthTokens.kind, 'access'),
              gt(oauthTokens.expiresAt, now),
            ),
          );
        if (!row) return null;
        if (!row.lastUsedAt || now.getTime() - row.lastUsedAt.getTime() > 60_000) {
          await db
            .update(oauthGrants)
            .set({ lastUsedAt: now })
            .where(eq(oauthGrants.id, row.grantId));
        }
        return {
          user: toUserDto(row.user),
          scope: scopeOf(row.scope),
          clientId: row.clientId,
          expiresAt: row.expiresAt.getTime(),
        };
      };
      const owner = cache ? await cache.find(hash, load) : await load();
      return owner && owner.expiresAt > Date.now() ? owner : null;
    },

    /** The user's connected assistants, the latest first. */
    async listGrants(user: User): Promise<AssistantGrant[]> {
      const rows = await db
        .select({
          id: oauthGrants.id,
          name: oauthClients.name,
          redirectUris: oauthClients.redirectUris,
          scope: oauthGrants.scope,
          createdAt: oauthGrants.createdAt,
          lastUsedAt: oauthGrants.lastUsedAt,
        })
        .from(oauthGrants)
        .innerJoin(oauthClients, eq(oauthClients.id, oauthGrants.clientId))
        .where(eq(oauthGrants.userId, user.id))
        .orderBy(desc(oauthGrants.createdAt), desc(oauthGrants.id));
      return rows.map((row) => ({
        id: row.id,
        name: row.name,
        redirectTarget: row.redirectUris.map(redirectTargetOf).join(', '),
        scope: scopeOf(row.scope),
        connectedAt: row.createdAt.toISOString(),
        lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
      }));
    },

    /** Disconnects one of the user's assistants with all its tokens; false when not theirs. */
    async revokeGrant(user: User, grantId: number): Promise<boolean> {
      return changingTokens(async (tx) => {
        const removed = await tx
          .delete(oauthGrants)
          .where(and(eq(oauthGrants.id, grantId), eq(oauthGrants.userId, user.id)))
          .returning({ id: oauthGrants.id });
        return removed.length > 0;
      });
    },
  };
}

export type OAuthStore = ReturnType<typeof oauthStore>;
