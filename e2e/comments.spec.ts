/**
 * Comments between two people on one diagram, each in their own browser context: a comment made
 * from the text's gutter reaches the other's open editor without a reload, a reply and a resolve
 * come back the same way, a mention shows in the Mentions list, and the panel is axe-clean in
 * light and dark at desktop and phone widths.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { COMMENTS_COPY, COMMENTS_TESTIDS } from '../src/client/features/comments/copy';
import { AUTH_TESTIDS } from '../src/client/features/auth/testIds';
import { PREVIEW_COPY } from '../src/client/features/preview/copy';
import { COMMENT_MARK_CLASS } from '../src/client/features/preview/frame/commentMarks';
import { addCollaborator, createDiagram, openDiagram, person } from './support/people';
import { previewFrame } from './support/previewFrame';

const TEXT = [
  'sequenceDiagram',
  '    Alice->>Bob: one',
  '    Bob->>Carol: two',
  '    Carol-->>Alice: three',
  '    Note over Bob: later',
  '    loop every minute',
  '        Alice->>Bob: again',
  '    end',
].join('\n');
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

async function violations(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page }).withTags(TAGS).exclude('iframe').analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((node) => node.target.join(' ')).join(', ')}`);
}

/** The gutter element of the text's 1-based line. */
const gutterOf = (page: Page, line: number) =>
  page.locator('.cm-comment-gutter .cm-gutterElement').nth(line);

