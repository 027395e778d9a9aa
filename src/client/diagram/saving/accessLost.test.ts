import { describe, expect, it } from 'vitest';
import { DIAGRAM_NOT_FOUND } from '@shared/messages';
import { HttpError } from '@/api/http';
import { lostAccess } from './accessLost';

const refused = (status: number, error?: string) =>
  new HttpError('refused', status, error === undefined ? null : { error });

describe('lostAccess', () => {
  it("reads a collaborator's 403 as now only a viewer and 404 as removed", () => {
    for (const role of ['editor', 'viewer'] as const) {
      expect(lostAccess(refused(403), role)).toBe('viewer');
      expect(lostAccess(refused(404, DIAGRAM_NOT_FOUND), role)).toBe('removed');
      expect(lostAccess(refused(404), role)).toBe('removed');
    }
  });

  it("never reads the owner's refusal as lost access: the diagram is theirs", () => {
    expect(lostAccess(refused(403), 'owner')).toBeNull();
    expect(lostAccess(refused(404, DIAGRAM_NOT_FOUND), 'owner')).toBeNull();
  });

  it('keeps other failures errors: a missing version, a server error, no answer', () => {
    expect(lostAccess(refused(404, 'Version not found'), 'editor')).toBeNull();
    expect(lostAccess(refused(500), 'editor')).toBeNull();
    expect(lostAccess(new TypeError('Failed to fetch'), 'editor')).toBeNull();
  });
});
