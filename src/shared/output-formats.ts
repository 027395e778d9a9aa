/**
 * Every output format Lifeline draws a diagram in, once: its id, media type, file extension, the
 * word said of it, what it is, and which surfaces offer it. The API's schemas, the Kroki and
 * mermaid.ink routes, MCP `render`, the share page's images, the renderer's content types and
 * the Export menu all read their lists from this table; lint refuses a hand-written list of
 * format names anywhere else (eslint.config.js). A new format is one more row.
 */

/** Where a format can be asked for. */
export const SURFACES = {
  convert: 'POST /api/v1/convert',
  mcp: "MCP's render tool",
  kroki: 'the Kroki endpoints (/kroki)',
  ink: 'the mermaid.ink endpoints (/ink)',
  embed: "a public diagram's image (/d/{token}.{extension})",
  exportFile: "POST /api/export/file (the Export menu's files the server draws)",
} as const;
export type Surface = keyof typeof SURFACES;

/**
 * How the Export menu makes a format: from the preview's drawing in the page, drawn by the
 * server (/api/export/file), or drawn as text and copied to the clipboard.
 */
export type MenuSource = 'preview' | 'server' | 'clipboard';

export interface OutputFormat {
  id: string;
  /** The word for it in a sentence: 'Diagram exported successfully as SVG', 'Copy as ASCII'. */
  label: string;
  /** Without parameters: what an Accept header names. */
  mediaType: string;
  /** Text-based answers say their charset in Content-Type. */
  charset?: 'utf-8';
  /** A downloaded file's extension, without the dot. */
  extension: string;
  /** image: a picture; document: pages (PDF); text: the diagram drawn as characters. */
  kind: 'image' | 'document' | 'text';
  /** A screenshot of pixels (the rest are drawn as vectors or characters). */
  raster: boolean;
  /** Can step through a sequence diagram's messages (an animated SVG, a PDF page per step). */
  steps: boolean;
  surfaces: readonly Surface[];
  /** The Export menu's words for it, when not 'Copy as {label}'. */
  menuLabel?: string;
  /** In the Export menu, made this way (absent: not in the menu). */
  menu?: MenuSource;
}

// The order is the order of every list derived from it: the Export menu's, the error messages'.
export const OUTPUT_FORMATS = [
  {
    id: 'svg',
    label: 'SVG',
    mediaType: 'image/svg+xml',
    charset: 'utf-8',
    extension: 'svg',
    kind: 'image',
    raster: false,
    steps: true,
    surfaces: ['convert', 'mcp', 'kroki', 'ink', 'embed', 'exportFile'],
    menu: 'preview',
  },
  {
    // mermaid.ink's /img default.
    id: 'jpeg',
    label: 'JPEG',
    mediaType: 'image/jpeg',
    extension: 'jpg',
    kind: 'image',
    raster: true,
    steps: false,
    surfaces: ['ink'],
  },
  {
    id: 'png',
    label: 'PNG',
    mediaType: 'image/png',
    extension: 'png',
    kind: 'image',
    raster: true,
    steps: false,
    surfaces: ['convert', 'mcp', 'kroki', 'ink', 'embed'],
    menu: 'preview',
  },
  {
    id: 'webp',
    label: 'WebP',
    mediaType: 'image/webp',
    extension: 'webp',
    kind: 'image',
    raster: true,
    steps: false,
    surfaces: ['ink'],
  },
  {
    id: 'pdf',
    label: 'PDF',
    mediaType: 'application/pdf',
    extension: 'pdf',
    kind: 'document',
    raster: false,
    steps: true,
    surfaces: ['convert', 'mcp', 'kroki', 'ink', 'exportFile'],
    menu: 'server',
  },
  {
    // Kroki's name for text output: Unicode box drawing here.
    id: 'txt',
    label: 'text',
    mediaType: 'text/plain',
    charset: 'utf-8',
    extension: 'txt',
    kind: 'text',
    raster: false,
    steps: false,
    surfaces: ['convert', 'mcp', 'kroki'],
    menu: 'clipboard',
  },
  {
    // Plain ASCII, for places where box characters break (plain e-mail, old terminals).
    id: 'ascii',
    label: 'ASCII',
    mediaType: 'text/plain',
    charset: 'utf-8',
    extension: 'txt',
    kind: 'text',
    raster: false,
    steps: false,
    surfaces: ['convert', 'mcp', 'kroki'],
    menu: 'clipboard',
  },
  {
    // The text version in words (participants, then messages numbered, blocks as nested lists),
    // for screen readers and for reading aloud; every kind of diagram has one.
    id: 'description',
    label: 'description',
    menuLabel: 'Copy description',
    mediaType: 'text/plain',
    charset: 'utf-8',
    extension: 'txt',
    kind: 'text',
    raster: false,
    steps: false,
    surfaces: ['convert', 'mcp'],
    menu: 'clipboard',
  },
] as const satisfies readonly OutputFormat[];

