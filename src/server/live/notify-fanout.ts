/**
 * Live edits between instances without Redis: a Hocuspocus extension that publishes every
 * local update with PostgreSQL NOTIFY (base64, in chunks under the 8,000-byte payload limit)
 * and applies the updates other instances publish to the documents it holds.
 */
import { randomUUID } from 'node:crypto';
import type { Extension } from '@hocuspocus/server';
import { sql } from 'drizzle-orm';
import * as Y from 'yjs';
import type { Database } from '../db/client.js';

const CHANNEL = 'lifeline_live_updates';
/** Base64 characters per notification, leaving room for the envelope. */
const CHUNK = 7_600;
/** Transaction origin of updates that came from another instance (not published again). */
export const FANOUT_ORIGIN = 'fanout';

interface Envelope {
  /** Publishing instance. */
  from: string;
  /** Update id, its chunk index and the number of chunks. */
  id: string;
  part: number;
  parts: number;
  doc: string;
  data: string;
}

export async function notifyFanout(
  database: Database,
): Promise<{ extension: Extension; stop(): Promise<void> }> {
  const self = randomUUID();
  const partial = new Map<string, string[]>();
  const documents = new Map<string, Y.Doc>();

  const publish = async (doc: string, update: Uint8Array) => {
    const data = Buffer.from(update).toString('base64');
    const id = randomUUID();
    const parts = Math.max(1, Math.ceil(data.length / CHUNK));
    for (let part = 0; part < parts; part++) {
      const envelope: Envelope = {
        from: self,
        id,
        part,
        parts,
        doc,
        data: data.slice(part * CHUNK, (part + 1) * CHUNK),
      };
      await database.db.execute(sql`select pg_notify(${CHANNEL}, ${JSON.stringify(envelope)})`);
    }
  };

  const receive = (payload: string) => {
    let envelope: Envelope;
    try {
      envelope = JSON.parse(payload) as Envelope;
    } catch {
      return;
    }
    if (envelope.from === self) return;
    const document = documents.get(envelope.doc);
    if (!document) return;
    const chunks = partial.get(envelope.id) ?? [];
    chunks[envelope.part] = envelope.data;
    if (chunks.filter((chunk) => chunk !== undefined).length < envelope.parts) {
      partial.set(envelope.id, chunks);
      return;
    }
    partial.delete(envelope.id);
    try {
      Y.applyUpdate(document, Buffer.from(chunks.join(''), 'base64'), FANOUT_ORIGIN);
    } catch {
      // A malformed notification changes nothing.
    }
  };

  const stop = await database.listen(CHANNEL, {
    notify: receive,
    ready: () => undefined,
    lost: () => undefined,
  });

  const extension: Extension = {
    async afterLoadDocument({ documentName, document }) {
      documents.set(documentName, document);
    },
    async afterUnloadDocument({ documentName }) {
      documents.delete(documentName);
    },
    async onChange({ documentName, update, transactionOrigin }) {
      if (transactionOrigin === FANOUT_ORIGIN) return;
      await publish(documentName, update);
    },
  };
  return { extension, stop };
}
