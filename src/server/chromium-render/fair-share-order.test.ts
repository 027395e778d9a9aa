/**
 * The order in which FairShare hands out pages, without a browser: the waiting caller served
 * longest ago goes next, whether its last page came straight away or from the queue, and no
 * caller ever holds more than its share of pages or waiting places.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FairShare, RendererBusyError } from './fair-share.js';

/** Admits `caller` and records, in `started`, the moment it gets its page. */
function admitted(share: FairShare, caller: string, started: string[]): Promise<void> {
  return share.admit(caller).then(() => {
    started.push(caller);
  });
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('FairShare order', () => {
  it('gives a freed page to a caller not yet served before one whose first render started at once', async () => {
    const share = new FairShare({ pages: 2, queue: 8 });
    const started: string[] = [];
    void admitted(share, 'H', started);
    void admitted(share, 'A', started);
    void admitted(share, 'A', started);
    void admitted(share, 'A', started);
    void admitted(share, 'C', started);
    await settle();
    expect(started).toEqual(['H', 'A']);

    // A's running render ends first: C, waiting behind A's two, goes before them.
    share.leave('A');
    await settle();
    expect(started).toEqual(['H', 'A', 'C']);

    share.leave('H');
    await settle();
    expect(started).toEqual(['H', 'A', 'C', 'A']);
  });

  it('takes callers in turn when each has several waiting', async () => {
    const share = new FairShare({ pages: 1, queue: 9 });
    const started: string[] = [];
    void admitted(share, 'X', started);
    for (const caller of ['A', 'A', 'B', 'B', 'C']) void admitted(share, caller, started);
    await settle();
    for (const caller of ['X', 'A', 'B', 'C', 'A']) {
      share.leave(caller);
      await settle();
    }
    expect(started).toEqual(['X', 'A', 'B', 'C', 'A', 'B']);
  });

  it('keeps every caller to its share and never leaves a page idle while someone may take it', async () => {
    const step = fc.oneof(
      fc.record({ kind: fc.constant('admit' as const), caller: fc.constantFrom('A', 'B', 'C') }),
      fc.record({ kind: fc.constant('leave' as const), pick: fc.nat() }),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 4 }),
        fc.integer({ min: 1, max: 6 }),
        fc.array(step, { maxLength: 60 }),
        async (pages, queue, steps) => {
          const share = new FairShare({ pages, queue });
          const running: string[] = [];
          for (const next of steps) {
            if (next.kind === 'admit') {
              share.admit(next.caller).then(
                () => {
                  running.push(next.caller);
                },
                (error: unknown) => {
                  expect(error).toBeInstanceOf(RendererBusyError);
                },
              );
            } else if (running.length > 0) {
              const [caller] = running.splice(next.pick % running.length, 1);
              share.leave(caller!);
            }
            await settle();
            const load = share.load();
            const waiting = load.waiting;
            const counts = Object.values(load.running);
            expect(counts.reduce((sum, count) => sum + count, 0)).toBe(running.length);
            expect(running.length).toBeLessThanOrEqual(pages);
            for (const count of counts) expect(count).toBeLessThanOrEqual(share.pagesPerCaller);
            expect(waiting).toBeLessThanOrEqual(queue);
            // Work is conserved: a render waits only while the pages are full or its caller's
            // share is taken.
            if (waiting > 0 && running.length < pages) {
              expect(share.othersWaiting('')).toBe(false);
            }
          }
        },
      ),
      { numRuns: 200 },
    );
  });
});
