/** The Export menu (header and phone alike) offers the table's menu formats, as it always has. */
import { describe, expect, it } from 'vitest';
import { MENU_FORMATS, STEPPED_FORMATS } from '@shared/output-formats';
import { EXPORT_GROUPS } from './ExportItems';
import { EXPORT_TESTIDS } from './testIds';

const group = (id: 'files' | 'copies' | 'steps') =>
  EXPORT_GROUPS.find((each) => each.id === id)?.items ?? [];

describe('the Export menu', () => {
  it("shows the same items in the same order: spec §2's SVG and PNG, a PDF, the copies, the stepped files", () => {
    expect(EXPORT_GROUPS.map(({ id, items }) => [id, items.map((item) => item.label)])).toEqual([
      ['files', ['SVG', 'PNG', 'PDF']],
      ['copies', ['Copy as text', 'Copy as ASCII', 'Copy description']],
      ['steps', ['Animated SVG', 'PDF, a page per step']],
    ]);
  });

  it('has an item for every menu format of the table, and a stepped item for each stepped format', () => {
    expect([...group('files'), ...group('copies')].map((item) => item.testId)).toEqual(
      MENU_FORMATS.map((format) => EXPORT_TESTIDS.format[format]),
    );
    expect(group('steps').map((item) => item.testId)).toEqual(
      STEPPED_FORMATS.map((format) => EXPORT_TESTIDS.steps[format]),
    );
  });
});
