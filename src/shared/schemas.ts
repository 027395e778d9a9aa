/** zod schemas of the entities (spec §3) and API bodies; types flow from these. */
import { z } from 'zod';

export const userSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string().nullable(),
  avatarUrl: z.string().nullable(),
});
export type User = z.infer<typeof userSchema>;

export const errorBodySchema = z.object({ error: z.string() });
export type ErrorBody = z.infer<typeof errorBodySchema>;

export const diagramSchema = z.object({
  id: z.number().int(),
  userId: z.number().int(),
  title: z.string(),
  content: z.string(),
  isPublic: z.boolean(),
  shareToken: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  folderId: z.number().int().nullable(),
  position: z.number().int(),
});
export type Diagram = z.infer<typeof diagramSchema>;

export const folderSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  position: z.number().int(),
});
export type Folder = z.infer<typeof folderSchema>;
