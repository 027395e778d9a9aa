import { expect, test } from '@playwright/test';
import { PREVIEW_TESTIDS } from '../src/client/features/preview/testIds';
import { EditorPage } from './support/editorPage';

/** The benchmarks' switches live in their own build (npm run build:bench); users get none. */
test('the shipped app ignores the benchmark switches and exposes no editor hook', async ({
  page,
}) => {
  const editor = new EditorPage(page);
  await page.goto('/try?preview=inline&pan=layout');
  await expect(editor.content).toBeVisible();
  const preview = page.getByTestId(PREVIEW_TESTIDS.root);
  await expect(preview).toHaveAttribute('data-mode', 'frame');
  await expect(preview).toHaveAttribute('data-status', /^(ok|fallback|error)$/, {
    timeout: 30_000,
  });
  const frameSrc = await page.getByTestId(PREVIEW_TESTIDS.frame).getAttribute('src');
  expect(frameSrc).not.toContain('pan=');
  expect(await page.evaluate(() => '__lifelineEditor' in window)).toBe(false);
});
