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

  it.each([
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
