import { expect, test, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { EDITOR_TESTIDS } from '../src/client/features/editor/testIds';
import { PREVIEW_TESTIDS } from '../src/client/features/preview/testIds';
import { TRACE_COPY, TRACE_TESTIDS } from '../src/client/features/trace-import/copy';
import { TRANSFER_TESTIDS } from '../src/client/features/transfer/copy';
import { otlpProtoOf } from '../test/fixtures/traces/fixtures';
import { EditorPage } from './support/editorPage';
import { signInLocally, uniqueLogin } from './support/signIn';

const fixture = (name: string) =>
  readFileSync(new URL(`../test/fixtures/traces/${name}`, import.meta.url), 'utf8');

async function signedInEditor(page: Page): Promise<EditorPage> {
  await signInLocally(page, `${uniqueLogin('trace')}@example.test`, 'Trace Tester');
  await page.goto('/');
  await expect(page.getByTestId(EDITOR_TESTIDS.signedIn)).toHaveAttribute('data-ready', 'true', {
    timeout: 30_000,
  });
  return new EditorPage(page);
}

/** Drops a file on the editor's text the way the desktop does. */
async function dropFile(page: Page, name: string, content: string) {
  const dataTransfer = await page.evaluateHandle(
    ([name, content]) => {
      const transfer = new DataTransfer();
      transfer.items.add(new File([content], name, { type: 'application/json' }));
      return transfer;
    },
    [name, content] as const,
  );
  await page.locator('.cm-content').dispatchEvent('drop', { dataTransfer });
}

const drawing = (page: Page) =>
  page
    .getByTestId(TRACE_TESTIDS.preview)
    .frameLocator(`[data-testid="${PREVIEW_TESTIDS.frame}"]`)
    .locator('svg')
    .first();

/** The drawing's first participant: the top row's leftmost box (mermaid's DOM order differs). */
const firstParticipant = (page: Page) =>
  drawing(page)
    .locator('text.actor')
    .evaluateAll((nodes) => {
      const boxes = nodes.map((node) => ({
        x: Number(node.getAttribute('x')),
        y: Number(node.getAttribute('y')),
        name: node.textContent?.trim() ?? '',
      }));
      boxes.sort((a, b) => a.y - b.y || a.x - b.x);
      return boxes[0]?.name ?? '';
    });

test('a Zipkin trace dropped on the editor is previewed, reshaped by the options and opened', async ({
  page,
}) => {
  const editor = await signedInEditor(page);
  const before = await editor.text();
  await dropFile(page, 'yelp.json', fixture('zipkin-yelp.json'));
  const dialog = page.getByTestId(TRACE_TESTIDS.dialog);
  await expect(dialog).toBeVisible();
  // The file's text was not pasted into the editor.
  expect(await editor.text()).toBe(before);
  await expect.poll(() => firstParticipant(page), { timeout: 30_000 }).toBe('routing');
  const messages = drawing(page).locator('text.messageText');
  await expect.poll(() => messages.count()).toBeGreaterThan(0);
  const hiddenCount = await messages.count();
  await expect(page.getByTestId(TRACE_TESTIDS.notes)).toContainText(
    '15 of 16 spans drawn (30 messages); not drawn: 1 within one service.',
  );

  await dialog.getByLabel(TRACE_COPY.internal).selectOption('self');
  await expect.poll(() => messages.count()).toBeGreaterThan(hiddenCount);
  await expect(page.getByTestId(TRACE_TESTIDS.notes).filter({ hasText: 'not drawn' })).toHaveCount(
    0,
  );
  await expect(drawing(page).locator('text.sequenceNumber')).toHaveCount(0);
  await dialog.getByLabel(TRACE_COPY.autonumber).check();
  await expect.poll(() => drawing(page).locator('text.sequenceNumber').count()).toBeGreaterThan(0);
  if (process.env.TRACE_SCREENSHOT) await dialog.screenshot({ path: process.env.TRACE_SCREENSHOT });

  await page.getByTestId(TRACE_TESTIDS.open).click();
  await expect(dialog).toBeHidden();
  await expect
    .poll(() => editor.text())
    .toMatch(/^sequenceDiagram\n {4}autonumber\n {4}participant routing\n/);
});

test('Import offers traces; a file with two traces asks which, and a file that is not a trace says so', async ({
  page,
}) => {
  await signedInEditor(page);
  await page.getByTestId(TRANSFER_TESTIDS.menu).click();
  await page.getByTestId(TRANSFER_TESTIDS.import).click();
  await page.getByTestId(TRACE_TESTIDS.entry).click();
  const dialog = page.getByTestId(TRACE_TESTIDS.dialog);
  await expect(dialog).toBeVisible();

  const input = page.getByTestId(TRACE_TESTIDS.fileInput);
  await input.setInputFiles({
    name: 'notes.json',
    mimeType: 'application/json',
    buffer: Buffer.from('{"hello": 1}'),
  });
  await expect(page.getByTestId(TRACE_TESTIDS.error)).toContainText('This is not a trace file.');
  await expect(page.getByTestId(TRACE_TESTIDS.open)).toBeDisabled();

  const flame = JSON.parse(fixture('jaeger-ui-flamegraph.json')) as { data: unknown };
  const graph = JSON.parse(fixture('jaeger-ui-trace-graph.json')) as unknown;
  const two = JSON.stringify({ data: [flame.data, graph] });
  await input.setInputFiles({
    name: 'two.json',
    mimeType: 'application/json',
    buffer: Buffer.from(two),
  });
  const chooser = page.getByTestId(TRACE_TESTIDS.chooser);
  await expect(chooser.locator('option')).toHaveText([
    /^load-generator: OrderVehicle — 4 spans, 1\.18 s \(84b3fad9\)$/,
    /^service1: op1 — 11 spans, 1 s \(trace-12\)$/,
  ]);
  await expect.poll(() => firstParticipant(page), { timeout: 30_000 }).toBe('load-generator');
  await chooser.selectOption('trace-123');
  await expect.poll(() => firstParticipant(page), { timeout: 30_000 }).toBe('service1');
});

test('the dialog reads Tempo’s answer, and says where an OTLP protobuf file is read', async ({
  page,
}) => {
  await signedInEditor(page);
  await page.getByTestId(TRANSFER_TESTIDS.menu).click();
  await page.getByTestId(TRANSFER_TESTIDS.import).click();
  await page.getByTestId(TRACE_TESTIDS.entry).click();
  const input = page.getByTestId(TRACE_TESTIDS.fileInput);
  await input.setInputFiles({
    name: 'tempo.json',
    mimeType: 'application/json',
    buffer: Buffer.from(fixture('tempo-batches.json')),
  });
  await expect.poll(() => firstParticipant(page), { timeout: 30_000 }).toBe('shop-backend');
  await input.setInputFiles({
    name: 'export.pb',
    mimeType: 'application/octet-stream',
    buffer: Buffer.from(otlpProtoOf(fixture('otlp-jaeger-ui-in.json'))),
  });
  await expect(page.getByTestId(TRACE_TESTIDS.error)).toHaveText(TRACE_COPY.protobuf);
  await expect(page.getByTestId(TRACE_TESTIDS.open)).toBeDisabled();
});
