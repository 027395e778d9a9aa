/**
 * Pan and zoom of the drawing inside the frame. The SVG keeps its natural size and is moved with
 * one CSS transform on its wrapper, written at most once per animation frame: panning and zooming
 * a 600-message diagram is compositing, never layout. (In the benchmark build, `?pan=layout`
 * switches to resizing the SVG and moving it by left/top instead: the baseline `npm run bench:pan`
 * compares with.)
 */
import { ZOOM } from '@shared/constants';
import { PADDING_PX, TOOLBAR_CLEARANCE_PX } from '../placement';
import { clampZoom } from '../svgSize';
/** After this long without a change the layer is re-rasterised at the new scale (sharp text). */
const SETTLE_MS = 200;
/** How long following the cursor takes to move the view. */
const GLIDE_MS = 180;

export type ApplyMode = 'transform' | 'layout';

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
  private frame = 0;
  private settle = 0;
  private reported = this.zoom;
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
    private readonly onZoom: (zoom: number) => void,
    private readonly mode: ApplyMode = 'transform',
  ) {}

  /**
   * A new drawing: the first one (of the frame, or since `restart`) is placed fitted to the
   * width, top-aligned; later ones keep the view (typing), whatever zoom and pan the user chose.
   * `ofThisDiagram` false: a drawing of the diagram open before the restart, still on its way,
   * which leaves the fitted placement to the new diagram's first drawing.
   */
  setContent(width: number, height: number, ofThisDiagram = true): void {
    const first = this.width === 0 || (this.placeNext && ofThisDiagram);
    const stillToPlace = this.placeNext && !ofThisDiagram;
    this.width = width;
    this.height = height;
    if (first) this.fitWidth();
    else this.schedule();
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
    this.placeNext = true;
  }

  /**
   * The stage changed size (the window, the panels, the sidebar): a drawing nobody has moved
   * since it was placed is placed again for the new width; one the user moved stays put.
   */
  resized(): void {
    if (this.width && !this.moved) this.fitWidth();
  }

  /** The drawing as wide as the stage (never above 100%), centred, top-aligned. */
  fitWidth(): void {
    if (!this.width) return;
    this.placeNext = false;
    const room = Math.max(1, this.stage.clientWidth - 2 * PADDING_PX);
    this.zoom = clampZoom(Math.min(ZOOM.fitCap, room / this.width), ZOOM.min, ZOOM.max);
    this.place();
    this.moved = false;
  }

  /** Zooms to `zoom`, keeping the stage point (`cx`, `cy`) still (the centre by default). */
  zoomTo(zoom: number, cx = this.stage.clientWidth / 2, cy = this.stage.clientHeight / 2): void {
    const next = clampZoom(zoom, ZOOM.min, ZOOM.max);
    if (next === this.zoom) return;
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
   * zoom meanwhile takes over from where the glide is.
   */
  glideBy(dx: number, dy: number): void {
    if (Math.abs(dx) < 0.5 && Math.abs(dy) < 0.5) return;
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
      (room(this.stage.clientHeight) - (TOOLBAR_CLEARANCE_PX - PADDING_PX)) / this.height,
    );
    this.zoom = clampZoom(Math.min(ZOOM.fitCap, fit), ZOOM.min, ZOOM.max);
    this.place();
    this.moved = true;
  }

  /** Centred across (left-aligned when wider than the stage); top-aligned below the toolbar. */
  private place() {
    this.glide = null;
    this.x =
      this.width * this.zoom + 2 * PADDING_PX <= this.stage.clientWidth
        ? (this.stage.clientWidth - this.width * this.zoom) / 2
        : PADDING_PX;
    this.y = TOOLBAR_CLEARANCE_PX;
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
    if (this.zoom !== this.reported) {
      this.reported = this.zoom;
      this.onZoom(this.zoom);
    }
  };

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
