/**
 * A participant's colour, the same for a user everywhere (derived from their id). The palette's
 * colours carry white name labels and read on both the light and the dark editor background.
 */
const PALETTE = [
  '#1c7ed6',
  '#e8590c',
  '#2b8a3e',
  '#ae3ec9',
  '#c2255c',
  '#0c8599',
  '#6741d9',
  '#a05a00',
] as const;

export function userColor(userId: number | string): string {
  const key = String(userId);
  let hash = 0;
  for (let i = 0; i < key.length; i += 1) hash = (hash * 31 + key.charCodeAt(i)) >>> 0;
  return PALETTE[hash % PALETTE.length] ?? PALETTE[0];
}
