/**
 * What a render page loads, all served from memory or disk by request interception on a fake
 * origin: no request made by a page ever reaches the network.
 */
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

export const PAGE_ORIGIN = 'http://render.lifeline.invalid';
export const PAGE_URL = `${PAGE_ORIGIN}/`;

const require = createRequire(import.meta.url);
// The unminified build, because it is the one patches/ makes faster (served at /mermaid.min.js;
// the pages load it once, so its size costs nothing per render).
const MERMAID_PATH = require.resolve('mermaid/dist/mermaid.js');

/** The mermaid release the pages run: part of every cache key. */
export const MERMAID_VERSION = (require('mermaid/package.json') as { version: string }).version;

// Belt and braces beside the interception: the page itself may load nothing from elsewhere.
const CSP = [
  "default-src 'none'",
  `script-src ${PAGE_ORIGIN}/mermaid.min.js ${PAGE_ORIGIN}/render.js`,
  "style-src 'unsafe-inline'",
  'img-src data:',
  'font-src data:',
].join('; ');

const HTML = `<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="${CSP}">
<style>
html, body { margin: 0; padding: 0; width: 100%; height: 100%; overflow: hidden; }
#stage { width: 100vw; height: 100vh; }
#stage > svg { display: block; }
</style>
<script src="/mermaid.min.js"></script>
<script src="/render.js"></script>
</head><body><div id="stage"></div></body></html>`;

/**
 * The page's script: the shared render module (src/shared/mermaid-drawing/warm-page.ts) bundled by
 * `npm run build:render-page`. Looked for beside the source tree (tsx, tests) and in dist.
 */
const RENDER_JS_CANDIDATES = [
  new URL('../../../dist/render-page/render.js', import.meta.url), // src/server/chromium-render
  new URL('../../../render-page/render.js', import.meta.url), // dist/node/server/chromium-render
];

export const RENDER_JS_MISSING =
  'The render page script dist/render-page/render.js is missing: run `npm run build:render-page` (part of `npm run build`).';

let renderSource: Buffer | null = null;

/** The bundled page script; throws a clear error when it was never built. */
export function renderPageScript(): Buffer {
  if (renderSource) return renderSource;
  const found = RENDER_JS_CANDIDATES.find((candidate) => existsSync(candidate));
  if (!found) throw new Error(RENDER_JS_MISSING);
  renderSource = readFileSync(found);
  return renderSource;
}

let mermaidSource: Buffer | null = null;

/** The body served for a page URL, or null: every other request is aborted. */
export function pageAsset(url: string): { body: string | Buffer; contentType: string } | null {
  if (url === PAGE_URL) return { body: HTML, contentType: 'text/html; charset=utf-8' };
  if (url === `${PAGE_ORIGIN}/render.js`) {
    return { body: renderPageScript(), contentType: 'text/javascript; charset=utf-8' };
  }
  if (url === `${PAGE_ORIGIN}/mermaid.min.js`) {
    mermaidSource ??= readFileSync(MERMAID_PATH);
    return { body: mermaidSource, contentType: 'text/javascript; charset=utf-8' };
  }
  return null;
}
