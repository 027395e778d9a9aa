/**
 * The server renderer: diagram text → PNG or SVG drawn by mermaid in a warm Chromium page, with
 * the same configuration as the browser preview. Identical requests are answered from a cache
 * kept apart per owner (see RenderCaller), so how fast an answer comes never tells anyone what
 * another user rendered. Used by the public API's convert call; sharing's preview images reuse it.
 */
import { createHash, randomUUID } from 'node:crypto';
import { exceedsTextLimit, type MermaidTheme } from '../../shared/mermaid-config.js';
import type {
  PageRenderAnswer,
  PageRenderInput,
} from '../../shared/mermaid-drawing/diagram-render.js';
import { PREVIEW_TEXT } from '../../shared/messages.js';
import {
  contentTypeOf,
  isOneOf,
  RASTER_FORMATS,
  type DrawnFormat,
} from '../../shared/output-formats.js';
import { MAX_PDF_STEPS } from '../../shared/present/steps.js';
import type { DiffMarks } from '../../shared/diagram-diff/drawing.js';
import { AppError } from '../errors.js';
import { ByteLru } from './byte-lru.js';
import {
  paperPixels,
  PDF_DEFAULT_TITLE,
  PDF_MARGIN_PX,
  printPdf,
  screenshot,
  type PdfPage,
} from './capture.js';
import { fitSvg } from './fit-svg.js';
import { targetSize, viewBoxSize, type Size } from './image-size.js';
import { MERMAID_VERSION, renderPageScript } from './page-assets.js';
import { PagePool, type PageCall } from './page-pool.js';

export interface RenderRequest {
  content: string;
  /** Any format but text (src/shared/output-formats.ts). */
  format: DrawnFormat;
  /**
   * The box the drawing is fitted in and centred. A side that is null follows the diagram's own
   * proportions; both null: the diagram's own size. Ignored by a PDF on paper.
   */
  width: number | null;
  height: number | null;
  /** Multiplies the size (1 when absent). */
  scale?: number;
  theme: MermaidTheme;
  /** 'transparent', or a colour that passes `isSafeColor`. */
  background: string;
  /** PDF only: one page fitted to the drawing (default), or a paper size. */
  pdf?: PdfPage;
  /**
   * SVG or PDF: step through the messages, an SVG animated at `paceMs` per step or a PDF of one
   * page per step (at most MAX_PDF_STEPS).
   */
  steps?: { paceMs: number } | null;
  /** The changes of a diff to mark on the drawing. */
  marks?: DiffMarks;
  /** PDF only: the document's title (the diagram's title); PDF_DEFAULT_TITLE when absent. */
  title?: string;
}

export interface RenderResult {
  body: Buffer;
  contentType: string;
  /** A strong ETag (quoted) that changes with the text, the options and the mermaid release. */
  etag: string;
  /** Drawn only with its `%%` comment lines removed, as the preview draws it. */
  fallback: boolean;
}

/** Who asks for a render. */
export interface RenderCaller {
  /** Shares pages fairly between callers: a user (`user:<id>`) or a client address (`ip:…`). */
  key: string;
  /**
   * Whose cache the image goes to: a private render's owner (`user:<id>`), or `public` for
   * diagrams anyone with the link may see. Identical renders are shared only within a scope.
   */
  scope: string;
}

export interface Renderer {
  /** False when no Chromium was found: render answers 503 (NO_CHROMIUM). */
  readonly available: boolean;
  /** The ETag `render` would answer for this request, without rendering. */
  etagOf(request: RenderRequest): string;
  /** Without a caller, the render counts as a caller of its own, in the public cache scope. */
  render(request: RenderRequest, caller?: RenderCaller): Promise<RenderResult>;
  /** True when `render` would answer this request from the caller's cache. */
  isCached(request: RenderRequest, caller?: RenderCaller): boolean;
  /** Pages in use per caller and renders waiting (diagnostics and tests). */
  load(): { running: Record<string, number>; waiting: number };
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
  heapLimitMb?: number;
  heapCheckEvery?: number;
}

export const RENDER_DEFAULTS = {
  pages: 2,
  queue: 32,
  timeoutMs: 10_000,
  cacheBytes: 64 * 1024 * 1024,
  // Replacing a page costs about a second of CPU (a new page, mermaid compiled, its first renders
  // cold). The heap limit catches a page whose script heap grows; this count bounds what the heap
  // does not show: a page's renderer process grew about 8 MB per 1,000 small renders outside its
  // script heap (measured over 6,000), and every 200 renders cost half the throughput.
  recycleAfter: 1_000,
  heapLimitMb: 64,
  heapCheckEvery: 16,
} as const;

export const NO_CHROMIUM =
  'Converting diagrams needs Chromium on the server, and none was found. Install Chromium (for example `apt install chromium`) or set CHROME_PATH to a Chromium or Chrome executable, then restart Lifeline.';

