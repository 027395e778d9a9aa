import { describe, expect, it } from 'vitest';
import { renameSvgMarkup, SHOWN_SVG_ID } from './renameSvg';

const id = 'lifeline-diagram-7';

describe('renameSvgMarkup', () => {
  it('renames the id in attributes and style rules', () => {
    const markup =
      `<svg aria-labelledby="chart-title-${id}" id="${id}"><style>#${id}{fill:red;}#${id} .a{}</style>` +
      `<g><line marker-end="url(#${id}_arrowhead)"></line></g></svg>`;
    expect(renameSvgMarkup(markup)).toBe(
      `<svg aria-labelledby="chart-title-${SHOWN_SVG_ID}" id="${SHOWN_SVG_ID}">` +
        `<style>#${SHOWN_SVG_ID}{fill:red;}#${SHOWN_SVG_ID} .a{}</style>` +
        `<g><line marker-end="url(#${SHOWN_SVG_ID}_arrowhead)"></line></g></svg>`,
    );
  });

  it('leaves text that reads like the id as written, and comments alone', () => {
    const markup = `<svg id="${id}"><text x="1">${id} is "quoted" &gt; here</text><!-- ${id} "--></svg>`;
    expect(renameSvgMarkup(markup)).toBe(
      `<svg id="${SHOWN_SVG_ID}"><text x="1">${id} is "quoted" &gt; here</text><!-- ${id} "--></svg>`,
    );
  });

  it("reads a '>' inside a quoted value as part of the tag", () => {
    const markup = `<svg id="${id}"><g aria-label="a > b" marker-end="url(#${id}_x)">${id}</g></svg>`;
    expect(renameSvgMarkup(markup)).toBe(
      `<svg id="${SHOWN_SVG_ID}"><g aria-label="a > b" marker-end="url(#${SHOWN_SVG_ID}_x)">${id}</g></svg>`,
    );
  });

  it('leaves markup without an svg id of its own, or already renamed, unchanged', () => {
    for (const markup of [
      '<div>x</div>',
      '<svg width="1"><g id="a"></g></svg>',
      `<svg id="a b">${id}</svg>`,
      `<svg id="${SHOWN_SVG_ID}"></svg>`,
      '',
    ]) {
      expect(renameSvgMarkup(markup)).toBe(markup);
    }
  });

  it('gets through long hostile markup in one pass (a quadratic scan would stall the test)', () => {
    // An unclosed quote and unclosed comments: each piece runs to the end of the markup.
    for (const tail of ['<"'.repeat(200_001), '<!--'.repeat(100_000)]) {
      const hostile = `<svg id="${id}">${tail}${id}`;
      const renamed = renameSvgMarkup(hostile);
      expect(renamed.startsWith(`<svg id="${SHOWN_SVG_ID}">`)).toBe(true);
      // The id at the end is inside the unclosed tag (renamed) or comment (left alone).
      const renames = tail.startsWith('<"') ? 2 : 1;
      expect(renamed.length).toBe(hostile.length + renames * (SHOWN_SVG_ID.length - id.length));
    }
  });
});
