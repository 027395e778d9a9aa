/**
 * Typed, not pasted (the invariant): a sample of the corpus that covers every sequence statement
 * kind is typed key by key at a person's pace, with completion and diagnostics on, as a person
 * types: no leading spaces where the editor indents, Tab where it does not indent enough, Enter
 * between lines, and a 2 s pause in the middle of every line. The text typed must be the diagram
 * line for line (leading whitespace aside), and the drawing must never show the error graphic,
 * watched continuously in the render frame rather than sampled. The pauses run on the page's
 * clock, stopped for the typing: keys come 40–80 ms apart on it (the input, never an assertion),
 * so a starved browser cannot stretch a key into a pause.
 */
import { expect, test, type Page } from '@playwright/test';
import { ARROWS, HALF_ARROWS, sequenceDiagrams } from '../scripts/corpus/sequence';
import { seeded } from '../scripts/corpus/random';
import { EDITOR_TESTIDS } from '../src/client/features/editor/testIds';
import { EditorPage } from './support/editorPage';
import { CLOCK_STEP_MS, stopClock } from './support/pageClock';
import { drawnUpToDate, preview } from './support/previewFrame';
import { signInLocally, uniqueLogin } from './support/signIn';

/** The documented examples (no directive) that together hold every statement kind. */
const CORPUS = new Map(sequenceDiagrams(seeded(20261123), 0).map((d) => [d.name, d.text]));
const example = (construct: string) => {
  const text = CORPUS.get(`sequence-${construct}-0`);
  if (!text) throw new Error(`no corpus example ${construct}`);
  return text.trimEnd();
};
/** Every arrow of the corpus, one message each, with a comment line among them. */
const ARROW_KINDS = [
  'sequenceDiagram',
  '%% every arrow mermaid draws',
  ...[...ARROWS, ...HALF_ARROWS].map((arrow, i) => `A${arrow}B: ${i}`),
].join('\n');

const SAMPLES: Record<string, string[]> = {
  // participant, actor, alias; activate/deactivate and +/-; notes; loop, autonumber; alt, else,
  // opt; par, and; critical; break; rect; end.
  'participants, activations, notes and blocks': [
    'aliases',
    'activations',
    'autonumber',
    'alt',
    'par',
    'criticalAlone',
    'break',
    'rect',
  ].map(example),
  // box; create and destroy; links; title, accTitle, accDescr; comments; every arrow.
  'boxes, lifecycles, links, titles, comments and every arrow': [
    ...['boxes', 'create', 'destroy', 'links', 'title'].map(example),
    ARROW_KINDS,
  ],
};

/** A person's pace: 40–80 ms between keys, from a fixed seed (the same keys every run). */
function pace(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return 40 + (state % 41);
  };
}

async function key(page: Page, name: string, delay: () => number) {
  await page.keyboard.press(name);
  await page.clock.runFor(delay());
}

/** The leading whitespace of the line the cursor is on. */
function cursorIndent(page: Page): Promise<number> {
  return page.locator('.cm-activeLine').evaluate((line) => {
    const text = line.textContent ?? '';
    return text.length - text.trimStart().length;
  });
}

/** A 2 s pause in the middle of a line, once the frame has the half-typed text. */
async function pauseMidLine(page: Page) {
  await drawnUpToDate(page, CLOCK_STEP_MS);
  await page.clock.runFor(2_000);
}

const lines = (text: string) => text.split('\n').map((line) => line.trim());

for (const [name, diagrams] of Object.entries(SAMPLES)) {
  test(`typed key by key: ${name}`, async ({ page }) => {
    test.setTimeout(300_000);
    // Every appearance of the error graphic in any render frame (a busy frame may be replaced
    // by a new one), told to the test as it happens.
    const shown: string[] = [];
    page.on('console', (message) => {
      if (message.text().startsWith('lifeline-test:error-shown')) shown.push(message.text());
    });
    await page.addInitScript(() => {
      if (!window.location.pathname.endsWith('/frame.html')) return;
      let visible = false;
      new MutationObserver(() => {
        // mermaid also draws each error in a container of its own, off screen, and removes it.
        const card = document.querySelector('.error-card:not([hidden])');
        const now =
          card !== null ||
          document.querySelector('#canvas > svg[aria-roledescription="error"]') !== null;
        if (now && !visible) console.log(`lifeline-test:error-shown ${document.body.innerText}`);
        visible = now;
      }).observe(document, { subtree: true, childList: true, attributes: true });
    });
    await page.clock.install();
    await signInLocally(page, `${uniqueLogin('typed')}@example.test`);
    const editor = new EditorPage(page);
    const delay = pace(name.length);

    // One diagram for the whole sample: each example is typed into it after the one before is
    // taken out with Select all and Backspace, as a person starting over would (a new diagram
    // each time loaded the editor anew, a fifth of the test's time).
    const created = await page.request.post('/api/diagrams', {
      data: { title: 'Typed', content: '' },
    });
    expect(created.status()).toBe(201);
    const { id } = (await created.json()) as { id: number };
    await page.goto(`/?diagramId=${id}`);
    await expect(page.getByTestId(EDITOR_TESTIDS.signedIn)).toHaveAttribute('data-ready', 'true');
    await expect.poll(() => editor.text()).toBe('');
    await editor.focusEnd();
    await stopClock(page);

    for (const diagram of diagrams) {
      if ((await editor.text()) !== '') {
        await key(page, 'ControlOrMeta+a', delay);
        await key(page, 'Backspace', delay);
        await expect.poll(() => editor.text()).toBe('');
        await drawnUpToDate(page, CLOCK_STEP_MS);
      }

      const typed = diagram.split('\n');
      for (const [index, line] of typed.entries()) {
        if (index > 0) {
          await key(page, 'Enter', delay);
          // Tab where the editor indented less than the diagram does, as a person would.
          const want = line.length - line.trimStart().length;
          if (line.trim() && (await cursorIndent(page)) < want) await key(page, 'Tab', delay);
        }
        const text = line.trim();
        const half = Math.ceil(text.length / 2);
        for (const [at, char] of [...text].entries()) {
          await page.keyboard.type(char);
          await page.clock.runFor(delay());
          if (at === half - 1 && text.length > 1) await pauseMidLine(page);
        }
      }
      await expect.poll(async () => lines(await editor.text())).toEqual(lines(diagram));
      await drawnUpToDate(page, CLOCK_STEP_MS);
      await expect(preview(page)).toHaveAttribute('data-status', 'ok');
      expect(shown, `the error graphic showed while typing:\n${diagram}`).toEqual([]);
    }
    await page.clock.resume();
  });
}
