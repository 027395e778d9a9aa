/** The one pg-core schema: PGlite and PostgreSQL run the same migrations. */
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigserial,
  boolean,
  customType,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

// Millisecond precision so a timestamp survives a round trip through JSON and JavaScript dates.
const at = (name: string) => timestamp(name, { withTimezone: true, precision: 3, mode: 'date' });
const created = () => at('created_at').notNull().defaultNow();
const updated = () => at('updated_at').notNull().defaultNow();

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    /** `${issuer} ${subject}` of the OpenID Connect identity, or `local ${email}`. */
    identity: text('identity').notNull(),
    name: text('name').notNull(),
    email: text('email'),
    /**
     * Whether the issuer vouches for `email` (`email_verified`). Only a verified address matches
     * collaborators; local sign-in counts as verified.
     */
    emailVerified: boolean('email_verified').notNull().default(false),
    avatarUrl: text('avatar_url'),
    createdAt: created(),
    updatedAt: updated(),
  },
  (t) => [uniqueIndex('users_identity_idx').on(t.identity), index('users_email_idx').on(t.email)],
);

export const sessions = pgTable(
  'sessions',
  {
    /** SHA-256 of the cookie's random id; the id itself is never stored. */
    idHash: text('id_hash').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: at('expires_at').notNull(),
    createdAt: created(),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

export const folders = pgTable(
  'folders',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    position: integer('position').notNull().default(0),
    createdAt: created(),
    updatedAt: updated(),
  },
  (t) => [index('folders_user_idx').on(t.userId, t.position)],
);

export const diagrams = pgTable(
  'diagrams',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    content: text('content').notNull(),
    isPublic: boolean('is_public').notNull().default(false),
    shareToken: text('share_token'),
    folderId: integer('folder_id').references(() => folders.id, { onDelete: 'set null' }),
    position: integer('position').notNull().default(0),
    createdAt: created(),
    updatedAt: updated(),
    /** Set when the owner deletes it: the diagram waits in the trash for 30 days. */
    deletedAt: at('deleted_at'),
  },
  (t) => [
    index('diagrams_user_folder_idx').on(t.userId, t.folderId),
    index('diagrams_deleted_idx')
      .on(t.deletedAt)
      .where(sql`${t.deletedAt} is not null`),
    uniqueIndex('diagrams_share_token_idx')
      .on(t.shareToken)
      .where(sql`${t.shareToken} is not null`),
  ],
);

