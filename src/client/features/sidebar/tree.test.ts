import { describe, expect, it } from 'vitest';
import type { DiagramSummary, Folder } from '@shared/schemas';
import { buildRows, dropTargetOf } from './tree';

const folder = (id: number, position: number): Folder => ({ id, name: `F${id}`, position });
const diagram = (id: number, folderId: number | null, updatedAt: string): DiagramSummary => ({
  id,
  userId: 1,
  title: `D${id}`,
  isPublic: false,
  shareToken: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt,
  folderId,
  position: 0,
});

describe('buildRows', () => {
  const folders = [folder(1, 2), folder(2, 0), folder(3, 1)];
  const diagrams = [
    diagram(10, 1, '2026-01-01T00:00:00.000Z'),
    diagram(11, 1, '2026-03-01T00:00:00.000Z'),
    diagram(12, 1, ''),
    diagram(13, null, '2026-01-01T00:00:00.000Z'),
    diagram(14, null, '2026-02-01T00:00:00.000Z'),
    diagram(15, 99, '2026-04-01T00:00:00.000Z'),
  ];

  it('sorts folders by position and diagrams newest first, missing updatedAt last', () => {
    const rows = buildRows(folders, diagrams, new Set([1, 3]));
    expect(rows.map((row) => row.key)).toEqual([
      'f2',
      'f3',
      'e3',
      'f1',
      'd11',
      'd10',
      'd12',
      'd15',
      'd14',
      'd13',
      'root',
    ]);
  });

  it('hides the diagrams of closed folders but counts them', () => {
    const rows = buildRows(folders, diagrams, new Set());
    const first = rows.find((row) => row.kind === 'folder' && row.folder.id === 1);
    expect(first).toMatchObject({ count: 3, expanded: false });
    expect(rows.some((row) => row.key === 'd11')).toBe(false);
  });

  it('drops on a folder, its rows, or the root', () => {
    const rows = buildRows(folders, diagrams, new Set([1, 3]));
    const target = (key: string) => dropTargetOf(rows.find((row) => row.key === key)!);
    expect([target('f2'), target('e3'), target('d11'), target('d14'), target('root')]).toEqual([
      2,
      3,
      1,
      null,
      null,
    ]);
  });
});
