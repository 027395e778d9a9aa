/**
 * The server renderer: diagram text → PNG or SVG drawn by mermaid in a warm Chromium page, with
 * the same configuration as the browser preview. Identical requests are answered from a cache.
 * Used by the public API's convert call; sharing's preview images reuse it.
 */
import { createHash } from 'node:crypto';
import type { Page } from 'playwright-core';
import { exceedsTextLimit, mermaidConfig, type MermaidTheme } from '../../shared/mermaid-config.js';
import { PREVIEW_TEXT } from '../../shared/messages.js';
import { AppError } from '../errors.js';
import { ByteLru } from './byte-lru.js';
import { fitSvg } from './fit-svg.js';
import { MERMAID_VERSION } from './page-assets.js';
import { PagePool } from './page-pool.js';

export interface RenderRequest {
  content: string;
  format: 'png' | 'svg';
  width: number;
  height: number;
  theme: MermaidTheme;
  background: 'white' | 'transparent';
}

export interface RenderResult {
  body: Buffer;
  contentType: string;
  /** A strong ETag (quoted) that changes with the text, the options and the mermaid release. */
  etag: string;
}

export interface Renderer {
  /** False when no Chromium was found: render answers 503 (NO_CHROMIUM). */
  readonly available: boolean;
  /** The ETag `render` would answer for this request, without rendering. */
  etagOf(request: RenderRequest): string;
  render(request: RenderRequest): Promise<RenderResult>;
  close(): Promise<void>;
}

export interface RendererOptions {
  /** A Chromium or Chrome executable; null: rendering answers 503 explaining what is missing. */
  executablePath: string | null;
  pages?: number;
  queue?: number;
  timeoutMs?: number;
  /** 0 turns the cache off. */
  cacheBytes?: number;
  recycleAfter?: number;
}

export const RENDER_DEFAULTS = {
  pages: 2,
  queue: 32,
  timeoutMs: 10_000,
  cacheBytes: 64 * 1024 * 1024,
  recycleAfter: 200,
} as const;

export const NO_CHROMIUM =
  'Converting diagrams needs Chromium on the server, and none was found. Install Chromium (for example `apt install chromium`) or set CHROME_PATH to a Chromium or Chrome executable, then restart Lifeline.';

export const CONTENT_TYPES = { png: 'image/png', svg: 'image/svg+xml; charset=utf-8' } as const;

interface PageAnswer {
  error?: string;
  svg?: string;
}

/** Draws in the page; leaves the fitted diagram on screen for a screenshot. */
export async function drawInPage(page: Page, request: RenderRequest): Promise<string> {
  const input = { ...request, config: mermaidConfig(request.theme) };
  const answer = await page.evaluate(
    (arg) =>
      (
        globalThis as unknown as { lifelineRender(i: typeof arg): Promise<PageAnswer> }
      ).lifelineRender(arg),
    input,
  );
  if (answer.error !== undefined) throw new AppError(400, answer.error);
  return answer.svg ?? '';
}

export function createRenderer(options: RendererOptions): Renderer {
  const settings = { ...RENDER_DEFAULTS, ...definedOnly(options) };
  const cache = settings.cacheBytes > 0 ? new ByteLru<RenderResult>(settings.cacheBytes) : null;
  const inFlight = new Map<string, Promise<RenderResult>>();
  const pool = options.executablePath
    ? new PagePool({
        executablePath: options.executablePath,
        pages: settings.pages,
        queue: settings.queue,
        timeoutMs: settings.timeoutMs,
        recycleAfter: settings.recycleAfter,
      })
    : null;

  const keyOf = (request: RenderRequest) =>
    createHash('sha256')
      .update(
        JSON.stringify([
          MERMAID_VERSION,
          request.format,
          request.width,
          request.height,
          request.theme,
          request.background,
          request.content,
        ]),
      )
      .digest('base64url');

  async function draw(request: RenderRequest, etag: string): Promise<RenderResult> {
    if (!pool) throw new AppError(503, NO_CHROMIUM);
    const { width, height } = request;
    const body = await pool.use({ width, height }, async (page) => {
      const svg = await drawInPage(page, request);
      if (request.format === 'svg') return Buffer.from(fitSvg(svg, request), 'utf8');
      return page.screenshot({
        type: 'png',
        omitBackground: request.background === 'transparent',
        animations: 'disabled',
        caret: 'hide',
      });
    });
    return { body, contentType: CONTENT_TYPES[request.format], etag };
  }

  return {
    available: options.executablePath !== null,
    etagOf: (request) => `"${keyOf(request)}"`,

    async render(request) {
      if (exceedsTextLimit(request.content)) throw new AppError(400, PREVIEW_TEXT.maxTextExceeded);
      const key = keyOf(request);
      const cached = cache?.get(key);
      if (cached) return cached;
      // Identical requests arriving together share one render.
      let pending = inFlight.get(key);
      if (!pending) {
        pending = draw(request, `"${key}"`).finally(() => inFlight.delete(key));
        inFlight.set(key, pending);
      }
      const result = await pending;
      cache?.set(key, result);
      return result;
    },

    close: async () => {
      await pool?.close();
    },
  };
}

function definedOnly<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}