export const diagramVersions = pgTable(
  'diagram_versions',
  {
    id: serial('id').primaryKey(),
    diagramId: integer('diagram_id')
      .notNull()
      .references(() => diagrams.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    content: text('content').notNull(),
    savedBy: integer('saved_by').references(() => users.id, { onDelete: 'set null' }),
    /** Everyone whose edits this version holds since the previous one (live editing). */
    authors: integer('authors')
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    kind: text('kind', { enum: ['created', 'manual', 'auto', 'restore'] }).notNull(),
    createdAt: created(),
  },
  (t) => [index('diagram_versions_diagram_idx').on(t.diagramId, t.createdAt)],
);

export const collaborators = pgTable(
  'collaborators',
  {
    id: serial('id').primaryKey(),
    diagramId: integer('diagram_id')
      .notNull()
      .references(() => diagrams.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    role: text('role', { enum: ['viewer', 'editor'] }).notNull(),
    createdAt: created(),
  },
  (t) => [
    uniqueIndex('collaborators_diagram_email_idx').on(t.diagramId, t.email),
    index('collaborators_email_idx').on(t.email),
  ],
);

/**
 * Comments on a diagram's statements (shared/comments/anchor.ts): a thread's first comment holds
 * the anchor (`line`, null once its statement was deleted, and the statement's text), replies
 * name their thread in `parentId`. The diagram writer moves anchors with every text write.
 */
export const comments = pgTable(
  'comments',
  {
    id: serial('id').primaryKey(),
    diagramId: integer('diagram_id')
      .notNull()
      .references(() => diagrams.id, { onDelete: 'cascade' }),
    /** The thread a reply belongs to; null for a thread's first comment. */
    parentId: integer('parent_id').references((): AnyPgColumn => comments.id, {
      onDelete: 'cascade',
    }),
    /** Null once the author's account is gone: the comment stays, by a former collaborator. */
    authorId: integer('author_id').references(() => users.id, { onDelete: 'set null' }),
    /**
     * The name an imported comment by someone other than the importer was written under (shown
     * as theirs, marked imported; no account); null for comments written here.
     */
    importedAuthor: text('imported_author'),
    body: text('body').notNull(),
    /** 1-based line of the statement in the diagram's text; null: outdated (statement deleted). */
    line: integer('line'),
    /** The statement's line (trimmed) as last seen: what an outdated comment was about. */
    lineText: text('line_text').notNull(),
    resolved: boolean('resolved').notNull().default(false),
    /** Users named with `@name` in the body (the diagram's owner and collaborators). */
    mentions: integer('mentions')
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    createdAt: created(),
    updatedAt: updated(),
  },
  (t) => [
    index('comments_diagram_idx').on(t.diagramId, t.id),
    index('comments_parent_idx').on(t.parentId),
    index('comments_mentions_idx').using('gin', t.mentions),
  ],
);

export const apiTokens = pgTable('api_tokens', {
  /** One token per user; regenerating replaces the row. */
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** SHA-256 of the token, for look-up. */
  tokenHash: text('token_hash').notNull().unique(),
  /** AES-256-GCM of the token under the app secret, so the owner can see it again. */
  tokenEncrypted: text('token_encrypted').notNull(),
  /** `full` or `read` (TOKEN_SCOPES): read-only tokens are refused every change. */
  scope: text('scope', { enum: ['full', 'read'] })
    .notNull()
    .default('full'),
  createdAt: created(),
});

/**
 * Assistants registered for OAuth (RFC 7591 dynamic registration, see server/oauth): public
 * clients with no secret, known by their name and the addresses they may be sent back to.
 */
export const oauthClients = pgTable(
  'oauth_clients',
  {
    /** Random UUID, issued at registration. */
    id: text('id').primaryKey(),
    /** The assistant's `client_name`, shown on the consent page and in the Assistants list. */
    name: text('name').notNull(),
    /** Where the authorization answer may be sent: one of these, exactly. */
    redirectUris: text('redirect_uris').array().notNull(),
    createdAt: created(),
  },
  (t) => [index('oauth_clients_created_idx').on(t.createdAt)],
);

/** A user's consent to one assistant: its tokens hang from it and go with it when revoked. */
export const oauthGrants = pgTable(
  'oauth_grants',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    clientId: text('client_id')
      .notNull()
      .references(() => oauthClients.id, { onDelete: 'cascade' }),
    /** The widest access consented to: `full` or `read` (TOKEN_SCOPES). */
    scope: text('scope', { enum: ['full', 'read'] }).notNull(),
    lastUsedAt: at('last_used_at'),
    createdAt: created(),
  },
  (t) => [
    uniqueIndex('oauth_grants_user_client_idx').on(t.userId, t.clientId),
    index('oauth_grants_client_idx').on(t.clientId),
  ],
);

/**
 * Authorization requests waiting for the user's answer on the consent page; once allowed, the
 * row holds the code (its hash), valid for a minute and taken once. Disposable: not backed up.
 */
export const oauthRequests = pgTable(
  'oauth_requests',
  {
    /** Random id in the consent page's address. */
    id: text('id').primaryKey(),
    clientId: text('client_id')
      .notNull()
      .references(() => oauthClients.id, { onDelete: 'cascade' }),
    redirectUri: text('redirect_uri').notNull(),
    /** PKCE S256 challenge the token request's verifier must match. */
    codeChallenge: text('code_challenge').notNull(),
    scope: text('scope', { enum: ['full', 'read'] }).notNull(),
    state: text('state'),
    /** Set when the user allowed: the grant the code's tokens belong to. */
    grantId: integer('grant_id').references(() => oauthGrants.id, { onDelete: 'cascade' }),
    /** SHA-256 of the authorization code, once issued. */
    codeHash: text('code_hash').unique(),
    expiresAt: at('expires_at').notNull(),
    createdAt: created(),
  },
  (t) => [index('oauth_requests_expires_idx').on(t.expiresAt)],
);

/** Access tokens (an hour) and refresh tokens (rotated on use), by the SHA-256 of the token. */
export const oauthTokens = pgTable(
  'oauth_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    grantId: integer('grant_id')
      .notNull()
      .references(() => oauthGrants.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['access', 'refresh'] }).notNull(),
    /** `full` or `read`: at most the grant's. */
    scope: text('scope', { enum: ['full', 'read'] }).notNull(),
    expiresAt: at('expires_at').notNull(),
    createdAt: created(),
  },
  (t) => [index('oauth_tokens_grant_idx').on(t.grantId)],
);

/**
 * Rate-limit counters shared by every app instance on one PostgreSQL (see server/limits). Rows
 * are disposable: an expired row is reset by the next hit and swept away now and then.
 */
export const rateLimits = pgTable(
  'rate_limits',
  {
    /** Route and client (address or token hash), as the rate-limit plugin builds it. */
    key: text('key').primaryKey(),
    count: integer('count').notNull(),
    expiresAt: at('expires_at').notNull(),
  },
  (t) => [index('rate_limits_expires_idx').on(t.expiresAt)],
);

const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({
  dataType: () => 'bytea',
  // node-postgres answers a Buffer, PGlite a Uint8Array: both are Uint8Array.
  fromDriver: (value) => new Uint8Array(value.buffer, value.byteOffset, value.byteLength),
});

/** The live document of a diagram (Yjs state): what live editing resumes from. */
export const diagramLiveState = pgTable('diagram_live_state', {
  diagramId: integer('diagram_id')
    .primaryKey()
    .references(() => diagrams.id, { onDelete: 'cascade' }),
  state: bytea('state').notNull(),
  /** Who edited since the diagram's last version: the next version names them all. */
  pendingAuthors: integer('pending_authors')
    .array()
    .notNull()
    .default(sql`'{}'::integer[]`),
  updatedAt: updated(),
});

/**
 * Live edits written before they are acknowledged; folded into diagram_live_state (and the
 * diagrams row) by the next store, then deleted. What a killed process had not stored yet.
 */
export const diagramLiveUpdates = pgTable(
  'diagram_live_updates',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    diagramId: integer('diagram_id')
      .notNull()
      .references(() => diagrams.id, { onDelete: 'cascade' }),
    update: bytea('update').notNull(),
    /** Who sent it (the authors of the next version); null for the server's own edits. */
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: created(),
  },
  (t) => [index('diagram_live_updates_diagram_idx').on(t.diagramId, t.id)],
);

export const schema = {
  users,
  sessions,
  folders,
  diagrams,
  diagramVersions,
  collaborators,
  comments,
  apiTokens,
  rateLimits,
  diagramLiveState,
  diagramLiveUpdates,
  oauthClients,
  oauthGrants,
  oauthRequests,
  oauthTokens,
};
