/**
 * The one owner of the open diagram's text and title. Everything that changes them (typing, label
 * edits in the drawing, a restored version, a template or import, the title field, a remote
 * participant) goes through the Y.Doc held here; the rest of the screen only reads and listens.
 *
 * Two documents: `local` is what this screen edits and shows; `shared` (when a live connection is
 * attached) is the copy kept in step with the server. Local edits go to `shared` at once while
 * auto-save is on; with it off they stay in `local` (unsaved) until `flush` sends them, while
 * remote edits keep arriving. Undo tracks only this screen's own edits.
 */
import type { Awareness } from 'y-protocols/awareness';
import * as Y from 'yjs';
import { LIVE_META, LIVE_TEXT } from '@shared/live';
import type { Draft } from './draftStore';
import { applyTextDiff } from './textDiff';
import { mergeTexts } from './textMerge';

/** Transaction origins: a program change (template, restore, import), and the two directions. */
export const ORIGIN = { program: 'program', remote: 'remote', local: 'local' } as const;

const TEXT = LIVE_TEXT;
const META = LIVE_META;
const TITLE = 'title';

export function seededDoc(draft: Draft): Y.Doc {
  const doc = new Y.Doc();
  doc.transact(() => {
    doc.getText(TEXT).insert(0, draft.content);
    doc.getMap<string>(META).set(TITLE, draft.title);
  }, ORIGIN.program);
  return doc;
}

export function readDraft(doc: Y.Doc): Draft {
  const title = doc.getMap<unknown>(META).get(TITLE);
  return { title: typeof title === 'string' ? title : '', content: doc.getText(TEXT).toString() };
}

export class OpenDiagram {
  private local: Y.Doc;
  private shared: Y.Doc | null = null;
  private unbindShared: (() => void) | null = null;
  private buffering = false;
  /** Local edits not yet given to `shared` (deletes leave no trace in a state vector). */
  private pending = false;
  /** Set by `resync`: the next attach takes the server's text as it is. */
  private resyncing = false;
  private readonly changeListeners = new Set<() => void>();
  private readonly resetListeners = new Set<(samePlace: boolean) => void>();
  private readonly localEditListeners = new Set<() => void>();
  undoManager: Y.UndoManager;
  /** Who else is here and where their cursors are (set while live). */
  awareness: Awareness | null = null;

  constructor(initial: Draft) {
    this.local = seededDoc(initial);
    this.undoManager = this.watch(this.local);
  }

  get doc(): Y.Doc {
    return this.local;
  }

  get text(): Y.Text {
    return this.local.getText(TEXT);
  }

  read(): Draft {
    return readDraft(this.local);
  }

  /** Text or title changed, from anyone. */
  subscribe(listener: () => void): () => void {
    this.changeListeners.add(listener);
    return () => this.changeListeners.delete(listener);
  }

  /** This screen changed the text or title (typing, a label edit, a restore), not a remote peer. */
  onLocalEdit(listener: () => void): () => void {
    this.localEditListeners.add(listener);
    return () => this.localEditListeners.delete(listener);
  }

  /**
   * A different Y.Doc now holds the diagram: another diagram opened (`samePlace` false), or the
   * server's copy of this one adopted (`samePlace` true: the same text, the caret may stay).
   */
  onReset(listener: (samePlace: boolean) => void): () => void {
    this.resetListeners.add(listener);
    return () => this.resetListeners.delete(listener);
  }

  /** Opens other text (another diagram, a new one), not live until `attach`. */
  open(draft: Draft): void {
    this.detach();
    this.replaceDoc(seededDoc(draft));
  }

  /** A program change of the whole text (template, restore, import) as a minimal diff. */
  replaceText(text: string): void {
    this.local.transact(() => applyTextDiff(this.text, text), ORIGIN.program);
  }

  setTitle(title: string): void {
    this.local.transact(() => this.writeTitle(title), ORIGIN.program);
  }

  /** Title and text in one program change (a restored backup, a chosen template). */
  replace(draft: Draft): void {
    this.local.transact(() => {
      this.writeTitle(draft.title);
      applyTextDiff(this.text, draft.content);
    }, ORIGIN.program);
  }

