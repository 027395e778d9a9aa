/**
 * The live co-editing server: one Hocuspocus instance (no listener of its own; see upgrade.ts)
 * whose hooks decide who may open which document (access through the diagram store, decisions
 * through shared/policy/can.ts), refuse what a connection may not send, and write every accepted update
 * before Hocuspocus applies and acknowledges it. Folds (the update log into the row) write through the diagram writer.
 */
import {
  Hocuspocus,
  type Connection,
  type Document,
  type Extension,
  type onAuthenticatePayload,
} from '@hocuspocus/server';
import * as Y from 'yjs';
import {
  liveClientMessage,
  liveDigest,
  LIVE_META,
  parseLiveDocName,
  type LiveServerMessage,
  type RefusedReason,
} from '../../shared/live.js';
import { CONTENT_MAX } from '../../shared/schemas.js';
import type { SaveKind } from '../../shared/versions.js';
import type { Db } from '../db/client.js';
import { diagramsStore } from '../diagrams/store.js';
import type { DiagramWriter } from '../diagrams/writer.js';
import { can } from '../../shared/policy/can.js';
import { handlingLiveFrame } from '../health/loop-labels.js';
import { checkAwareness, stampAwareness } from './awareness.js';
import { contextOf, type LiveContext } from './context.js';
import { BROADCAST_STATELESS, holdsUpdate, readFrame } from './frames.js';
import { liveText, livePersistence } from './persistence.js';
import { checkUpdate, DEFAULT_UPDATE_BOUNDS, type UpdateBounds } from './update-check.js';

/** Folds wait at most this long after an edit (and at most maxDebounce while edits go on). */
export const FOLD_DEBOUNCE_MS = 200;
export const FOLD_MAX_DEBOUNCE_MS = 1000;

/** The refusal Hocuspocus reports for a document one may not open (missing or not one's own). */
const NOT_FOUND = { reason: 'not-found' };
/** Closes a connection that sends what only the server may send (policy violation). */
const SERVER_ONLY = { code: 1008, reason: 'server-only message' };

export function send(connection: Connection, message: LiveServerMessage): void {
  connection.sendStateless(JSON.stringify(message));
}

export function broadcast(document: Document, message: LiveServerMessage): void {
  document.broadcastStateless(JSON.stringify(message));
}

/**
 * What one update may hold (beside the text's CONTENT_MAX). The largest encoded state of a
 * document is the diagram writer's (writer.limits), the same for every writer.
 */
export interface LiveDocumentLimits {
  update: UpdateBounds;
}

export const DEFAULT_LIVE_DOCUMENT_LIMITS: LiveDocumentLimits = {
  update: DEFAULT_UPDATE_BOUNDS,
};

