/**
 * Dark mode draws participants' names in a light colour; a `style` that sets only a light `fill`
 * would leave them light on light. This picks the text colour such a box needs: dark text on a
 * light fill, nothing (the theme's own) on a dark one. Colours it cannot read (hsl(), keywords
 * such as `none`) are left to the theme.
 */
import colorNames from 'color-name';

/** Dark text for light fills: the product's darkest ink. */
export const DARK_TEXT_ON_LIGHT_FILL = '#0f172a';

const HEX = /^#([0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})$/i;
const RGB = /^rgba?\(\s*([\d.]+%?)[\s,]+([\d.]+%?)[\s,]+([\d.]+%?)(?:[\s,/]+[\d.]+%?)?\s*\)$/i;

function channel(part: string): number {
  const value = Number.parseFloat(part);
  return part.endsWith('%') ? (value / 100) * 255 : value;
}

/** The colour as red, green and blue (0–255), when it is a hex, rgb() or named colour. */
export function parseRgb(value: string): [number, number, number] | null {
  const hex = HEX.exec(value.trim());
  if (hex) {
    const digits = hex[1]!;
    const short = digits.length <= 4;
    const at = (index: number) =>
      short
        ? Number.parseInt(digits[index]! + digits[index]!, 16)
        : Number.parseInt(digits.slice(index * 2, index * 2 + 2), 16);
    return [at(0), at(1), at(2)];
  }
  const rgb = RGB.exec(value.trim());
  if (rgb) return [channel(rgb[1]!), channel(rgb[2]!), channel(rgb[3]!)];
  const lower = value.trim().toLowerCase();
  return Object.hasOwn(colorNames, lower) ? [...colorNames[lower]!] : null;
}

/** WCAG relative luminance, 0 (black) to 1 (white). */
export function relativeLuminance([r, g, b]: [number, number, number]): number {
  const linear = (c: number) => {
    const s = Math.min(255, Math.max(0, c)) / 255;
    return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
}

/**
 * The text colour a box of `fill` needs in dark mode, or null to keep the theme's light text.
 * Above a luminance of 0.179 black text contrasts more than white does.
 */
export function darkModeTextOn(fill: string): string | null {
  const rgb = parseRgb(fill);
  if (!rgb) return null;
  return relativeLuminance(rgb) > 0.179 ? DARK_TEXT_ON_LIGHT_FILL : null;
}
