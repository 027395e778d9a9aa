import { describe, expect, it } from 'vitest';
import { DIAGRAM_TEXT_MAX } from '@shared/constants';
import type { RenderResult } from './protocol';
import { previewStatus, PreviewStore } from './previewStore';
import { getRenderedDiagram } from './renderedSvg';

/** The markup Export would get now, or null when there is no drawing to export. */
const renderedSvg = () => getRenderedDiagram()?.markup() ?? null;

function resultFor(seq: number, svg = `<svg id="${seq}"></svg>`): RenderResult {
  return {
    type: 'lifeline:result',
    seq,
    status: 'ok',
    markup: () => Promise.resolve(svg),
    theme: 'dark',
    diagramType: 'sequence',
    error: null,
    renderMs: 1,
    textLength: 10,
    width: 100,
    height: 50,
  };
}

describe('PreviewStore', () => {
  it('numbers requests and maps the theme to the preview theme', () => {
    const store = new PreviewStore();
    expect(store.next('a', 'light')).toEqual({ seq: 1, theme: 'neutral' });
    expect(store.next('b', 'dark')).toEqual({ seq: 2, theme: 'dark' });
    expect(previewStatus(store.getState())).toBe('rendering');
  });

  it('asks once for text and theme heard twice; again when either changes', () => {
    const store = new PreviewStore();
    expect(store.next('a', 'light')).toEqual({ seq: 1, theme: 'neutral' });
    expect(store.next('a', 'light')).toBeNull();
    expect(store.next('a', 'dark')).toEqual({ seq: 2, theme: 'dark' });
    expect(store.next('b', 'dark')).toEqual({ seq: 3, theme: 'dark' });
    expect(store.next('a', 'dark')).toEqual({ seq: 4, theme: 'dark' });
    expect(store.getState().latestSeq).toBe(4);
  });

  it('shows a result, publishes its SVG for export, and drops an older result', async () => {
    const store = new PreviewStore();
    store.next('a', 'dark');
    store.next('b', 'dark');
    store.accept(resultFor(2));
    store.accept(resultFor(1));
    expect(store.getState().shown?.seq).toBe(2);
    expect(previewStatus(store.getState())).toBe('ok');
    expect(getRenderedDiagram()?.theme).toBe('dark');
    await expect(renderedSvg()).resolves.toBe('<svg id="2"></svg>');
  });

  it('replaces text over the limit by the notice state and withdraws the SVG', async () => {
    const store = new PreviewStore();
    store.next('a', 'light');
    store.accept(resultFor(1));
    expect(store.next('x'.repeat(DIAGRAM_TEXT_MAX + 1), 'light')).toBeNull();
    expect(previewStatus(store.getState())).toBe('too-large');
    expect(renderedSvg()).toBeNull();
    expect(store.next('x'.repeat(DIAGRAM_TEXT_MAX), 'light')).not.toBeNull();
    await expect(renderedSvg()).resolves.toBe('<svg id="1"></svg>');
  });

  it('mounts a new frame on replaceFrame and keeps the drawing shown and published', async () => {
    const store = new PreviewStore();
    store.next('a', 'dark');
    store.accept(resultFor(1));
    store.next('b', 'dark');
    store.replaceFrame();
    expect(store.getState()).toMatchObject({ frame: 1, latestSeq: 2, shown: { seq: 1 } });
    await expect(renderedSvg()).resolves.toBe('<svg id="1"></svg>');
  });

  it('notifies subscribers and stops after unsubscribe', () => {
    const store = new PreviewStore();
    let calls = 0;
    const unsubscribe = store.subscribe(() => calls++);
    store.next('a', 'light');
    unsubscribe();
    store.next('b', 'light');
    expect(calls).toBe(1);
  });
});