export function createLiveServer(
  db: Db,
  writer: DiagramWriter,
  fanout: Extension[] = [],
  options: Partial<LiveDocumentLimits> = {},
) {
  const limits = { ...DEFAULT_LIVE_DOCUMENT_LIMITS, ...options };
  const stateMaxBytes = writer.limits.liveStateMaxBytes;
  const diagrams = diagramsStore(db);
  const persistence = livePersistence(db, writer);
  /** Per document: the newest appended update known to be applied (folds drop up to it). */
  const applied = new Map<string, number>();
  /** Documents loaded with logged updates that their row does not hold yet. */
  const unfolded = new Set<string>();
  /** Per document: who sent updates since the last fold. */
  const authors = new Map<string, Set<number>>();
  /**
   * Per connection: settles once its newest update is written and applied. Hocuspocus does not
   * wait for one message's hooks before the next, so an explicit Save sent right after an edit
   * waits here; otherwise its version would miss that edit.
   */
  const lastUpdate = new WeakMap<Connection, Promise<void>>();
  /**
   * Per connection: refused updates whose skip is under way. Hocuspocus skips an update of a
   * read-only connection, so a refused one is skipped by making its connection read-only until
   * it has passed; meanwhile that flag says nothing of the connection's role, and the next
   * frame (an edit, a Save) must not be taken for a viewer's.
   */
  const skipping = new WeakMap<Connection, number>();
  const readOnly = (connection: Connection) => connection.readOnly && !skipping.has(connection);

  /**
   * Per document: the update being handled (checked, written, applied) and those waiting. One
   * at a time, so each check sees every earlier update of a burst applied.
   */
  const turns = new Map<string, Promise<void>>();
  /** Per document: its encoded state's size when last measured, and bytes accepted since. */
  const stateSizes = new Map<string, { measured: number; since: number }>();

  /** Waits for the document's earlier updates; call the answer once this one is applied. */
  async function takeTurn(documentName: string): Promise<() => void> {
    const previous = turns.get(documentName) ?? Promise.resolve();
    let release = () => {};
    const mine = new Promise<void>((resolve) => (release = resolve));
    const tail = previous.then(() => mine);
    turns.set(documentName, tail);
    void tail.then(() => {
      if (turns.get(documentName) === tail) turns.delete(documentName);
    });
    await previous;
    return release;
  }

  /** Why `update` may not be applied to `document` (null: it may). */
  function refusal(document: Document, update: Uint8Array): RefusedReason | null {
    const verdict = checkUpdate(document, update, limits.update);
    if (!verdict.ok) return verdict.reason;
    const length = liveText(document).length;
    // A text somehow over the limit still takes edits that shrink it.
    if (verdict.textGrowth > 0 && length + verdict.textGrowth > CONTENT_MAX) return 'too-large';
    if (verdict.structs === 0) return null; // deletions only
    let size = stateSizes.get(document.name);
    if (!size || size.measured + size.since + update.byteLength > stateMaxBytes) {
      // An update's bytes bound what it adds to the state: measured again only near the cap.
      size = { measured: Y.encodeStateAsUpdate(document).byteLength, since: 0 };
      stateSizes.set(document.name, size);
    }
    if (size.measured + size.since + update.byteLength > stateMaxBytes) return 'too-large';
    size.since += update.byteLength;
    return null;
  }

  /** Marks a logged update as applied to the open document: its next fold drops it. */
  const noteApplied = (documentName: string, id: number) =>
    applied.set(documentName, Math.max(id, applied.get(documentName) ?? 0));

  const diagramIdOf = (documentName: string): number | null => {
    const name = parseLiveDocName(documentName);
    return name?.kind === 'diagram' ? name.id : null;
  };

  /** `force`: an explicit Save, which writes (and keeps a version) even without a change. */
  async function fold(document: Document, kind: SaveKind, savedBy: number | null, force = false) {
    const diagramId = diagramIdOf(document.name);
    if (diagramId === null) return;
    const upToUpdateId = applied.get(document.name) ?? 0;
    const by = authors.get(document.name);
    authors.delete(document.name);
    // What this fold writes (persistence reads the document before its first await).
    const title = document.getMap(LIVE_META).get('title');
    const digest = liveDigest(
      typeof title === 'string' ? title : '',
      liveText(document).toString(),
    );
    const result = await persistence.fold(diagramId, document, {
      upToUpdateId,
      kind,
      savedBy: savedBy ?? (by ? ([...by].at(-1) ?? null) : null),
      force,
    });
    if (result) {
      broadcast(document, { type: 'saved', updatedAt: result.updatedAt.toISOString(), digest });
    }
  }

  /** Per document: the explicit Save waiting for the one under way (later ones join it). */
  const waitingSaves = new Map<string, Promise<void>>();
  const runningSaves = new Map<string, Promise<void>>();

  /**
   * An explicit Save, coalesced: Saves asked for while one is under way share one fold after
   * it (which holds every edit applied before any of them asked), so a flood of Saves costs at
   * most two folds at a time.
   */
  function saveSoon(document: Document, userId: number | null): Promise<void> {
    const name = document.name;
    const waiting = waitingSaves.get(name);
    if (waiting) return waiting;
    const before = runningSaves.get(name) ?? Promise.resolve();
    const next = before
      .catch(() => undefined)
      .then(() => {
        waitingSaves.delete(name);
        const running = fold(document, 'manual', userId, true);
        runningSaves.set(name, running);
        return running.finally(() => {
          if (runningSaves.get(name) === running) runningSaves.delete(name);
        });
      });
    waitingSaves.set(name, next);
    return next;
  }

  /** Who may open which document, and how (read-only or not); throws NOT_FOUND otherwise. */
  async function authenticate({
    documentName,
    context,
    connectionConfig,
  }: onAuthenticatePayload): Promise<Partial<LiveContext>> {
    const live = contextOf(context);
    const name = parseLiveDocName(documentName);
    if (!name) throw NOT_FOUND;
    if (name.kind === 'share') {
      const diagram = await diagrams.findPublic(name.token);
      if (!diagram) throw NOT_FOUND;
      connectionConfig.readOnly = true;
      return { diagramId: diagram.id, role: 'viewer' };
    }
    if (!live.user) throw NOT_FOUND;
    const opened = await diagrams.open(live.user, name.id);
    if (!opened) throw NOT_FOUND;
    connectionConfig.readOnly = !can(opened.access, 'edit');
    return { diagramId: name.id, role: opened.access };
  }

  const hooks: Extension = {
    async onAuthenticate(payload) {
      try {
        const granted = await authenticate(payload);
        // From now on the socket's frames count against the document's budgets (upgrade.ts).
        contextOf(payload.context).authenticated?.add(payload.documentName);
        return granted;
      } catch (refusal) {
        // The socket's context is copied per document, but the set is shared: upgrade.ts sees it.
        contextOf(payload.context).refused?.add(payload.documentName);
        throw refusal;
      }
    },

    async onDisconnect({ documentName, context }) {
      contextOf(context).authenticated?.delete(documentName);
    },

    async onLoadDocument({ documentName, context }) {
      const diagramId = contextOf(context).diagramId;
      if (diagramId === undefined) throw NOT_FOUND;
      const loaded = await persistence.load(diagramId);
      if (!loaded) throw NOT_FOUND;
      if (parseLiveDocName(documentName)?.kind === 'share') mirrors.set(documentName, diagramId);
      // Replayed updates are in the document: its first fold drops them from the log.
      if (loaded.replayed > 0) {
        noteApplied(documentName, loaded.replayed);
        unfolded.add(documentName);
      }
      return loaded.doc;
    },

    async afterLoadDocument({ documentName, document }) {
      stampAwareness(document);
      // Acknowledged edits the row does not hold yet (a process stopped before folding them, or
      // a connection closed before its edit was applied) are folded in now, not with the next edit:
      // a read of the row waits for this fold (foldNow waits for the lock taken here).
      if (unfolded.delete(documentName)) {
        void document.saveMutex
          .runExclusive(() => fold(document, 'auto', null))
          .catch(() => undefined); // the log keeps them; the next fold takes them in
      }
    },

    async beforeHandleMessage({ connection, update: data, document, context }) {
      handlingLiveFrame(document.name, data);
      const frame = readFrame(data);
      // Only the server speaks on the stateless channel: a client's broadcast would pass for it.
      if (frame.kind === 'other' && frame.type === BROADCAST_STATELESS) throw SERVER_ONLY;
      if (frame.kind === 'awareness') return checkAwareness(document, connection, frame.update);
      if (frame.kind !== 'update') return;
      // The connection's own context: revocation changes its role while it is open.
      const live = contextOf(connection.context ?? context);
      if (readOnly(connection) || !can(live.role, 'edit') || diagramIdOf(document.name) === null) {
        if (!holdsUpdate(document, frame.update))
          send(connection, { type: 'refused', reason: 'read-only' });
        return;
      }
      // A Save from this connection waits until this update is applied and noted (or refused):
      // noted, it is one the Save's fold takes in, and its author is credited in the Save's
      // version. Set before waiting for the document's turn, which a Save sent right after
      // this update would otherwise overtake.
      let noted = () => {};
      lastUpdate.set(connection, new Promise<void>((resolve) => (noted = resolve)));
      const release = await takeTurn(document.name);
      // Released once this update is applied (Hocuspocus applies it in the microtasks right
      // after this hook: by the next turn of the event loop the document holds it).
      const applied = (then?: () => void) =>
        setImmediate(() => {
          then?.();
          release();
          noted();
        });
      let reason: RefusedReason | null;
      try {
        reason = refusal(document, frame.update);
      } catch (error) {
        applied();
        throw error;
      }
      if (reason) {
        send(connection, { type: 'refused', reason });
        // Hocuspocus skips (and does not acknowledge) updates of a read-only connection.
        connection.readOnly = true;
        skipping.set(connection, (skipping.get(connection) ?? 0) + 1);
        applied(() => {
          const left = (skipping.get(connection) ?? 1) - 1;
          if (left > 0) return void skipping.set(connection, left);
          skipping.delete(connection);
          connection.readOnly = !can(contextOf(connection.context).role, 'edit');
        });
        return;
      }
      const diagramId = diagramIdOf(document.name)!;
      const userId = live.user?.id ?? null;
      const appended = persistence.append(diagramId, frame.update, userId);
      let id: number;
      try {
        id = await appended;
      } catch (error) {
        applied();
        throw error;
      }
      if (userId !== null) {
        const set = authors.get(document.name) ?? new Set<number>();
        set.delete(userId);
        set.add(userId);
        authors.set(document.name, set);
      }
      applied(() => {
        noteApplied(document.name, id);
        // Checked whole before it was taken (update-gaps.ts): should Yjs still have parked part
        // of it, the parked part is dropped and the sender resyncs, not left to build on.
        if (document.store.pendingStructs || document.store.pendingDs) {
          document.store.pendingStructs = null;
          document.store.pendingDs = null;
          send(connection, { type: 'refused', reason: 'out-of-step' });
        }
      });
    },

    async onChange({ documentName, update }) {
      const diagramId = diagramIdOf(documentName);
      if (diagramId === null) return;
      for (const [name, id] of mirrors) {
        const mirror = id === diagramId ? instance.documents.get(name) : undefined;
        if (mirror) Y.applyUpdate(mirror, update);
      }
    },

    async onStoreDocument({ document, context }) {
      const live = contextOf(context);
      await fold(document, live.saveKind ?? 'auto', live.saveKind ? (live.user?.id ?? null) : null);
    },

    async onStateless({ connection, payload, document }) {
      let parsed: unknown;
      try {
        parsed = JSON.parse(payload);
      } catch {
        return;
      }
      if (!liveClientMessage.safeParse(parsed).success) return;
      if (readOnly(connection) || !can(contextOf(connection.context).role, 'edit')) return;
      await lastUpdate.get(connection);
      await saveSoon(document, contextOf(connection.context).user?.id ?? null);
    },

    async afterUnloadDocument({ documentName }) {
      applied.delete(documentName);
      unfolded.delete(documentName);
      authors.delete(documentName);
      mirrors.delete(documentName);
      stateSizes.delete(documentName);
    },
  };

  /** share:<token> documents and the diagram they follow. */
  const mirrors = new Map<string, number>();

  const instance = new Hocuspocus({
    name: 'lifeline',
    quiet: true,
    debounce: FOLD_DEBOUNCE_MS,
    maxDebounce: FOLD_MAX_DEBOUNCE_MS,
    extensions: [hooks, ...fanout],
  });

  /**
   * Runs every fold still waiting for its debounce and waits for those under way (before the
   * database and the fan-out close).
   */
  async function flush(): Promise<void> {
    const pending = [...instance.documents.keys()].map((name) =>
      foldNow(name).catch(() => undefined),
    );
    await Promise.all(pending);
  }

  /**
   * Runs the fold of `documentName` now if one is waiting, or waits for the one under way (the
   * last connection closing starts one at once): either way the row holds every acknowledged edit.
   */
  async function foldNow(documentName: string): Promise<void> {
    const waiting: unknown = instance.debouncer.executeNow(`onStoreDocument-${documentName}`);
    if (waiting) return void (await waiting);
    const document = instance.documents.get(documentName);
    if (document?.saveMutex.isLocked()) await document.saveMutex.waitForUnlock();
  }

  return { instance, persistence, flush, foldNow, noteApplied };
}

export type LiveServer = ReturnType<typeof createLiveServer>;
