/**
 * Rendering attacks in the browser: the known mermaid XSS payloads (CVE-2025-54881 included),
 * typed into the editor preview and opened as a shared diagram, in the sandboxed frame and in the
 * inline preview. Each payload's script would set window.__pwned, open a dialog and request a
 * local canary server; none of the three may ever happen. The render frame's own CSP and sandbox
 * are checked too.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test, type Page } from '@playwright/test';
import { PREVIEW_TESTIDS } from '../src/client/features/preview/testIds';
import { SHARE_TESTIDS } from '../src/client/features/share/copy';
import { xssPayloads } from '../test/support/xss-payloads';
import { EditorPage } from './support/editorPage';
import { clickAround, imagesSettled } from './support/previewProbes';
import { publishDiagrams } from './support/published';
import { LOCAL_APP } from './support/servers';

test.use({ baseURL: LOCAL_APP });

let canary: Server;
let canaryUrl = '';
let hits: string[] = [];

/** Quote-free JavaScript that leaves all three kinds of evidence when it runs. */
const run = (n: number) =>
  `window.__pwned=${n};alert(${n});fetch(String.fromCharCode(${[...`${canaryUrl}/${n}`]
    .map((c) => c.charCodeAt(0))
    .join(',')}))`;

let payloads: ReturnType<typeof xssPayloads> = [];
let tokens: string[] = [];

test.beforeAll(async () => {
  canary = createServer((req, res) => {
    hits.push(req.url ?? '');
    res.setHeader('Access-Control-Allow-Origin', '*');
    res.end('seen');
  });
  await new Promise<void>((resolve) => canary.listen(0, '127.0.0.1', resolve));
  canaryUrl = `http://127.0.0.1:${(canary.address() as AddressInfo).port}`;
  payloads = xssPayloads(run);

  tokens = await publishDiagrams(
    'Mallory',
    payloads.map(({ name, content }) => ({ title: name, content })),
  );
});

test.afterAll(async () => {
  await new Promise((resolve) => canary.close(resolve));
});

test.beforeEach(() => {
  hits = [];
});

/** Dialogs anywhere in the page; window.__pwned in any frame; requests to the canary. */
function watch(page: Page) {
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  return async () => {
    const pwned = await Promise.all(
      page
        .frames()
        .map((frame) =>
          frame
            .evaluate(() => (window as unknown as { __pwned?: number }).__pwned ?? null)
            .catch(() => null),
        ),
    );
    return { dialogs, pwned: pwned.filter((value) => value !== null), hits: [...hits] };
  };
}

const NOTHING = { dialogs: [], pwned: [], hits: [] };

/** Waits until the preview has drawn (or refused) a text newer than render `after`. */
async function settled(page: Page, after = 0) {
  const root = page.getByTestId(PREVIEW_TESTIDS.root);
  await expect
    .poll(
      async () => {
        const status = await root.getAttribute('data-status');
        const seq = await root.getAttribute('data-seq');
        const latest = Number(await root.getAttribute('data-latest-seq'));
        const done = status === 'error' || (status !== 'rendering' && seq === String(latest));
        return latest > after && done && /^(ok|fallback|error)$/.test(status ?? '');
      },
      { timeout: 30_000 },
    )
    .toBe(true);
  return Number(await root.getAttribute('data-latest-seq'));
}

// The payload list is built from the canary's address in beforeAll; its length is fixed.
const PAYLOAD_NAMES = xssPayloads(() => '').map((payload) => payload.name);

// Users' previews always render in the sandboxed frame: the in-page renderer exists only in the
// benchmark build (bench-free.spec.ts checks that its switch does nothing here).
test.describe('preview in the frame', () => {
  PAYLOAD_NAMES.forEach((name, index) => {
    test(`editor: ${name}`, async ({ page }) => {
      const evidence = watch(page);
      const editor = new EditorPage(page);
      await page.goto('/try');
      await expect(editor.content).toBeVisible();
      await expect(page.getByTestId(PREVIEW_TESTIDS.root)).toHaveAttribute('data-mode', 'frame');
      const first = await settled(page);
      await editor.setText(payloads[index]!.content);
      await settled(page, first);
      await clickAround(page);
      await imagesSettled(page);
      expect(await evidence()).toEqual(NOTHING);
    });

    test(`shared view: ${name}`, async ({ browser }) => {
      const context = await browser.newContext({ baseURL: LOCAL_APP }); // signed out
      const page = await context.newPage();
      const evidence = watch(page);
      await page.goto(`/d/${tokens[index]}`);
      await expect(page.getByTestId(SHARE_TESTIDS.sharedEditor)).toBeVisible();
      await settled(page);
      await clickAround(page);
      await imagesSettled(page);
      expect(await evidence()).toEqual(NOTHING);
      await context.close();
    });
  });
});

test('the render frame is sandboxed and has a CSP that lets it connect nowhere', async ({
  page,
}) => {
  const frameResponse = page.waitForResponse((response) => response.url().includes('/frame.html'));
  await page.goto('/try');
  const frame = page.getByTestId(PREVIEW_TESTIDS.frame);
  await expect(frame).toHaveAttribute('sandbox', 'allow-scripts');
  const policy = (await frameResponse).headers()['content-security-policy'] ?? '';
  expect(policy).toContain("default-src 'none'");
  expect(policy).toContain("script-src 'self'");
  expect(policy).not.toContain('connect-src');
  expect(policy).not.toMatch(/script-src[^;]*unsafe/);
});

test('control: the watch sees script that runs in the render frame', async ({ page }) => {
  const evidence = watch(page);
  await page.goto('/try');
  await settled(page);
  const frame = page.frames().find((candidate) => candidate !== page.mainFrame());
  expect(frame).toBeDefined();
  await frame!.evaluate(() => {
    (window as unknown as { __pwned: number }).__pwned = 1;
  });
  expect((await evidence()).pwned).toEqual([1]);
  await page.evaluate(() => {
    (window as unknown as { __pwned: number }).__pwned = 2;
  });
  expect((await evidence()).pwned).toEqual([2, 1]);
});
