/**
 * The one filter of style properties written in diagram text (`classDef`, `style`, `linkStyle`):
 * which properties may reach a drawing, and which values each may take. Everything else is
 * dropped with the reason, so the editor can say why.
 *
 * Values are checked whole against short, anchored patterns (no nested or adjacent unbounded
 * runs), after a length cap, so no value makes the check slow.
 */
import colorNames from 'color-name';

export const SAFE_STYLE_PROPERTIES = [
  'fill',
  'stroke',
  'stroke-width',
  'stroke-dasharray',
  'color',
  'opacity',
  'font-weight',
  'font-style',
] as const;

export type SafeStyleProperty = (typeof SAFE_STYLE_PROPERTIES)[number];

/** Validated properties and their values, in the order they were written. */
export type SafeStyle = Partial<Record<SafeStyleProperty, string>>;

/** Longer values are never a colour, a length or a keyword. */
export const STYLE_VALUE_MAX = 64;

const FORBIDDEN = /[;{}<>"\\]/;
const HEX = /^#(?:[0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})$/i;
const COLOR_FUNCTION = /^(rgba?|hsla?)\(([^()]*)\)$/i;
const NUMBER = /^\d{1,3}(?:\.\d{1,4})?%?$/;
const HUE = /^-?\d{1,3}(?:\.\d{1,4})?(?:deg)?$/i;
const ALPHA = /^(?:0|1|0?\.\d{1,4}|1\.0{1,4}|\d{1,3}(?:\.\d{1,4})?%)$/;
const LENGTH = /^\d{1,4}(?:\.\d{1,3})?(?:px)?$/i;
const OPACITY = /^(?:0|1|0?\.\d{1,4}|1\.0{1,4})$/;
const FONT_WEIGHTS = new Set(['normal', 'bold', 'bolder', 'lighter']);
const FONT_STYLES = new Set(['normal', 'italic', 'oblique']);
const COLOR_KEYWORDS = new Set(['none', 'transparent', 'currentcolor']);
const SAFE = new Set<string>(SAFE_STYLE_PROPERTIES);

function isColorFunction(value: string): boolean {
  const match = COLOR_FUNCTION.exec(value);
  if (!match) return false;
  const hsl = match[1]!.toLowerCase().startsWith('hsl');
  const parts = match[2]!.split(/[\s,/]+/).filter((part) => part !== '');
  if (parts.length !== 3 && parts.length !== 4) return false;
  return parts.every((part, index) => {
    if (index === 3) return ALPHA.test(part);
    if (hsl && index === 0) return HUE.test(part);
    return NUMBER.test(part);
  });
}

export function isColor(value: string): boolean {
  const lower = value.toLowerCase();
  return (
    HEX.test(value) ||
    COLOR_KEYWORDS.has(lower) ||
    Object.hasOwn(colorNames, lower) ||
    isColorFunction(value)
  );
}

function isDashArray(value: string): boolean {
  if (value.toLowerCase() === 'none') return true;
  const parts = value.split(/\s+/);
  return parts.length <= 8 && parts.every((part) => LENGTH.test(part));
}

function isFontWeight(value: string): boolean {
  return FONT_WEIGHTS.has(value.toLowerCase()) || /^[1-9]00$/.test(value);
}

const CHECKS: Record<SafeStyleProperty, { valid: (value: string) => boolean; wants: string }> = {
  fill: { valid: isColor, wants: 'a colour' },
  stroke: { valid: isColor, wants: 'a colour' },
  color: { valid: isColor, wants: 'a colour' },
  'stroke-width': { valid: (value) => LENGTH.test(value), wants: 'a width in px' },
  'stroke-dasharray': { valid: isDashArray, wants: 'numbers such as 5 5' },
  opacity: { valid: (value) => OPACITY.test(value), wants: 'a number from 0 to 1' },
  'font-weight': { valid: isFontWeight, wants: 'normal, bold or 100 to 900' },
  'font-style': {
    valid: (value) => FONT_STYLES.has(value.toLowerCase()),
    wants: 'normal, italic or oblique',
  },
};

export type StyleCheck =
  { ok: true; property: SafeStyleProperty; value: string } | { ok: false; reason: string };

/** Whether `property: value` may be drawn; the reason a person can act on when not. */
export function checkStyleProperty(property: string, value: string): StyleCheck {
  const name = property.trim().toLowerCase();
  const trimmed = value.trim();
  if (!SAFE.has(name)) {
    const shown = name.length > 24 ? `${name.slice(0, 24)}…` : name;
    return {
      ok: false,
      reason: `"${shown}" is not styled here (only ${SAFE_STYLE_PROPERTIES.join(', ')})`,
    };
  }
  const safe = name as SafeStyleProperty;
  const check = CHECKS[safe];
  if (trimmed.length > STYLE_VALUE_MAX || FORBIDDEN.test(trimmed) || !check.valid(trimmed)) {
    return { ok: false, reason: `${safe} needs ${check.wants}; this value is dropped` };
  }
  return { ok: true, property: safe, value: trimmed };
}
