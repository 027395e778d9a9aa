import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

describe('loadConfig', () => {
  it('defaults to the embedded database under ./data on port 3000', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.database.kind).toBe('pglite');
    expect(config.dataDir.endsWith('/data')).toBe(true);
    expect(config.production).toBe(false);
  });

  it('switches to PostgreSQL with DATABASE_URL', () => {
    const config = loadConfig({ DATABASE_URL: 'postgres://u:p@db:5432/app' });
    expect(config.database).toEqual({ kind: 'postgres', url: 'postgres://u:p@db:5432/app' });
  });

  it('keeps rate limits in memory by default and in Redis with REDIS_URL', () => {
    const plain = loadConfig({});
    expect(plain.redis).toBeNull();
    expect(plain.limits).toEqual({
      shareLookupsPerMinute: 120,
      signInsPerMinute: 20,
      failedAuthsPerMinute: 20,
      importsPerMinute: 10,
      openRendersPerMinute: 300,
    });
    const shared = loadConfig({
      REDIS_URL: 'redis://cache:6379/2',
      SHARE_LOOKUPS_PER_MINUTE: '5',
      SIGN_INS_PER_MINUTE: '50',
      FAILED_AUTHS_PER_MINUTE: '7',
      IMPORTS_PER_MINUTE: '3',
    });
    expect(shared.redis).toEqual({
      url: 'redis://cache:6379/2',
      keyPrefix: 'lifeline:rate-limit:',
    });
    expect(shared.limits).toEqual({
      shareLookupsPerMinute: 5,
      signInsPerMinute: 50,
      failedAuthsPerMinute: 7,
      importsPerMinute: 3,
      openRendersPerMinute: 300,
    });
  });

  it.each([
    [
      { REDIS_URL: 'http://:hunter2@cache:6379' },
      'Invalid configuration: REDIS_URL must be a Redis URL like redis://:password@host:6379/0 (got "http://:***@cache:6379/").',
    ],
    [
      { SHARE_LOOKUPS_PER_MINUTE: '0' },
      'Invalid configuration: SHARE_LOOKUPS_PER_MINUTE must be a whole number from 1 to 1000000 (got "0").',
    ],
    [
      { PORT: 'abc' },
      'Invalid configuration: PORT must be a whole number from 1 to 65535 (got "abc").',
    ],
    [
      { PORT: '70000' },
      'Invalid configuration: PORT must be a whole number from 1 to 65535 (got "70000").',
    ],
    [
      { DATABASE_URL: 'mysql://u:secret@h/db' },
      'Invalid configuration: DATABASE_URL must be a PostgreSQL URL like postgres://user:password@host:5432/database (got "mysql://u:***@h/db").',
    ],
    [
      { NODE_ENV: 'staging' },
      'Invalid configuration: NODE_ENV must be one of development, production, test (got "staging").',
    ],
  ])('refuses %o with one clear line', (env, line) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(line);
  });
});

describe('loadConfig: server rendering', () => {
  it('defaults to 2 pages, a queue of 32, a 64 MB cache, 10 s and 120 renders a minute', () => {
    expect(loadConfig({}).render).toEqual({
      pages: 2,
      queue: 32,
      cacheMb: 64,
      timeoutMs: 10_000,
      perMinute: 120,
    });
  });

  it('takes the RENDER_* variables, with 0 turning the cache off', () => {
    const config = loadConfig({
      RENDER_PAGES: '4',
      RENDER_QUEUE: '0',
      RENDER_CACHE_MB: '0',
      RENDER_TIMEOUT_MS: '5000',
      RENDER_RATE_PER_MINUTE: '30',
    });
    expect(config.render).toEqual({
      pages: 4,
      queue: 0,
      cacheMb: 0,
      timeoutMs: 5000,
      perMinute: 30,
    });
  });

  it.each([
    [{ RENDER_PAGES: '0' }, 'RENDER_PAGES must be a whole number from 1 to 32 (got "0").'],
    [{ RENDER_QUEUE: '-1' }, 'RENDER_QUEUE must be a whole number from 0 to 10000 (got "-1").'],
    [{ RENDER_CACHE_MB: 'lots' }, 'RENDER_CACHE_MB must be a whole number from 0 to 65536'],
    [{ RENDER_TIMEOUT_MS: '10' }, 'RENDER_TIMEOUT_MS must be a whole number from 1000 to 600000'],
    [{ RENDER_RATE_PER_MINUTE: '1.5' }, 'RENDER_RATE_PER_MINUTE must be a whole number from 1'],
  ])('refuses %o with one clear line', (env, line) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(line);
  });

  describe('local sign-in beyond loopback', () => {
    const oidc = { OIDC_CLIENT_ID: 'id', OIDC_CLIENT_SECRET: 'secret' };

    it.each(['0.0.0.0', '::', '192.168.1.20', 'lifeline.example.com'])(
      'refuses HOST=%s without an OIDC client, in one line naming the way out',
      (host) => {
        expect(() => loadConfig({ HOST: host })).toThrow(ConfigError);
        expect(() => loadConfig({ HOST: host })).toThrow(
          `Invalid configuration: HOST=${host} listens beyond this machine without an OIDC client, and local sign-in lets anyone sign in as anyone: set OIDC_CLIENT_ID and OIDC_CLIENT_SECRET, or ALLOW_LOCAL_SIGN_IN=true to accept that.`,
        );
        expect(() => loadConfig({ HOST: host })).not.toThrow(/\n/);
      },
    );

    it.each(['127.0.0.1', '::1', 'localhost', 'LOCALHOST'])('starts on HOST=%s', (host) => {
      expect(loadConfig({ HOST: host }).host).toBe(host);
    });

    it('starts beyond loopback with an OIDC client, or with ALLOW_LOCAL_SIGN_IN=true', () => {
      expect(loadConfig({ HOST: '0.0.0.0', ...oidc }).oidc).not.toBeNull();
      expect(loadConfig({ HOST: '0.0.0.0', ALLOW_LOCAL_SIGN_IN: 'true' }).oidc).toBeNull();
      expect(() => loadConfig({ HOST: '0.0.0.0', ALLOW_LOCAL_SIGN_IN: 'false' })).toThrow(
        'ALLOW_LOCAL_SIGN_IN=true',
      );
      expect(() => loadConfig({ ALLOW_LOCAL_SIGN_IN: 'yes' })).toThrow(
        'Invalid configuration: ALLOW_LOCAL_SIGN_IN must be true or false (got "yes").',
      );
    });
  });
});

