/**
 * A fixed number of warm Chromium pages with mermaid loaded, shared fairly between callers (see
 * fair-share.ts). The browser is launched on first use and relaunched after it dies; a page is
 * replaced after a timeout or a failure. So that memory stays flat, a page is recycled when its
 * script heap, collected, outgrows `heapLimitMb` (mermaid memoises every label it measures), and
 * after `recycleAfter` uses whatever its heap. While other callers wait, a render may run only a
 * quarter of the time limit.
 *
 * A render cut by the time limit ends its page's renderer process at once (the process would
 * otherwise keep a core busy until the page's close reached it), and its caller keeps its place
 * in the fair share until a new warm page has replaced the cut one: a caller whose renders are
 * cut waits for its own new pages and never takes the warm page another caller uses, and the
 * CPU a new page costs is spent before that caller's next render, not during another's.
 */
import type * as Playwright from 'playwright-core';
import type { Browser, BrowserContext, CDPSession, Page } from 'playwright-core';
import type { WarmPageApi } from '../../shared/mermaid-drawing/diagram-render.js';
import { AppError } from '../errors.js';
import { CHROMIUM_ARGS } from './chromium.js';
import { FairShare } from './fair-share.js';
import { PAGE_URL, pageAsset } from './page-assets.js';

export interface PagePoolOptions {
  executablePath: string;
  /** Pages rendering at once. */
  pages: number;
  /** Callers allowed to wait for a page; one more is refused at once. */
  queue: number;
  timeoutMs: number;
  /** Uses after which a page is replaced whatever its heap. */
  recycleAfter: number;
  /** A page whose script heap stays above this after a collection is replaced. */
  heapLimitMb: number;
  /** Uses between two looks at a page's heap (one DevTools call; a collection only above it). */
  heapCheckEvery: number;
}

export interface Viewport {
  width: number;
  height: number;
}

interface Slot {
  browser: Browser;
  context: BrowserContext;
  page: Page;
  devtools: CDPSession;
  /** The page's global object, as its DevTools session names it (see `callOn`). */
  globalId: string;
  uses: number;
  viewport: Viewport;
  /** Set once the page is being ended for good (see PagePool.discard). */
  ended: Promise<void> | null;
}

/**
 * Calls a function the page's script put on its global object with its one argument, and
 * answers its result (awaited when it is a promise).
 */
export type PageCall = <Name extends keyof WarmPageApi>(
  name: Name,
  argument: PageArgument<Name>,
) => Promise<PageAnswer<Name>>;

type PageArgument<Name extends keyof WarmPageApi> = Parameters<WarmPageApi[Name]>[0];
type PageAnswer<Name extends keyof WarmPageApi> = Awaited<ReturnType<WarmPageApi[Name]>>;

// The function's name and argument travel as values of the call, never as source text.
const CALL_GLOBAL = 'function (name, argument) { return this[name](argument); }';

/**
 * A PageCall over the page's own DevTools session: one round trip, without Playwright's
 * evaluate (its stack capture and its argument and result serialisers), which cost a small
 * render about 0.4 ms of its 10 and this process a fifth of its CPU per render (README,
 * Decisions).
 */
function callOn(slot: Slot): PageCall {
  return async <Name extends keyof WarmPageApi>(
    name: Name,
    argument: PageArgument<Name>,
  ): Promise<PageAnswer<Name>> => {
    const { result, exceptionDetails } = await slot.devtools.send('Runtime.callFunctionOn', {
      objectId: slot.globalId,
      functionDeclaration: CALL_GLOBAL,
      arguments: [{ value: name }, { value: argument }],
      awaitPromise: true,
      returnByValue: true,
    });
    if (exceptionDetails) {
      throw new Error(exceptionDetails.exception?.description ?? exceptionDetails.text);
    }
    // returnByValue: the page's answer as JSON, of the shape WarmPageApi declares.
    return result.value as PageAnswer<Name>;
  };
}

export { RendererBusyError } from './fair-share.js';

const PAGE_LOAD_TIMEOUT_MS = 30_000;
// The renderer process of a crashed page is gone well within this; the page's close follows.
const CRASH_WAIT_MS = 1_000;
// A page that cannot answer about its heap this fast is not worth keeping.
const HEAP_CHECK_TIMEOUT_MS = 5_000;
const SHUTTING_DOWN = 'The server is shutting down.';

export const RENDERER_FAILED = 'The renderer stopped unexpectedly. Try again.';

export class PagePool {
  private browser: Promise<Browser> | null = null;
  private readonly idle: Slot[] = [];
  /** Pages made and not yet closed: idle, in use, or being kept or replaced after a render. */
  private alive = 0;
  /** A page being made ahead of need, so that a second caller finds a warm page. */
  private warming: Promise<void> | null = null;
  private readonly share: FairShare;
  private closed = false;
  /** Playwright itself, loaded as the pool is made. */
  private readonly playwright: Promise<typeof Playwright>;

