/**
 * Runs one command sequence against the two instances on a fresh diagram, then lets everything
 * settle and judges: every live editor, a newcomer on each instance and the stored row on both
 * hold one text, and every marker the server acknowledged is in it (see marker-book.ts).
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { diagramDocName } from '../../src/shared/live.js';
import { CONTENT_MAX } from '../../src/shared/schemas.js';
import { createDiagramAt } from '../../test/support/http-sign-in.js';
import { junkRoot, metaEntry, updateFrame } from '../../test/support/live-attacks.js';
import { Actors, now, until, type RunContext, type WriteOutcome } from './convergence-actors.js';
import { INSTANCES, PEERS, type Command } from './convergence-commands.js';
import { markersIn, type Verdict } from './marker-book.js';
import {
  listVersions,
  mcpUpdate,
  readDiagram,
  readVersion,
  restoreVersion,
  writeContent,
} from './two-instances.js';

export type { RunContext };

export interface RunOutcome {
  verdict: Verdict;
  /** What happened, command by command (for a failure's report). */
  log: string[];
  /** Set when the editors and the row did not come to one text: what each held. */
  diverged: string | null;
}

const statusOutcome = (status: number): WriteOutcome =>
  status === 200 ? true : status >= 500 ? 'unknown' : false;

async function run(actors: Actors, command: Command): Promise<void> {
  const { peers, context } = actors;
  const { cookie, token, instances } = context;
  const id = actors.diagramId;
  switch (command.kind) {
    case 'insert':
    case 'delete':
    case 'replace': {
      if (peers[command.peer]!.refused.length > 0) await actors.ready(command.peer);
      const length = command.kind === 'insert' ? 0 : command.length;
      const typed = command.kind === 'delete' ? null : command.text;
      return actors.edit(command.peer, command.at, length, typed, command.kind);
    }
    case 'disconnect':
      return peers[command.peer]!.disconnect();
    case 'reconnect':
      return void (await actors.ready(command.peer));
    case 'too-large': {
      const peer = peers[command.peer]!;
      const paste = () => {
        const text = `%% ${'x'.repeat(CONTENT_MAX - peer.text.length + 1)}\n`;
        peer.edit((shared) => shared.insert(shared.length, text));
        return text.length;
      };
      return actors.refused(command.peer, paste, command.then);
    }
    case 'bad-shape': {
      const update = command.shape === 'meta' ? metaEntry('owner', 'mallory') : junkRoot(64);
      const send = () => {
        peers[command.peer]!.sendRaw(updateFrame(actors.name, update));
        return 0;
      };
      return actors.refused(command.peer, send, command.then);
    }
    case 'save': {
      if (!(await actors.ready(command.peer))) return;
      const peer = peers[command.peer]!;
      const before = peer.saved;
      peer.save();
      await until(() => peer.saved > before || !peer.online, 10_000);
      return actors.note(`  save: ${peer.saved > before ? 'saved' : 'no answer'}`);
    }
    case 'rest-put': {
      const base = actors.url(command.instance);
      const { content, marker } = await actors.withMarker(command.instance, command.at);
      return actors.write('REST PUT', content, [marker], async () =>
        statusOutcome(await writeContent(base, cookie, id, content)),
      );
    }
    case 'mcp-update': {
      const base = actors.url(command.instance);
      const { content, marker } = await actors.withMarker(command.instance, command.at);
      return actors.write('MCP update_diagram', content, [marker], () =>
        mcpUpdate(base, token, id, content),
      );
    }
    case 'restore': {
      const base = actors.url(command.instance);
      const versions = await listVersions(base, cookie, id);
      const chosen = versions[command.pick % versions.length]!;
      const { content } = await readVersion(base, cookie, id, chosen.id);
      return actors.write(
        `restore of version ${chosen.id}`,
        content,
        markersIn(content),
        async () => statusOutcome(await restoreVersion(base, cookie, id, chosen.id)),
      );
    }
    case 'restart': {
      const affected = peers.filter((_, i) => i % INSTANCES === command.instance);
      const online = affected.filter((peer) => peer.online);
      await instances.restart(command.instance, command.signal);
      for (const peer of affected) peer.disconnect();
      for (const peer of online) await actors.ready(peers.indexOf(peer));
      return;
    }
    case 'pause':
      return void (await sleep(command.ms));
  }
}

/** Everyone online, nothing in flight, one text in every peer and in the row on each instance. */
async function settle(actors: Actors): Promise<string | null> {
  const { peers } = actors;
  const deadline = now() + 60_000;
  let held = '';
  while (now() < deadline) {
    for (let i = 0; i < peers.length; i++) await actors.ready(i);
    const quiet = () => peers.every((peer) => peer.online && peer.pending === 0);
    await until(quiet, 5_000);
    const texts = peers.map((peer) => peer.text.toString());
    const rows = await Promise.all(
      Array.from({ length: INSTANCES }, (_, i) =>
        readDiagram(actors.url(i), actors.context.cookie, actors.diagramId).then((d) => d.content),
      ),
    );
    const all = [...texts, ...rows];
    const refused = peers.some((peer) => peer.refused.length > 0);
    if (quiet() && !refused && all.every((text) => text === all[0])) return null;
    held = all
      .map((text, i) => {
        const who = i < texts.length ? `peer ${i}` : `row on instance ${i - texts.length}`;
        return `${who}: ${text.length} characters, markers ${markersIn(text).join(' ')}`;
      })
      .join('\n');
    await sleep(250);
  }
  return held;
}

export async function runSequence(context: RunContext, commands: Command[]): Promise<RunOutcome> {
  const diagram = await createDiagramAt(context.instances.apps[0]!.url, context.cookie, {
    title: 'Convergence',
    content: 'sequenceDiagram\n  A->>B: start\n',
  });
  const actors = new Actors(context, diagram.id, diagramDocName(diagram.id));
  for (let i = 0; i < PEERS; i++) actors.join(i % INSTANCES);
  try {
    for (let i = 0; i < PEERS; i++) await actors.ready(i);
    for (const command of commands) {
      const started = now();
      actors.note(JSON.stringify(command));
      await run(actors, command);
      actors.note(`  (${Math.round(now() - started)} ms)`);
    }
    const settling = now();
    // A newcomer on each instance: what the server holds, and nothing of an editor's own.
    const newcomers = Array.from({ length: INSTANCES }, (_, i) => actors.join(i));
    const diverged = await settle(actors);
    actors.note(`settled in ${Math.round(now() - settling)} ms`);
    const final = newcomers[0]!;
    const verdict = actors.book.check(final.doc, final.text.toString());
    return { verdict, log: actors.log, diverged };
  } finally {
    actors.destroy();
  }
}
