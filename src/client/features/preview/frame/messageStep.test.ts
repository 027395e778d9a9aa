import { describe, expect, it } from 'vitest';
import { applyTextEdit, drawingEdit } from '@shared/mermaid-reader/drawing-edit';
import { readSequence } from '@shared/mermaid-reader/sequence';
import { messageStep } from './messageStep';

const TEXT = [
  'sequenceDiagram',
  '    participant Web',
  '    Web->>Api: charge',
  '',
  '    loop every minute',
  '        Api-->>Web: status',
  '    end',
  '    Web->>Db: save',
].join('\n');

/** Alt+↑ or Alt+↓ on `line`: the text after, and the line the message landed on. */
function step(text: string, line: number, up: boolean) {
  const place = messageStep(readSequence(text), line, up);
  if (!place) return null;
  const result = drawingEdit(text, { op: 'move-message', line, to: place.to });
  if (!result.ok) throw new Error(result.reason);
  const after = applyTextEdit(text, result.edit);
  return { after, landed: after.split('\n')[place.lands - 1]!.trim() };
}

describe('Alt+↑/↓ on a message', () => {
  it('goes into a block past its opening line, then past each statement', () => {
    const down = step(TEXT, 3, false)!;
    expect(down.landed).toBe('Web->>Api: charge');
    expect(down.after.split('\n').slice(3, 6)).toEqual([
      '    loop every minute',
      '        Web->>Api: charge',
      '        Api-->>Web: status',
    ]);
    const again = step(down.after, 5, false)!;
    expect(again.after.split('\n')[5]).toBe('        Web->>Api: charge');
  });

  it('leaves a block past its end, and stops under the declarations and at the last line', () => {
    const up = step(TEXT, 8, true)!;
    expect(up.landed).toBe('Web->>Db: save');
    expect(up.after.split('\n').slice(5, 8)).toEqual([
      '        Api-->>Web: status',
      '        Web->>Db: save',
      '    end',
    ]);
    expect(messageStep(readSequence(TEXT), 3, true)).toBeNull();
    expect(messageStep(readSequence(TEXT), 8, false)).toBeNull();
  });
});
