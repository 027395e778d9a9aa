/**
 * The live connection of the signed-in editor's open diagram: connects when a saved diagram is open,
 * turns the server's messages into the save state (`saved`), access changes and refusals, keeps
 * local edits buffered while auto-save is off, and keeps the diagram on this device (IndexedDB)
 * so edits made offline survive a reload and merge on reconnect.
 */
import { commentsChanged } from './commentsSignal';
import { useEffect, useRef } from 'react';
import type { IndexeddbPersistence } from 'y-indexeddb';
import * as Y from 'yjs';
import { diagramDocName, liveDigest, type LiveRole, type LiveServerMessage } from '@shared/live';
import { TOAST_TEXT } from '@shared/messages';
import type { User } from '@shared/schemas';
import { normaliseTitle } from '@shared/title';
import { toast } from '@/components/ui/toast-store';
import { connectLive, type LiveConnection } from './liveConnection';
import { savesBeforeJoin } from './savesBeforeJoin';
import type { Draft } from '../draftStore';
import type { OpenDiagram } from '../openDiagram';
import { SAVING_COPY, type ResyncReason } from '../saving/copy';
import { startAutoSavedNotice } from '../saving/autoSavedNotice';
import { keepOnDevice, takeDeviceCopy } from '../saving/deviceCopy';
import { useServerState, type ServerStateStore } from '../saving/serverState';
import type { SaveOutcome, Saver } from '../saving/saver';
import { toastAccessLost } from '../saving/saveToasts';

/** How long an explicit Save waits for the server's `saved` before it counts as failed. */
const SAVE_ANSWER_MS = 10_000;

export const offlineStoreName = (userId: number, diagramId: number) =>
  `lifeline:${userId}:${diagramDocName(diagramId)}`;

interface LiveDiagramOptions {
  user: User;
  diagram: OpenDiagram;
  serverState: ServerStateStore;
  saver: Saver;
  autoSaveOn: boolean;
  onSaved: () => void;
  /** The server refused an edit: the editor took the server's text again and this was its own. */
  onRefused: (kept: Draft, reason: ResyncReason) => void;
}

