/** People in their own browser contexts on one app server, and what the server holds. */
import { expect, type Browser, type BrowserContext, type Page } from '@playwright/test';
import type { Diagram } from '../../src/shared/schemas';
import { EDITOR_TESTIDS } from '../../src/client/features/editor/testIds';
import { PREVIEW_TESTIDS } from '../../src/client/features/preview/testIds';
import { EditorPage } from './editorPage';
import { signInLocally, uniqueLogin } from './signIn';

export interface Person {
  context: BrowserContext;
  page: Page;
  editor: EditorPage;
  email: string;
  name: string;
}

const DESKTOP = { width: 1280, height: 800 };

/**
 * A signed-in person in a fresh browser context; `baseURL`: an app other than the suite's own (a
 * process the test starts itself).
 */
export async function person(browser: Browser, name: string, baseURL?: string): Promise<Person> {
  const context = await browser.newContext({ viewport: DESKTOP, ...(baseURL ? { baseURL } : {}) });
  const page = await context.newPage();
  const email = `${uniqueLogin(name.split(' ')[0]?.toLowerCase() ?? 'live')}@example.test`;
  await signInLocally(page, email, name);
  return { context, page, editor: new EditorPage(page), email, name };
}

/** Someone with no session: a fresh browser context that never signed in. */
export async function visitor(browser: Browser): Promise<Omit<Person, 'email' | 'name'>> {
  const context = await browser.newContext({ viewport: DESKTOP });
  const page = await context.newPage();
  return { context, page, editor: new EditorPage(page) };
}

export async function createDiagram(owner: Person, title: string, content: string) {
  const created = await owner.page.request.post('/api/diagrams', { data: { title, content } });
  expect(created.status()).toBe(201);
  return (await created.json()) as Diagram;
}

/** Adds a collaborator; answers the collaborator row's id (for removing them). */
export async function addCollaborator(
  owner: Person,
  id: number,
  who: Person,
  role: 'viewer' | 'editor',
): Promise<number> {
  const added = await owner.page.request.post(`/api/diagrams/${id}/collaborators`, {
    data: { email: who.email, role },
  });
  expect(added.ok()).toBe(true);
  return ((await added.json()) as { id: number }).id;
}

/** Turns the public link on (or off) over REST; answers the share token when on. */
export async function setPublic(owner: Person, id: number, isPublic: boolean) {
  const shared = await owner.page.request.put(`/api/diagrams/${id}`, { data: { isPublic } });
  expect(shared.ok()).toBe(true);
  return (await shared.json()) as Diagram;
}

/** Opens a saved diagram in the signed-in editor and waits for its text. */
export async function openDiagram(who: Person, id: number): Promise<void> {
  await who.page.goto(`/?diagramId=${id}`);
  await expect(who.page.getByTestId(EDITOR_TESTIDS.signedIn)).toHaveAttribute(
    'data-ready',
    'true',
    { timeout: 90_000 },
  );
  await expect(who.editor.content).toBeVisible();
}

/** The diagram's text as the REST API answers it. */
export async function serverText(page: Page, id: number): Promise<string> {
  const response = await page.request.get(`/api/diagrams/${id}`);
  return ((await response.json()) as Diagram).content;
}

/** The labels the preview has drawn (inside its sandboxed frame). */
export function drawnMessages(page: Page) {
  return page.frameLocator(`[data-testid="${PREVIEW_TESTIDS.frame}"]`).locator('text.messageText');
}