  /**
   * Joins the live copy once it holds the server's state. The local doc was seeded from a REST
   * read with its own history, so it is rebuilt from the server's (merging two seeds would double
   * the text); what the user typed meanwhile is put back, merged three ways with what others
   * changed since that read (`serverHolds` is the base). After `resync`, nothing is
   * put back: the text this screen held is answered instead (null otherwise).
   *
   * `serverHolds`: the text the server already has from this screen (its last REST read or save).
   * Text equal to it is not put back: the server applied that save to its live document itself,
   * and its update may reach the live copy only later; a diff put back as well would make the
   * same edit twice, interleaved (a select-all paste landing inside the old text).
   */
  attach(
    shared: Y.Doc,
    {
      sameHistory = false,
      awareness = null,
      serverHolds = null,
    }: { sameHistory?: boolean; awareness?: Awareness | null; serverHolds?: string | null } = {},
  ): Draft | null {
    this.detach();
    this.awareness = awareness;
    const dropped = this.resyncing ? this.read() : null;
    this.resyncing = false;
    const typed = this.pending && !dropped ? this.read() : null;
    if (sameHistory) {
      Y.applyUpdate(this.local, Y.encodeStateAsUpdate(shared), ORIGIN.remote);
      this.resetListeners.forEach((listener) => listener(true));
    } else {
      const rebuilt = new Y.Doc();
      Y.applyUpdate(rebuilt, Y.encodeStateAsUpdate(shared), ORIGIN.remote);
      // Put back before the editor is told: it then never shows the server's text alone, and the
      // caret stays in what the person typed instead of falling to where that text ended.
      this.replaceDoc(rebuilt, true, () => {
        if (!typed) return;
        this.local.transact(() => {
          if (typed.content !== serverHolds) {
            // What was typed is a change of the text the server held when this screen read it;
            // others may have changed that since. Their edits stay, the typed ones join them.
            const theirs = this.text.toString();
            const wanted =
              serverHolds === null ? typed.content : mergeTexts(serverHolds, theirs, typed.content);
            applyTextDiff(this.text, wanted);
          }
          this.writeTitle(typed.title);
        }, ORIGIN.local);
      });
    }
    this.shared = shared;
    const onShared = (update: Uint8Array, origin: unknown) => {
      if (origin !== ORIGIN.local) Y.applyUpdate(this.local, update, ORIGIN.remote);
    };
    shared.on('update', onShared);
    this.unbindShared = () => shared.off('update', onShared);
    if (!this.buffering) this.flush();
    return dropped;
  }

  /**
   * The server refused an edit of the live copy, which now holds edits the server never took
   * (and that later ones build on). Lets go of it; the next `attach`, to a fresh copy of the
   * server's state, shows that state as it is and answers what this screen held.
   */
  resync(): void {
    this.detach();
    this.resyncing = true;
  }

  detach(): void {
    this.unbindShared?.();
    this.unbindShared = null;
    this.shared = null;
    this.awareness = null;
  }

  /** What the live copy holds (what the server has, or will once it is sent). */
  readShared(): Draft | null {
    return this.shared ? readDraft(this.shared) : null;
  }

  get live(): boolean {
    return this.shared !== null;
  }

  /** Auto-save off: local edits are kept here until `flush`; on: they are sent as typed. */
  setBuffering(on: boolean): void {
    this.buffering = on;
    if (!on) this.flush();
  }

  /** Local edits the live copy does not have yet (auto-save off, or not attached). */
  hasUnsent(): boolean {
    return this.pending;
  }

  /** Gives every buffered local edit to the live copy (merged: others' work stays). */
  flush(): void {
    const shared = this.shared;
    if (!shared) return;
    const missing = Y.encodeStateAsUpdate(this.local, Y.encodeStateVector(shared));
    Y.applyUpdate(shared, missing, ORIGIN.local);
    this.setPending(false);
  }

  destroy(): void {
    this.detach();
    this.local.destroy();
  }

  /** `prepare` changes the new doc, wired but not yet shown, before the listeners hear of it. */
  private replaceDoc(next: Y.Doc, samePlace = false, prepare?: () => void): void {
    this.undoManager.destroy();
    this.local.destroy();
    this.local = next;
    this.pending = false;
    this.undoManager = this.watch(next);
    prepare?.();
    this.resetListeners.forEach((listener) => listener(samePlace));
    this.emitChange();
  }

  /** Wires a local doc: changes are announced, local ones forwarded or kept. */
  private watch(doc: Y.Doc): Y.UndoManager {
    doc.on('update', (update: Uint8Array, origin: unknown) => {
      if (origin === ORIGIN.remote) return;
      this.localEditListeners.forEach((listener) => listener());
      if (this.shared && !this.buffering) {
        Y.applyUpdate(this.shared, update, ORIGIN.local);
      } else {
        this.setPending(true);
      }
    });
    doc.getText(TEXT).observe(() => this.emitChange());
    doc.getMap(META).observe(() => this.emitChange());
    // y-codemirror.next adds its own sync origin to the tracked ones: only typing is undone.
    return new Y.UndoManager(doc.getText(TEXT), { trackedOrigins: new Set([ORIGIN.local]) });
  }

  private writeTitle(title: string): void {
    const meta = this.local.getMap<string>(META);
    if (meta.get(TITLE) !== title) meta.set(TITLE, title);
  }

  private setPending(pending: boolean): void {
    if (this.pending === pending) return;
    this.pending = pending;
    this.emitChange();
  }

  private emitChange(): void {
    this.changeListeners.forEach((listener) => listener());
  }
}
