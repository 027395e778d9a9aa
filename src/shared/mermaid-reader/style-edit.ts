/**
 * The statement the drawing's style palette writes for a participant or a message, and where it
 * goes in the text: over the element's own `style Name …` or `linkStyle N …` line when there is
 * one, else at the end. The palette's colours read well on the light and the dark preview: a
 * light fill with dark text (the same in both), and strokes and message colours of middle
 * lightness that stand out on white and on the dark background.
 */
import { sequenceStyles } from './sequence-styles.js';
import type { Span } from './sequence.js';

export const STYLE_PRESETS = {
  blue: { fill: '#dbeafe', stroke: '#2563eb', text: '#1e3a8a' },
  green: { fill: '#dcfce7', stroke: '#16a34a', text: '#14532d' },
  amber: { fill: '#fef3c7', stroke: '#d97706', text: '#78350f' },
  red: { fill: '#fee2e2', stroke: '#dc2626', text: '#7f1d1d' },
  violet: { fill: '#ede9fe', stroke: '#7c3aed', text: '#4c1d95' },
  gray: { fill: '#f1f5f9', stroke: '#64748b', text: '#0f172a' },
} as const;

export type StylePreset = keyof typeof STYLE_PRESETS;
export const STYLE_PRESET_NAMES = Object.keys(STYLE_PRESETS) as StylePreset[];

export type StyleTarget =
  { kind: 'participant'; name: string } | { kind: 'message'; index: number };

export interface TextEdit extends Span {
  insert: string;
}

/** The properties a preset writes: a participant's box and name, or a message's line and label. */
export function presetProperties(target: StyleTarget, preset: StylePreset): string {
  const { fill, stroke, text } = STYLE_PRESETS[preset];
  return target.kind === 'participant'
    ? `fill:${fill},stroke:${stroke},color:${text}`
    : `stroke:${stroke},color:${stroke}`;
}

/**
 * The one change that gives `target` the preset's style (`null`: removes its own statement),
 * or null when nothing changes.
 */
export function styleStatementEdit(
  source: string,
  target: StyleTarget,
  preset: StylePreset | null,
): TextEdit | null {
  const keyword = target.kind === 'participant' ? 'style' : 'linkStyle';
  const name = target.kind === 'participant' ? target.name : String(target.index);
  const own = sequenceStyles(source)
    .rules.filter(
      (rule) =>
        rule.complete &&
        rule.keyword === keyword &&
        rule.targets.length === 1 &&
        rule.targets[0]!.name === name,
    )
    .at(-1);
  if (preset === null) {
    if (!own) return null;
    const lineStart = own.from - own.indent;
    return { from: lineStart, to: Math.min(own.to + 1, source.length), insert: '' };
  }
  const statement = `${keyword} ${name} ${presetProperties(target, preset)}`;
  if (own) return { from: own.from, to: own.to, insert: statement };
  const ending = source === '' || source.endsWith('\n') ? '' : '\n';
  return { from: source.length, to: source.length, insert: `${ending}    ${statement}\n` };
}
