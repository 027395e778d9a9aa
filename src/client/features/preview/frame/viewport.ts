/**
 * Pan and zoom of the drawing inside the frame. The SVG keeps its natural size and is moved with
 * one CSS transform on its wrapper, written at most once per animation frame: panning and zooming
 * a 600-message diagram is compositing, never layout. (In the benchmark build, `?pan=layout`
 * switches to resizing the SVG and moving it by left/top instead: the baseline `npm run bench:pan`
 * compares with.)
 */
import { readableZoom, ZOOM } from '@shared/constants';
import { PADDING_PX } from '../placement';
import { clampZoom } from '../svgSize';
import { boundPan, presentZoom } from './viewMath';
/** After this long without a change the layer is re-rasterised at the new scale (sharp text). */
const SETTLE_MS = 200;
/** A pan is reported to the page once it has rested this long (a zoom is reported at once). */
const REPORT_PAN_MS = 150;
/** How long following the cursor takes to move the view. */
const GLIDE_MS = 180;

export type ApplyMode = 'transform' | 'layout';

/** The view on screen, as the page keeps it for a frame that replaces this one. */
export interface ViewReport {
  zoom: number;
  x: number;
  y: number;
  /** The person moved it (pan, zoom, fit, reset) since the drawing was placed for them. */
  own: boolean;
}

export class Viewport {
  x = 0;
  y = 0;
  zoom: number = ZOOM.initial;
  private width = 0;
  private height = 0;
  /** The next drawing is placed fitted to the width (see `restart`). */
  private placeNext = false;
  /** Whether the view was moved since the drawing was placed (then a resize keeps it). */
  private moved = false;
  /** A zoom chosen before the first drawing came: that drawing is placed at it, not fitted. */
  private zoomChosen = false;
  /** A view handed over from a frame this one replaced: the first drawing keeps it. */
  private restored = false;
  /** Present mode: the drawing is placed to use the screen (see presentZoom). */
  private presenting = false;
  private reportTimer = 0;
  private frame = 0;
  private settle = 0;
  private reported: ViewReport = { zoom: this.zoom, x: 0, y: 0, own: false };
  /** The zoom the promoted layer was last rasterised at. */
  private rasterZoom = this.zoom;
  /** Hears every view applied to the screen (the pinned headers follow it). */
  onMove: (() => void) | null = null;
  /** A move in progress (glideBy). */
  private glide: {
    from: { x: number; y: number };
    to: { x: number; y: number };
    start: number;
  } | null = null;

  constructor(
    private readonly stage: HTMLElement,
    private readonly canvas: HTMLElement,
    /** Hears the view: a zoom at once, a pan once it rests. */
    private readonly onReport: (view: ViewReport) => void,
    private readonly mode: ApplyMode = 'transform',
  ) {}

  /**
   * A new drawing: the first one (of the frame, or since `restart`) is placed fitted to the
   * width, top-aligned; later ones keep the view (typing), whatever zoom and pan the user chose.
   * `ofThisDiagram` false: a drawing of the diagram open before the restart, still on its way,
   * which leaves the fitted placement to the new diagram's first drawing.
   */
  setContent(width: number, height: number, ofThisDiagram = true): void {
    const first = (this.width === 0 && !this.restored) || (this.placeNext && ofThisDiagram);
    const stillToPlace = this.placeNext && !ofThisDiagram;
    this.width = width;
    this.height = height;
    if (first && this.zoomChosen) this.placeAtChosenZoom();
    else if (first) this.fitWidth();
    else this.schedule(); // kept, and bounded for the new size
    // The frame's very first drawing is placed, but if it is the last diagram's, the new
    // diagram's first drawing is placed fitted all the same.
    if (stillToPlace) this.placeNext = true;
  }

  /**
   * Another diagram: reset now, and place its first drawing fitted too (its size is not known
   * yet). A pan or zoom before that drawing arrives is the person's own, and stays.
   */
  restart(): void {
    this.reset();
    // Not the person's view: a frame replacing this one places the new diagram afresh too.
    this.moved = false;
    this.placeNext = true;
    this.restored = false;
    this.zoomChosen = false;
  }

  /**
   * The view of the frame this one replaces (the page keeps it): the person's zoom and pan stay
   * as they were, and the first drawing here is not placed again.
   */
  restore(zoom: number, x: number, y: number): void {
    this.glide = null;
    this.placeNext = false;
    this.restored = true;
    this.moved = true;
    this.zoom = clampZoom(zoom, ZOOM.min, ZOOM.max);
    this.x = x;
    this.y = y;
    this.schedule();
  }