test.describe('comments', () => {
  test.describe.configure({ timeout: 180_000 });

  test('two people comment, reply and resolve live, and a mention reaches its person', async ({
    browser,
  }) => {
    const owner = await person(browser, 'Olivia Owner');
    const viewer = await person(browser, 'Vera Viewer');
    const diagram = await createDiagram(owner, 'Review', TEXT);
    await addCollaborator(owner, diagram.id, viewer, 'viewer');
    for (const who of [owner, viewer]) await openDiagram(who, diagram.id);
    const viewerPanel = viewer.page.getByTestId(COMMENTS_TESTIDS.panel);
    const ownerPanel = owner.page.getByTestId(COMMENTS_TESTIDS.panel);

    // The viewer opens the panel first; the owner comments from the gutter of line 3.
    await viewer.page.getByTestId(COMMENTS_TESTIDS.button).click();
    await expect(viewerPanel.getByText(COMMENTS_COPY.empty)).toBeVisible();
    await gutterOf(owner.page, 3).click();
    await expect(ownerPanel.getByText(COMMENTS_COPY.newOnLine(3))).toBeVisible();
    await ownerPanel.getByTestId(COMMENTS_TESTIDS.body).fill('@vera should this call be async?');
    await ownerPanel.getByTestId(COMMENTS_TESTIDS.add).click();

    // It reaches the viewer's open panel without a reload, with the mention marked.
    const thread = viewerPanel.getByTestId(COMMENTS_TESTIDS.thread);
    await expect(thread).toHaveCount(1);
    await expect(thread.locator('mark')).toHaveText('@vera');
    await expect(thread.getByTestId(COMMENTS_TESTIDS.showLine)).toHaveText(
      COMMENTS_COPY.showLine(3),
    );
    // A viewer may reply but not resolve.
    await expect(thread.getByTestId(COMMENTS_TESTIDS.resolve)).toHaveCount(0);
    await thread.getByRole('button', { name: COMMENTS_COPY.reply }).click();
    await thread.getByTestId(COMMENTS_TESTIDS.body).fill('Yes, with a retry.');
    await thread.getByTestId(COMMENTS_TESTIDS.add).click();

    const ownerThread = ownerPanel.getByTestId(COMMENTS_TESTIDS.thread);
    await expect(ownerThread.getByTestId(COMMENTS_TESTIDS.reply)).toContainText(
      'Yes, with a retry.',
    );
    await ownerThread.getByTestId(COMMENTS_TESTIDS.resolve).click();
    await expect(thread).toHaveAttribute('data-resolved', 'true');
    await expect(viewerPanel.getByText(`${COMMENTS_COPY.resolved} (1)`)).toBeVisible();

    // The gutter marks open threads: the owner reopens it and both texts mark line 3 (once the
    // owner's own panel has the answer: until then its button still says Resolve).
    await expect(ownerThread.getByTestId(COMMENTS_TESTIDS.resolve)).toHaveText(
      COMMENTS_COPY.reopen,
    );
    await ownerThread.getByTestId(COMMENTS_TESTIDS.resolve).click();
    await expect(thread).toHaveAttribute('data-resolved', 'false');
    await viewer.page.keyboard.press('Escape');
    await owner.page.keyboard.press('Escape');
    for (const who of [owner, viewer]) {
      await expect(gutterOf(who.page, 3).getByTestId(COMMENTS_TESTIDS.gutter)).toBeVisible();
      // And the drawing marks the commented message, beside it rather than in its SVG.
      const marks = previewFrame(who.page).locator(`.${COMMENT_MARK_CLASS}`);
      await expect(marks).toHaveCount(1);
      await expect(marks).toHaveAttribute('data-line', '3');
      await expect(previewFrame(who.page).locator(`svg .${COMMENT_MARK_CLASS}`)).toHaveCount(0);
    }

    // Show line: the panel closes and the text selects the statement.
    await viewer.page.getByTestId(COMMENTS_TESTIDS.button).click();
    await viewerPanel.getByTestId(COMMENTS_TESTIDS.showLine).click();
    await expect(viewerPanel).toHaveCount(0);
    await expect(viewer.page.locator('.cm-activeLine')).toHaveText('    Bob->>Carol: two');

    // The drawing's context menu starts a comment on the statement of a message, a participant
    // (its first use, as it is not declared), a note and a block.
    const drawing = previewFrame(owner.page);
    for (const [item, line] of [
      [drawing.locator('text.messageText', { hasText: 'three' }), 4],
      [drawing.locator('text.actor', { hasText: 'Carol' }).first(), 3],
      [drawing.locator('text.noteText', { hasText: 'later' }), 5],
      [drawing.locator('text.loopText', { hasText: 'every minute' }), 6],
    ] as const) {
      const addComment = drawing
        .getByRole('menu')
        .getByRole('menuitem', { name: PREVIEW_COPY.menu.addComment });
      // A right-click that a busy frame missed (the drawing placed anew under it) opens no
      // menu: a person clicks again.
      await expect(async () => {
        await item.click({ button: 'right' });
        await expect(addComment).toBeVisible({ timeout: 3_000 });
      }).toPass();
      await addComment.click();
      await expect(ownerPanel.getByText(COMMENTS_COPY.newOnLine(line))).toBeVisible();
      await owner.page.keyboard.press('Escape');
      await expect(ownerPanel).toHaveCount(0);
    }

    // The viewer's Mentions list holds the owner's comment.
    await viewer.page.getByTestId(AUTH_TESTIDS.avatarMenu).click();
    await viewer.page.getByTestId(COMMENTS_TESTIDS.mentions).click();
    const mentions = viewer.page.getByTestId(COMMENTS_TESTIDS.mentionsDialog);
    await expect(mentions.getByTestId(COMMENTS_TESTIDS.mention)).toContainText(
      '@vera should this call be async?',
    );
    await expect(mentions.getByTestId(COMMENTS_TESTIDS.mention)).toContainText('in Review');

    for (const who of [owner, viewer]) await who.context.close();
  });

  for (const colorScheme of ['light', 'dark'] as const) {
    for (const viewport of [
      { width: 1440, height: 900 },
      { width: 390, height: 844 },
    ]) {
      test(`the Comments panel is axe-clean (${viewport.width} px, ${colorScheme})`, async ({
        browser,
      }, testInfo) => {
        const owner = await person(browser, 'Axel Owner');
        const diagram = await createDiagram(owner, 'Axe', TEXT);
        const thread = await owner.page.request.post(`/api/diagrams/${diagram.id}/comments`, {
          data: { body: 'Who retries here? @axel', line: 2 },
        });
        const { id } = (await thread.json()) as { id: number };
        await owner.page.request.post(`/api/diagrams/${diagram.id}/comments`, {
          data: { body: 'The client does.', parentId: id },
        });
        const resolved = await owner.page.request.post(`/api/diagrams/${diagram.id}/comments`, {
          data: { body: 'Settled.', line: 3 },
        });
        await owner.page.request.patch(
          `/api/diagrams/${diagram.id}/comments/${((await resolved.json()) as { id: number }).id}`,
          { data: { resolved: true } },
        );
        await owner.page.setViewportSize(viewport);
        await owner.page.emulateMedia({ colorScheme });
        await openDiagram(owner, diagram.id);
        await owner.page.getByTestId(COMMENTS_TESTIDS.button).click();
        const panel = owner.page.getByTestId(COMMENTS_TESTIDS.panel);
        await expect(panel.getByTestId(COMMENTS_TESTIDS.thread)).toHaveCount(2);
        expect(await violations(owner.page)).toEqual([]);
        await owner.page.screenshot({
          path: testInfo.outputPath(`comments-${viewport.width}-${colorScheme}.png`),
        });
        await owner.context.close();
      });
    }
  }
});
