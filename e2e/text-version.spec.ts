/**
 * The text version of a diagram (issue 46): the shared page's "Text version" disclosure, Export
 * → Copy description, both themes clean by axe-core, and the disclosure walked by a virtual
 * screen reader (@guidepup/virtual-screen-reader) asserting what it speaks.
 */
import { createRequire } from 'node:module';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { describeDiagramText } from '../src/shared/describe-diagram';
import { EXPORT_TEXT } from '../src/shared/messages';
import { EXPORT_TESTIDS } from '../src/client/features/export/testIds';
import { SHARE_COPY, SHARE_TESTIDS } from '../src/client/features/share/copy';
import { publishDiagrams } from './support/published';
import { toastLocator } from './support/toasts';

const CHECKOUT = `sequenceDiagram
  accTitle: Checkout
  accDescr: How a card payment is authorised
  actor C as Customer
  participant S as Storefront
  participant P as Payments
  C->>S: place order
  loop Retry up to 3 times
    S-)P: authorise card
    Note right of P: idempotent
  end
  alt accepted
    P-->>S: approved
  else declined
    P--xS: declined
  end`;

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/**
 * Serious and critical violations of the whole page with the text version open: its button and
 * panel, and the code editor they make shorter (its scroller and cut line numbers included).
 */
async function seriousViolations(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page }).withTags(TAGS).analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((node) => node.target.join(' ')).join(', ')}`);
}

async function openTextVersion(page: Page) {
  const [token] = await publishDiagrams('Sharer', [{ title: 'Checkout', content: CHECKOUT }]);
  await page.goto(`/d/${token}`);
  const toggle = page.getByRole('button', { name: SHARE_COPY.textVersion });
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await expect(page.getByTestId(SHARE_TESTIDS.textVersionPanel)).toBeHidden();
  // By keyboard: the button takes the focus and Enter opens it.
  await toggle.focus();
  await page.keyboard.press('Enter');
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  const panel = page.getByRole('region', { name: 'Sequence diagram: Checkout' });
  await expect(panel).toBeVisible();
  return { toggle, panel };
}

for (const scheme of ['light', 'dark'] as const) {
  test(`the shared page's Text version says the diagram in words (${scheme})`, async ({ page }) => {
    await page.emulateMedia({ colorScheme: scheme });
    const { toggle, panel } = await openTextVersion(page);
    await expect(panel.getByRole('heading', { level: 2 })).toHaveText('Sequence diagram: Checkout');
    await expect(panel).toContainText('How a card payment is authorised');
    const items = panel.getByRole('listitem');
    await expect(items.filter({ hasText: /^Customer \(actor, written C\)$/ })).toHaveCount(1);
    await expect(
      panel
        .getByRole('listitem')
        .filter({ hasText: /^2\. Storefront to Payments: authorise card \(async\)/ }),
    ).toHaveCount(1);
    await expect(panel).toContainText('Note right of Payments: idempotent');
    await expect(panel).toContainText('4. Payments to Storefront: declined (reply, lost)');
    expect(await seriousViolations(page)).toEqual([]);
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(page.getByTestId(SHARE_TESTIDS.textVersionPanel)).toBeHidden();
  });
}

test.describe('Export → Copy description', () => {
  test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

  test('puts the text version on the clipboard with one toast', async ({ page }) => {
    await openTextVersion(page);
    await page.getByTestId(EXPORT_TESTIDS.button).click();
    await page.getByRole('menuitem', { name: 'Copy description' }).click();
    await expect(toastLocator(page)).toContainText(EXPORT_TEXT.textCopied('description'));
    await expect(toastLocator(page)).toHaveCount(1);
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toBe(`${describeDiagramText(CHECKOUT)}\n`);
  });
});

test.describe('a virtual screen reader', () => {
  // The reader is loaded into the page as a module from the test; the page's CSP would refuse it.
  test.use({ bypassCSP: true });

  test('walks the Text version: the heading, the participants, the messages in order', async ({
    page,
  }) => {
    await openTextVersion(page);
    const reader = createRequire(import.meta.url).resolve(
      '@guidepup/virtual-screen-reader/browser.js',
    );
    await page.route('**/__virtual-screen-reader.js', (route) =>
      route.fulfill({ path: reader, contentType: 'text/javascript' }),
    );
    await page.addScriptTag({
      type: 'module',
      content: "import { virtual } from '/__virtual-screen-reader.js'; window.__virtual = virtual;",
    });
    await page.waitForFunction(() => 'virtual' in window || '__virtual' in window);
    const spoken = await page.evaluate(async (testId) => {
      type Virtual = {
        start(options: { container: Element }): Promise<void>;
        next(): Promise<void>;
        lastSpokenPhrase(): Promise<string>;
        spokenPhraseLog(): Promise<string[]>;
        stop(): Promise<void>;
      };
      const virtual = (window as unknown as { __virtual: Virtual }).__virtual;
      const container = document.querySelector(`[data-testid="${testId}"]`)!;
      await virtual.start({ container });
      for (let step = 0; step < 200; step += 1) {
        await virtual.next();
        if ((await virtual.lastSpokenPhrase()).startsWith('end of region')) break;
      }
      const log = await virtual.spokenPhraseLog();
      await virtual.stop();
      return log;
    }, SHARE_TESTIDS.textVersionPanel);
    expect(spoken.slice(0, 7)).toEqual([
      'region, Sequence diagram: Checkout',
      'heading, Sequence diagram: Checkout, level 2',
      'paragraph',
      'How a card payment is authorised',
      'end of paragraph',
      'paragraph',
      '3 participants, 4 messages',
    ]);
    expect(spoken.at(-1)).toBe('end of region, Sequence diagram: Checkout');
    // What is said of each participant, message, note and block, in the order it is walked.
    const said = spoken.filter((phrase) => !/^(?:end of |list|paragraph|heading)/.test(phrase));
    expect(said.slice(3)).toEqual([
      'Customer (actor, written C)',
      'Storefront (participant, written S)',
      'Payments (participant, written P)',
      '1. Customer to Storefront: place order',
      'Loop: Retry up to 3 times',
      '2. Storefront to Payments: authorise card (async)',
      'Note right of Payments: idempotent',
      'Alternative: accepted',
      '3. Payments to Storefront: approved (reply)',
      'Else: declined',
      '4. Payments to Storefront: declined (reply, lost)',
    ]);
    expect(spoken).toContain('listitem, level 2, position 1, set size 1');
  });
});
