/**
 * The id of the SVG on screen. mermaid names each render's SVG afresh and uses that name in its
 * style rules and in every arrow's marker reference, so two renders of nearly the same text
 * would differ in every message; on screen they all carry this one name instead. Only the
 * frame's own copy is renamed: the drawing kept for export is mermaid's, unchanged.
 */
export const SHOWN_SVG_ID = 'lifeline-shown';

const QUOTE = 0x22;
const GREATER = 0x3e;

/** Where the tag opening at `start` ends (after its '>'): '>' inside a quoted value does not. */
function tagEnd(markup: string, start: number): number {
  let quoted = false;
  for (let i = start + 1; i < markup.length; i++) {
    const c = markup.charCodeAt(i);
    if (c === QUOTE) quoted = !quoted;
    else if (c === GREATER && !quoted) return i + 1;
  }
  return markup.length;
}

/** The id of the SVG element `markup` opens with, if it has one mermaid would give. */
function svgId(markup: string): string | null {
  if (!markup.startsWith('<svg')) return null;
  const tag = markup.slice(0, tagEnd(markup, 0));
  const at = tag.indexOf(' id="');
  if (at < 0) return null;
  const id = tag.slice(at + 5, tag.indexOf('"', at + 5));
  // mermaid's ids are letters, digits, '-' and '_'; anything else is left as it is.
  return /^[\w-]+$/.test(id) ? id : null;
}

/**
 * Renames the SVG's id to `to` (SHOWN_SVG_ID unless told) where mermaid uses it, in serialized markup: inside tags
 * (attribute values) and style sheets, never in the text of the drawing, so a label that happens
 * to read like the id stays as written. A linear scan of the string: visiting every attribute of
 * a parsed 600-message drawing from script took 40–80 ms per drawing.
 */
export function renameSvgMarkup(markup: string, to = SHOWN_SVG_ID): string {
  const id = svgId(markup);
  if (id === null || id === to) return markup;
  const parts: string[] = [];
  let copied = 0;
  for (let open = markup.indexOf('<'); open >= 0; open = markup.indexOf('<', copied)) {
    let end: number;
    let rename = true;
    if (markup.startsWith('<!--', open)) {
      const close = markup.indexOf('-->', open + 4);
      end = close < 0 ? markup.length : close + 3;
      rename = false;
    } else {
      end = tagEnd(markup, open);
      if (markup.startsWith('<style', open)) {
        // The sheet is raw text up to its end tag, renamed with its opening tag.
        const close = markup.indexOf('</style>', end);
        end = close < 0 ? markup.length : close;
      }
    }
    const piece = markup.slice(open, end);
    parts.push(markup.slice(copied, open), rename ? piece.replaceAll(id, to) : piece);
    copied = end;
  }
  parts.push(markup.slice(copied));
  return parts.join('');
}
