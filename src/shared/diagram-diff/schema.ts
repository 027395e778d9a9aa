/** The shape of a diagram diff: what /api/v1/diagrams/{id}/diff answers and History shows. */
import { versionIdField } from '../versions.js';
import { z } from '../zod.js';

export const itemChangeKind = z.enum(['added', 'removed', 'changed', 'moved']);

const line = z.number().int().positive().describe('1-based line of the text it is in');

export const diffMessage = z.object({
  line,
  sender: z.string(),
  arrow: z.string(),
  receiver: z.string(),
  label: z.string(),
});

export const diffNote = z.object({
  line,
  placement: z.string().describe('`left of`, `right of` or `over`'),
  participants: z.array(z.string()),
  text: z.string(),
});

export const diffBlock = z.object({
  line,
  keyword: z.string().describe('`alt`, `else`, `loop`, `opt`, `par`, `and`, `critical`…'),
  condition: z.string(),
});

export const diffLine = z.object({ line, text: z.string().describe('The line, trimmed') });

/** A participant in both versions whose declaration changed (its alias, actor or participant). */
export const diffDeclaration = z.object({
  name: z.string(),
  from: z.string().describe('Its declaration before, trimmed; empty when it had none'),
  to: z.string().describe('Its declaration after, trimmed; empty when it has none'),
  renamed: z.boolean().describe('True when the name it is shown by changed (its alias)'),
});

/** One change of a message, note or block line: before is null when added, after when removed. */
const changeOf = <T extends z.ZodType>(item: T) =>
  z.object({ change: itemChangeKind, before: item.nullable(), after: item.nullable() });

export const sequenceDiffSchema = z.object({
  kind: z.literal('sequence'),
  summary: z.string().describe("One line, e.g. '3 messages added, 1 removed, 2 labels changed'"),
  participants: z.object({
    added: z.array(z.string()),
    removed: z.array(z.string()),
    renamed: z.array(z.object({ from: z.string(), to: z.string() })),
    declarations: z.array(diffDeclaration),
  }),
  messages: z.array(changeOf(diffMessage)),
  notes: z.array(changeOf(diffNote)),
  blocks: z.array(changeOf(diffBlock)),
  styles: z.array(changeOf(diffLine)).describe('`style`, `classDef`, `class`, `linkStyle` lines'),
  lines: z
    .array(changeOf(diffLine))
    .describe('Every other line: autonumber, activate, boxes, links, comments, block ends…'),
  spacingOnly: z.boolean().describe('True when the texts differ only in spacing and blank lines'),
  bounded: z
    .boolean()
    .describe('True when the versions differed too much to search for moves and changes'),
});

export const textDiffSchema = z.object({
  kind: z.literal('text'),
  summary: z.string(),
  reason: z.literal('not-a-sequence-diagram'),
  linesAdded: z.number().int().nonnegative(),
  linesRemoved: z.number().int().nonnegative(),
});

export const diagramDiffSchema = z.discriminatedUnion('kind', [sequenceDiffSchema, textDiffSchema]);

export type DiffMessage = z.infer<typeof diffMessage>;
export type DiffNote = z.infer<typeof diffNote>;
export type DiffBlock = z.infer<typeof diffBlock>;
export type DiffLine = z.infer<typeof diffLine>;
export type DiffDeclaration = z.infer<typeof diffDeclaration>;
export type SequenceDiff = z.infer<typeof sequenceDiffSchema>;
export type TextDiff = z.infer<typeof textDiffSchema>;
export type DiagramDiff = z.infer<typeof diagramDiffSchema>;

/** The query of a diff between two versions of a diagram. */
export const versionDiffQuery = z.object({
  // A template literal: the build's import check would take the word and a quote for an import.
  from: versionIdField(`from`).describe('The version compared from (the older one, usually)'),
  to: versionIdField('to').describe('The version compared to: its drawing is the one marked'),
  format: z
    .enum(['json', 'svg'], { error: "format must be 'json' or 'svg'" })
    .default('json')
    .describe('`json`: the structured changes; `svg`: the marked drawing'),
  theme: z
    .enum(['light', 'dark'], { error: "theme must be 'light' or 'dark'" })
    .default('light')
    .describe('The colours of the marked drawing (`svg` only)'),
});

export const versionDiffReply = z.object({
  diagramId: z.number().int(),
  from: z.number().int(),
  to: z.number().int(),
  diff: diagramDiffSchema,
});

export type VersionDiffQuery = z.infer<typeof versionDiffQuery>;
export type VersionDiffReply = z.infer<typeof versionDiffReply>;
