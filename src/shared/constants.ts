/** Business constants and limits of spec §9, in one place for both sides. */

export const PRODUCT_NAME = 'Lifeline';

export const AUTO_SAVE_DELAY_MS = 2000;
export const SIGN_IN_PROMPT_AFTER_EDITS = 5;

export const ZOOM = { step: 0.1, min: 0.1, max: 5, initial: 1, fitCap: 1 } as const;
/**
 * A diagram opens fitted to the preview's width, but never smaller than this: below it the
 * labels cannot be read, so a wider drawing opens at this zoom and the rest is a pan away
 * (docs/decisions.md). Fit to screen still shows the whole drawing, however small.
 */
export const OPEN_ZOOM_FLOOR = 0.6;

/**
 * The zoom a drawing `natural` px wide opens at with `room` px across: as wide as the room, never
 * above 100 % and never below the readable floor (the rest a pan or a scroll away).
 */
export function readableZoom(natural: number, room: number): number {
  if (natural <= 0 || room <= 0) return ZOOM.fitCap;
  return Math.max(OPEN_ZOOM_FLOOR, Math.min(ZOOM.fitCap, room / natural));
}

/**
 * Present mode uses the screen: a drawing that fits whole is scaled up to fill it, at most this
 * much; one too long to fit at 100 % is shown at least at 100 % and the view follows the current
 * message (docs/decisions.md).
 */
export const PRESENT_ZOOM = { cap: 2, follow: 1 } as const;

export const MOBILE_BREAKPOINT_PX = 768;
export const COPIED_INDICATOR_MS = 2000;

export const ACTOR_HEADER = { everyPx: 350, minLifelinePx: 300, pinnedByDefault: true } as const;
export const PREVIEW_RESCROLL_AFTER_CHANGE_MS = 300;

/** The renderer's default limit; longer text is replaced by MAX_TEXT_NOTICE. */
export const DIAGRAM_TEXT_MAX = 50000;

export const API_DEFAULTS = {
  title: 'API Created Diagram',
  format: 'png',
  width: 1200,
  height: 630,
} as const;

/**
 * A cookie the page's script can read, set and cleared beside the (HttpOnly) session cookie. It
 * holds no secret: it only says a session cookie exists, so a signed-out page knows its user is
 * null without asking /api/user for a 401 (which browsers print as a console error).
 */
export const SIGNED_IN_COOKIE = 'lifeline_signed_in';

export const USER_STALE_MS = 5 * 60 * 1000;
export const SESSION_REFRESH_MS = 20 * 60 * 1000;
export const USER_FETCH_NETWORK_RETRIES = 3;
export const OTHER_RETRIES = 1;
export const AUTH_FAILURE_THRESHOLD = 3;
export const AUTH_FAILURE_RESET_MS = 10 * 60 * 1000;
export const QUERY_STALE_MS = 5 * 60 * 1000;

export const EDITOR_TAB = '    ';

export const TOAST = {
  limit: 1,
  durationMs: 5000,
  swipeThreshold: 50,
  hotkey: ['F8'],
  autoSavedMs: 1500,
  signInRequiredMs: 4000,
} as const;

export const TEMPLATE_LIST_HEIGHT_PX = 400;

export const PANELS = {
  saveDebounceMs: 100,
  keyboardStep: 10,
  keyboardStepShift: 100,
  sidebar: { default: 20, min: 15 },
  editor: { default: 40, defaultSignedOut: 50, min: 30 },
  // The spec leaves the preview's minimum open; a sliver of diagram is useless, so keep 20%.
  preview: { default: 40, min: 20 },
} as const;
