/**
 * The size of a drawn image: fitted inside a requested box, or derived from the diagram's own size
 * (its SVG viewBox) when only one side or none is asked for, times a scale, and never larger than
 * MAX_IMAGE_SIDE on either side (the aspect ratio is kept).
 */
export const MAX_IMAGE_SIDE = 8192;

export interface SizeRequest {
  /** null: follow the diagram (or the other side, keeping the aspect ratio). */
  width: number | null;
  height: number | null;
  /** Multiplies the result; 1 when absent. */
  scale?: number;
}

export interface Size {
  width: number;
  height: number;
}

// One attribute in the root tag; bounded and anchored on a fixed name, so linear.
const VIEW_BOX = /\sviewBox="([^"]{1,200})"/;

/** The viewBox's width and height of an SVG text's root element, or null. */
export function viewBoxSize(svg: string): Size | null {
  const start = svg.indexOf('<svg');
  const end = start < 0 ? -1 : svg.indexOf('>', start);
  if (end < 0) return null;
  const match = VIEW_BOX.exec(svg.slice(start, end));
  const parts =
    match?.[1]
      ?.trim()
      .split(/[\s,]+/)
      .map(Number) ?? [];
  const [, , width, height] = parts;
  if (parts.length !== 4 || !(width! > 0) || !(height! > 0)) return null;
  return { width: width!, height: height! };
}

export function targetSize(request: SizeRequest, natural: Size): Size {
  const aspect = natural.width / natural.height;
  let width: number;
  let height: number;
  if (request.width !== null && request.height !== null) {
    width = request.width;
    height = request.height;
  } else if (request.width !== null) {
    width = request.width;
    height = request.width / aspect;
  } else if (request.height !== null) {
    height = request.height;
    width = request.height * aspect;
  } else {
    width = natural.width;
    height = natural.height;
  }
  const scale = request.scale ?? 1;
  width *= scale;
  height *= scale;
  const shrink = Math.min(1, MAX_IMAGE_SIDE / width, MAX_IMAGE_SIDE / height);
  return {
    width: Math.max(1, Math.round(width * shrink)),
    height: Math.max(1, Math.round(height * shrink)),
  };
}
