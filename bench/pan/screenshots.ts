/**
 * Screenshots of the preview workspace (light and dark): the medium diagram panned to its middle
 * so the pinned actor headers show, with the inline label editor open.
 * Run: npx tsx bench/pan/screenshots.ts [outDir] (after npm run build).
 */
import { mkdirSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fixturePath } from '../../test/fixtures/diagrams';
import { chromium, type Page } from 'playwright-core';
import { CHROMIUM_ARGS, findChromium } from '../../src/server/chromium-render/chromium';
import { ensureBuilt, startServer } from '../typing/server';

const MEDIUM = readFileSync(fixturePath('medium.mmd'), 'utf8');

async function shoot(page: Page, file: string) {
  await page.goto(page.url());
  await page.waitForSelector('[data-testid="preview"][data-status="ok"]', { timeout: 30_000 });
  await page.evaluate((text) => window.__lifelineEditor?.setText(text), MEDIUM);
  await page.waitForFunction(
    (length) =>
      document.querySelector<HTMLElement>('[data-testid="preview"]')?.dataset.shownLength ===
      String(length),
    MEDIUM.length,
  );
  const frame = page.frameLocator('[data-testid="preview-frame"]');
  await frame.locator('.lifeline-pinned').first().waitFor({ state: 'attached' });
  const box = await page.getByTestId('preview-frame').boundingBox();
  if (!box) throw new Error('no preview frame');
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.wheel(0, 100); // zoom out a little
  await page.keyboard.down('Alt');
  for (let i = 0; i < 5; i++) await page.mouse.wheel(0, 150); // pan down the lifelines
  await page.keyboard.up('Alt');
  // The message label nearest the middle of the view.
  const label = frame.locator('text.messageText');
  const tops = await label.evaluateAll((texts) =>
    texts.map((text) => [text.getBoundingClientRect().top, text.getBoundingClientRect().left]),
  );
  const middle = 900 * 0.45;
  const scores = tops.map(([top = 0, left = 0]) => Math.abs(top - middle) + (left < 0 ? 1e6 : 0));
  const index = scores.indexOf(Math.min(...scores));
  await label.nth(index).dblclick();
  await frame.locator('textarea.label-editor').waitFor();
  await page.keyboard.press('End');
  await page.keyboard.type(' (edited)');
  await page.screenshot({ path: file });
  console.log(file);
}

async function main() {
  ensureBuilt();
  const outDir = process.argv[2] ?? 'docs/screenshots';
  mkdirSync(outDir, { recursive: true });
  const server = await startServer();
  const executablePath = findChromium() ?? undefined;
  const userDataDir = mkdtempSync(join(tmpdir(), 'lifeline-shots-'));
  try {
    for (const scheme of ['light', 'dark'] as const) {
      const context = await chromium.launchPersistentContext(`${userDataDir}-${scheme}`, {
        executablePath,
        args: CHROMIUM_ARGS,
        viewport: { width: 1440, height: 900 },
        colorScheme: scheme,
      });
      const page = context.pages()[0] ?? (await context.newPage());
      await page.goto(`${server.baseUrl}/try`);
      const name = scheme === 'light' ? 'preview-workspace.png' : 'preview-workspace-dark.png';
      await shoot(page, join(outDir, name));
      await context.close();
    }
  } finally {
    server.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
