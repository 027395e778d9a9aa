import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Database } from '../db/client.js';
import { testDatabases } from '../../../test/support/databases.js';
import {
  describeEach,
  describeIf,
  redisSkip,
  TEST_REDIS_URL,
} from '../../../test/support/needs.js';
import { floodLimiter, pgCounter, redisCounter, type SharedCounter } from './flood-limits.js';

const BUDGET = { max: 10, windowMs: 60_000 };

/** Two instances' limiters on one shared counter: a key's frames are counted across both. */
async function acrossTwoInstances(counter: SharedCounter) {
  const key = `user:${randomBytes(4).toString('hex')}`;
  const [a, b] = [floodLimiter(counter), floodLimiter(counter)];
  try {
    // Six frames on each instance: each alone is within its budget of ten.
    const local = [...Array(6)].map((_, i) => (i % 2 ? a : b).hit(key, BUDGET));
    for (let i = 0; i < 6; i++) local.push((i % 2 ? b : a).hit(key, BUDGET));
    expect(local.every(Boolean)).toBe(true);
    // Once both have shared their counts, the key is refused on both.
    await expect
      .poll(() => [a.hit(key, BUDGET), b.hit(key, BUDGET)], { timeout: 5_000, interval: 100 })
      .toEqual([false, false]);
    // Another key is untouched.
    expect(a.hit(`${key}:other`, BUDGET)).toBe(true);
  } finally {
    a.stop();
    b.stop();
  }
}

const redisMissing = await redisSkip();
describeIf(redisMissing, 'live flood limits shared through Redis', () => {
  const prefix = `lifeline-test:${randomBytes(6).toString('hex')}:`;
  let redis: Redis;
  beforeAll(() => {
    redis = new Redis(TEST_REDIS_URL);
  });
  afterAll(async () => {
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length > 0) await redis.del(...keys);
    redis.disconnect();
  });

  it('refuses a user past the budget on every instance, whichever one the frames reached', () =>
    acrossTwoInstances(redisCounter(redis, prefix)));

  it('fails open: a counter that cannot answer leaves the local count in charge', async () => {
    const broken: SharedCounter = { add: () => Promise.reject(new Error('gone')) };
    const limiter = floodLimiter(broken);
    try {
      const seen = [...Array(12)].map(() => limiter.hit('user:local', BUDGET));
      expect(seen.filter(Boolean)).toHaveLength(BUDGET.max);
    } finally {
      limiter.stop();
    }
  });
});

describeEach(
  testDatabases.filter((candidate) => candidate.name === 'postgres'),
  'live flood limits shared through $name',
  ({ open }) => {
    let database: Database;
    beforeAll(async () => {
      database = await open();
    });
    afterAll(async () => {
      await database?.close();
    });

    it('refuses a user past the budget on every instance, through the rate_limits table', () =>
      acrossTwoInstances(pgCounter(database.db)));
  },
);

// Without a shared store the local count is the whole count.
it('counts locally without a shared counter', () => {
  const limiter = floodLimiter(null);
  try {
    const seen = [...Array(12)].map(() => limiter.hit('user:alone', BUDGET));
    expect(seen).toEqual([...Array(10)].map(() => true).concat([false, false]));
  } finally {
    limiter.stop();
  }
});
