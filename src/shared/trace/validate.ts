import type { z } from '../zod.js';
import { TraceFileError } from './model.js';

/** The value read by the schema, or a TraceFileError naming the first field that is wrong. */
export function checked<T extends z.ZodType>(schema: T, value: unknown, where = ''): z.infer<T> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const path = issue?.path.length ? issue.path.join('.') : 'the document';
  throw new TraceFileError(`${where}${path}: ${issue?.message ?? 'not understood'}`);
}
