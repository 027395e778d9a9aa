/**
 * Runs one command sequence against the two instances on a fresh diagram, then lets everything
 * settle and judges: every live editor and the stored row hold one text, and every marker the
 * server acknowledged is in it (see marker-book.ts).
 */
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { diagramDocName } from '../../src/shared/live.js';
import { CONTENT_MAX } from '../../src/shared/schemas.js';
import { createDiagramAt } from '../../test/support/http-sign-in.js';
import { junkRoot, metaEntry, updateFrame } from '../../test/support/live-attacks.js';
import { PEERS, type Command } from './convergence-commands.js';
import { LivePeer } from './live-peer.js';
import { fitIndex, MarkerBook, markerSpans, markersIn, type Verdict } from './marker-book.js';
import {
  listVersions,
  mcpUpdate,
  readDiagram,
  readVersion,
  restoreVersion,
  writeContent,
  type Instances,
} from './two-instances.js';

export interface RunContext {
  instances: Instances;
  cookie: string;
  token: string;
}

export interface RunOutcome {
  verdict: Verdict;
  /** What happened, command by command (for a failure's report). */
  log: string[];
  /** Set when the editors and the row did not come to one text. */
  diverged: string | null;
}

const now = () => performance.now();

async function until(check: () => boolean, timeoutMs: number): Promise<boolean> {
  const deadline = now() + timeoutMs;
  while (!check()) {
    if (now() > deadline) return false;
    await sleep(20);
  }
  return true;
}

