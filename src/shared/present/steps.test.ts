import { describe, expect, it } from 'vitest';
import { clampStep, presentSteps } from './steps.js';

describe('presentSteps', () => {
  it('makes one step per message, in source order, with its line', () => {
    const steps = presentSteps('sequenceDiagram\nA->>B: one\nB-->>A: two\nA-)B: three');
    expect(steps.map((step) => step.line)).toEqual([2, 3, 4]);
  });

  it('reveals a note with the message after it, and a trailing note with the last message', () => {
    const steps = presentSteps(
      [
        'sequenceDiagram',
        'Note over A: first',
        'A->>B: one',
        'Note right of B: about two',
        'B->>A: two',
        'Note over A,B: the end',
      ].join('\n'),
    );
    expect(steps.map((step) => step.notes)).toEqual([[0], [1, 2]]);
  });

  it('reveals a block with its first message; framed blocks count in the order they end', () => {
    const steps = presentSteps(
      [
        'sequenceDiagram',
        'A->>B: one',
        'loop every minute',
        'B->>C: two',
        'alt ok',
        'C-->>B: three',
        'else bad',
        'C--xB: four',
        'end',
        'end',
        'opt maybe',
        'A->>C: five',
        'end',
      ].join('\n'),
    );
    // alt ends first (drawn 0), then loop (1), then opt (2).
    expect(steps.map((step) => step.frames)).toEqual([[], [1], [0], [], [2]]);
  });

  it('counts rect backgrounds in reverse order of their ends, and leaves box out', () => {
    const steps = presentSteps(
      [
        'sequenceDiagram',
        'box Aqua Group',
        'participant A',
        'end',
        'rect rgb(1,2,3)',
        'A->>B: one',
        'rect rgb(4,5,6)',
        'B->>C: two',
        'end',
        'end',
        'rect rgb(7,8,9)',
        'A->>C: three',
        'end',
      ].join('\n'),
    );
    // Ends: inner (source 1), outer (0), last (2); drawn in reverse: last 0, outer 1, inner 2.
    expect(steps.map((step) => step.rects)).toEqual([[1], [2], [0]]);
    expect(steps.flatMap((step) => step.frames)).toEqual([]);
  });

  it('reveals a block opened after the last message with the last step; an unended one is not drawn', () => {
    const steps = presentSteps(
      'sequenceDiagram\nA->>B: one\nloop tail\nNote over A: x\nend\nopt open',
    );
    expect(steps).toEqual([{ line: 2, notes: [0], frames: [0], rects: [] }]);
  });

  it('has no steps for other diagrams, or a sequence without messages', () => {
    expect(presentSteps('flowchart TD\nA-->B')).toEqual([]);
    expect(presentSteps('sequenceDiagram\nparticipant A\nNote over A: alone')).toEqual([]);
  });

  it('skips comments and keywords, and reads indented and activated messages', () => {
    const steps = presentSteps(
      'sequenceDiagram\n  autonumber\n  %% A->>B: not a message\n  A->>+B: one\n  activate A\n  B-->>-A: two',
    );
    expect(steps.map((step) => step.line)).toEqual([4, 6]);
  });
});

describe('clampStep', () => {
  it('turns a 1-based step into an index within the steps', () => {
    expect(clampStep(3, 12)).toBe(2);
    expect(clampStep(1, 12)).toBe(0);
    expect(clampStep(12, 12)).toBe(11);
  });

  it('starts at the first step for 0, negatives and non-integers; ends at the last beyond it', () => {
    expect(clampStep(0, 5)).toBe(0);
    expect(clampStep(-2, 5)).toBe(0);
    expect(clampStep(2.5, 5)).toBe(0);
    expect(clampStep(Number.NaN, 5)).toBe(0);
    expect(clampStep(99, 5)).toBe(4);
    expect(clampStep(1, 0)).toBe(0);
  });
});
