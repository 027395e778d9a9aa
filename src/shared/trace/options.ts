/** The choices that shape a trace's diagram; the dialog, the API and the builder share them. */
import { z } from '../zod.js';

export const TRACE_GROUPS = ['service', 'instance', 'host'] as const;
export const TRACE_INTERNAL = ['hidden', 'activations', 'notes', 'self'] as const;
export const TRACE_DEPTH_MAX = 50;

export const traceOptionsSchema = z.object({
  group: z
    .enum(TRACE_GROUPS)
    .default('service')
    .describe('One participant per service, per service instance, or per host.'),
  internal: z
    .enum(TRACE_INTERNAL)
    .default('hidden')
    .describe('Spans within one service: hidden, activations, notes or self-messages.'),
  durations: z.boolean().default(true).describe('Write each reply’s duration.'),
  autonumber: z.boolean().default(false).describe('Number the messages.'),
  collapse: z
    .boolean()
    .default(true)
    .describe('Fold repeated identical consecutive calls into a loop with a count.'),
  depth: z
    .number()
    .int()
    .min(0)
    .max(TRACE_DEPTH_MAX)
    .default(0)
    .describe('Draw calls at most this many services deep; 0 draws all.'),
  labelMax: z.number().int().min(12).max(200).default(48).describe('Longest label, in characters.'),
});

export type TraceOptions = z.infer<typeof traceOptionsSchema>;
export type TraceOptionsInput = z.input<typeof traceOptionsSchema>;
export const DEFAULT_TRACE_OPTIONS: TraceOptions = traceOptionsSchema.parse({});
