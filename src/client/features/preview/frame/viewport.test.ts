/**
 * The zoom the page shows is the zoom the frame draws, whatever order the page's own zoom
 * requests, the frame's keys and resets come in, and however they fall into animation frames.
 * The page sets its zoom at once when the person uses its controls and then hears the frame's
 * reports; a report left out because the frame's last report was the same number left the page
 * showing 90 % over a drawing at 100 %.
 */
import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ZOOM } from '@shared/constants';
import { clampZoom } from '../svgSize';
import { Viewport, type ViewReport } from './viewport';

let frames: FrameRequestCallback[] = [];

beforeEach(() => {
  vi.useFakeTimers();
  frames = [];
  vi.stubGlobal('window', globalThis);
  vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => {
    frames.push(callback);
    return frames.length;
  });
  vi.stubGlobal('cancelAnimationFrame', () => {});
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

function flushFrames() {
  const due = frames;
  frames = [];
  for (const callback of due) callback(0);
}

/** A frame's viewport on an 800 × 600 stage, its first drawing (400 × 300) placed. */
function placedView(onReport: (report: ViewReport) => void): Viewport {
  const stage = { clientWidth: 800, clientHeight: 600 } as HTMLElement;
  const canvas = { style: {} } as HTMLElement;
  const view = new Viewport(stage, canvas, onReport);
  view.setContent(400, 300);
  flushFrames();
  return view;
}

/** A frame's viewport and the page beside it, which shows the zoom it set or last heard. */
function pageAndFrame() {
  const page = { zoom: ZOOM.initial as number };
  const view = placedView((report) => {
    page.zoom = report.zoom;
  });
  return { page, view };
}

/** What the page and the frame do, as the generated tests play it. */
const MOVES = {
  pageZoom: fc.record({ kind: fc.constant('page zoom' as const), by: fc.constantFrom(-1, 1) }),
  pageReset: fc.constant({ kind: 'page reset' as const }),
  frameZoom: fc.record({ kind: fc.constant('frame zoom' as const), by: fc.constantFrom(-1, 1) }),
  frameReset: fc.constant({ kind: 'frame reset' as const }),
  framePan: fc.constant({ kind: 'frame pan' as const }),
  animationFrame: fc.constant({ kind: 'animation frame' as const }),
  time: fc.record({ kind: fc.constant('time' as const), ms: fc.constantFrom(16, 100, 150, 400) }),
  deliver: fc.constant({ kind: 'deliver' as const }),
};

describe('the zoom the page shows', () => {
  it('is the one drawn after the page zooms out twice and resets within one frame', () => {
    const { page, view } = pageAndFrame();
    const ask = (zoom: number) => {
      page.zoom = zoom; // the page shows its own choice at once, then asks the frame
      view.pageShows(zoom);
      view.zoomTo(zoom);
    };
    ask(1.1);
    flushFrames();
    ask(1);
    flushFrames();
    ask(0.9);
    view.reset();
    flushFrames();
    expect(view.zoom).toBe(1);
    expect(page.zoom).toBe(1);
  });

  it('always ends as the frame draws it, whatever the order of zooms, resets and frames', () => {
    const step = fc.oneof(
      MOVES.pageZoom,
      MOVES.pageReset,
      MOVES.frameZoom,
      MOVES.frameReset,
      MOVES.animationFrame,
    );
    fc.assert(
      fc.property(fc.array(step, { maxLength: 30 }), (steps) => {
        const { page, view } = pageAndFrame();
        for (const next of steps) {
          if (next.kind === 'page zoom') {
            const zoom = clampZoom(page.zoom + next.by * ZOOM.step, ZOOM.min, ZOOM.max);
            page.zoom = zoom;
            view.pageShows(zoom);
            view.zoomTo(zoom);
          } else if (next.kind === 'frame zoom') {
            view.zoomTo(view.zoom + next.by * ZOOM.step);
          } else if (next.kind === 'page reset' || next.kind === 'frame reset') {
            view.reset();
          } else flushFrames();
        }
        flushFrames();
        expect(page.zoom).toBeCloseTo(view.zoom, 10);
      }),
      { numRuns: 300 },
    );
  });

  it('never undoes a zoom the page asked for with a view from before it, however late frames are', () => {
    // As the page and frame speak (frameEngine.ts, frame/main.ts): each zoom the page asks for
    // carries a count, the frame stamps every report with the count of the last zoom it took, and
    // the page shows a report only if it is not behind the count it asked last. Reports travel to
    // the page as messages, delivered when the page's turn comes. Animation frames may come late
    // (a busy or hidden frame) while the frame's timers still run.
    const move = fc.oneof(
      MOVES.pageZoom,
      MOVES.pageReset,
      MOVES.frameZoom,
      MOVES.framePan,
      MOVES.animationFrame,
      MOVES.time,
      MOVES.deliver,
    );
    fc.assert(
      fc.property(fc.array(move, { maxLength: 40 }), (moves) => {
        const page = { zoom: ZOOM.initial as number, asked: 0, lastAsked: ZOOM.initial as number };
        let taken = 0; // the frame's count of the last zoom it took
        // Whether the frame's own view moved away from the page's last zoom since it asked.
        let frameMovedSince = false;
        const inFlight: { zoom: number; seq: number }[] = [];
        const view = placedView((report) => {
          inFlight.push({ zoom: report.zoom, seq: taken });
        });
        const deliver = () => {
          for (const report of inFlight.splice(0)) {
            if (report.seq < page.asked) continue;
            if (report.seq === page.asked && !frameMovedSince) {
              expect(report.zoom, 'a report undid the zoom the page asked for').toBeCloseTo(
                page.lastAsked,
                10,
              );
            }
            page.zoom = report.zoom;
          }
        };
        for (const next of moves) {
          if (next.kind === 'page zoom') {
            const zoom = clampZoom(page.zoom + next.by * ZOOM.step, ZOOM.min, ZOOM.max);
            page.zoom = zoom;
            page.lastAsked = zoom;
            taken = ++page.asked; // messages to the frame arrive in order, before its next task
            frameMovedSince = false;
            view.pageShows(zoom);
            view.zoomTo(zoom);
          } else if (next.kind === 'page reset') {
            frameMovedSince = true;
            view.reset();
          } else if (next.kind === 'frame zoom') {
            frameMovedSince = true;
            view.zoomTo(view.zoom + next.by * ZOOM.step);
          } else if (next.kind === 'frame pan') {
            view.panBy(7, -5);
          } else if (next.kind === 'animation frame') {
            flushFrames();
          } else if (next.kind === 'time') {
            vi.advanceTimersByTime(next.ms);
          } else deliver();
        }
        flushFrames();
        vi.runAllTimers();
        deliver();
        expect(page.zoom).toBeCloseTo(view.zoom, 10);
      }),
      { numRuns: 500 },
    );
  });
});
