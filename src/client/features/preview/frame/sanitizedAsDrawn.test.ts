import { describe, expect, it } from 'vitest';
import { sanitizedAsDrawn } from './sanitizedAsDrawn';

const drawn = (css: string, body = '<g><text>a &gt; b</text></g>') =>
  `<svg id="d"><style>${css}</style>${body}</svg>`;

describe('sanitizedAsDrawn', () => {
  it('takes the same text, or style sheets whose `>` the pass escaped, as unchanged', () => {
    const css = '#d text.actor>tspan{fill:#333}#d .a>.b{stroke:none}';
    expect(sanitizedAsDrawn(drawn(css), drawn(css))).toBe(true);
    expect(sanitizedAsDrawn(drawn(css), drawn(css.replaceAll('>', '&gt;')))).toBe(true);
    const two = `${drawn(css)}<svg><style type="text/css">a>b{}</style></svg>`;
    // Only the second sheet escaped: the first still differs.
    expect(sanitizedAsDrawn(two, two.replaceAll('a>b', 'a&gt;b'))).toBe(false);
    expect(
      sanitizedAsDrawn(
        two,
        `${drawn(css.replaceAll('>', '&gt;'))}<svg><style type="text/css">a&gt;b{}</style></svg>`,
      ),
    ).toBe(true);
  });

  it('sees anything the pass removed or changed', () => {
    const css = 'a>b{}';
    const removed = drawn(css, '<g><text>a</text></g>');
    expect(sanitizedAsDrawn(drawn(css, '<g onclick="x()"><text>a</text></g>'), removed)).toBe(
      false,
    );
    expect(sanitizedAsDrawn(drawn(css), drawn('a&gt;b{}', '<g><text>a</text></g>'))).toBe(false);
    // `>` outside a style sheet is not the pass's escaping.
    expect(sanitizedAsDrawn('<svg><g>></g></svg>', '<svg><g>&gt;</g></svg>')).toBe(false);
    // A style sheet that never closes is compared as it is.
    expect(sanitizedAsDrawn('<svg><style>a>b', '<svg><style>a&gt;b')).toBe(false);
  });

  it('gets through long hostile markup in one pass (a quadratic scan would stall the test)', () => {
    // Style sheets that never end their opening tag, never close, or close every few characters.
    const unended = '<style'.repeat(100_000);
    expect(sanitizedAsDrawn(unended, `${unended}x`)).toBe(false);
    const unclosed = '<style>>'.repeat(100_000);
    expect(sanitizedAsDrawn(unclosed, `${unclosed}x`)).toBe(false);
    const many = '<style>a>b</style>'.repeat(100_000);
    expect(sanitizedAsDrawn(many, many.replaceAll('a>b', 'a&gt;b'))).toBe(true);
  });
});
