/**
 * What a render page loads, all served from memory or disk by request interception on a fake
 * origin: no request made by a page ever reaches the network.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

export const PAGE_ORIGIN = 'http://render.lifeline.invalid';
export const PAGE_URL = `${PAGE_ORIGIN}/`;

const require = createRequire(import.meta.url);
const MERMAID_PATH = require.resolve('mermaid/dist/mermaid.min.js');

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
<html><head><meta charset="utf-8">
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
 * Runs in the page. `lifelineRender` draws one diagram and leaves it fitted in #stage (for a
 * screenshot), answering the fitted SVG text or mermaid's error message.
 */
const RENDER_JS = `
'use strict';
let sequence = 0;
let configured = '';
// initialize costs milliseconds: only when the settings change (mermaid.render itself drops the
// %%{init}%% directives of the previous diagram).
function configure(config) {
  const key = JSON.stringify(config);
  if (key === configured) return;
  window.mermaid.initialize(config);
  configured = key;
}
window.lifelineRender = async function (input) {
  const stage = document.getElementById('stage');
  stage.replaceChildren();
  stage.removeAttribute('style');
  document.body.className = '';
  document.body.style.background = input.background;
  configure(input.config);
  const id = 'render' + ++sequence;
  let svg;
  try {
    svg = (await window.mermaid.render(id, input.content)).svg;
  } catch (error) {
    for (const left of document.querySelectorAll('[id$="' + id + '"]')) left.remove();
    return { error: String((error && error.message) || error) };
  }
  // SVG with a viewBox is sized by the server; only a screenshot or a PDF needs it on the page.
  if (input.format === 'svg' && /^[^>]*\\sviewBox="/.test(svg)) return { svg: svg };
  stage.innerHTML = svg;
  const element = stage.querySelector('svg');
  if (!element) return { error: 'The diagram produced no SVG' };
  if (!element.getAttribute('viewBox')) {
    const box = element.getBBox();
    element.setAttribute('viewBox', [box.x, box.y, box.width, box.height].join(' '));
  }
  element.removeAttribute('style');
  const box = element.viewBox.baseVal;
  return {
    svg: input.format === 'svg' ? new XMLSerializer().serializeToString(element) : '',
    box: { width: box.width, height: box.height },
  };
};
// Gives the drawing its final size: fitted and centred in a width × height box at the top left.
window.lifelinePlace = function (width, height) {
  const stage = document.getElementById('stage');
  const element = stage.querySelector('svg');
  stage.style.width = width + 'px';
  stage.style.height = height + 'px';
  element.setAttribute('width', String(width));
  element.setAttribute('height', String(height));
  element.setAttribute('preserveAspectRatio', 'xMidYMid meet');
};
`;

let mermaidSource: Buffer | null = null;

/** The body served for a page URL, or null: every other request is aborted. */
export function pageAsset(url: string): { body: string | Buffer; contentType: string } | null {
  if (url === PAGE_URL) return { body: HTML, contentType: 'text/html; charset=utf-8' };
  if (url === `${PAGE_ORIGIN}/render.js`) {
    return { body: RENDER_JS, contentType: 'text/javascript; charset=utf-8' };
  }
  if (url === `${PAGE_ORIGIN}/mermaid.min.js`) {
    mermaidSource ??= readFileSync(MERMAID_PATH);
    return { body: mermaidSource, contentType: 'text/javascript; charset=utf-8' };
  }
  return null;
}
