/**
 * Suites that need something the machine may lack (a PostgreSQL or Redis server, Chromium) are
 * registered all the same: without it they show as skipped, with the reason in their name, and
 * the closing tally lists the reasons. Nothing vanishes silently.
 */
import { connect } from 'node:net';
import { describe, it } from 'vitest';

/** A reason to skip, or null to run. */
export type SkipReason = string | null;

export function describeIf(skip: SkipReason, title: string, body: () => void): void {
  if (skip) describe.skip(`${title} (skipped: ${skip})`, body);
  else describe(title, body);
}

export function itIf(
  skip: SkipReason,
  title: string,
  body: () => Promise<void> | void,
  timeout?: number,
): void {
  if (skip) it.skip(`${title} (skipped: ${skip})`, body, timeout);
  else it(title, body, timeout);
}

/** describe.each over rows that may carry a skip reason; `$key` in the title is row[key]. */
export function describeEach<T extends { skip?: SkipReason }>(
  rows: readonly T[],
  title: string,
  body: (row: T) => void,
): void {
  for (const row of rows) {
    const name = title.replace(/\$(\w+)/g, (_match, key: string) =>
      String((row as Record<string, unknown>)[key]),
    );
    describeIf(row.skip ?? null, name, () => body(row));
  }
}

/** The Redis server the tests use: TEST_REDIS_URL, or the local default. */
export const TEST_REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/** Null when the Redis server answers PING within a second, else why the suite is skipped. */
export function redisSkip(url = TEST_REDIS_URL): Promise<SkipReason> {
  const target = new URL(url);
  const where = `${target.hostname}:${target.port || 6379}`;
  return new Promise((resolve) => {
    const socket = connect(Number(target.port || 6379), target.hostname);
    const done = (reason: SkipReason) => {
      socket.destroy();
      resolve(reason);
    };
    socket.setTimeout(1000, () => done(`Redis does not answer at ${where}`));
    socket.once('error', () => done(`Redis does not answer at ${where}`));
    socket.once('connect', () => socket.write('PING\r\n'));
    socket.once('data', () => done(null));
  });
}
