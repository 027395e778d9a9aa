/**
 * Security: diagram text in a shared diagram cannot run script in a viewer's browser. Each case
 * is a known mermaid XSS vector; every payload that could run calls console.log with a marker
 * (and alert), so running would leave evidence in the console or as a dialog, in the page or in
 * the render frame.
 */
import { expect, request, test, type Page } from '@playwright/test';
import { PREVIEW_TEST_IDS } from '../src/client/features/preview/testIds';
import { SHARE_TESTIDS } from '../src/client/features/share/copy';
import { clickAround, imagesSettled } from './support/previewProbes';
import { LOCAL_APP } from './support/servers';
import { uniqueLogin } from './support/signIn';

test.use({ baseURL: LOCAL_APP, trace: 'off' });

const MARK = 'XSS-FIRED';
const run = (n: number) => `console.log('${MARK}-${n}');alert(${n})`;

const CASES: { name: string; content: string }[] = [
  {
    name: 'flowchart click callback and call',
    content: [
      'flowchart TD',
      '    A[Start] --> B[End]',
      `    click A callback "alert(1)"`,
      `    click B call console.log("${MARK}-1")`,
    ].join('\n'),
  },
  {
    name: 'flowchart click href javascript:',
    content: [
      'flowchart TD',
      '    A[Start] --> B[End]',
      `    click A href "javascript:${run(2)}"`,
      `    click B "javascript:${run(3)}" "tip"`,
    ].join('\n'),
  },
  {
    name: 'HTML in labels',
    content: [
      'flowchart LR',
      `    A["<img src=x onerror=\\"${run(4)}\\">"] --> B["<script>${run(5)}</script>"]`,
      `    B --> C["<a href='javascript:${run(6)}'>go</a>"]`,
    ].join('\n'),
  },
  {
    name: 'init directive asking for securityLevel loose',
    content: [
      '%%{init: {"securityLevel": "loose", "startOnLoad": true}}%%',
      'flowchart LR',
      '    A[Start] --> B[End]',
      `    click A call console.log("${MARK}-7")`,
      `    click B href "javascript:${run(8)}"`,
    ].join('\n'),
  },
  {
    name: 'sequence diagram links with javascript: URLs and HTML messages',
    content: [
      'sequenceDiagram',
      '    participant A',
      '    participant B',
      `    link A: Evil @ javascript:${run(9)}`,
      `    links B: {"Bad": "javascript:${run(10)}"}`,
      `    A->>B: <img src=x onerror="${run(11)}">`,
    ].join('\n'),
  },
  {
    name: 'KaTeX href in a sequence label',
    content: [
      'sequenceDiagram',
      `    A->>B: $$\\href{javascript:${run(12)}}{x}$$`,
      `    B->>A: $$\\htmlId{x}{y}\\href{javascript:alert(13)}{y}$$`,
    ].join('\n'),
  },
];

let tokens: string[] = [];

test.beforeAll(async () => {
  const api = await request.newContext({ baseURL: LOCAL_APP });
  const signIn = await api.post('/auth/local', {
    form: { name: 'Mallory', email: `${uniqueLogin('mal')}@example.test`, redirect: '/' },
    maxRedirects: 0,
  });
  expect(signIn.status()).toBe(303);
  tokens = [];
  for (const { name, content } of CASES) {
    const created = await api.post('/api/diagrams', { data: { title: name, content } });
    expect(created.ok()).toBe(true);
    const { id } = (await created.json()) as { id: number };
    const shared = await api.put(`/api/diagrams/${id}`, { data: { isPublic: true } });
    tokens.push(((await shared.json()) as { shareToken: string }).shareToken);
  }
  await api.dispose();
});

/** Collects every dialog and console line from the page and all its frames. */
function watch(page: Page) {
  const evidence: string[] = [];
  page.on('dialog', (dialog) => {
    evidence.push(`dialog: ${dialog.message()}`);
    void dialog.dismiss();
  });
  page.on('console', (message) => {
    if (message.text().includes(MARK)) evidence.push(`console: ${message.text()}`);
  });
  page.on('pageerror', (error) => {
    if (error.message.includes(MARK)) evidence.push(`error: ${error.message}`);
  });
  return evidence;
}

// Users' previews always render in the sandboxed frame (the in-page renderer is benchmark-only).
test.describe('preview in the frame', () => {
  CASES.forEach(({ name }, index) => {
    test(`no script runs: ${name}`, async ({ browser }) => {
      const context = await browser.newContext({ baseURL: LOCAL_APP }); // signed out
      const page = await context.newPage();
      const evidence = watch(page);
      await page.goto(`/d/${tokens[index]}`);
      await expect(page.getByTestId(SHARE_TESTIDS.sharedEditor)).toBeVisible();
      const preview = page.getByTestId(PREVIEW_TEST_IDS.root);
      await expect(preview).toHaveAttribute('data-mode', 'frame');
      await expect(preview).toHaveAttribute('data-status', /^(ok|fallback|error)$/, {
        timeout: 30_000,
      });
      await clickAround(page);
      await imagesSettled(page); // an <img onerror> has had its chance to run
      expect(evidence).toEqual([]);
      expect(await page.evaluate(() => document.title)).not.toContain(MARK);
      await context.close();
    });
  });
});

test('control: the watch does see script that runs in the render frame', async ({ browser }) => {
  const context = await browser.newContext({ baseURL: LOCAL_APP });
  const page = await context.newPage();
  const evidence = watch(page);
  await page.goto(`/d/${tokens[0]}`);
  await expect(page.getByTestId(PREVIEW_TEST_IDS.root)).toHaveAttribute(
    'data-status',
    /^(ok|fallback|error)$/,
    { timeout: 30_000 },
  );
  const frame = page.frames().find((candidate) => candidate !== page.mainFrame());
  expect(frame).toBeDefined();
  await frame!.evaluate((mark) => console.log(`${mark}-control`), MARK);
  await expect.poll(() => evidence).toEqual([`console: ${MARK}-control`]);
  await context.close();
});
