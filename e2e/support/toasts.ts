import type { Locator, Page } from '@playwright/test';

export const toastLocator = (page: Page): Locator => page.getByTestId('toast');

export interface ToastRecord {
  /** The latest text of each toast that has appeared, in order of appearance. */
  texts: () => string[];
}

/**
 * Records every toast as it appears, on this document and on every one the page navigates to.
 * A toast shown just before the page leaves (the 'Sign in required' toast before the sign-in
 * redirect) can be gone before a polling assertion sees it; the record keeps it.
 */
export async function recordToasts(page: Page): Promise<ToastRecord> {
  const seen = new Map<string, string>();
  await page.exposeFunction('lifelineToastSeen', (key: string, text: string) => {
    seen.set(key, text);
  });
  const observe = `(() => {
    const doc = Math.random().toString(36).slice(2);
    const keys = new WeakMap();
    let next = 0;
    const scan = () => {
      for (const toast of document.querySelectorAll('[data-testid="toast"]')) {
        const text = toast.textContent || '';
        const known = keys.get(toast);
        if (known && known.text === text) continue;
        const key = known ? known.key : doc + ':' + next++;
        keys.set(toast, { key, text });
        window.lifelineToastSeen(key, text);
      }
    };
    const start = () => {
      new MutationObserver(scan).observe(document.documentElement, {
        childList: true,
        subtree: true,
        characterData: true,
      });
      scan();
    };
    if (document.documentElement) start();
    else document.addEventListener('DOMContentLoaded', start);
  })()`;
  await page.addInitScript(observe);
  await page.evaluate(observe);
  return { texts: () => [...seen.values()] };
}
