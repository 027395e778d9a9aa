/**
 * Everything by keyboard alone (issue 33, item 17): from the code editor, Tab reaches every
 * control of the signed-in editor, each with a focus ring that shows, and the main actions work
 * from the keyboard, focus coming back to where it was when a dialog closes.
 */
import { expect, test, type Page } from '@playwright/test';
import { EDITOR_TESTIDS } from '../src/client/features/editor/testIds';
import { HISTORY_TESTIDS } from '../src/client/features/history/copy';
import { SHARE_TESTIDS } from '../src/client/features/share/copy';
import { SIDEBAR_TESTIDS } from '../src/client/features/sidebar/copy';
import { signInLocally, uniqueLogin } from './support/signIn';

interface Stop {
  name: string;
  testId: string | null;
  ring: boolean;
}

/** Where focus is now: its accessible name, test id, and whether a focus indicator is drawn. */
function focusStop(page: Page): Promise<Stop> {
  return page.evaluate(async () => {
    const frame = () =>
      new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    // What focus changes is drawn by the next frame.
    await frame();
    const element = document.activeElement as HTMLElement | null;
    if (!element || element === document.body) return { name: '(body)', testId: null, ring: true };
    const drawn = () => {
      const style = getComputedStyle(element);
      const outline = style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0;
      const shadow = style.boxShadow !== 'none' && style.boxShadow !== '';
      return { outline, shadow };
    };
    // The preview frame's ring follows the page's blur event, which a busy machine delivers
    // from the frame's process a few frames later: it gets up to a second to show.
    for (let waited = 0; waited < 30 && element.tagName === 'IFRAME'; waited += 1) {
      const now = drawn();
      if (now.outline || now.shadow) break;
      await frame();
    }
    const { outline, shadow } = drawn();
    const name =
      element.getAttribute('aria-label') ??
      element.getAttribute('title') ??
      (element.textContent ?? '').trim().slice(0, 40);
    return {
      name: `${element.tagName.toLowerCase()} ${name}`,
      testId: element.closest('[data-testid]')?.getAttribute('data-testid') ?? null,
      // The code editor's own caret shows where it is; every other stop draws a ring.
      ring: outline || shadow || element.classList.contains('cm-content'),
    };
  });
}

test.use({ viewport: { width: 1440, height: 900 } });

test('Tab reaches every control of the editor, each with a visible focus ring', async ({
  page,
}) => {
  await signInLocally(page, `${uniqueLogin('keys')}@example.test`);
  await page.request.post('/api/diagrams', {
    data: { title: 'By keyboard', content: 'sequenceDiagram\n    A->>B: Hi' },
  });
  await page.goto('/');
  await expect(page.getByTestId(EDITOR_TESTIDS.signedIn)).toHaveAttribute('data-ready', 'true');
  // The editor has focus on load; Escape then Tab leaves it (Tab alone indents). Focus walks
  // forward from the editor to the page's end, then back from the editor to the page's start: a
  // browser's own toolbar lies past both ends, which headless Chromium has not, so a walk that
  // wraps there would circle inside the drawing's frame instead.
  const stops: Stop[] = [];
  for (const key of ['Tab', 'Shift+Tab']) {
    await page.getByTestId(EDITOR_TESTIDS.codeEditor).locator('.cm-content').click();
    await page.keyboard.press('Escape');
    for (let i = 0; i < 40; i += 1) {
      await page.keyboard.press(key);
      const stop = await focusStop(page);
      if (stop.name === '(body)') break;
      stops.push(stop);
    }
  }
  const reached = new Set(stops.map((stop) => stop.testId));
  for (const id of [
    EDITOR_TESTIDS.title,
    EDITOR_TESTIDS.save,
    EDITOR_TESTIDS.share,
    EDITOR_TESTIDS.newDiagram,
    HISTORY_TESTIDS.button,
    SIDEBAR_TESTIDS.diagram,
  ]) {
    expect(reached.has(id), `Tab never reached ${id}`).toBe(true);
  }
  const ringless = stops.filter((stop) => !stop.ring).map((stop) => stop.name);
  expect([...new Set(ringless)]).toEqual([]);
});

test('Share, History and a diagram in the list work from the keyboard', async ({ page }) => {
  await signInLocally(page, `${uniqueLogin('keys')}@example.test`);
  for (const title of ['First by keyboard', 'Second by keyboard']) {
    await page.request.post('/api/diagrams', {
      data: { title, content: `sequenceDiagram\n    A->>B: ${title}` },
    });
  }
  await page.goto('/');
  await expect(page.getByTestId(EDITOR_TESTIDS.signedIn)).toHaveAttribute('data-ready', 'true');

  // Share: opened with Enter, made public with Space, closed with Escape; focus comes back.
  const share = page.getByTestId(EDITOR_TESTIDS.share);
  await share.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByTestId(SHARE_TESTIDS.dialog);
  await expect(dialog).toBeVisible();
  await dialog.getByTestId(SHARE_TESTIDS.publicSwitch).focus();
  await page.keyboard.press('Space');
  await expect(dialog.getByTestId(SHARE_TESTIDS.link)).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(share).toBeFocused();

  // History: opened with Enter, closed with Escape; focus comes back.
  const history = page.getByTestId(HISTORY_TESTIDS.button);
  await history.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId(HISTORY_TESTIDS.dialog)).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByTestId(HISTORY_TESTIDS.dialog)).toBeHidden();
  await expect(history).toBeFocused();

  // The other diagram opens from the list with Enter.
  const open = page.getByTestId(EDITOR_TESTIDS.title);
  const target =
    (await open.inputValue()) === 'First by keyboard' ? 'Second by keyboard' : 'First by keyboard';
  const other = page
    .getByTestId(SIDEBAR_TESTIDS.diagram)
    .filter({ hasText: target })
    .getByRole('button', { name: target, exact: true });
  await other.focus();
  await page.keyboard.press('Enter');
  await expect(open).toHaveValue(target);
});
