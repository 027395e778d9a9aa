/**
 * Query options of the open render endpoints → a render request. Every option is checked: an
 * unknown one, or a value out of range, is a 400 naming it, never silently ignored.
 */
import type { MermaidTheme } from '../../shared/mermaid-config.js';
import {
  formatsOn,
  isOneOf,
  RASTER_FORMATS,
  TEXT_FORMATS,
  type DrawnFormat,
  type FormatOn,
  type TextFormat,
} from '../../shared/output-formats.js';
import { badRequest } from '../errors.js';
import { PAPER_FORMATS, type PaperFormat, type PdfPage } from '../chromium-render/capture.js';
import { MAX_IMAGE_SIDE } from '../chromium-render/image-size.js';
import type { RenderRequest } from '../chromium-render/renderer.js';

export const OPEN_THEMES = ['default', 'neutral', 'dark', 'forest'] as const;
/** What Kroki and mermaid.ink draw with when nothing is asked. */
export const OPEN_DEFAULT_THEME: MermaidTheme = 'default';

export type Query = Record<string, string | string[] | undefined>;

const one = (query: Query, name: string): string | undefined => {
  const value = query[name];
  if (Array.isArray(value)) throw badRequest(`${name} may be given once.`);
  return value;
};

export function parseTheme(value: string | undefined, where = 'theme'): MermaidTheme | undefined {
  if (value === undefined) return undefined;
  const theme = value.toLowerCase();
  if (!(OPEN_THEMES as readonly string[]).includes(theme)) {
    throw badRequest(`${where} must be one of ${OPEN_THEMES.join(', ')}.`);
  }
  return theme as MermaidTheme;
}

/** A theme asked for in a mermaid.ink state's `mermaid` configuration; others are not used. */
export function themeOfConfig(config: Record<string, unknown>): MermaidTheme | undefined {
  const theme = config.theme;
  return typeof theme === 'string' && (OPEN_THEMES as readonly string[]).includes(theme)
    ? (theme as MermaidTheme)
    : undefined;
}

const SIDE = /^\d{1,6}$/;

function side(query: Query, name: 'width' | 'height'): number | null {
  const value = one(query, name);
  if (value === undefined) return null;
  const number = SIDE.test(value) ? Number(value) : NaN;
  if (!(number >= 1 && number <= MAX_IMAGE_SIDE)) {
    throw badRequest(`${name} must be a whole number of pixels from 1 to ${MAX_IMAGE_SIDE}.`);
  }
  return number;
}

// mermaid.ink's bgColor: hex digits without "#", or a colour name after "!".
const HEX = /^[0-9a-fA-F]{3,8}$/;
const NAMED = /^![a-zA-Z]{1,30}$/;

function background(query: Query, fallback: string): string {
  const value = one(query, 'bgColor');
  if (value === undefined) return fallback;
  if (HEX.test(value) && [3, 4, 6, 8].includes(value.length)) return `#${value}`;
  if (NAMED.test(value)) return value.slice(1).toLowerCase();
  throw badRequest(
    'bgColor must be a hex colour without "#" (FF0000, FF000080) or a colour name after "!" (!white).',
  );
}

function flag(query: Query, name: string): boolean {
  const value = one(query, name);
  if (value === undefined) return false;
  if (['', 'true', '1'].includes(value)) return true;
  if (['false', '0'].includes(value)) return false;
  throw badRequest(`${name} is a switch: give it alone (?${name}) or as true or false.`);
}

function scaleOf(query: Query, width: number | null, height: number | null): number {
  const value = one(query, 'scale');
  if (value === undefined) return 1;
  if (width === null && height === null) {
    throw badRequest('scale can only be set together with width or height.');
  }
  const scale = /^\d{1,2}(?:\.\d{1,4})?$/.test(value) ? Number(value) : NaN;
  if (!(scale >= 1 && scale <= 3)) throw badRequest('scale must be a number from 1 to 3.');
  return scale;
}

function pdfPage(query: Query): PdfPage {
  if (flag(query, 'fit')) return { paper: 'fit' };
  const paper = (one(query, 'paper') ?? 'a4').toLowerCase();
  if (!(PAPER_FORMATS as readonly string[]).includes(paper)) {
    throw badRequest(`paper must be one of ${PAPER_FORMATS.join(', ')}.`);
  }
  return { paper: paper as PaperFormat, landscape: flag(query, 'landscape') };
}