  constructor(private readonly options: PagePoolOptions) {
    this.share = new FairShare({ pages: options.pages, queue: options.queue });
    // Loaded as the pool is made (with the server, never in a request: its modules hold the
    // event loop for over half a second), and only for a server that draws: every server and
    // test without Chromium starts that much sooner.
    this.playwright = import('playwright-core');
    this.playwright.catch(() => undefined);
  }

  /** Pages in use per caller and renders waiting. */
  load(): { running: Record<string, number>; waiting: number } {
    return this.share.load();
  }

  /** Warm pages waiting for a render (tests and diagnostics). */
  idlePages(): number {
    return this.idle.length;
  }

  /**
   * Runs `work` for `caller` on a warm page with the given viewport (null: as the page has it;
   * `work` may set it with `resize` once it knows the size it needs), within the time limit (a
   * quarter of it while another caller waits). `call` runs the page script's own functions.
   */
  async use<T>(
    caller: string,
    viewport: Viewport | null,
    work: (page: Page, resize: (viewport: Viewport) => Promise<void>, call: PageCall) => Promise<T>,
  ): Promise<T> {
    if (this.closed) throw new AppError(503, SHUTTING_DOWN);
    await this.share.admit(caller);
    try {
      if (this.closed) throw new AppError(503, SHUTTING_DOWN);
      const slot = await this.takeSlot();
      let healthy = false;
      const resize = async (wanted: Viewport) => {
        if (slot.viewport.width !== wanted.width || slot.viewport.height !== wanted.height) {
          await slot.page.setViewportSize(wanted);
          slot.viewport = wanted;
        }
      };
      try {
        if (viewport) await resize(viewport);
        const result = await this.withTimeout(work(slot.page, resize, callOn(slot)), slot, caller);
        healthy = true;
        return result;
      } catch (error) {
        // The diagram's own fault (mermaid's error, answered 4xx) leaves the page as it was.
        if (error instanceof AppError) {
          healthy = error.statusCode < 500;
          throw error;
        }
        throw new AppError(503, RENDERER_FAILED);
      } finally {
        slot.uses += 1;
        // Before leaving the share, so the next caller finds a warm page idle: this one, or
        // the new one that replaces it.
        await this.settle(slot, healthy);
      }
    } finally {
      this.share.leave(caller);
    }
  }

  /** Keeps the page that served a render for the next one, or replaces it with a new page. */
  private async settle(slot: Slot, healthy: boolean): Promise<void> {
    if (healthy && (await this.keeps(slot))) {
      this.idle.push(slot);
      this.warmAhead();
      return;
    }
    await this.discard(slot);
    if (this.closed) return;
    try {
      this.idle.push(await this.newSlot());
    } catch {
      // No browser for now: the next render tries again and answers why.
    }
  }

  /** Ends a page for good; `busy`: its script may still run, so its renderer process first. */
  private discard(slot: Slot, busy = false): Promise<void> {
    if (!slot.ended) {
      this.alive -= 1;
      slot.ended = endPage(slot, busy);
    }
    return slot.ended;
  }

  async close(): Promise<void> {
    this.closed = true;
    this.share.wakeAll();
    const browser = this.browser;
    this.browser = null;
    this.idle.splice(0);
    this.alive = 0;
    if (browser) await browser.then((b) => b.close()).catch(() => undefined);
  }

  /** Whether a page that has just served a render stays for the next one. */
  private async keeps(slot: Slot): Promise<boolean> {
    const { recycleAfter, heapCheckEvery } = this.options;
    if (this.closed || !slot.browser.isConnected() || slot.uses >= recycleAfter) return false;
    if (slot.uses % heapCheckEvery !== 0) return true;
    const within = await withDeadline(this.heapWithinLimit(slot), HEAP_CHECK_TIMEOUT_MS, false);
    return within && !this.closed;
  }

  private async heapWithinLimit(slot: Slot): Promise<boolean> {
    const limit = this.options.heapLimitMb * 1024 * 1024;
    try {
      const heap = await slot.devtools.send('Runtime.getHeapUsage');
      if (heap.usedSize <= limit) return true;
      // Above the limit may be garbage not yet collected: only what survives a collection counts.
      await slot.devtools.send('HeapProfiler.collectGarbage');
      return (await slot.devtools.send('Runtime.getHeapUsage')).usedSize <= limit;
    } catch {
      return false;
    }
  }

  private async takeSlot(): Promise<Slot> {
    for (;;) {
      while (this.idle.length > 0) {
        const slot = this.idle.pop()!;
        if (slot.browser.isConnected() && !slot.page.isClosed()) return slot;
        void this.discard(slot);
      }
      if (!this.warming) break;
      await this.warming;
    }
    return this.newSlot();
  }

  /**
   * After a render that kept its page, while the pool has fewer warm pages than `pages`, makes
   * one more in the background.
   */
  private warmAhead(): void {
    if (this.warming || this.closed || this.alive >= this.options.pages) return;
    this.warming = this.newSlot().then(
      (slot) => {
        this.warming = null;
        if (this.closed) void this.discard(slot);
        else this.idle.push(slot);
      },
      () => {
        this.warming = null;
      },
    );
  }

