import { afterAll, expect, it } from 'vitest';
import { authFrame, syncStep1Frame } from '../../../test/support/live-attacks.js';
import { floodLimiter } from './flood-limits.js';
import { DEFAULT_LIVE_LIMITS, liveBudgets, type SocketScope } from './socket-budgets.js';

const limiter = floodLimiter(null);
afterAll(() => limiter.stop());
const budgets = liveBudgets(limiter, {
  ...DEFAULT_LIVE_LIMITS,
  documentMessagesPerSecond: 2, // 10 frames in the 5 s window
  socketDocuments: 3,
  userDocuments: 4,
});
const scope = (user: string): SocketScope => ({
  user,
  address: `address-of-${user}`,
  refused: new Set(),
  authenticated: new Set(),
});

it("counts a document's budget only for sockets authenticated for it", () => {
  const stranger = budgets.socket(scope('@stranger'));
  const owner = scope('owner');
  const mine = budgets.socket(owner);
  expect(mine.check(authFrame('diagram:1'))).toBe('pass');
  owner.authenticated.add('diagram:1');
  // The stranger's first Auth passes; its retries are attempts, not the document's frames.
  for (let i = 0; i < 6; i++) stranger.check(authFrame('diagram:1'));
  expect(stranger.check(authFrame('diagram:1'))).toEqual({
    close: 'too many authentication attempts',
  });
  for (let i = 0; i < 10; i++)
    expect(mine.check(syncStep1Frame('diagram:1'))).not.toEqual({
      close: 'too many messages',
    });
  expect(mine.check(authFrame('diagram:1'))).toEqual({ close: 'too many messages' });
});

it('caps documents per socket and per user before any look-up', () => {
  const first = budgets.socket(scope('ada'));
  for (const id of [1, 2, 3]) expect(first.check(authFrame(`diagram:${10 + id}`))).toBe('pass');
  expect(first.check(authFrame('diagram:14'))).toEqual({
    close: 'too many documents on one connection',
  });
  const second = budgets.socket(scope('ada'));
  expect(second.check(authFrame('diagram:15'))).toBe('pass');
  expect(second.check(authFrame('diagram:16'))).toEqual({ close: 'too many documents open' });
  // A document already open elsewhere is no new one.
  expect(second.check(authFrame('diagram:11'))).toBe('pass');
  first.release();
  expect(second.check(authFrame('diagram:16'))).toBe('pass');
});

it('answers one sync step 1 at a time per document', () => {
  const socket = budgets.socket(scope('grace'));
  socket.check(authFrame('share:x'));
  expect(socket.check(syncStep1Frame('share:x'))).toBe('pass');
  expect(socket.check(syncStep1Frame('share:x'))).toBe('drop');
  socket.answered('share:x');
  expect(socket.check(syncStep1Frame('share:x'))).toBe('pass');
});
