/**
 * A diagram cannot make its viewers' browsers contact another host: an `<img>` in a label and
 * `url(…)` in `themeCSS` are blocked by the render frame's policy, in the editor preview and on
 * the shared page. A canary on 127.0.0.1 counts every connection, so a request blocked only by a
 * failed TLS handshake or a 404 would still be seen. Each test waits until the frame has reported
 * the blocked loads (securitypolicyviolation), so nothing is left to timing.
 */
import { createServer, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { PREVIEW_TESTIDS } from '../src/client/features/preview/testIds';
import { SHARE_TESTIDS } from '../src/client/features/share/copy';
import { EditorPage } from './support/editorPage';
import { publishDiagrams } from './support/published';
import { LOCAL_APP } from './support/servers';

test.use({ baseURL: LOCAL_APP });

let canary: Server;
let port = 0;
let hits = 0;
const sockets = new Set<Socket>();
let shareToken = '';

/** A flowchart whose label holds images (http and https) and whose themeCSS loads three URLs. */
function trackingDiagram(): string {
  const at = (scheme: string, path: string) => `${scheme}://127.0.0.1:${port}/${path}`;
  // Whole rules only: mermaid parses themeCSS as a style sheet, which drops bare declarations.
  const themeCSS = [
    `.nodeLabel { background-image: url(${at('https', 'theme-label')}) }`,
    `.node rect { fill: url(${at('https', 'theme-fill')}#p) }`,
  ].join(' ');
  return [
    `%%{init: {"themeCSS": "${themeCSS}"}}%%`,
    'graph TD',
    `  A["<img src='${at('https', 'label')}' width='8'> Tracked"] --> B["<img src='${at('http', 'label')}'> too"]`,
  ].join('\n');
}

test.beforeAll(async () => {
  canary = createServer((socket) => {
    hits += 1;
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => undefined);
    socket.end('HTTP/1.1 200 OK\r\ncontent-length: 0\r\n\r\n');
  });
  await new Promise<void>((resolve) => canary.listen(0, '127.0.0.1', resolve));
  port = (canary.address() as AddressInfo).port;

  const tokens = await publishDiagrams('Tracker', [
    { title: 'Tracking pixel', content: trackingDiagram() },
  ]);
  shareToken = tokens[0]!;
});

test.afterAll(async () => {
  for (const socket of sockets) socket.destroy();
  await new Promise((resolve) => canary.close(resolve));
});

test.beforeEach(() => {
  hits = 0;
});

/** Every frame records the URLs its policy blocked, from its first script on. */
async function recordViolations(context: BrowserContext) {
  await context.addInitScript(() => {
    const blocked: string[] = [];
    (window as unknown as { __blocked: string[] }).__blocked = blocked;
    document.addEventListener('securitypolicyviolation', (event) => blocked.push(event.blockedURI));
  });
}

/** The canary URLs the render frame refused to load. */
async function blockedInFrame(page: Page): Promise<string[]> {
  const frame = page.frames().find((candidate) => candidate.url().includes('/frame.html'));
  if (!frame) return [];
  const blocked = await frame
    .evaluate(() => (window as unknown as { __blocked?: string[] }).__blocked ?? [])
    .catch(() => []);
  return blocked.filter((url) => url.includes(`127.0.0.1:${port}`));
}

/** Waits until the drawing is up and the frame has refused the label images and the theme's URLs. */
async function expectEverythingBlocked(page: Page) {
  await expect(page.getByTestId(PREVIEW_TESTIDS.root)).toHaveAttribute('data-status', 'ok', {
    timeout: 30_000,
  });
  const frame = page.frameLocator(`[data-testid="${PREVIEW_TESTIDS.frame}"]`);
  await expect(frame.locator('svg .nodeLabel img')).toHaveCount(2);
  await expect
    .poll(async () => {
      if (hits > 0) return `the canary was contacted ${hits} times`;
      const blocked = await blockedInFrame(page);
      const all = ['/label', '/theme-label'].every((path) => blocked.some((u) => u.includes(path)));
      return all ? 'all blocked' : `blocked so far: ${blocked.join(' ')}`;
    })
    .toBe('all blocked');
  expect(hits).toBe(0);
}

test('the editor preview contacts no other host for images in labels or themeCSS', async ({
  browser,
}) => {
  const context = await browser.newContext({ baseURL: LOCAL_APP });
  await recordViolations(context);
  const page = await context.newPage();
  const editor = new EditorPage(page);
  await editor.open();
  await expect(page.getByTestId(PREVIEW_TESTIDS.root)).toHaveAttribute('data-mode', 'frame');
  await editor.setText(trackingDiagram());
  await expectEverythingBlocked(page);
  await context.close();
});

test('the shared view contacts no other host for images in labels or themeCSS', async ({
  browser,
}) => {
  const context = await browser.newContext({ baseURL: LOCAL_APP }); // signed out
  await recordViolations(context);
  const page = await context.newPage();
  await page.goto(`/d/${shareToken}`);
  await expect(page.getByTestId(SHARE_TESTIDS.sharedEditor)).toBeVisible();
  await expectEverythingBlocked(page);
  await context.close();
});