  private async newSlot(): Promise<Slot> {
    const browser = await this.launch();
    const viewport = { width: 800, height: 600 };
    try {
      const context = await browser.newContext({ viewport, deviceScaleFactor: 1 });
      await context.route('**/*', (route) => {
        const asset = pageAsset(route.request().url());
        if (!asset) return route.abort('blockedbyclient');
        return route.fulfill({ status: 200, body: asset.body, contentType: asset.contentType });
      });
      const page = await context.newPage();
      // Loading mermaid is not the diagram's fault: it gets its own, roomier limit.
      await page.goto(PAGE_URL, { waitUntil: 'load', timeout: PAGE_LOAD_TIMEOUT_MS });
      const devtools = await context.newCDPSession(page);
      const { result } = await devtools.send('Runtime.evaluate', { expression: 'globalThis' });
      if (!result.objectId) throw new Error('The render page has no global object');
      this.alive += 1;
      return {
        browser,
        context,
        page,
        devtools,
        globalId: result.objectId,
        uses: 0,
        viewport,
        ended: null,
      };
    } catch {
      throw new AppError(503, RENDERER_FAILED);
    }
  }

  private async launch(): Promise<Browser> {
    const current = this.browser;
    if (current) {
      const browser = await current.catch(() => null);
      if (browser?.isConnected()) return browser;
      // Several callers may find the browser dead at once: only the first relaunches.
      if (this.browser !== current) return this.launch();
    }
    const launching = this.playwright.then(({ chromium }) =>
      chromium.launch({
        executablePath: this.options.executablePath,
        args: CHROMIUM_ARGS,
        // The server's own shutdown closes the pool once in-flight renders have finished;
        // Playwright's handlers would kill the browser under them at the first SIGTERM.
        handleSIGTERM: false,
        handleSIGINT: false,
      }),
    );
    this.browser = launching;
    try {
      const browser = await launching;
      browser.on('disconnected', () => {
        if (this.browser === launching) this.browser = null;
      });
      return browser;
    } catch (error) {
      if (this.browser === launching) this.browser = null;
      const reason = error instanceof Error ? error.message.split('\n')[0] : String(error);
      throw new AppError(
        503,
        `Could not start Chromium at ${this.options.executablePath} (${reason}). Set CHROME_PATH to a working Chromium or Chrome executable.`,
      );
    }
  }

  private withTimeout<T>(work: Promise<T>, slot: Slot, caller: string): Promise<T> {
    const { timeoutMs } = this.options;
    const shortMs = Math.max(1, Math.floor(timeoutMs / 4));
    const timers: NodeJS.Timeout[] = [];
    let unsubscribe = () => {};
    const timeout = new Promise<never>((_, reject) => {
      const stop = (message: string) => {
        reject(new AppError(503, message));
        // Its renderer process ends now, not when the page's close reaches it; the caller waits
        // for a new page (see settle).
        void this.discard(slot, true);
      };
      const seconds = (ms: number) => {
        const whole = Math.max(1, Math.round(ms / 1000));
        return whole === 1 ? '1 second' : `${whole} seconds`;
      };
      timers.push(
        setTimeout(
          () =>
            stop(
              `Rendering took longer than ${seconds(timeoutMs)} and was stopped. Simplify the diagram or try again.`,
            ),
          timeoutMs,
        ),
      );
      // Past the short limit, the render gives way as soon as another caller is waiting.
      const giveWay = () => {
        if (!this.share.othersWaiting(caller)) return;
        stop(
          `Rendering took longer than ${seconds(shortMs)} while others were waiting and was stopped. Simplify the diagram or try again.`,
        );
      };
      timers.push(
        setTimeout(() => {
          unsubscribe = this.share.onArrival(giveWay);
          giveWay();
        }, shortMs),
      );
    });
    work.catch(() => undefined); // settled after a timeout: nobody waits for it any more
    return Promise.race([work, timeout]).finally(() => {
      for (const timer of timers) clearTimeout(timer);
      unsubscribe();
    });
  }
}

function withDeadline<T>(work: Promise<T>, ms: number, otherwise: T): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<T>((resolve) => (timer = setTimeout(() => resolve(otherwise), ms)));
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

/**
 * Closes the page's context. A busy page's renderer process is crashed first (DevTools' Page.crash ends it even while its script runs,
 * where a close waits for the script to yield or for the browser to give up on it).
 */
async function endPage(slot: Slot, busy: boolean): Promise<void> {
  if (busy && !slot.page.isClosed() && slot.browser.isConnected()) {
    const crashed = new Promise<void>((resolve) => slot.page.once('crash', () => resolve()));
    void slot.devtools.send('Page.crash').catch(() => undefined);
    await withDeadline(crashed, CRASH_WAIT_MS, undefined);
  }
  await slot.context.close().catch(() => undefined);
}
