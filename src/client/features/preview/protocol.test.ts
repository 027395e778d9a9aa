import { describe, expect, it } from 'vitest';
import {
  isCommentMarksRequest,
  MAX_COMMENT_MARKS,
  isFrameMessage,
  isHighlightRequest,
  isMarkupRequest,
  isPinRequest,
  isRenderRequest,
  isTouchEditRequest,
  isViewCommand,
  isZoomRequest,
  markupFromBytes,
  type RenderMarkupMessage,
  type RenderResultMessage,
} from './protocol';

const result: RenderResultMessage = {
  type: 'lifeline:result',
  seq: 3,
  status: 'fallback',
  theme: 'neutral',
  diagramType: 'sequence',
  error: 'Parse error on line 1:',
  renderMs: 12,
  textLength: 40,
  width: 100,
  height: 50,
};

const markup: RenderMarkupMessage = {
  type: 'lifeline:markup',
  seq: 3,
  svgBytes: new TextEncoder().encode('<svg><text>Zoë → 日本</text></svg>').buffer,
};

describe('isRenderRequest', () => {
  it('accepts a well-formed request', () => {
    expect(isRenderRequest({ type: 'lifeline:render', seq: 1, text: 'a', theme: 'dark' })).toBe(
      true,
    );
  });

  it.each([
    null,
    'lifeline:render',
    { type: 'lifeline:render', seq: 1, text: 'a' },
    { type: 'lifeline:render', seq: -1, text: 'a', theme: 'dark' },
    { type: 'lifeline:render', seq: 1.5, text: 'a', theme: 'dark' },
    { type: 'lifeline:render', seq: 1, text: 42, theme: 'dark' },
    { type: 'lifeline:render', seq: 1, text: 'a', theme: 'forest' },
    { type: 'other', seq: 1, text: 'a', theme: 'dark' },
  ])('rejects %j', (data) => {
    expect(isRenderRequest(data)).toBe(false);
  });
});

describe('isZoomRequest', () => {
  it('accepts a zoom factor and rejects others', () => {
    expect(isZoomRequest({ type: 'lifeline:zoom', zoom: 1.5, seq: 1 })).toBe(true);
    expect(isZoomRequest({ type: 'lifeline:zoom', zoom: 0, seq: 1 })).toBe(false);
    expect(isZoomRequest({ type: 'lifeline:zoom', zoom: '2', seq: 1 })).toBe(false);
    expect(isZoomRequest({ type: 'lifeline:zoom', zoom: Infinity, seq: 1 })).toBe(false);
  });

  it('counts the zooms asked: a whole number, never missing', () => {
    expect(isZoomRequest({ type: 'lifeline:zoom', zoom: 1.5 })).toBe(false);
    expect(isZoomRequest({ type: 'lifeline:zoom', zoom: 1.5, seq: -1 })).toBe(false);
    expect(isZoomRequest({ type: 'lifeline:zoom', zoom: 1.5, seq: 1.5 })).toBe(false);
  });

  it("accepts a replaced frame's place with it, in finite pixels only", () => {
    expect(
      isZoomRequest({ type: 'lifeline:zoom', zoom: 0.4, at: { x: -120, y: 52 }, seq: 2 }),
    ).toBe(true);
    expect(isZoomRequest({ type: 'lifeline:zoom', zoom: 0.4, at: { x: NaN, y: 0 }, seq: 2 })).toBe(
      false,
    );
    expect(isZoomRequest({ type: 'lifeline:zoom', zoom: 0.4, at: { x: 0 }, seq: 2 })).toBe(false);
    expect(isZoomRequest({ type: 'lifeline:zoom', zoom: 0.4, at: 'top', seq: 2 })).toBe(false);
  });
});

