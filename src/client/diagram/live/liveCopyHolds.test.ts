import { describe, expect, it, vi } from 'vitest';
import * as Y from 'yjs';
import { LIVE_TEXT } from '@shared/live';
import { liveCopyHolds } from './liveCopyHolds';

describe('waiting for the live copy to hold a saved text', () => {
  it('resolves at once when it holds it already', async () => {
    const shared = new Y.Doc();
    shared.getText(LIVE_TEXT).insert(0, 'saved');
    await expect(liveCopyHolds(shared, 'saved', 60_000)).resolves.toBeUndefined();
  });

  it('resolves when the update bringing it arrives, and stops listening', async () => {
    const shared = new Y.Doc();
    shared.getText(LIVE_TEXT).insert(0, 'before');
    let done = false;
    const waiting = liveCopyHolds(shared, 'after', 60_000).then(() => (done = true));
    shared.getText(LIVE_TEXT).insert(0, 'x');
    await Promise.resolve();
    expect(done).toBe(false);
    shared.transact(() => {
      const text = shared.getText(LIVE_TEXT);
      text.delete(0, text.length);
      text.insert(0, 'after');
    });
    await waiting;
    expect(done).toBe(true);
    expect(shared._observers.get('update')?.size ?? 0).toBe(0);
  });

  it('gives up after its time, so a copy that never holds it still joins', async () => {
    vi.useFakeTimers();
    try {
      const shared = new Y.Doc();
      let done = false;
      void liveCopyHolds(shared, 'never', 2_000).then(() => (done = true));
      await vi.advanceTimersByTimeAsync(1_999);
      expect(done).toBe(false);
      await vi.advanceTimersByTimeAsync(1);
      expect(done).toBe(true);
    } finally {
      vi.useRealTimers();
    }
  });
});
