/**
 * Re-takes docs/screenshots: every screen at 1440 and 390 px, light and dark, as a user sees it.
 * Starts the built server (run `npm run build` first) on a fresh embedded database, fills it
 * through the API, and waits for each screen's drawing before taking it.
 *
 *   npx tsx scripts/screenshots.ts            # all screens
 *   npx tsx scripts/screenshots.ts editor     # the screens whose name starts with "editor"
 */
import { spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, mkdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { CHROMIUM_ARGS, findChromium } from '../src/server/chromium-render/chromium';
import { API_TOKEN_TESTIDS } from '../src/client/features/api-token/copy';
import { ASSISTANT_TESTIDS } from '../src/client/features/assistant-access/copy';
import { AUTH_TESTIDS } from '../src/client/features/auth/testIds';
import { COMMENTS_TESTIDS } from '../src/client/features/comments/copy';
import { HISTORY_COPY } from '../src/client/features/history/copy';
import { PREVIEW_COPY } from '../src/client/features/preview/copy';
import { TRACE_CHECK_TESTIDS } from '../src/client/features/trace-check/copy';
import { TRACE_TESTIDS } from '../src/client/features/trace-import/copy';
import { TRANSFER_TESTIDS } from '../src/client/features/transfer/copy';

const OUT = join(import.meta.dirname, '..', 'docs', 'screenshots');
const WIDTHS = { desktop: { width: 1440, height: 900 }, mobile: { width: 390, height: 844 } };
type Width = keyof typeof WIDTHS;
type Scheme = 'light' | 'dark';

const SEQUENCE = `sequenceDiagram
  autonumber
  actor User
  participant Web as Web app
  participant API
  participant DB as Database
  User->>Web: Open the checkout
  Web->>API: POST /orders
  activate API
  API->>DB: INSERT order
  DB-->>API: order id
  Note over API,DB: One transaction
  API-->>Web: 201 Created
  deactivate API
  Web-->>User: Order confirmed
`;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

async function startApp(): Promise<{ url: string; stop: () => void }> {
  const port = await freePort();
  const child = spawn(process.execPath, ['dist/node/server/main.js'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      DATA_DIR: mkdtempSync(join(tmpdir(), 'lifeline-shots-')),
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 600; i += 1) {
    const up = await fetch(`${url}/healthz`).then(
      (response) => response.ok,
      () => false,
    );
    if (up) return { url, stop: () => child.kill('SIGTERM') };
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  child.kill('SIGKILL');
  throw new Error('The app did not start within 60 s');
}

interface World {
  url: string;
  diagramId: number;
  shareToken: string;
  email: string;
  /** A diagram under review: two threads, one with a reply, one resolved. */
  reviewId: number;
  /** A diagram of a traced request, one call made up and one missing (test/fixtures/traces). */
  checkedId: number;
}

/** The diagram of zipkin-yelp.json's request, with one call the trace lacks instead of one it has. */
const CHECKED = `sequenceDiagram
    %% service Proxy = yelp_main/api_proxy
    actor Phone
    participant routing
    participant unknown
    participant Proxy as API proxy
    participant Main as yelp-main
    participant mobile_api
    participant memcache
    participant mysql
    Phone->>routing: POST /location/update/v4
    routing->>unknown: post
    unknown->>Proxy: post api proxy
    Proxy->>Main: get my_cache_name_v2
    Main->>memcache: get my_cache_name_v2
    Main->>mysql: begin
    routing->>Main: post
    Main->>mobile_api: post /location/update/v4
    mobile_api->>memcache: get_multi mobile_api_nonce
    mobile_api->>spectre: get
    mobile_api->>Fraud: score location
`;

const REVIEWED = `sequenceDiagram
  participant App
  participant Auth
  participant Payments
  App->>Auth: Sign in
  Auth-->>App: Session
  App->>Payments: Charge card
  Note over Payments: Retries twice
  Payments-->>App: Receipt
`;

async function signIn(context: BrowserContext, url: string, email: string) {
  const response = await context.request.post(`${url}/auth/local`, {
    form: { name: 'Ada Lovelace', email, redirect: '/' },
    maxRedirects: 0,
  });
  if (response.status() !== 303) throw new Error(`Sign-in answered ${response.status()}`);
}

/** A signed-in library: two folders, a few diagrams, one public, with some history. */
async function seed(browser: Browser, url: string): Promise<World> {
  const email = 'ada@example.test';
  const context = await browser.newContext();
  await signIn(context, url, email);
  const api = context.request;
  const post = async (path: string, data: object) => {
    const response = await api.post(`${url}${path}`, { data });
    if (!response.ok()) throw new Error(`${path} answered ${response.status()}`);
    return (await response.json()) as Record<string, unknown>;
  };
  const payments = await post('/api/folders', { name: 'Payments' });
  await post('/api/folders', { name: 'Onboarding' });
  const diagram = await post('/api/diagrams', {
    title: 'Checkout',
    content: SEQUENCE,
    folderId: payments.id,
  });
  await post('/api/diagrams', {
    title: 'Refund flow',
    content: 'sequenceDiagram\n  Customer->>Support: Refund please\n  Support-->>Customer: Done',
    folderId: payments.id,
  });
  await post('/api/diagrams', {
    title: 'Sign-up',
    content: 'sequenceDiagram\n  User->>App: Sign up\n  App-->>User: Welcome',
  });
  const id = Number(diagram.id);
  for (const extra of ['  Web->>API: GET /orders/1\n', '  API-->>Web: 200 OK\n']) {
    const response = await api.put(`${url}/api/diagrams/${id}`, {
      data: { content: `${SEQUENCE}${extra}`, saveKind: 'manual' },
    });
    if (!response.ok()) throw new Error(`PUT answered ${response.status()}`);
  }
  const restored = await api.put(`${url}/api/diagrams/${id}`, {
    data: { content: SEQUENCE, isPublic: true, saveKind: 'manual' },
  });
  const shareToken = String(((await restored.json()) as Record<string, unknown>).shareToken);
  const review = Number(
    (await post('/api/diagrams', { title: 'Sign-in review', content: REVIEWED })).id,
  );
  const thread = await post(`/api/diagrams/${review}/comments`, {
    body: 'Should the charge wait for the session to be checked?',
    line: 7,
  });
  await post(`/api/diagrams/${review}/comments`, {
    body: 'Yes: Payments asks Auth first. I will draw it.',
    parentId: thread.id,
  });
  const settled = await post(`/api/diagrams/${review}/comments`, {
    body: 'Two retries, not three?',
    line: 8,
  });
  const resolved = await api.patch(`${url}/api/diagrams/${review}/comments/${settled.id}`, {
    data: { resolved: true },
  });
  if (!resolved.ok()) throw new Error(`resolving answered ${resolved.status()}`);
  const checked = await post('/api/diagrams', { title: 'Location update', content: CHECKED });
  await context.close();
  return {
    url,
    diagramId: id,
    shareToken,
    email,
    reviewId: review,
    checkedId: Number(checked.id),
  };
}

/**
 * An assistant registers and asks to read and change the diagrams; answers the consent page's
 * address the authorization endpoint sends the browser to.
 */
async function assistantAsks(page: Page, url: string, name: string): Promise<string> {
  const callback = 'https://assistant.example/oauth/callback';
  const registered = await page.request.post(`${url}/oauth/register`, {
    data: { client_name: name, redirect_uris: [callback], token_endpoint_auth_method: 'none' },
  });
  const { client_id: clientId } = (await registered.json()) as { client_id: string };
  const authorize = new URL('/oauth/authorize', url);
  authorize.search = new URLSearchParams({
    client_id: clientId,
    redirect_uri: callback,
    response_type: 'code',
    code_challenge: createHash('sha256')
      .update(randomBytes(32).toString('base64url'))
      .digest('base64url'),
    code_challenge_method: 'S256',
    scope: 'diagrams:read diagrams:write',
  }).toString();
  const answer = await page.request.get(authorize.href, { maxRedirects: 0 });
  const consent = answer.headers()['location'];
  if (answer.status() !== 302 || !consent) throw new Error(`authorize answered ${answer.status()}`);
  return consent;
}

/** Opens a diagram in the signed-in editor, ready to type in. */
async function openEditor(page: Page, url: string, id: number) {
  await page.goto(`${url}/?diagramId=${id}`);
  await page.locator('[data-testid="signed-in-editor"][data-ready="true"]').waitFor();
}

/** Waits until the preview shows a drawing, then for fonts and a quiet frame. */
async function drawn(page: Page, scope = 'body') {
  await page
    .locator(`${scope} [data-testid="preview"]:not([data-seq="0"])`)
    .first()
    .waitFor({ state: 'attached', timeout: 60_000 });
  await settle(page);
}

async function settle(page: Page) {
  await page.evaluate(() => document.fonts.ready);
  await page.waitForTimeout(600);
}

async function phoneTab(page: Page, name: string) {
  await page.getByRole('tab', { name }).click();
  await settle(page);
}

interface Shot {
  name: string;
  signedIn?: boolean;
  widths?: Width[];
  take: (page: Page, world: World, width: Width) => Promise<void>;
}

const SHOTS: Shot[] = [
  {
    name: 'landing',
    take: async (page, world) => {
      await page.goto(`${world.url}/`);
      await page.getByRole('heading', { level: 1 }).waitFor();
      await settle(page);
    },
  },
  {
    name: 'sign-in',
    take: async (page, world) => {
      await page.goto(`${world.url}/auth/google`);
      await settle(page);
    },
  },
  {
    name: 'editor-try',
    take: async (page, world, width) => {
      await page.goto(`${world.url}/try`);
      await page.locator('.cm-content').waitFor();
      if (width === 'mobile') await phoneTab(page, 'Diagram');
      await drawn(page);
    },
  },
  {
    name: 'editor',
    signedIn: true,
    take: async (page, world, width) => {
      await openEditor(page, world.url, world.diagramId);
      if (width === 'mobile') await phoneTab(page, 'Code');
      else await drawn(page);
      await settle(page);
    },
  },
  {
    // A line left without its text: the plain hint over the last good drawing, dimmed.
    name: 'preview-error',
    take: async (page, world, width) => {
      await page.goto(`${world.url}/try`);
      await page.locator('.cm-content').waitFor();
      if (width === 'desktop') await drawn(page);
      await page.locator('.cm-content').click();
      await page.keyboard.press('ControlOrMeta+End');
      await page.keyboard.press('Enter');
      await page.keyboard.type('Alice->>Bob', { delay: 40 });
      // The cursor leaves the line: the error is left behind and shows at once.
      await page.keyboard.press('ArrowUp');
      if (width === 'mobile') await phoneTab(page, 'Diagram');
      await page
        .frameLocator('[data-testid="preview-frame"]')
        .locator('.error-card:not([hidden])')
        .waitFor({ timeout: 30_000 });
      await settle(page);
    },
  },
  {
    name: 'editor-drawing',
    signedIn: true,
    widths: ['mobile'],
    take: async (page, world) => {
      await openEditor(page, world.url, world.diagramId);
      await phoneTab(page, 'Diagram');
      await drawn(page);
    },
  },
  {
    name: 'editor-list',
    signedIn: true,
    widths: ['mobile'],
    take: async (page, world) => {
      await openEditor(page, world.url, world.diagramId);
      await phoneTab(page, 'List');
    },
  },
  {
    name: 'share',
    signedIn: true,
    take: async (page, world, width) => {
      await openEditor(page, world.url, world.diagramId);
      if (width === 'desktop') await drawn(page);
      await openFromMenu(page, width, 'Share');
      await page.getByRole('dialog').waitFor();
      await settle(page);
    },
  },
  {
    name: 'history',
    signedIn: true,
    take: async (page, world, width) => {
      await openEditor(page, world.url, world.diagramId);
      await openFromMenu(page, width, 'History');
      await page.getByRole('dialog').waitFor();
      await drawn(page, '[role="dialog"]');
    },
  },
  {
    name: 'templates',
    take: async (page, world, width) => {
      await page.goto(`${world.url}/try`);
      await page.locator('.cm-content').waitFor();
      await openFromMenu(page, width, 'New');
      await page.getByRole('dialog').waitFor();
      await settle(page);
    },
  },
  {
    name: 'shared',
    take: async (page, world, width) => {
      await page.goto(`${world.url}/d/${world.shareToken}`);
      await page.locator('.cm-content').waitFor();
      if (width === 'mobile') await phoneTab(page, 'Diagram');
      await drawn(page);
    },
  },
  {
    // The shared page with its Text version open (issue 46).
    name: 'shared-text-version',
    take: async (page, world, width) => {
      await page.goto(`${world.url}/d/${world.shareToken}`);
      await page.locator('.cm-content').waitFor();
      if (width === 'mobile') await phoneTab(page, 'Diagram');
      await drawn(page);
      await page.getByRole('button', { name: 'Text version' }).click();
      await page.getByRole('region', { name: /^Sequence diagram/ }).waitFor();
    },
  },
  {
    // Present mode from a shared link, at the fourth message.
    name: 'present',
    take: async (page, world) => {
      await page.goto(`${world.url}/d/${world.shareToken}?step=4`);
      await page.locator('[data-testid="present-view"][data-step="4"]').waitFor();
      await drawn(page, '[data-testid="present-view"]');
    },
  },
  {
    name: 'trace-dialog',
    signedIn: true,
    take: async (page, world, width) => {
      await openEditor(page, world.url, world.diagramId);
      if (width === 'mobile') await phoneTab(page, 'List');
      await page.getByTestId(TRANSFER_TESTIDS.menu).click();
      await page.getByTestId(TRANSFER_TESTIDS.import).click();
      await page.getByTestId(TRACE_TESTIDS.entry).click();
      await page.getByTestId(TRACE_TESTIDS.fileInput).setInputFiles({
        name: 'checkout-trace.json',
        mimeType: 'application/json',
        buffer: readFileSync(
          new URL('../test/fixtures/traces/jaeger-ui-trace-graph.json', import.meta.url),
        ),
      });
      await drawn(page, '[role="dialog"]');
    },
  },
  {
    name: 'trace-check-editor',
    signedIn: true,
    take: async (page, world, width) => {
      await openEditor(page, world.url, world.checkedId);
      if (width === 'mobile') await phoneTab(page, 'List');
      await page.getByTestId(TRANSFER_TESTIDS.menu).click();
      await page.getByTestId(TRACE_CHECK_TESTIDS.entry).click();
      await page.getByTestId(TRACE_CHECK_TESTIDS.fileInput).setInputFiles({
        name: 'location-update.json',
        mimeType: 'application/json',
        buffer: readFileSync(new URL('../test/fixtures/traces/zipkin-yelp.json', import.meta.url)),
      });
      await page.getByTestId(TRACE_CHECK_TESTIDS.status).waitFor({ timeout: 60_000 });
      await page
        .getByTestId(TRACE_CHECK_TESTIDS.drawing)
        .evaluate(
          (image: HTMLImageElement) =>
            image.complete || new Promise((loaded) => (image.onload = loaded)),
        );
      // The marks are at the drawing's end: the made-up message and the call added after it.
      await page
        .getByRole('region', { name: HISTORY_COPY.compareDrawingRegion })
        .evaluate((box) => box.scrollTo(box.scrollWidth, box.scrollHeight));
      await settle(page);
    },
  },
  {
    name: 'comments',
    signedIn: true,
    take: async (page, world) => {
      await openEditor(page, world.url, world.reviewId);
      await page.getByTestId(COMMENTS_TESTIDS.button).click();
      await page
        .getByTestId(COMMENTS_TESTIDS.panel)
        .getByTestId(COMMENTS_TESTIDS.thread)
        .nth(1)
        .waitFor();
      await settle(page);
    },
  },
  {
    // The drawing's right-click menu on a participant: a comment starts on its line.
    name: 'comments-menu',
    signedIn: true,
    widths: ['desktop'],
    take: async (page, world) => {
      await openEditor(page, world.url, world.reviewId);
      await drawn(page);
      const frame = page.frameLocator('[data-testid="preview-frame"]');
      await frame.locator('text.actor', { hasText: 'Payments' }).first().click({ button: 'right' });
      await frame.getByRole('menuitem', { name: PREVIEW_COPY.menu.addComment }).waitFor();
      await settle(page);
    },
  },
  {
    // A read-only token, and the choice of access while regenerating it.
    name: 'api-token',
    signedIn: true,
    take: async (page, world) => {
      await page.request.post(`${world.url}/api/user/regenerate-api-token`, {
        data: { scope: 'read' },
      });
      await openEditor(page, world.url, world.diagramId);
      await page.getByTestId(AUTH_TESTIDS.avatarMenu).click();
      await page.getByTestId(AUTH_TESTIDS.apiToken).click();
      await page.getByTestId(API_TOKEN_TESTIDS.scope).waitFor();
      await page.getByTestId(API_TOKEN_TESTIDS.regenerate).click();
      await page.getByTestId(API_TOKEN_TESTIDS.scopeChoice).waitFor();
      await settle(page);
    },
  },
  {
    // An assistant asks to use the diagrams (OAuth): the consent page.
    name: 'assistant-consent',
    signedIn: true,
    take: async (page, world) => {
      await page.goto(await assistantAsks(page, world.url, 'Claude'));
      await page.getByTestId(ASSISTANT_TESTIDS.allow).waitFor();
      await settle(page);
    },
  },
  {
    // Allowed: the assistant in the API token dialog's Assistants list.
    name: 'assistants',
    signedIn: true,
    take: async (page, world) => {
      const listed = await page.request.get(`${world.url}/api/user/assistants`);
      if (((await listed.json()) as unknown[]).length === 0) {
        const consent = new URL(await assistantAsks(page, world.url, 'Cursor'));
        await page.request.post(
          `${world.url}/api/oauth/requests/${consent.searchParams.get('request')}`,
          { data: { decision: 'allow' } },
        );
      }
      await openEditor(page, world.url, world.diagramId);
      await page.getByTestId(AUTH_TESTIDS.avatarMenu).click();
      await page.getByTestId(AUTH_TESTIDS.apiToken).click();
      const list = page.getByTestId(ASSISTANT_TESTIDS.item).first();
      await list.waitFor();
      await list.scrollIntoViewIfNeeded();
      await settle(page);
    },
  },
  {
    name: 'api-docs',
    take: async (page, world) => {
      await page.goto(`${world.url}/api/docs`);
      await settle(page);
    },
  },
  {
    name: 'not-found',
    take: async (page, world) => {
      await page.goto(`${world.url}/no/such/page`);
      await settle(page);
    },
  },
  {
    // Last: it adds a diagram of its own, with three versions to compare.
    name: 'history-compare',
    signedIn: true,
    take: async (page, world, width) => {
      const before = SEQUENCE.replace(
        '  DB-->>API: order id\n',
        '  DB-->>API: order id\n  API->>API: audit log\n',
      );
      const after = SEQUENCE.replace('201 Created', '201 Created, with a receipt').replace(
        '  Web-->>User: Order confirmed\n',
        '  Web-->>User: Order confirmed\n  participant Mail as Mailer\n  API-)Mail: Send the receipt\n',
      );
      const created = await page.request.post(`${world.url}/api/diagrams`, {
        data: { title: 'Checkout with receipts', content: before },
      });
      const id = Number(((await created.json()) as Record<string, unknown>).id);
      await page.request.put(`${world.url}/api/diagrams/${id}`, {
        data: { content: after, saveKind: 'manual' },
      });
      await openEditor(page, world.url, id);
      await openFromMenu(page, width, 'History');
      await page.getByRole('dialog').waitFor();
      await page.getByTestId('history-show-compare').click();
      await page.waitForFunction(() => {
        const image = document.querySelector<HTMLImageElement>(
          '[data-testid="history-compare-drawing"]',
        );
        return !!image && image.complete && image.naturalWidth > 0;
      });
      await settle(page);
    },
  },
  ...editByDrawingShots(),
];

/** A diagram of its own (shots edit it), open in the editor with its drawing fitted and still. */
async function openFresh(page: Page, world: World, title: string) {
  const created = await page.request.post(`${world.url}/api/diagrams`, {
    data: { title, content: SEQUENCE },
  });
  const id = Number(((await created.json()) as Record<string, unknown>).id);
  await openEditor(page, world.url, id);
  await drawn(page);
  await page.getByRole('button', { name: 'Fit to screen' }).click();
  await settle(page);
}

/** Where `selector` is drawn in the preview, in page coordinates. */
async function drawnBox(page: Page, selector: string) {
  const box = await page
    .frameLocator('[data-testid="preview-frame"]')
    .locator(selector)
    .first()
    .boundingBox({ timeout: 5_000 })
    .catch(async (error: Error) => {
      const names = await page
        .frameLocator('[data-testid="preview-frame"]')
        .locator('line')
        .evaluateAll((all) =>
          all.map((l) => `${l.getAttribute('class')}|${l.getAttribute('name')}`),
        );
      throw new Error(`${selector}: ${error.message.split('\n')[0]} ${names.join(',')}`);
    });
  if (!box) throw new Error(`${selector} is not drawn`);
  return box;
}

/**
 * Edit by drawing, as a short series for the README: a drag from one lifeline to another (the
 * ghost arrow, the drop line and the text's mark), the new message's label typed in place, and
 * the drawing's menu on a message.
 */
function editByDrawingShots(): Shot[] {
  const dragFromWebToDb = async (page: Page) => {
    const web = await drawnBox(page, 'line.actor-line[name="Web"]');
    const db = await drawnBox(page, 'line.actor-line[name="DB"]');
    // Just above the third message's label: below the second message's arrow.
    const below = await drawnBox(page, 'text.messageText >> nth=2');
    const y = below.y - 6;
    await page.mouse.move(web.x + web.width / 2, y);
    await page.mouse.down();
    await page.mouse.move(db.x + db.width / 2 + 6, y + 2, { steps: 10 });
  };
  return [
    {
      name: 'edit-by-drawing-1-drag',
      signedIn: true,
      widths: ['desktop'],
      take: async (page, world) => {
        await openFresh(page, world, 'Checkout, drawn');
        await dragFromWebToDb(page);
        await settle(page);
      },
    },
    {
      name: 'edit-by-drawing-2-label',
      signedIn: true,
      widths: ['desktop'],
      take: async (page, world) => {
        await openFresh(page, world, 'Checkout, drawn');
        await dragFromWebToDb(page);
        await page.mouse.up();
        await page
          .frameLocator('[data-testid="preview-frame"]')
          .locator('textarea.label-editor')
          .waitFor();
        await page.keyboard.type('Reserve stock', { delay: 20 });
        await settle(page);
      },
    },
    {
      name: 'edit-by-drawing-3-menu',
      signedIn: true,
      widths: ['desktop'],
      take: async (page, world) => {
        await openFresh(page, world, 'Checkout, drawn');
        const label = await drawnBox(page, 'text.messageText >> nth=1');
        await page.mouse.click(label.x + label.width / 2, label.y + label.height / 2, {
          button: 'right',
        });
        await page.frameLocator('[data-testid="preview-frame"]').getByRole('menu').waitFor();
        await settle(page);
      },
    },
  ];
}

/** Desktop: the header's button. Phone: the header's menu, then its item. */
async function openFromMenu(page: Page, width: Width, name: string) {
  const header = page.locator('header').first();
  const direct = header.getByRole('button', { name, exact: true });
  if (width === 'desktop' && (await direct.count()) > 0) {
    await direct.first().click();
    return;
  }
  const menu = page.getByRole('button', { name: /menu|more/i }).first();
  if ((await direct.count()) > 0 && (await direct.first().isVisible())) {
    await direct.first().click();
    return;
  }
  await menu.click();
  await page.getByRole('menuitem', { name }).first().click();
}

async function main() {
  const only = process.argv[2];
  mkdirSync(OUT, { recursive: true });
  const app = await startApp();
  const browser = await chromium.launch({
    executablePath: findChromium() ?? undefined,
    args: CHROMIUM_ARGS,
  });
  try {
    const world = await seed(browser, app.url);
    for (const shot of SHOTS.filter((candidate) => !only || candidate.name.startsWith(only))) {
      for (const width of shot.widths ?? (['desktop', 'mobile'] as const)) {
        for (const scheme of ['light', 'dark'] as Scheme[]) {
          const context = await browser.newContext({
            viewport: WIDTHS[width],
            deviceScaleFactor: width === 'mobile' ? 2 : 1,
            colorScheme: scheme,
            ...(width === 'mobile' ? { isMobile: true, hasTouch: true } : {}),
          });
          if (shot.signedIn) await signIn(context, app.url, world.email);
          const page = await context.newPage();
          const file = `${shot.name}${width === 'mobile' ? '-mobile' : ''}${scheme === 'dark' ? '-dark' : ''}.png`;
          try {
            await shot.take(page, world, width);
            await page.screenshot({ path: join(OUT, file) });
            console.log(`wrote ${file}`);
          } catch (error) {
            console.error(`${file}: ${(error as Error).message.split('\n')[0]}`);
            process.exitCode = 1;
          } finally {
            await context.close();
          }
        }
      }
    }
  } finally {
    await browser.close();
    app.stop();
  }
}

await main();