export async function runSequence(context: RunContext, commands: Command[]): Promise<RunOutcome> {
  const { instances, cookie, token } = context;
  const url = (instance: number) => instances.apps[instance]!.url;
  const diagram = await createDiagramAt(url(0), cookie, {
    title: 'Convergence',
    content: 'sequenceDiagram\n  A->>B: start\n',
  });
  const name = diagramDocName(diagram.id);
  const peers = Array.from({ length: PEERS }, (_, i) => new LivePeer(name, cookie, url(i % 2)));
  const book = new MarkerBook();
  const log: string[] = [];
  const note = (line: string) => log.push(line);

  /** Online, and past any refusal: a refused copy is dropped for the server's, as the app does. */
  async function ready(index: number): Promise<boolean> {
    const peer = peers[index]!;
    if (peer.refused.length > 0) {
      note(`  peer ${index} refused (${peer.refused.join(', ')}): drops its copy, resyncs`);
      peer.resync();
    }
    if (peer.online) return true;
    const ok = await peer.connect();
    if (!ok) note(`  peer ${index} could not connect`);
    return ok;
  }

  function insert(index: number, raw: number, typed: string, what: string): void {
    const peer = peers[index]!;
    const marker = book.next();
    const local = peer.text.toString();
    const at = fitIndex(local, raw);
    const start = now();
    const update = peer.edit((text) => text.insert(at, typed + marker));
    const ledger = peer.ledger;
    if (!update) return;
    book.ackedBy(marker, start, `${what} on peer ${index}`, () => ledger.holds(update), update);
  }

  /** Deletes [at, at+length) of the peer's text; answers the start (where a paste goes). */
  function remove(index: number, raw: number, length: number, what: string): number {
    const peer = peers[index]!;
    const local = peer.text.toString();
    const from = fitIndex(local, raw);
    const to = Math.min(local.length, fitIndex(local, from + length));
    const gone = new Set(
      markerSpans(local)
        .filter((span) => span.start < to && from < span.end)
        .map((span) => span.marker),
    );
    peer.edit((text) => text.delete(from, Math.max(0, to - from)));
    book.removal({
      what: `${what} on peer ${index}`,
      end: Infinity,
      possible: () => true,
      removes: (marker) => gone.has(marker),
    });
    return from;
  }

  /**
   * A refusal (`send` answers how many characters it added at the end of the text), typing at
   * `then` before it arrives (never next to what was refused), and the resync it calls for.
   */
  async function refused(index: number, send: () => number, then: number[]): Promise<void> {
    if (!(await ready(index))) return;
    const peer = peers[index]!;
    const added = send();
    for (const raw of then) {
      const local = peer.text.toString();
      const at = fitIndex(local.slice(0, local.length - added), raw);
      insert(index, at, ' typed on ', 'typed after');
    }
    const answered = await until(() => peer.refused.length > 0 || !peer.online, 15_000);
    await until(() => peer.pending === 0 || !peer.online, 5_000);
    note(`  refusal: ${answered ? peer.refused.join(', ') || 'connection closed' : 'none came'}`);
    // The copy holds what the server refused: dropped for the server's, refused or cut off.
    if (answered && peer.refused.length === 0) peer.resync();
    await ready(index);
  }

  /** A whole-text write (REST, MCP, restore) of `content`; `acks` are the markers it holds. */
  async function write(
    what: string,
    content: string,
    acks: string[],
    send: () => Promise<boolean | 'unknown'>,
  ): Promise<void> {
    const start = now();
    let outcome: boolean | 'unknown';
    try {
      outcome = await send();
    } catch (error) {
      outcome = 'unknown';
      note(`  ${what} failed: ${(error as Error).message}`);
    }
    note(`  ${what}: ${String(outcome)}`);
    if (outcome === true) for (const marker of acks) book.ackedBy(marker, start, what);
    book.removal({
      what,
      end: now(),
      possible: () => outcome !== false,
      removes: (marker) => !content.includes(marker),
    });
  }

  async function withMarker(instance: number, raw: number) {
    const current = (await readDiagram(url(instance), cookie, diagram.id)).content;
    const marker = book.next();
    const at = fitIndex(current, raw);
    return { content: current.slice(0, at) + marker + current.slice(at), marker };
  }

  async function run(command: Command): Promise<void> {
    switch (command.kind) {
      case 'insert':
        if (peers[command.peer]!.refused.length > 0) await ready(command.peer);
        return insert(command.peer, command.at, command.text, 'insert');
      case 'delete':
        if (peers[command.peer]!.refused.length > 0) await ready(command.peer);
        return void remove(command.peer, command.at, command.length, 'delete');
      case 'replace': {
        if (peers[command.peer]!.refused.length > 0) await ready(command.peer);
        const peer = peers[command.peer]!;
        const local = peer.text.toString();
        const from = fitIndex(local, command.at);
        const to = Math.min(local.length, fitIndex(local, from + command.length));
        const gone = new Set(
          markerSpans(local)
            .filter((span) => span.start < to && from < span.end)
            .map((span) => span.marker),
        );
        const marker = book.next();
        const start = now();
        const update = peer.edit((text) => {
          text.delete(from, to - from);
          text.insert(from, command.text + marker);
        });
        const ledger = peer.ledger;
        if (update) {
          const what = `replace on peer ${command.peer}`;
          book.ackedBy(marker, start, what, () => ledger.holds(update), update);
        }
        book.removal({
          what: `replace on peer ${command.peer}`,
          end: Infinity,
          possible: () => true,
          removes: (m) => gone.has(m),
        });
        return;
      }
      case 'disconnect':
        return peers[command.peer]!.disconnect();
      case 'reconnect':
        return void (await ready(command.peer));
      case 'too-large': {
        const peer = peers[command.peer]!;
        return refused(
          command.peer,
          () => {
            const paste = `%% ${'x'.repeat(CONTENT_MAX - peer.text.length + 1)}\n`;
            peer.edit((text) => text.insert(text.length, paste));
            return paste.length;
          },
          command.then,
        );
      }
      case 'bad-shape': {
        const update = command.shape === 'meta' ? metaEntry('owner', 'mallory') : junkRoot(64);
        return refused(
          command.peer,
          () => {
            peers[command.peer]!.sendRaw(updateFrame(name, update));
            return 0;
          },
          command.then,
        );
      }
      case 'save': {
        if (!(await ready(command.peer))) return;
        const peer = peers[command.peer]!;
        const before = peer.saved;
        peer.save();
        const saved = await until(() => peer.saved > before || !peer.online, 10_000);
        note(`  save: ${saved && peer.saved > before ? 'saved' : 'no answer'}`);
        return;
      }
      case 'rest-put': {
        const { content, marker } = await withMarker(command.instance, command.at);
        return write('REST PUT', content, [marker], async () => {
          const status = await writeContent(url(command.instance), cookie, diagram.id, content);
          return status === 200 ? true : status >= 500 ? 'unknown' : false;
        });
      }
      case 'mcp-update': {
        const { content, marker } = await withMarker(command.instance, command.at);
        return write('MCP update_diagram', content, [marker], () =>
          mcpUpdate(url(command.instance), token, diagram.id, content),
        );
      }
      case 'restore': {
        const base = url(command.instance);
        const versions = await listVersions(base, cookie, diagram.id);
        const chosen = versions[command.pick % versions.length]!;
        const { content } = await readVersion(base, cookie, diagram.id, chosen.id);
        return write(`restore of version ${chosen.id}`, content, markersIn(content), async () => {
          const status = await restoreVersion(base, cookie, diagram.id, chosen.id);
          return status === 200 ? true : status >= 500 ? 'unknown' : false;
        });
      }
      case 'restart': {
        const affected = peers.filter((_, i) => i % 2 === command.instance);
        const online = affected.filter((peer) => peer.online);
        await instances.restart(command.instance, command.signal);
        for (const peer of affected) peer.disconnect();
        for (const peer of online) await ready(peers.indexOf(peer));
        return;
      }
      case 'pause':
        return void (await sleep(command.ms));
    }
  }

  try {
    await Promise.all(peers.map((_, i) => ready(i)));
    for (const command of commands) {
      const started = now();
      note(JSON.stringify(command));
      await run(command);
      note(`  (${Math.round(now() - started)} ms)`);
    }
    const settling = now();
    // A newcomer on each instance: what the server holds, and nothing of an editor's own.
    peers.push(new LivePeer(name, cookie, url(0)), new LivePeer(name, cookie, url(1)));
    const diverged = await settle();
    note(`settled in ${Math.round(now() - settling)} ms`);
    const final = peers[PEERS]!;
    return { verdict: book.check(final.doc, final.text.toString()), log, diverged };
  } finally {
    for (const peer of peers) peer.destroy();
  }

  /** Everyone online, nothing in flight, one text everywhere and in the row of both instances. */
  async function settle(): Promise<string | null> {
    const deadline = now() + 60_000;
    let last = '';
    while (now() < deadline) {
      for (let i = 0; i < peers.length; i++) await ready(i);
      await until(() => peers.every((peer) => peer.online && peer.pending === 0), 5_000);
      const texts = peers.map((peer) => peer.text.toString());
      const rows = await Promise.all(
        [0, 1].map((i) => readDiagram(url(i), cookie, diagram.id).then((d) => d.content)),
      );
      const all = [...texts, ...rows];
      if (peers.every((peer) => peer.online && peer.pending === 0 && peer.refused.length === 0)) {
        if (all.every((text) => text === all[0])) return null;
      }
      last = all
        .map(
          (text, i) =>
            `${i < texts.length ? `peer ${i}` : `row on instance ${i - texts.length}`}: ${text.length} characters, markers ${markersIn(text).join(' ')}`,
        )
        .join('\n');
      await sleep(250);
    }
    return last;
  }
}
