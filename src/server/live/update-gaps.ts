/**
 * Whether a Yjs update continues the document: applied, it would leave nothing pending. Yjs parks
 * what it cannot place yet (structs whose clock does not follow what the document holds for their
 * client, or whose neighbours it lacks; deletions of clocks it does not hold) and still counts
 * the update as applied: a client's next edits then build on text the server never shows. An
 * update is taken only whole, so one that would leave anything pending is refused before it is
 * logged or applied.
 */
import * as Y from 'yjs';

type Decoded = ReturnType<typeof Y.decodeUpdate>;
type Struct = Decoded['structs'][number];

/** One client's structs in the update, in clock order, and how far they reach. */
interface Run {
  structs: Struct[];
  /** The first index of `structs` the document does not hold yet. */
  firstNew: number;
  /** The clock after the last one the document and the update hold together, without a gap. */
  reach: number;
}

/** The run's struct holding `clock` (binary search), or -1. */
function indexOf(run: Run, clock: number): number {
  let low = 0;
  let high = run.structs.length - 1;
  while (low <= high) {
    const middle = (low + high) >> 1;
    const struct = run.structs[middle]!;
    if (clock < struct.id.clock) high = middle - 1;
    else if (clock >= struct.id.clock + struct.length) low = middle + 1;
    else return middle;
  }
  return -1;
}

/** Splits the update per client; null when a client's clocks do not follow on from the document's. */
function runsOf(doc: Y.Doc, structs: Struct[]): Map<number, Run> | null {
  const runs = new Map<number, Run>();
  let current: Run | null = null;
  let gapped = false;
  for (const struct of structs) {
    const client = struct.id.client;
    if (!current || current.structs[0]!.id.client !== client) {
      // Yjs keeps only the last list of a client named twice: the earlier would be lost.
      if (runs.has(client)) return null;
      const known = Y.getState(doc.store, client);
      current = { structs: [], firstNew: 0, reach: known };
      runs.set(client, current);
      gapped = false;
    }
    const end = struct.id.clock + struct.length;
    if (struct instanceof Y.Skip) {
      if (end > current.reach) gapped = true;
    } else {
      if (struct.id.clock > current.reach || (gapped && end > current.reach)) return null;
      current.reach = Math.max(current.reach, end);
    }
    if (end <= Y.getState(doc.store, client)) current.firstNew = current.structs.length + 1;
    current.structs.push(struct);
  }
  return runs;
}

/** Whether `update`'s delete set names only clocks the document or the update holds. */
function deletesKnown(doc: Y.Doc, runs: Map<number, Run>, ds: Decoded['ds']): boolean {
  for (const [client, ranges] of ds.clients) {
    const reach = runs.get(client)?.reach ?? Y.getState(doc.store, client);
    for (const range of ranges) if (range.clock + range.len > reach) return false;
  }
  return true;
}

/**
 * The update's struct that `struct` must wait for through `id` (a neighbour it names), -1 when
 * none (the document holds it), or null when nothing holds it.
 */
function dependency(
  doc: Y.Doc,
  runs: Map<number, Run>,
  struct: Y.Item,
  id: Y.ID | null,
): number | null {
  if (!id) return -1;
  if (id.client === struct.id.client) return id.clock < struct.id.clock ? -1 : null;
  const run = runs.get(id.client);
  if (!run) return id.clock < Y.getState(doc.store, id.client) ? -1 : null;
  if (id.clock >= run.reach) return null;
  const at = indexOf(run, id.clock);
  if (at < 0 || at < run.firstNew) return -1;
  return at;
}

/**
 * Whether applying `update` to `doc` places every struct and deletion it carries. Walks the
 * update's structs as Yjs integrates them (each waits for its client's previous struct and for
 * its neighbours): a neighbour nobody holds, or structs waiting for each other, are refused.
 */
export function continuesDocument(doc: Y.Doc, { structs, ds }: Decoded): boolean {
  const runs = runsOf(doc, structs);
  if (!runs || !deletesKnown(doc, runs, ds)) return false;
  // Iterative depth-first walk over the new structs' dependencies: on the path (1) or done (2).
  const marks = new Map<Struct, 1 | 2>();
  for (const run of runs.values()) {
    for (let index = run.firstNew; index < run.structs.length; index++) {
      const start = run.structs[index]!;
      if (marks.has(start)) continue;
      const path: { run: Run; index: number; next: number }[] = [{ run, index, next: 0 }];
      marks.set(start, 1);
      while (path.length > 0) {
        const top = path[path.length - 1]!;
        const struct = top.run.structs[top.index]!;
        const waits = waitsFor(doc, runs, top.run, top.index, struct, top.next++);
        if (waits === null) return false;
        if (waits === undefined) {
          marks.set(struct, 2);
          path.pop();
          continue;
        }
        if (waits === 'none') continue;
        const target = waits.run.structs[waits.index]!;
        const mark = marks.get(target);
        if (mark === 1) return false; // structs waiting for each other: Yjs parks them all
        if (mark === 2) continue;
        marks.set(target, 1);
        path.push({ run: waits.run, index: waits.index, next: 0 });
      }
    }
  }
  return true;
}

type Wait = { run: Run; index: number } | 'none' | null | undefined;

/** The `step`th thing `struct` waits for (undefined past the last; null: nothing holds it). */
function waitsFor(
  doc: Y.Doc,
  runs: Map<number, Run>,
  run: Run,
  index: number,
  struct: Struct,
  step: number,
): Wait {
  if (step === 0) return index > run.firstNew ? { run, index: index - 1 } : 'none';
  if (!(struct instanceof Y.Item) || step > 2) return undefined;
  const id = step === 1 ? struct.origin : struct.rightOrigin;
  const at = dependency(doc, runs, struct, id);
  if (at === null) return null;
  if (at < 0) return 'none';
  return { run: runs.get(id!.client)!, index: at };
}