  /**
   * The stage changed size (the window, the panels, the sidebar): a drawing nobody has moved
   * since it was placed is placed again for the new width; one the user moved stays put.
   */
  resized(): void {
    if (this.width && !this.moved) this.fitWidth();
    else this.schedule(); // bounded for the new stage
  }

  /**
   * Present mode on (the drawing is placed to use the screen, now and after a resize) or off.
   */
  present(on: boolean): void {
    if (on === this.presenting) return;
    this.presenting = on;
    if (this.width && !this.moved) this.fitWidth();
  }

  /**
   * The drawing as wide as the stage (never above 100%), centred, top-aligned; a drawing that
   * would be fitted below the readable floor opens at the floor instead, left-aligned, and the
   * rest is a pan away. Presented, it uses the screen instead (presentZoom).
   */
  fitWidth(): void {
    if (!this.width) return;
    this.placeNext = false;
    const room = (size: number) => Math.max(1, size - 2 * PADDING_PX);
    const fitted = this.presenting
      ? presentZoom(
          { width: this.width, height: this.height || 1 },
          { width: room(this.stage.clientWidth), height: room(this.stage.clientHeight) },
        )
      : readableZoom(this.width, room(this.stage.clientWidth));
    this.zoom = clampZoom(fitted, ZOOM.min, ZOOM.max);
    this.place();
    this.moved = false;
  }

  /** Zooms to `zoom`, keeping the stage point (`cx`, `cy`) still (the centre by default). */
  /**
   * The page shows `zoom` already (it set it itself and asked for it): the next report compares
   * with that. Without this, a zoom the page asked for and a reset arriving within one frame were
   * drawn as the zoom already reported, so nothing was reported and the page kept showing its own.
   */
  pageShows(zoom: number): void {
    this.reported = { ...this.reported, zoom };
  }

  zoomTo(zoom: number, cx = this.stage.clientWidth / 2, cy = this.stage.clientHeight / 2): void {
    const next = clampZoom(zoom, ZOOM.min, ZOOM.max);
    if (next === this.zoom) return;
    if (!this.width) {
      // Nothing drawn yet: the first drawing is placed at this zoom.
      this.zoom = next;
      this.zoomChosen = true;
      this.schedule();
      return;
    }
    this.glide = null;
    this.placeNext = false;
    this.moved = true;
    const ratio = next / this.zoom;
    this.x = cx - (cx - this.x) * ratio;
    this.y = cy - (cy - this.y) * ratio;
    this.zoom = next;
    this.schedule();
  }

  /**
   * Moves the view by (`dx`, `dy`) smoothly, over GLIDE_MS (following the cursor); a gesture or
   * zoom meanwhile takes over from where the glide is. With reduced motion it moves at once.
   */
  glideBy(dx: number, dy: number): void {
    if (Math.abs(dx) < 0.5 && Math.abs(dy) < 0.5) return;
    // A reader whose system asks for reduced motion gets the view there in one move.
    if (window.matchMedia('(prefers-reduced-motion: reduce)').matches) {
      this.glide = null;
      this.x += dx;
      this.y += dy;
      this.schedule();
      return;
    }
    // Measured from where the view is now, so a glide under way is replaced, not added to.
    const glide = {
      from: { x: this.x, y: this.y },
      to: { x: this.x + dx, y: this.y + dy },
      start: performance.now(),
    };
    this.glide = glide;
    const step = (now: number) => {
      if (this.glide !== glide) return;
      const t = Math.min(1, (now - glide.start) / GLIDE_MS);
      const eased = 1 - (1 - t) ** 3;
      this.x = glide.from.x + (glide.to.x - glide.from.x) * eased;
      this.y = glide.from.y + (glide.to.y - glide.from.y) * eased;
      this.schedule();
      if (t < 1) requestAnimationFrame(step);
      else this.glide = null;
    };
    requestAnimationFrame(step);
  }

  panBy(dx: number, dy: number): void {
    this.glide = null;
    if (dx === 0 && dy === 0) return;
    this.placeNext = false;
    this.moved = true;
    this.x += dx;
    this.y += dy;
    this.schedule();
  }

  /** Zoom 1, placed as `place` places it. */
  reset(): void {
    this.placeNext = false;
    this.zoom = ZOOM.initial;
    this.place();
    this.moved = true;
  }

