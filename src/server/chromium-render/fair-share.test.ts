/**
 * One caller flooding the renderer with slow diagrams must not starve the others, on a real
 * Chromium: a caller holds at most half of the pages and half of the queue, waiting renders are
 * taken round-robin, and a slow render gives way once another caller waits.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { AppError } from '../errors.js';
import { findChromium } from './chromium.js';
import { RendererBusyError } from './page-pool.js';
import {
  createRenderer,
  type RenderCaller,
  type Renderer,
  type RenderRequest,
} from './renderer.js';
import { denseFlowchart } from '../../../test/fixtures/diagrams.js';
import { SMALL_DIAGRAM } from '../../../test/support/render-support.js';

const chromium = findChromium();
const base: RenderRequest = {
  content: SMALL_DIAGRAM,
  format: 'svg',
  width: 400,
  height: 300,
  theme: 'neutral',
  background: 'white',
};
/** Edges of the flowchart the queue tests flood with (the order-only ones). */
const SLOWER_EDGES = 150;
const as = (key: string): RenderCaller => ({ key, scope: key });

type Outcome = { ok: true; at: number } | { ok: false; at: number; error: unknown };

function settle(render: Promise<unknown>): Promise<Outcome> {
  return render.then(
    () => ({ ok: true, at: performance.now() }),
    (error: unknown) => ({ ok: false, at: performance.now(), error }),
  );
}

describe.skipIf(!chromium)('renderer shared fairly between callers', () => {
  let renderer: Renderer | undefined;
  afterEach(async () => {
    await renderer?.close();
  });

  /** Both pages warm, so timings below are about rendering, not starting Chromium. */
  async function warmRenderer(timeoutMs: number): Promise<Renderer> {
    const created = createRenderer({
      executablePath: chromium,
      cacheBytes: 0,
      pages: 2,
      queue: 8,
      timeoutMs,
    });
    renderer = created;
    await Promise.all([
      created.render({ ...base, content: `${SMALL_DIAGRAM}\n    A->>B: warm 1` }, as('warm-1')),
      created.render({ ...base, content: `${SMALL_DIAGRAM}\n    A->>B: warm 2` }, as('warm-2')),
    ]);
    return created;
  }

  // Limits no render here reaches even on a loaded machine: a render cut short would leave its
  // successor a cold new page, and these two tests are about the order of the queue alone.
  const ROOMY_LIMIT_MS = 60_000;
  /** A render that takes several times a small one's, and no longer: the order is what counts. */
  const slower = (tag: string) => denseFlowchart(tag, SLOWER_EDGES);

  it("keeps a flooding caller to half the pages and half the queue; another's render goes first", async () => {
    const pool = await warmRenderer(ROOMY_LIMIT_MS);
    let mostPagesOfA = 0;
    const sampler = setInterval(() => {
      mostPagesOfA = Math.max(mostPagesOfA, pool.load().running['user:A'] ?? 0);
    }, 5);
    try {
      const flood = Array.from({ length: 6 }, (_, i) =>
        settle(pool.render({ ...base, content: slower(`flood ${i}`) }, as('user:A'))),
      );
      const small = await settle(pool.render(base, as('user:B')));
      const outcomes = await Promise.all(flood);

      expect(small.ok, String(!small.ok && small.error)).toBe(true);
      // A's renders run one at a time on its one page: B finished before A's second one did.
      const accepted = outcomes.filter(
        (outcome) => outcome.ok || !(outcome.error instanceof RendererBusyError),
      );
      const refused = outcomes.filter(
        (outcome) => !outcome.ok && outcome.error instanceof RendererBusyError,
      );
      // One running and four waiting (half of the queue of 8); the sixth is refused at once.
      expect(accepted).toHaveLength(5);
      expect(refused).toHaveLength(1);
      const settledA = accepted.map((outcome) => outcome.at).sort((a, b) => a - b);
      expect(small.at).toBeLessThan(settledA[1]!);
      expect(mostPagesOfA).toBe(1);
    } finally {
      clearInterval(sampler);
    }
  }, 120_000);

  it('takes waiting renders round-robin across callers', async () => {
    const pool = await warmRenderer(ROOMY_LIMIT_MS);
    // A fills its page and its share of the queue; C and D each queue one behind a busy page.
    const hold = settle(pool.render({ ...base, content: slower('hold') }, as('user:H')));
    const a = Array.from({ length: 3 }, (_, i) =>
      settle(pool.render({ ...base, content: slower(`a ${i}`) }, as('user:A'))),
    );
    const c = settle(
      pool.render({ ...base, content: `${SMALL_DIAGRAM}\n    A->>B: c` }, as('user:C')),
    );
    const outcomes = await Promise.all([hold, ...a, c]);
    const secondA = outcomes[2]!;
    const small = outcomes.at(-1)!;
    expect(small.ok, String(!small.ok && small.error)).toBe(true);
    // C waited behind the busy pages, but went ahead of A's second and third renders.
    expect(small.at).toBeLessThan(secondA.at);
  }, 120_000);

  it('cuts a render past a quarter of the time limit once another caller waits', async () => {
    // A quarter: half a second, half of what the dense flowchart takes in a warm page.
    const timeoutMs = 2_000;
    const pool = await warmRenderer(timeoutMs);
    const slowA = settle(pool.render({ ...base, content: denseFlowchart('A') }, as('user:A')));
    const slowC = settle(pool.render({ ...base, content: denseFlowchart('C') }, as('user:C')));
    const small = await settle(pool.render(base, as('user:B')));
    const [a, c] = await Promise.all([slowA, slowC]);

    expect(small.ok, String(!small.ok && small.error)).toBe(true);
    // At least one slow render gave way to B (the other may then run to its full limit).
    const gaveWay = [a, c].filter(
      (outcome) =>
        !outcome.ok &&
        outcome.error instanceof AppError &&
        outcome.error.statusCode === 503 &&
        outcome.error.message ===
          'Rendering took longer than 1 second while others were waiting and was stopped. Simplify the diagram or try again.',
    );
    expect(gaveWay.length).toBeGreaterThan(0);
  }, 120_000);
});
