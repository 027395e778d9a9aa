/**
 * Environment → typed, validated config. A bad value stops start-up with one clear line
 * (ConfigError), never a stack trace.
 */
import { resolve } from 'node:path';
import { z } from 'zod';

export class ConfigError extends Error {}

const port = z
  .string()
  .regex(/^\d+$/, 'must be a whole number from 1 to 65535')
  .transform(Number)
  .refine((value) => value >= 1 && value <= 65535, 'must be a whole number from 1 to 65535');

const databaseUrl = z.string().refine((value) => {
  try {
    const url = new URL(value);
    return (url.protocol === 'postgres:' || url.protocol === 'postgresql:') && url.hostname !== '';
  } catch {
    return false;
  }
}, 'must be a PostgreSQL URL like postgres://user:password@host:5432/database');

const envSchema = z.object({
  PORT: port.default(3000),
  HOST: z.string().min(1, 'must not be empty').default('localhost'),
  DATABASE_URL: databaseUrl.optional(),
  DATA_DIR: z.string().min(1, 'must not be empty').default('./data'),
  NODE_ENV: z
    .enum(['development', 'production', 'test'], {
      error: 'must be one of development, production, test',
    })
    .default('development'),
  LOG_LEVEL: z
    .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], {
      error: 'must be one of fatal, error, warn, info, debug, trace, silent',
    })
    .default('info'),
});

export interface Config {
  port: number;
  host: string;
  database: { kind: 'pglite'; dataDir: string } | { kind: 'postgres'; url: string };
  dataDir: string;
  production: boolean;
  logLevel: z.infer<typeof envSchema>['LOG_LEVEL'];
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // Empty variables count as unset, as most shells and .env files mean them.
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ''));
  const parsed = envSchema.safeParse(present);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const name = String(issue?.path[0] ?? 'environment');
    const got = env[name];
    const shown = name === 'DATABASE_URL' ? redactUrl(got ?? '') : got;
    throw new ConfigError(
      `Invalid configuration: ${name} ${issue?.message ?? 'is invalid'} (got "${shown}").`,
    );
  }
  const value = parsed.data;
  const dataDir = resolve(value.DATA_DIR);
  return {
    port: value.PORT,
    host: value.HOST,
    database: value.DATABASE_URL
      ? { kind: 'postgres', url: value.DATABASE_URL }
      : { kind: 'pglite', dataDir: resolve(dataDir, 'pglite') },
    dataDir,
    production: value.NODE_ENV === 'production',
    logLevel: value.LOG_LEVEL,
  };
}

/** Hides the password of a database URL in messages. */
export function redactUrl(value: string): string {
  try {
    const url = new URL(value);
    if (url.password) url.password = '***';
    return url.toString();
  } catch {
    return value;
  }
}
