/**
 * A three-way merge of two texts made from one base: what one side changed is put onto what the
 * other side holds. Yjs does the merging: both sides are replayed as edits of one shared base by
 * two writers, and the merged document is what both made. The edits are replayed line by line (a
 * changed line is the old one deleted and the new one inserted), so the merge never splices two
 * lines into one: edits on different lines both stay, a line both deleted is gone once, and two
 * versions of one line are both kept, `ours` after `theirs`.
 */
import { diffLines } from 'diff';
import * as Y from 'yjs';

/** Fixed writers, so one merge gives one answer: the higher id's insert goes second. */
const BASE_WRITER = 1;
const THEIR_WRITER = 2;
const OUR_WRITER = 3;

function writtenBy(clientID: number, state?: Uint8Array): Y.Doc {
  const doc = new Y.Doc();
  doc.clientID = clientID;
  if (state) Y.applyUpdate(doc, state);
  return doc;
}

/** Turns `ytext` into `next` by whole lines. */
function replayLines(ytext: Y.Text, next: string): void {
  let at = 0;
  for (const part of diffLines(ytext.toString(), next)) {
    if (part.added) {
      ytext.insert(at, part.value);
      at += part.value.length;
    } else if (part.removed) {
      ytext.delete(at, part.value.length);
    } else {
      at += part.value.length;
    }
  }
}

/** `base` changed into `theirs` by others and into `ours` here: both changes in one text. */
export function mergeTexts(base: string, theirs: string, ours: string): string {
  if (ours === base || ours === theirs) return theirs;
  if (theirs === base) return ours;
  const root = writtenBy(BASE_WRITER);
  root.getText('t').insert(0, base);
  const start = Y.encodeStateAsUpdate(root);
  const their = writtenBy(THEIR_WRITER, start);
  replayLines(their.getText('t'), theirs);
  const our = writtenBy(OUR_WRITER, start);
  replayLines(our.getText('t'), ours);
  Y.applyUpdate(their, Y.encodeStateAsUpdate(our, Y.encodeStateVector(their)));
  const merged = their.getText('t').toString();
  for (const doc of [root, their, our]) doc.destroy();
  return merged;
}
