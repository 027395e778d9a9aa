/**
 * Mermaid itself reads what the gestures write: for generated diagrams it draws, the text after
 * a gesture draws too (drawn by the installed mermaid in a real Chromium, as the preview does).
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { diagramAndGesture } from '../support/drawing-gestures.js';
import {
  launchMermaidPages,
  type MermaidPage,
  type MermaidPages,
} from '../support/mermaid-pages.js';
import {
  applyTextEdit,
  drawingEdit,
  type DrawingEdit,
} from '../../src/shared/mermaid-reader/drawing-edit.js';

let pages: MermaidPages;
let mermaid: MermaidPage;

beforeAll(async () => {
  pages = await launchMermaidPages();
  mermaid = await pages.open('mermaid', 'mermaid.min.js');
});
afterAll(() => pages?.close());

const SMALL = [
  'sequenceDiagram',
  '    participant Web',
  '    Web->>Api: charge',
  '    alt paid',
  '        Api-->>Web: ok',
  '    end',
].join('\n');

/** Each gesture once on a small diagram: what each writes is mermaid text. */
const EVERY: DrawingEdit[] = [
  { op: 'insert-message', at: 4, from: 'Api', to: 'Web' },
  { op: 'move-message', line: 3, to: 6 },
  { op: 'reconnect', line: 3, end: 'to', participant: 'Db' },
  { op: 'reverse', line: 3 },
  { op: 'arrow', line: 3, arrow: '--)' },
  { op: 'add-note', line: 3 },
  { op: 'activate', line: 3 },
  ...(['loop', 'alt', 'opt', 'par', 'critical', 'break'] as const).map((block): DrawingEdit => ({
    op: 'wrap',
    line: 3,
    block,
  })),
  { op: 'delete-message', line: 3 },
  { op: 'message-label', line: 3, text: 'pay #1; now' },
  { op: 'reorder-participant', name: 'Api', before: 'Web' },
  { op: 'rename', name: 'Web', to: 'Browser' },
  ...(['actor', 'boundary', 'control', 'entity', 'database', 'collections', 'queue'] as const).map(
    (type): DrawingEdit => ({ op: 'participant-type', name: 'Api', type }),
  ),
  { op: 'delete-participant', name: 'Api' },
  { op: 'add-branch', line: 4 },
  { op: 'unwrap', line: 4 },
  { op: 'delete-block', line: 4 },
];

async function draws(text: string): Promise<string | null> {
  const drawing = await mermaid.render(`d${Math.random().toString(36).slice(2)}`, text);
  return 'error' in drawing ? drawing.error : null;
}

describe('what drawing gestures write, as mermaid reads it', () => {
  it('every gesture on a small diagram writes text mermaid draws', async () => {
    for (const request of EVERY) {
      const result = drawingEdit(SMALL, request);
      expect(result.ok, `${request.op}: ${result.ok ? '' : result.reason}`).toBe(true);
      if (!result.ok) continue;
      const after = applyTextEdit(SMALL, result.edit);
      expect(await draws(after), `${request.op}:\n${after}`).toBeNull();
    }
  });

  it('a generated diagram mermaid draws still draws after a gesture', async () => {
    const samples = fc.sample(diagramAndGesture, { numRuns: 40, seed: 45 });
    let checked = 0;
    for (const { text, request } of samples) {
      const result = drawingEdit(text, request);
      if (!result.ok || (await draws(text)) !== null) continue;
      const after = applyTextEdit(text, result.edit);
      expect(await draws(after), `${JSON.stringify(request)}:\n${text}\n---\n${after}`).toBeNull();
      checked++;
    }
    expect(checked).toBeGreaterThan(10);
  });
});
