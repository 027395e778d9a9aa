import { describe, expect, it } from 'vitest';
import { ACTIONS, actionsOf, can, rolesThatMay, type Access, type Action } from './can.js';

/** Every role × action, written out: a change of the policy must change this table. */
const TABLE: Record<Action, Record<'owner' | 'editor' | 'viewer' | 'none', boolean>> = {
  read: { owner: true, editor: true, viewer: true, none: false },
  'see-history': { owner: true, editor: true, viewer: true, none: false },
  edit: { owner: true, editor: true, viewer: false, none: false },
  restore: { owner: true, editor: true, viewer: false, none: false },
  share: { owner: true, editor: false, viewer: false, none: false },
  move: { owner: true, editor: false, viewer: false, none: false },
  delete: { owner: true, editor: false, viewer: false, none: false },
  'manage-collaborators': { owner: true, editor: false, viewer: false, none: false },
  comment: { owner: true, editor: true, viewer: true, none: false },
  'resolve-comments': { owner: true, editor: true, viewer: false, none: false },
};

const accessOf = (role: keyof (typeof TABLE)['read']): Access => (role === 'none' ? null : role);

describe('can', () => {
  it('covers every action in the table', () => {
    expect([...ACTIONS].sort()).toEqual(Object.keys(TABLE).sort());
  });

  for (const action of ACTIONS) {
    for (const [role, allowed] of Object.entries(TABLE[action])) {
      it(`${allowed ? 'lets' : 'does not let'} ${role} ${action}`, () => {
        expect(can(accessOf(role as keyof (typeof TABLE)['read']), action)).toBe(allowed);
      });
    }
  }

  it('answers nothing for an undefined access', () => {
    for (const action of ACTIONS) expect(can(undefined, action)).toBe(false);
  });

  it('names the roles allowed to act, as the SQL conditions use them', () => {
    for (const action of ACTIONS) {
      const roles = (['owner', 'editor', 'viewer'] as const).filter((role) => TABLE[action][role]);
      expect([...rolesThatMay(action)].sort()).toEqual([...roles].sort());
    }
  });

  it('lists what each role may do, as can answers it', () => {
    for (const role of ['owner', 'editor', 'viewer', 'none'] as const) {
      const allowed = ACTIONS.filter((action) => TABLE[action][role]);
      expect(actionsOf(accessOf(role))).toEqual(allowed);
    }
  });
});