export function useLiveDiagram({
  user,
  diagram,
  serverState,
  saver,
  autoSaveOn,
  onSaved,
  onRefused,
}: LiveDiagramOptions) {
  const id = useServerState(serverState, (state) => state.id);
  const access = useServerState(serverState, (state) => state.access);
  const lost = useServerState(serverState, (state) => state.lostAccess);

  const autoSaveRef = useRef(autoSaveOn);
  useEffect(() => {
    autoSaveRef.current = autoSaveOn;
    diagram.setBuffering(!autoSaveOn);
  }, [diagram, autoSaveOn]);

  useEffect(() => {
    if (id === 0 || lost) return;
    const role: LiveRole = access;
    const waiting: ((outcome: SaveOutcome) => void)[] = [];
    let stored: IndexeddbPersistence | null = null;
    let stopped = false;
    const name = offlineStoreName(user.id, id);
    const notice = startAutoSavedNotice(diagram, () => autoSaveRef.current);

    /** Set from a refusal until the editor holds a fresh copy of the server's state. */
    let resyncing: ResyncReason | null = null;

    const onMessage = (message: LiveServerMessage) => {
      if (message.type === 'saved') {
        const held = diagram.readShared();
        // Saved is shown only for text the server holds: before this screen holds the server's
        // copy, or while its copy differs from what was stored (edits still on their way, or
        // refused), text typed meanwhile stays unsaved. The next store says saved for it.
        if (!held || resyncing || liveDigest(held.title, held.content) !== message.digest) {
          return serverState.update({ updatedAt: message.updatedAt });
        }
        serverState.update({
          updatedAt: message.updatedAt,
          baseline: { title: normaliseTitle(held.title), content: held.content },
          status: 'saved',
        });
        waiting.splice(0).forEach((resolve) => resolve('saved'));
        notice.saved();
        onSaved();
        return;
      }
      if (message.type === 'refused') {
        if (message.reason !== 'read-only') resync(message.reason);
        return;
      }
      if (message.type === 'comments') return commentsChanged(id);
      // The server's word for the new role (a wire value) becomes the access `can` is asked with.
      // eslint-disable-next-line no-restricted-syntax
      if (message.role === 'editor') return serverState.update({ access: 'editor' });
      const reason = message.role === 'none' ? 'removed' : 'viewer';
      serverState.update({ access: 'viewer', lostAccess: reason, status: 'error' });
      waiting.splice(0).forEach((resolve) => resolve('access-lost'));
      toastAccessLost(reason);
    };

    /**
     * The live copy holds an edit the server refused, and every later edit builds on it: it is
     * dropped and the editor joins a fresh copy of the server's state, its own text kept aside.
     */
    const resync = (reason: ResyncReason) => {
      if (resyncing || stopped) return;
      resyncing = reason;
      toast({
        title: SAVING_COPY.refusedTitle,
        description: SAVING_COPY.refusedBody[reason],
        variant: 'destructive',
      });
      waiting.splice(0).forEach((resolve) => resolve('refused'));
      serverState.update({ status: 'error' });
      // The device copy holds the refused edits too: it would send them again after a reload.
      void stored?.clearData();
      stored = null;
      connection.destroy();
      diagram.resync();
      connection = connect();
    };

    const connect = (): LiveConnection =>
      connectLive({
        diagram,
        name: diagramDocName(id),
        user: { id: user.id, name: user.name, role },
        // Connecting is not live yet: saves go over HTTP until the first sync.
        onStatus: (live) => serverState.update({ live: live === 'connecting' ? 'off' : live }),
        onMessage,
        // The server applies a save over HTTP to the live document as well, and its update may
        // reach the live copy long after the save's answer: before joining, a save in flight is
        // awaited and the live copy given the edit each answer carries (savesBeforeJoin), so the
        // join's diff is made against text the server holds. Text equal to the last one saved is
        // not put back at all (`serverHolds`): others' edits made since stay as they are.
        serverHolds: () => serverState.get().baseline.content,
        beforeAttach: (shared, origin) => savesBeforeJoin(shared, origin, saver, serverState),
        onAttached: (dropped) => {
          // Held by the live copy now; later saves go over the live connection.
          serverState.update({ savedEdits: [] });
          const reason = resyncing;
          resyncing = null;
          if (reason && dropped) {
            const now = diagram.read();
            if (dropped.content !== now.content || dropped.title !== now.title) {
              onRefused(dropped, reason);
            }
          }
          // From here the local copy shares the server's history: keep it on this device, once
          // the earlier copy is read (and, auto-save off, deleted).
          void earlierRead.then(() => {
            if (!stopped && !stored) stored = keepOnDevice(name, diagram.doc);
          });
        },
      });
    let connection = connect();
    // Edits kept on this device by an earlier visit (offline) join the live copy, and so the
    // server. With auto-save off they were never meant to leave: they are offered back from the
    // unsaved-text backup instead, and the device copy starts afresh.
    const earlierRead = takeDeviceCopy(name, {
      wanted: () => autoSaveRef.current,
      take: (state) => Y.applyUpdate(connection.provider.document, state),
    }).catch(() => undefined); // no IndexedDB here: nothing was kept
    saver.useLive({
      // While resyncing too: the text held now is the refused one, not to be saved another way.
      // And from the first sync on: a save over HTTP starting while the editor joins would be
      // applied by the server and put back by the join as well.
      active: () => resyncing !== null || (connection.joining && serverState.get().live !== 'off'),
      save: async (kind) => {
        const refused = () => resyncing !== null;
        if (refused()) return 'refused';
        // Auto-save: the join puts the text back, the live copy saves it from there.
        if (kind === 'auto' || serverState.get().live === 'offline') return 'unchanged';
        await connection.whenAttached;
        if (refused()) return 'refused';
        if (stopped) return 'unchanged';
        notice.cancel();
        serverState.update({ status: 'saving' });
        connection.save();
        return new Promise<SaveOutcome>((resolve, reject) => {
          waiting.push(resolve);
          window.setTimeout(() => {
            const at = waiting.indexOf(resolve);
            if (at < 0) return;
            waiting.splice(at, 1);
            serverState.update({ status: 'error' });
            reject(new Error(TOAST_TEXT.saveFailed));
          }, SAVE_ANSWER_MS);
        });
      },
    });
    return () => {
      stopped = true;
      notice.stop();
      saver.useLive(null);
      void stored?.destroy();
      connection.destroy();
      serverState.update({ live: 'off' });
    };
  }, [id, access, lost, user.id, user.name, diagram, serverState, saver, onSaved, onRefused]);
}
