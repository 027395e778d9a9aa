import { describe, expect, it } from 'vitest';
import { longRuns } from '../../../test/support/long-runs.js';
import { classNames, flowchartIds } from './ids.js';

describe('flowchartIds and classNames', () => {
  it('finds node ids outside labels, most used first', () => {
    const flow =
      'flowchart LR\n  A[Start here] --> B{Is it?}\n  B -->|Yes| C(Ship it)\n  B -- no way --> D\n  %% E comment\n  classDef x fill:#f00';
    expect(flowchartIds(flow)).toEqual(['B', 'A', 'C', 'D']);
  });

  it('finds class names outside members and labels', () => {
    const diagram =
      'classDiagram\n  Animal <|-- Duck : is a\n  class Duck{\n    +String beak\n  }\n  Animal : +int age';
    expect(classNames(diagram).slice(0, 2)).toEqual(['Animal', 'Duck']);
  });

  it('reads long runs at once', () => {
    for (const { name, text } of longRuns(50_000)) {
      expect(flowchartIds(text), name).toBeInstanceOf(Array);
    }
  });
});
