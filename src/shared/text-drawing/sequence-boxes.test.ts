import { describe, expect, it } from 'vitest';
import { boxTitle } from './sequence-boxes.js';

describe("a box's title, after mermaid's reading of its colour", () => {
  it.each([
    ['Aqua Backend', 'Backend'],
    ['transparent Backend', 'Backend'],
    ['rgb(33, 66, 99) Backend services', 'Backend services'],
    ['rgba (1,2,3,0.5) Backend', 'Backend'],
    ['hsl(120, 50%, 50%)', ''],
    ['Backend services', 'Backend services'],
    ['none Backend', 'none Backend'],
    ['#ff0000 Backend', '#ff0000 Backend'],
    ['rgb(1,2) Backend', 'rgb(1,2) Backend'],
    ['', ''],
  ])('%j has the title %j', (line, title) => {
    expect(boxTitle(line)).toBe(title);
  });
});