type Row = (typeof OUTPUT_FORMATS)[number];
export type OutputFormatId = Row['id'];

/** The ids of the rows R that have `Match` (distributes over the rows). */
type IdsOf<R, Match> = R extends Match ? (R extends { id: infer Id } ? Id : never) : never;
type IdsWhere<Match> = IdsOf<Row, Match>;
/** The ids of the rows R whose surfaces include S. */
type OfferedBy<R, S> = R extends { id: infer Id; surfaces: readonly (infer T)[] }
  ? S extends T
    ? Id
    : never
  : never;

/** The formats `surface` offers. */
export type FormatOn<S extends Surface> = OfferedBy<Row, S>;
/** Drawn as characters (no browser). */
export type TextFormat = IdsWhere<{ kind: 'text' }>;
/** Drawn by the renderer's warm pages: every format that is not text. */
export type DrawnFormat = Exclude<OutputFormatId, TextFormat>;
/** A screenshot. */
export type RasterFormat = IdsWhere<{ raster: true }>;
/** Steps through the messages when asked. */
export type SteppedFormat = IdsWhere<{ steps: true }>;
/** What the Export menu makes from `source` (all its formats when not narrowed). */
export type MenuFormat<M extends MenuSource = MenuSource> = IdsWhere<{ menu: M }>;

/** The ids of the rows `keep` keeps, in the table's order. */
function idsWhere<Id extends OutputFormatId>(keep: (row: OutputFormat) => boolean): Id[] {
  return OUTPUT_FORMATS.filter((row: OutputFormat) => keep(row)).map((row) => row.id as Id);
}

/** The ids `surface` offers, in the table's order. */
export function formatsOn<S extends Surface>(surface: S): FormatOn<S>[] {
  return idsWhere<FormatOn<S>>((row) => row.surfaces.includes(surface));
}

/** The Export menu's formats made from `source`, in the table's order. */
export function menuFormats<M extends MenuSource>(source: M): MenuFormat<M>[] {
  return idsWhere<MenuFormat<M>>((row) => row.menu === source);
}
/** Every format in the Export menu, in the table's order. */
export const MENU_FORMATS = idsWhere<MenuFormat>((row) => row.menu !== undefined);

export const TEXT_FORMATS = idsWhere<TextFormat>((row) => row.kind === 'text');
export const DRAWN_FORMATS = idsWhere<DrawnFormat>((row) => row.kind !== 'text');
export const RASTER_FORMATS = idsWhere<RasterFormat>((row) => row.raster);
export const STEPPED_FORMATS = idsWhere<SteppedFormat>((row) => row.steps);

/** The row of a format id. */
export function outputFormat(id: OutputFormatId): OutputFormat {
  const row = OUTPUT_FORMATS.find((format) => format.id === id);
  if (!row) throw new Error(`No output format ${String(id)}`);
  return row;
}

/** Whether `value` is one of `ids` (narrowing a string someone sent). */
export function isOneOf<Id extends string>(ids: readonly Id[], value: string): value is Id {
  return (ids as readonly string[]).includes(value);
}

/** The Content-Type an answer in this format carries. */
export function contentTypeOf(id: OutputFormatId): string {
  const { mediaType, charset } = outputFormat(id);
  return charset ? `${mediaType}; charset=${charset}` : mediaType;
}

/** The distinct media types of `ids`, in order. */
export function mediaTypesOf(ids: readonly OutputFormatId[]): string[] {
  return [...new Set(ids.map((id) => outputFormat(id).mediaType))];
}

/** "'a', 'b' or 'c'" (quoted) for messages; `quote` '' for "a, b or c", '`' for Markdown. */
export function listOf(items: readonly string[], quote = "'", last = ' or '): string {
  const quoted = items.map((item) => `${quote}${item}${quote}`);
  if (quoted.length < 2) return quoted.join('');
  return `${quoted.slice(0, -1).join(', ')}${last}${quoted.at(-1)}`;
}
