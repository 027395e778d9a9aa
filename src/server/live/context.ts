/**
 * What every live connection carries (Hocuspocus "context"): who holds it and how they may use
 * the document. Built by upgrade.ts and completed when a document authenticates (server.ts).
 */
import type { LiveRole } from '../../shared/live.js';
import type { SaveKind } from '../../shared/versions.js';
import type { Actor } from '../diagrams/access.js';

export interface LiveContext {
  /** Null: no auth session (only share links open). */
  user: Actor | null;
  /** The signed-in user's name, which their presence shows whatever the client claims. */
  userName?: string;
  /** SHA-256 of the auth session's id, to find the connections a sign-out ends. */
  sessionHash: string | null;
  diagramId?: number;
  role?: LiveRole;
  /** The socket's documents whose authentication was refused (shared by all its documents). */
  refused?: Set<string>;
  /** The socket's documents authenticated and still open (shared by all its documents). */
  authenticated?: Set<string>;
  /** The version kind a store on behalf of this context records (REST writes, restores). */
  saveKind?: SaveKind;
}

/** Hocuspocus passes contexts untyped; every one here was built by upgrade.ts and onAuthenticate. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- Hocuspocus types context as any
export const contextOf = (value: any): LiveContext => value as LiveContext;
