/**
 * Stock mermaid and Lifeline's patched mermaid, each in its own page of one headless Chromium,
 * configured as the app configures them: the sameness corpus and the render benchmarks compare
 * the two on the same machine in the same run.
 */
import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import { chromium, type Browser, type Page } from 'playwright-core';
import { CHROMIUM_ARGS, findChromium } from '../../src/server/chromium-render/chromium';
import { mermaidConfig } from '../../src/shared/mermaid-config';

const require = createRequire(import.meta.url);

/** `mermaid` is the installed (patched) package, `mermaid-stock` the same version unpatched. */
export type MermaidPackage = 'mermaid' | 'mermaid-stock';
export type MermaidBuild = 'mermaid.js' | 'mermaid.min.js';

export type Drawing = { svg: string; ms: number } | { error: string; ms: number };

export interface MermaidPage {
  render(id: string, text: string): Promise<Drawing>;
}

export interface MermaidPages {
  open(pkg: MermaidPackage, build?: MermaidBuild): Promise<MermaidPage>;
  /** The browser's version, which its drawings depend on (text is measured by its fonts). */
  version(): string;
  close(): Promise<void>;
}

type InPage = {
  lifelineSeed(seed: number): void;
  mermaid: {
    initialize(config: object): void;
    render(id: string, text: string): Promise<{ svg: string }>;
  };
};

// A string, not a function: the page must not see the test runner's transpiled helpers.
const SEEDED_RANDOM = `
let state = 0;
globalThis.lifelineSeed = (seed) => { state = seed; };
Math.random = () => {
  state = (state + 0x6d2b79f5) >>> 0;
  let t = Math.imul(state ^ (state >>> 15), state | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
};`;

async function draw(page: Page, id: string, text: string): Promise<Drawing> {
  return page.evaluate(
    async ([id, text]) => {
      const { mermaid, lifelineSeed } = globalThis as unknown as InPage;
      lifelineSeed(1);
      const started = performance.now();
      try {
        const { svg } = await mermaid.render(id, text);
        return { svg, ms: performance.now() - started };
      } catch (error) {
        for (const left of document.querySelectorAll(`[id$="${id}"]`)) left.remove();
        return {
          error: String((error as Error)?.message ?? error),
          ms: performance.now() - started,
        };
      }
    },
    [id, text] as const,
  );
}

export async function launchMermaidPages(): Promise<MermaidPages> {
  const executablePath = findChromium();
  if (!executablePath) throw new Error('No Chromium found: set CHROME_PATH');
  const browser: Browser = await chromium.launch({ executablePath, args: CHROMIUM_ARGS });
  return {
    async open(pkg, build = 'mermaid.js') {
      const page = await browser.newPage({ viewport: { width: 1200, height: 800 } });
      await page.setContent(
        '<!doctype html><html><head><meta charset="utf-8"></head><body></body></html>',
      );
      // Hand-drawn shapes and git graph commit ids come from Math.random: both pages draw with
      // the same seeded sequence, reset before each render, so their drawings can be compared.
      await page.addScriptTag({ content: SEEDED_RANDOM });
      await page.addScriptTag({
        content: readFileSync(require.resolve(`${pkg}/dist/${build}`), 'utf8'),
      });
      await page.evaluate(
        (config) => (globalThis as unknown as InPage).mermaid.initialize(config),
        mermaidConfig('neutral') as object,
      );
      return { render: (id, text) => draw(page, id, text) };
    },
    version: () => browser.version(),
    close: () => browser.close(),
  };
}