  /** The whole drawing in view, never above 100% (spec §9). */
  fit(): void {
    if (!this.width || !this.height) return;
    this.placeNext = false;
    const room = (size: number) => Math.max(1, size - 2 * PADDING_PX);
    const fit = Math.min(
      room(this.stage.clientWidth) / this.width,
      room(this.stage.clientHeight) / this.height,
    );
    this.zoom = clampZoom(Math.min(ZOOM.fitCap, fit), ZOOM.min, ZOOM.max);
    this.place();
    this.moved = true;
  }

  private placeAtChosenZoom() {
    this.placeNext = false;
    this.zoomChosen = false;
    this.place();
    this.moved = true;
  }

  /**
   * Centred across (left-aligned when wider than the stage); top-aligned, or centred down too
   * when presented whole.
   */
  private place() {
    this.glide = null;
    const centred = (drawn: number, stage: number) =>
      drawn + 2 * PADDING_PX <= stage ? (stage - drawn) / 2 : PADDING_PX;
    this.x = centred(this.width * this.zoom, this.stage.clientWidth);
    this.y = this.presenting
      ? centred(this.height * this.zoom, this.stage.clientHeight)
      : PADDING_PX;
    this.schedule();
  }

  /**
   * Writes a view still waiting for its animation frame now, before something measures the
   * drawing on screen. A hidden frame (the phone's Code tab) gets no animation frames, so a view
   * set there would otherwise stay unwritten while `zoom` already says otherwise.
   */
  flush(): void {
    if (this.frame === 0) return;
    cancelAnimationFrame(this.frame);
    this.apply();
  }

  private schedule() {
    if (this.frame === 0) this.frame = requestAnimationFrame(this.apply);
  }

  private apply = () => {
    this.frame = 0;
    // Whatever moved the view, part of the drawing stays in it.
    ({ x: this.x, y: this.y } = boundPan(
      this.x,
      this.y,
      this.zoom,
      { width: this.width, height: this.height },
      { width: this.stage.clientWidth, height: this.stage.clientHeight },
    ));
    const style = this.canvas.style;
    if (import.meta.env.MODE === 'bench' && this.mode === 'layout') {
      const svg = this.canvas.querySelector('svg');
      if (svg) {
        svg.style.width = `${this.width * this.zoom}px`;
        svg.style.height = `${this.height * this.zoom}px`;
      }
      style.left = `${this.x}px`;
      style.top = `${this.y}px`;
    } else {
      if (style.willChange !== 'transform') style.willChange = 'transform';
      style.transform = `translate(${this.x}px, ${this.y}px) scale(${this.zoom})`;
      clearTimeout(this.settle);
      this.settle = window.setTimeout(this.sharpen, SETTLE_MS);
    }
    this.onMove?.();
    this.report();
  };

  private current(): ViewReport {
    return { zoom: this.zoom, x: this.x, y: this.y, own: this.moved };
  }

  /**
   * Tells the page of a new zoom at once, and of a pan once it rests. A report says the view as
   * it is when sent, never as it was when the pan began to rest: a zoom asked for meanwhile is
   * taken at once but drawn at the next animation frame, which a busy or hidden frame may get
   * after the timer, and the page hears each report as the view after the last zoom it asked
   * for (main.ts stamps it so). A rested pan sent as it was undid that zoom on the page, and the
   * page's next step was taken from it: two quick Zoom out clicks from 110 % ended at 100 %.
   */
  private report() {
    const now = this.current();
    const last = this.reported;
    if (now.x === last.x && now.y === last.y && now.zoom === last.zoom && now.own === last.own) {
      return;
    }
    clearTimeout(this.reportTimer);
    const send = () => {
      this.reported = this.current();
      this.onReport(this.reported);
    };
    if (now.zoom !== last.zoom) send();
    else this.reportTimer = window.setTimeout(send, REPORT_PAN_MS);
  }

  /**
   * A promoted layer keeps the raster scale it was promoted at, so after a zoom settles it is
   * demoted for one frame to be drawn sharp at the new scale. Pans never need it.
   */
  private sharpen = () => {
    if (this.zoom === this.rasterZoom) return;
    this.rasterZoom = this.zoom;
    this.canvas.style.willChange = 'auto';
    requestAnimationFrame(() => (this.canvas.style.willChange = 'transform'));
  };
}
