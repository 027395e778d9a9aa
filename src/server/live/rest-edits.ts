/**
 * REST writes on live documents: the port (diagrams/live-port.ts) through which the diagram
 * writer keeps the open live document and the row together. Before a read the row is made to
 * hold what the open document (or the log) holds; a REST change of title or text becomes one
 * edit of the document (a minimal text diff, origin "rest"), logged in the transaction that
 * writes the row and applied once it committed, so open editors receive it at once.
 */
import * as Y from 'yjs';
import { diagramDocName } from '../../shared/live.js';
import type { LiveDocuments } from '../diagrams/live-port.js';
import type { DiagramWriter } from '../diagrams/writer.js';
import type { LiveContext } from './context.js';
import { appendUpdate, restEdit, SERVER_ORIGIN } from './persistence.js';
import type { LiveServer } from './server.js';

export function liveDocumentsPort(live: LiveServer): LiveDocuments {
  return {
    async settle(diagramId) {
      const name = diagramDocName(diagramId);
      if (live.instance.documents.has(name)) return live.foldNow(name);
      if (!(await live.persistence.hasPending(diagramId))) return;
      const context: LiveContext = { user: null, sessionHash: null, diagramId };
      const connection = await live.instance.openDirectConnection(name, context);
      await connection.disconnect();
    },

    async editing(diagramId, by, change, write) {
      const context: LiveContext = {
        user: by.actor,
        sessionHash: null,
        diagramId,
        role: by.access,
        saveKind: by.kind,
      };
      const name = diagramDocName(diagramId);
      const connection = await live.instance.openDirectConnection(name, context);
      try {
        await live.foldNow(name);
        const doc = connection.document;
        if (!doc) throw new Error(`live document ${name} closed while in use`);
        // Logged in the transaction that checks updatedAt and writes the row, so whatever a
        // crash leaves is either the row before or the acknowledged one; the fold after it
        // finds the row already holding the text and writes nothing more.
        const edit = restEdit(doc, change);
        if (!edit) return await write(null);
        const { update, stateBytes } = edit;
        let logId = 0;
        return await write({
          stateBytes,
          update,
          async log(tx) {
            logId = await appendUpdate(tx, diagramId, update, null);
          },
          async apply() {
            await connection.transact((document) => {
              Y.applyUpdate(document, update, SERVER_ORIGIN);
              live.noteApplied(name, logId);
            });
          },
        });
      } finally {
        await connection.disconnect();
      }
    },
  };
}

/** Tells the diagram writer about this instance's live documents. */
export function connectRestEdits(writer: DiagramWriter, live: LiveServer): void {
  writer.connectLive(liveDocumentsPort(live));
}
