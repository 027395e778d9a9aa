/**
 * Screenshots of the sidebar (light/dark, desktop and 375 px) for review and the README:
 * npx tsx bench/sidebar/screenshots.ts [outDir]. Starts the built server on a fresh database.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, findChromium } from '../../src/server/chromium-render/chromium';
import { ensureBuilt, startServer } from '../typing/server';
import { signIn } from './api';

const outDir = process.argv[2] ?? 'test-results/sidebar-screenshots';
mkdirSync(outDir, { recursive: true });
ensureBuilt();
const server = await startServer();
try {
  const client = await signIn(server.baseUrl, 'shots@example.test', 'Ada Lovelace');
  const content =
    'sequenceDiagram\n    participant User\n    participant System\n    User->>System: Request\n    System-->>User: Response';
  const names = ['Payments', 'Onboarding', 'Infrastructure', 'Archive'];
  const folders: number[] = [];
  for (const name of names)
    folders.push((await client.post<{ id: number }>('/api/folders', { name })).id);
  const titles: [string, number | null][] = [
    ['Card checkout', folders[0]!],
    ['Refund flow', folders[0]!],
    ['3-D Secure challenge', folders[0]!],
    ['Sign-up with e-mail', folders[1]!],
    ['Team invitation', folders[1]!],
    ['Deploy pipeline', folders[2]!],
    ['Login sequence', null],
    ['Webhook retries', null],
    ['Scratchpad', null],
  ];
  for (const [title, folderId] of titles)
    await client.post('/api/diagrams', { title, content, folderId });

  const browser = await chromium.launch({
    executablePath: findChromium() ?? undefined,
    args: CHROMIUM_ARGS,
  });
  const shots = [
    { name: 'desktop-light', width: 1440, height: 860, scheme: 'light' },
    { name: 'desktop-dark', width: 1440, height: 860, scheme: 'dark' },
    { name: 'mobile-light', width: 375, height: 800, scheme: 'light' },
    { name: 'mobile-dark', width: 375, height: 800, scheme: 'dark' },
  ] as const;
  for (const shot of shots) {
    const context = await browser.newContext({
      viewport: { width: shot.width, height: shot.height },
      colorScheme: shot.scheme,
      deviceScaleFactor: shot.width < 500 ? 2 : 1,
    });
    const [name, value] = client.cookie.split('=') as [string, string];
    await context.addCookies([{ name, value, url: server.baseUrl }]);
    await context.addInitScript(
      (open) => window.localStorage.setItem('lifeline-sidebar-expanded-folders', open),
      JSON.stringify(folders.slice(0, 2).concat(folders[3]!)),
    );
    const page = await context.newPage();
    await page.goto(`${server.baseUrl}/`);
    await page.locator('[data-testid="signed-in-editor"][data-ready="true"]').waitFor();
    await page.locator('[data-testid="sidebar-diagram"]').first().waitFor();
    await page
      .locator('[data-testid="preview-panel"] svg, [data-testid="preview-panel"] iframe')
      .first()
      .waitFor();
    const row = page.locator('[data-testid="sidebar-diagram"]').nth(1);
    await row.hover();
    await page.screenshot({ path: join(outDir, `${shot.name}.png`) });
    await context.close();
  }
  await browser.close();
  console.log(`screenshots in ${outDir}`);
} finally {
  server.stop();
}