describe('loadConfig: open render endpoints', () => {
  const oidc = { OIDC_CLIENT_ID: 'id', OIDC_CLIENT_SECRET: 'secret' };
  it('are on outside production and off in production unless OPEN_RENDER_API says so', () => {
    expect(loadConfig({}).openRenderApi).toBe(true);
    expect(loadConfig({ NODE_ENV: 'production', ...oidc }).openRenderApi).toBe(false);
    expect(
      loadConfig({ NODE_ENV: 'production', OPEN_RENDER_API: 'true', ...oidc }).openRenderApi,
    ).toBe(true);
    expect(loadConfig({ OPEN_RENDER_API: 'false' }).openRenderApi).toBe(false);
    expect(loadConfig({ OPEN_RENDER_PER_MINUTE: '50' }).limits.openRendersPerMinute).toBe(50);
    expect(() => loadConfig({ OPEN_RENDER_API: 'yes' })).toThrow(/OPEN_RENDER_API/);
  });
});

describe('loadConfig: slow and greedy clients', () => {
  it('defaults to 60 s for a request and 64 connections per address', () => {
    expect(loadConfig({}).connections).toEqual({
      requestTimeoutMs: 60_000,
      connectionsPerAddress: 64,
    });
  });

  it('takes REQUEST_TIMEOUT_MS and CONNECTIONS_PER_ADDRESS, with 0 turning the cap off', () => {
    const config = loadConfig({ REQUEST_TIMEOUT_MS: '120000', CONNECTIONS_PER_ADDRESS: '0' });
    expect(config.connections).toEqual({ requestTimeoutMs: 120_000, connectionsPerAddress: 0 });
  });

  it.each([
    [
      { REQUEST_TIMEOUT_MS: '500' },
      'Invalid configuration: REQUEST_TIMEOUT_MS must be a whole number from 1000 to 3600000 (got "500").',
    ],
    [
      { REQUEST_TIMEOUT_MS: '30s' },
      'Invalid configuration: REQUEST_TIMEOUT_MS must be a whole number from 1000 to 3600000 (got "30s").',
    ],
    [
      { CONNECTIONS_PER_ADDRESS: '-1' },
      'Invalid configuration: CONNECTIONS_PER_ADDRESS must be a whole number from 0 to 1000000 (got "-1").',
    ],
  ])('refuses %o with one clear line', (env, line) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(line);
  });
});

describe('loadConfig: live budgets', () => {
  it('defaults to 10 documents a socket, 20 a user, 240 authentications a minute', () => {
    expect(loadConfig({}).live).toMatchObject({
      userBytesPerSecond: 262_144,
      documentBytesPerSecond: 524_288,
      socketDocuments: 10,
      userDocuments: 20,
      addressAuthsPerMinute: 240,
      socketBufferBytes: 16 * 1024 * 1024,
    });
  });

  it('refuses a socket buffer smaller than the largest document', () => {
    expect(() =>
      loadConfig({ LIVE_SOCKET_BUFFER_MAX_BYTES: '1048576', LIVE_DOCUMENT_MAX_BYTES: '2097152' }),
    ).toThrow(/LIVE_SOCKET_BUFFER_MAX_BYTES .* must be at least LIVE_DOCUMENT_MAX_BYTES/);
    expect(() => loadConfig({ LIVE_SOCKET_DOCUMENTS_MAX: '0' })).toThrow(ConfigError);
  });
});
