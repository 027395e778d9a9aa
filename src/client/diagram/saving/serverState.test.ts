import { describe, expect, it } from 'vitest';
import { adoptServerFields, createServerStateStore, newServerState } from './serverState';

const opened = () => ({
  ...newServerState({ title: 'Plan', content: 'sequenceDiagram' }),
  id: 7,
  updatedAt: '2026-01-01T00:00:00.000Z',
});

describe('adoptServerFields', () => {
  it("takes the server's updatedAt, sharing and folder for the open diagram", () => {
    const store = createServerStateStore(opened());
    adoptServerFields(store, {
      id: 7,
      updatedAt: '2026-01-02T00:00:00.000Z',
      isPublic: true,
      shareToken: 'token',
      folderId: 3,
    });
    expect(store.get()).toMatchObject({
      updatedAt: '2026-01-02T00:00:00.000Z',
      isPublic: true,
      shareToken: 'token',
      folderId: 3,
      baseline: { title: 'Plan', content: 'sequenceDiagram' },
    });
  });

  it('leaves another open diagram alone', () => {
    const store = createServerStateStore(opened());
    const before = store.get();
    adoptServerFields(store, {
      id: 8,
      updatedAt: '2026-01-02T00:00:00.000Z',
      isPublic: true,
      shareToken: 'token',
      folderId: 3,
    });
    expect(store.get()).toBe(before);
  });
});