// A hex colour (#fff, #ffffffaa) or a colour name: nothing that could close an attribute or rule.
const SAFE_COLOR = /^(?:#[0-9a-fA-F]{3,8}|[a-zA-Z]{1,30})$/;
export const isSafeColor = (value: string): boolean => SAFE_COLOR.test(value);

type DrawnInPage = Exclude<PageRenderAnswer, { error: string }>;

/**
 * Draws in the page with the shared render module (see src/shared/mermaid-drawing/warm-page.ts). SVG with a
 * viewBox comes back as text; anything else is left on the page (for a screenshot or a PDF) and
 * comes back with its own size.
 */
export async function drawInPage(call: PageCall, request: RenderRequest): Promise<DrawnInPage> {
  const input: PageRenderInput = {
    content: request.content,
    format: request.format,
    background: request.background,
    theme: request.theme,
    ...(request.steps ? { steps: { paceMs: request.steps.paceMs, maxPages: MAX_PDF_STEPS } } : {}),
    ...(request.marks ? { marks: request.marks } : {}),
  };
  const answer = await call('lifelineRender', input);
  if ('error' in answer) throw new AppError(400, answer.error);
  return answer;
}

/** Sizes and centres the drawing left on the page by `drawInPage`. */
async function placeInPage(call: PageCall, size: Size): Promise<void> {
  await call('lifelinePlace', size);
}

/**
 * The viewport a request needs before drawing, when it is known without the drawing: a
 * screenshot's asked size (an SVG or a PDF is sized by its drawing).
 */
function knownViewport(request: RenderRequest): Size | null {
  if (!isOneOf(RASTER_FORMATS, request.format)) return null;
  if (request.width === null || request.height === null) return null;
  return targetSize(request, { width: request.width, height: request.height });
}

export function createRenderer(options: RendererOptions): Renderer {
  const settings = { ...RENDER_DEFAULTS, ...definedOnly(options) };
  // Fails at startup, saying how to build it, rather than at the first render.
  if (options.executablePath) renderPageScript();
  const cache = settings.cacheBytes > 0 ? new ByteLru<RenderResult>(settings.cacheBytes) : null;
  const inFlight = new Map<string, Promise<RenderResult>>();
  const pool = options.executablePath
    ? new PagePool({
        executablePath: options.executablePath,
        pages: settings.pages,
        queue: settings.queue,
        timeoutMs: settings.timeoutMs,
        recycleAfter: settings.recycleAfter,
        heapLimitMb: settings.heapLimitMb,
        heapCheckEvery: settings.heapCheckEvery,
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
          request.scale ?? 1,
          request.theme,
          request.background,
          request.format === 'pdf' ? (request.pdf ?? { paper: 'fit' }) : null,
          request.format === 'pdf' ? (request.title ?? null) : null,
          request.steps ?? null,
          request.content,
          ...(request.marks ? [request.marks] : []),
        ]),
      )
      .digest('base64url');

  const PUBLIC_SCOPE = 'public';
  const cacheKeyOf = (request: RenderRequest, caller?: RenderCaller) =>
    `${caller?.scope ?? PUBLIC_SCOPE}\n${keyOf(request)}`;

  async function draw(request: RenderRequest, etag: string, caller: string): Promise<RenderResult> {
    if (!pool) throw new AppError(503, NO_CHROMIUM);
    const { format, background } = request;
    let fallback = false;
    const body = await pool.use(caller, knownViewport(request), async (page, resize, call) => {
      const drawn = await drawInPage(call, request);
      fallback = drawn.fallback;
      if (format === 'svg') {
        const svg = drawn.svg ?? '';
        const size = targetSize(request, viewBoxSize(svg) ?? drawn.box ?? { width: 1, height: 1 });
        return Buffer.from(fitSvg(svg, { ...size, background }), 'utf8');
      }
      const natural = drawn.box ?? { width: 1, height: 1 };
      if (format === 'pdf') {
        const pdf = request.pdf ?? { paper: 'fit' };
        const size =
          pdf.paper === 'fit'
            ? targetSize({ width: null, height: null, scale: request.scale }, natural)
            : paperPixels(pdf.paper, pdf.landscape, PDF_MARGIN_PX);
        await placeInPage(call, size);
        return printPdf(page, pdf, size, {
          allPages: Boolean(request.steps),
          title: request.title ?? PDF_DEFAULT_TITLE,
        });
      }
      const size = targetSize(request, natural);
      await resize(size);
      await placeInPage(call, size);
      return screenshot(page, format, size, background === 'transparent');
    });
    return { body, contentType: contentTypeOf(format), etag, fallback };
  }

  return {
    available: options.executablePath !== null,
    etagOf: (request) => `"${keyOf(request)}"`,

    async render(request, caller) {
      if (exceedsTextLimit(request.content)) throw new AppError(400, PREVIEW_TEXT.maxTextExceeded);
      if (!isSafeColor(request.background)) {
        throw new AppError(400, 'The background must be a hex colour or a colour name.');
      }
      const etag = `"${keyOf(request)}"`;
      const key = cacheKeyOf(request, caller);
      const cached = cache?.get(key);
      if (cached) return cached;
      // Identical requests of one scope arriving together share one render.
      let pending = inFlight.get(key);
      if (!pending) {
        pending = draw(request, etag, caller?.key ?? `once:${randomUUID()}`).finally(() =>
          inFlight.delete(key),
        );
        inFlight.set(key, pending);
      }
      const result = await pending;
      cache?.set(key, result);
      return result;
    },

    isCached: (request, caller) => cache?.has(cacheKeyOf(request, caller)) ?? false,
    load: () => pool?.load() ?? { running: {}, waiting: 0 },

    close: async () => {
      await pool?.close();
    },
  };
}

function definedOnly<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}