describe('isFrameMessage', () => {
  it('accepts ready and complete results', () => {
    expect(isFrameMessage({ type: 'lifeline:ready' })).toBe(true);
    expect(isFrameMessage({ type: 'lifeline:warm', loadMs: 180 })).toBe(true);
    expect(isFrameMessage({ type: 'lifeline:warm', loadMs: -1 })).toBe(false);
    expect(isFrameMessage({ type: 'lifeline:warm', loadMs: '180' })).toBe(false);
    expect(isFrameMessage(result)).toBe(true);
    expect(isFrameMessage({ ...result, error: null })).toBe(true);
    expect(isFrameMessage(markup)).toBe(true);
  });

  it.each([
    ['an unknown status', { ...result, status: 'done' }],
    ['a missing seq', { ...result, seq: undefined }],
    ['an unknown theme', { ...result, theme: 'default' }],
    ['a missing text length', { ...result, textLength: undefined }],
    ['a missing size', { ...result, width: undefined }],
    ['an error that is not a string', { ...result, error: 42 }],
  ])('rejects a result with %s', (_name, data) => {
    expect(isFrameMessage(data)).toBe(false);
  });

  it.each([
    ['markup that is a string rather than bytes', { ...markup, svgBytes: '<svg></svg>' }],
    ['markup bytes in a view rather than a buffer', { ...markup, svgBytes: new Uint8Array(2) }],
    ['a missing seq', { ...markup, seq: undefined }],
    ['a negative seq', { ...markup, seq: -1 }],
  ])('rejects markup with %s', (_name, data) => {
    expect(isFrameMessage(data)).toBe(false);
  });

  it('rejects non-objects and foreign messages', () => {
    expect(isFrameMessage(undefined)).toBe(false);
    expect(isFrameMessage({ type: 'webpackOk' })).toBe(false);
  });
});

describe('markupFromBytes', () => {
  it('decodes the markup, UTF-8 and all, when it is read', () => {
    const read = markupFromBytes(markup.svgBytes);
    expect(read()).toBe('<svg><text>Zoë → 日本</text></svg>');
    expect(read()).toBe(read());
  });
});

describe('workspace messages', () => {
  const edit = {
    type: 'lifeline:label-edit',
    kind: 'message',
    text: 'OK',
    occurrence: 1,
    elementId: null,
    replacement: 'Fine',
  };

  it('accepts view commands, pin requests, view states and label edits', () => {
    expect(isViewCommand({ type: 'lifeline:view', command: 'fit' })).toBe(true);
    expect(isViewCommand({ type: 'lifeline:view', command: 'restart' })).toBe(true);
    expect(isPinRequest({ type: 'lifeline:pin', pinned: false })).toBe(true);
    expect(
      isFrameMessage({
        type: 'lifeline:view-state',
        zoom: 1.2,
        x: 24,
        y: -300,
        own: true,
        zoomSeq: 3,
      }),
    ).toBe(true);
    expect(isFrameMessage(edit)).toBe(true);
  });

  it.each([
    { type: 'lifeline:view', command: 'zoom' },
    { type: 'lifeline:pin', pinned: 'yes' },
  ])('rejects the command %j', (data) => {
    expect(isViewCommand(data) || isPinRequest(data)).toBe(false);
  });

  it.each([
    { type: 'lifeline:view-state', zoom: 0, x: 0, y: 0, own: true },
    { type: 'lifeline:view-state', zoom: 1.2 },
    { type: 'lifeline:view-state', zoom: 1.2, x: Infinity, y: 0, own: false, zoomSeq: 0 },
    { type: 'lifeline:view-state', zoom: 1.2, x: 0, y: 0, own: false },
    { ...edit, kind: 'script' },
    { ...edit, occurrence: -1 },
    { ...edit, replacement: 'x'.repeat(10_001) },
    { ...edit, elementId: 7 },
  ])('rejects the frame message %j', (data) => {
    expect(isFrameMessage(data)).toBe(false);
  });
});

