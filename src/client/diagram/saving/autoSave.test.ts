import { describe, expect, it } from 'vitest';
import type { DiagramAccess } from '@shared/schemas';
import type { Draft, DraftStore } from '../draftStore';
import { autoSaveEligible } from './autoSave';
import { createServerStateStore, newServerState } from './serverState';

const draftOf = (draft: Draft): DraftStore => ({
  get: () => draft,
  setTitle: () => undefined,
  setContent: () => undefined,
  subscribe: () => () => undefined,
});

/** An opened diagram of `access` whose text was changed since it was saved. */
const changedAs = (access: DiagramAccess) => ({
  draft: draftOf({ title: 'Plan', content: 'sequenceDiagram\nA->>B: changed' }),
  serverState: createServerStateStore({
    ...newServerState({ title: 'Plan', content: 'sequenceDiagram\nA->>B: saved' }),
    id: 7,
    access,
  }),
  enabled: () => true,
});

describe('autoSaveEligible', () => {
  it('saves the changes of whoever may edit: the owner and an editor', () => {
    expect(autoSaveEligible(changedAs('owner'))).toBe(true);
    expect(autoSaveEligible(changedAs('editor'))).toBe(true);
  });

  it("never saves a viewer's text: they may not edit", () => {
    expect(autoSaveEligible(changedAs('viewer'))).toBe(false);
  });

  it('waits for a change, and for the switch', () => {
    const unchanged = changedAs('owner');
    unchanged.draft = draftOf(unchanged.serverState.get().baseline);
    expect(autoSaveEligible(unchanged)).toBe(false);
    expect(autoSaveEligible({ ...changedAs('owner'), enabled: () => false })).toBe(false);
  });
});