const INK_OPTIONS = ['bgColor', 'theme', 'width', 'height', 'scale'];
/** mermaid.ink's paths (its protocol's words) and the options each takes beyond INK_OPTIONS. */
const INK_EXTRA = {
  img: ['type'],
  svg: [],
  pdf: ['fit', 'paper', 'landscape'],
} satisfies Record<string, string[]>;
export type InkKind = keyof typeof INK_EXTRA;
/** /img's `type`: the screenshots mermaid.ink offers, JPEG first (its default). */
const IMG_TYPES = formatsOn('ink').filter((format) => isOneOf(RASTER_FORMATS, format));

function refuseUnknown(query: Query, known: string[]): void {
  for (const name of Object.keys(query)) {
    if (!known.includes(name)) {
      throw badRequest(
        `Unknown option "${name.slice(0, 40)}"; this endpoint takes ${known.join(', ')}.`,
      );
    }
  }
}

/** mermaid.ink's /svg, /img and /pdf options. */
export function inkRequest(
  kind: InkKind,
  query: Query,
  code: string,
  stateTheme: MermaidTheme | undefined,
): RenderRequest {
  refuseUnknown(query, [...INK_OPTIONS, ...INK_EXTRA[kind]]);
  let format: DrawnFormat = kind === 'img' ? 'jpeg' : kind;
  if (kind === 'img') {
    const type = (one(query, 'type') ?? 'jpeg').toLowerCase();
    if (!isOneOf(IMG_TYPES, type)) {
      throw badRequest(`type must be one of ${IMG_TYPES.join(', ')}.`);
    }
    format = type;
  }
  const width = side(query, 'width');
  const height = side(query, 'height');
  return {
    content: code,
    format,
    width,
    height,
    scale: scaleOf(query, width, height),
    theme: parseTheme(one(query, 'theme')) ?? stateTheme ?? OPEN_DEFAULT_THEME,
    // mermaid.ink's images have a white background; its SVG and PDF none unless asked.
    background: background(query, kind === 'img' ? 'white' : 'transparent'),
    ...(kind === 'pdf' ? { pdf: pdfPage(query) } : {}),
  };
}

/** `txt` is Kroki's name for text output (Unicode box drawing here); `ascii` is plain ASCII. */
export const KROKI_FORMATS = formatsOn('kroki');
export type KrokiFormat = FormatOn<'kroki'>;
export type KrokiImageFormat = Exclude<KrokiFormat, TextFormat>;
const KROKI_OPTIONS = ['theme'];

export function krokiFormat(value: string): KrokiFormat {
  const format = value.toLowerCase();
  if (!isOneOf(KROKI_FORMATS, format)) {
    throw badRequest(
      `Unsupported output format "${value.slice(0, 20)}" for mermaid; use ${KROKI_FORMATS.join(', ')}.`,
    );
  }
  return format;
}

/** A Kroki format drawn as text rather than by the renderer. */
export const isKrokiText = (format: KrokiFormat): format is Extract<KrokiFormat, TextFormat> =>
  isOneOf(TEXT_FORMATS, format);

export function krokiType(value: string): void {
  if (value.toLowerCase() !== 'mermaid') {
    throw badRequest(
      `Lifeline renders mermaid diagrams only; "${value.slice(0, 40)}" diagrams are not supported here.`,
    );
  }
}

/** Kroki's diagram options (query, `Kroki-Diagram-Options-*` headers, or diagram_options). */
export function krokiTheme(options: Record<string, unknown>): MermaidTheme {
  for (const name of Object.keys(options)) {
    if (!KROKI_OPTIONS.includes(name)) {
      throw badRequest(`Unknown diagram option "${name.slice(0, 40)}"; mermaid takes: theme.`);
    }
  }
  const theme = options.theme;
  if (theme !== undefined && typeof theme !== 'string') throw badRequest('theme must be text.');
  return parseTheme(theme) ?? OPEN_DEFAULT_THEME;
}

export function krokiRequest(
  format: KrokiImageFormat,
  source: string,
  options: Record<string, unknown>,
): RenderRequest {
  return {
    content: source,
    format,
    width: null,
    height: null,
    theme: krokiTheme(options),
    background: format === 'png' ? 'white' : 'transparent',
  };
}
