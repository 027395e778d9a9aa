/**
 * What the diagram writer tells a diagram's live document, through a port live/ registers
 * (live/rest-edits.ts). Without one (a store test, a tool) the writer writes the row alone.
 */
import type { DiagramAccess } from '../../shared/schemas.js';
import type { SaveKind } from '../../shared/versions.js';
import type { Db } from '../db/client.js';
import type { Actor } from './access.js';

/** A REST change of title or text (undefined: left as it is). */
export interface TextChange {
  title?: string;
  content?: string;
}

/** The live document's side of one REST write of title or text. */
export interface LiveEdit {
  /** Bytes of the live document's encoded state before this edit, and once it is applied. */
  stateBytes: { before: number; after: number };
  /**
   * The edit as a Yjs update. Answered to the saver: its live copy may receive the update only
   * after the answer, and must not make the same edit again (see client savesBeforeJoin.ts).
   */
  update: Uint8Array;
  /** Logs the edit in the transaction that writes the row: a crash keeps both or neither. */
  log(tx: Db): Promise<void>;
  /** Applies the logged edit to the open document once that transaction committed. */
  apply(): Promise<void>;
}

/** Who writes, for the live document's own store and its presence. */
export interface LiveWriter {
  actor: Actor;
  access: DiagramAccess;
  kind: SaveKind;
}

export interface LiveDocuments {
  /** Makes the diagrams row hold every acknowledged live edit of the diagram (before a read). */
  settle(diagramId: number): Promise<void>;
  /**
   * Holds the diagram's live document open and settled while `write` writes the row, and hands
   * it the edit that makes the document hold `change` (null: it holds it already).
   */
  editing<T>(
    diagramId: number,
    by: LiveWriter,
    change: TextChange,
    write: (edit: LiveEdit | null) => Promise<T>,
  ): Promise<T>;
}
