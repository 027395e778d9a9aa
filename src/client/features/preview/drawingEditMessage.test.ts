import { describe, expect, it } from 'vitest';
import { parseDrawingEditMessage } from './drawingEditMessage';

const valid = {
  type: 'lifeline:drawing-edit',
  edit: { op: 'reverse', line: 5 },
  lineText: '    Web->>Api: charge',
};

describe('drawing edits from the render frame', () => {
  it('accepts a well-formed gesture', () => {
    expect(parseDrawingEditMessage(valid)).toEqual(valid);
    const rename = { ...valid, edit: { op: 'rename', name: 'Api', to: 'Billing' }, lineText: null };
    expect(parseDrawingEditMessage(rename)).toEqual(rename);
  });

  it.each([
    ['another type', { ...valid, type: 'lifeline:label-edit' }],
    ['an unknown gesture', { ...valid, edit: { op: 'format-disk', line: 1 } }],
    ['line 0', { ...valid, edit: { op: 'reverse', line: 0 } }],
    ['a fractional line', { ...valid, edit: { op: 'reverse', line: 1.5 } }],
    ['an arrow not offered', { ...valid, edit: { op: 'arrow', line: 2, arrow: '<<->>' } }],
    ['a huge line text', { ...valid, lineText: 'x'.repeat(10_001) }],
    ['an empty name', { ...valid, edit: { op: 'delete-participant', name: '' } }],
    ['no edit', { type: 'lifeline:drawing-edit', lineText: null }],
    ['not an object', 'lifeline:drawing-edit'],
  ])('refuses %s', (_, data) => {
    expect(parseDrawingEditMessage(data)).toBeNull();
  });
});