describe('source line messages', () => {
  it('accepts line selections and highlights of whole lines from 1, and nothing else', () => {
    expect(isFrameMessage({ type: 'lifeline:select-line', line: 3 })).toBe(true);
    for (const line of [0, -1, 1.5, '3', null, Number.MAX_VALUE]) {
      expect(isFrameMessage({ type: 'lifeline:select-line', line })).toBe(false);
    }
    expect(isHighlightRequest({ type: 'lifeline:highlight', line: 2 })).toBe(true);
    expect(isHighlightRequest({ type: 'lifeline:highlight', line: null })).toBe(true);
    expect(isHighlightRequest({ type: 'lifeline:highlight', line: 3, follow: true })).toBe(true);
    expect(isHighlightRequest({ type: 'lifeline:highlight', line: 3, follow: 'yes' })).toBe(false);
    expect(isHighlightRequest({ type: 'lifeline:highlight', line: 0 })).toBe(false);
    expect(isHighlightRequest({ type: 'lifeline:highlight' })).toBe(false);
  });

  it('accepts comment marks of whole lines from 1, at most MAX_COMMENT_MARKS of them', () => {
    const marks = (lines: unknown) => ({
      type: 'lifeline:comment-marks',
      lines,
      commentable: true,
    });
    expect(isCommentMarksRequest(marks([]))).toBe(true);
    expect(isCommentMarksRequest(marks([2, 5]))).toBe(true);
    for (const lines of [[0], [1.5], ['3'], null, 3]) {
      expect(isCommentMarksRequest(marks(lines)), JSON.stringify(lines)).toBe(false);
    }
    const many = Array.from({ length: MAX_COMMENT_MARKS + 1 }, (_, i) => i + 1);
    expect(isCommentMarksRequest(marks(many))).toBe(false);
    expect(isCommentMarksRequest(marks(many.slice(1)))).toBe(true);
    expect(isCommentMarksRequest({ type: 'lifeline:comment-marks', lines: [] })).toBe(false);
    expect(isFrameMessage({ type: 'lifeline:comment-line', line: 4 })).toBe(true);
    expect(isFrameMessage({ type: 'lifeline:comment-line', line: 0 })).toBe(false);
  });
});

describe('isMarkupRequest', () => {
  it('accepts a drawing number and rejects others', () => {
    expect(isMarkupRequest({ type: 'lifeline:markup-request', seq: 4 })).toBe(true);
    expect(isMarkupRequest({ type: 'lifeline:markup-request', seq: -1 })).toBe(false);
    expect(isMarkupRequest({ type: 'lifeline:markup-request', seq: '4' })).toBe(false);
    expect(isMarkupRequest({ type: 'lifeline:markup', seq: 4 })).toBe(false);
  });
});

describe('style palette messages', () => {
  it('accepts a preset or none for a participant or a message, and nothing else', () => {
    const pick = (target: unknown, preset: unknown) =>
      isFrameMessage({ type: 'lifeline:style-pick', target, preset });
    expect(pick({ kind: 'participant', name: 'Web' }, 'blue')).toBe(true);
    expect(pick({ kind: 'message', index: 3 }, null)).toBe(true);
    expect(pick({ kind: 'participant', name: '' }, 'blue')).toBe(false);
    expect(pick({ kind: 'participant', name: 'x'.repeat(10_001) }, 'blue')).toBe(false);
    expect(pick({ kind: 'message', index: -1 }, 'blue')).toBe(false);
    expect(pick({ kind: 'message', index: 1.5 }, 'blue')).toBe(false);
    expect(pick({ kind: 'message', index: 0 }, 'fill:url(x)')).toBe(false);
    expect(pick({ kind: 'message', index: 0 }, 'constructor')).toBe(false);
    expect(pick({ kind: 'note', index: 0 }, 'blue')).toBe(false);
    expect(pick(null, 'blue')).toBe(false);
  });
});

describe('drawing by dragging', () => {
  it('accepts the line a drag will change, and nothing else', () => {
    const drag = (line: unknown, moving: unknown) => ({ type: 'lifeline:drag-line', line, moving });
    expect(isFrameMessage(drag(4, null))).toBe(true);
    expect(isFrameMessage(drag(4, 2))).toBe(true);
    expect(isFrameMessage(drag(null, null))).toBe(true);
    for (const bad of [0, -1, 1.5, '3', undefined, Number.MAX_VALUE]) {
      expect(isFrameMessage(drag(bad, null))).toBe(false);
      expect(isFrameMessage(drag(3, bad))).toBe(false);
    }
  });

  it("accepts the toolbar's touch switch with a boolean only", () => {
    expect(isTouchEditRequest({ type: 'lifeline:touch-edit', on: true })).toBe(true);
    expect(isTouchEditRequest({ type: 'lifeline:touch-edit', on: false })).toBe(true);
    for (const on of ['true', 1, null, undefined]) {
      expect(isTouchEditRequest({ type: 'lifeline:touch-edit', on })).toBe(false);
    }
  });
});
