import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { OpenDiagram, ORIGIN, seededDoc } from './openDiagram';

/** Two live copies kept in step directly, as the sync server would. */
function linkedPair(server: Y.Doc): [Y.Doc, Y.Doc] {
  const a = new Y.Doc();
  const b = new Y.Doc();
  Y.applyUpdate(a, Y.encodeStateAsUpdate(server));
  Y.applyUpdate(b, Y.encodeStateAsUpdate(server));
  a.on('update', (update: Uint8Array, origin: unknown) => {
    if (origin !== 'wire') Y.applyUpdate(b, update, 'wire');
  });
  b.on('update', (update: Uint8Array, origin: unknown) => {
    if (origin !== 'wire') Y.applyUpdate(a, update, 'wire');
  });
  return [a, b];
}

const start = { title: 'Flow', content: 'sequenceDiagram\n    A->>B: hi\n' };

/** Two editors of `start`, each on its own live copy. */
function aliceAndBob(): [OpenDiagram, OpenDiagram] {
  const [sharedA, sharedB] = linkedPair(seededDoc(start));
  const alice = new OpenDiagram(start);
  const bob = new OpenDiagram(start);
  alice.attach(sharedA);
  bob.attach(sharedB);
  return [alice, bob];
}

function typeAt(diagram: OpenDiagram, index: number, text: string) {
  diagram.doc.transact(() => diagram.text.insert(index, text), ORIGIN.local);
}

describe('OpenDiagram', () => {
  it('two editors typing at once converge, keeping both edits', () => {
    const [alice, bob] = aliceAndBob();
    typeAt(alice, 0, '%% alice\n');
    typeAt(bob, bob.text.length, '    B->>A: bye\n');
    expect(alice.read().content).toBe(bob.read().content);
    expect(alice.read().content).toBe('%% alice\nsequenceDiagram\n    A->>B: hi\n    B->>A: bye\n');
  });

  it('tells its listeners whether a new Y.Doc holds the same diagram (caret may stay) or another', () => {
    const diagram = new OpenDiagram(start);
    const seen: boolean[] = [];
    diagram.onReset((samePlace) => seen.push(samePlace));
    diagram.attach(seededDoc(start));
    diagram.open({ title: 'Other', content: 'flowchart LR\n  A --> B\n' });
    expect(seen).toEqual([true, false]);
  });

  it('tells its listeners of the server copy only once what was typed is back in it', () => {
    const [shared] = linkedPair(seededDoc(start));
    const diagram = new OpenDiagram(start);
    typeAt(diagram, start.content.length, '    B->>A: typed\n');
    const seen: string[] = [];
    diagram.onReset(() => seen.push(diagram.text.toString()));
    diagram.attach(shared);
    expect(seen).toEqual([`${start.content}    B->>A: typed\n`]);
  });

  it('attaching rebuilds from the server history without doubling the text, keeping what was typed', () => {
    const [shared] = linkedPair(seededDoc(start));
    const diagram = new OpenDiagram(start);
    typeAt(diagram, 0, 'X');
    diagram.attach(shared);
    expect(diagram.read().content).toBe(`X${start.content}`);
    expect(shared.getText('content').toString()).toBe(`X${start.content}`);
  });

  it('text typed before joining is merged with what others changed since the read: both stay', () => {
    const server = seededDoc(start);
    const [shared, other] = linkedPair(server);
    other.transact(() =>
      other.getText('content').insert(start.content.length, '    B->>A: theirs\n'),
    );
    const diagram = new OpenDiagram(start);
    typeAt(diagram, 0, '%% mine\n');
    diagram.attach(shared, { serverHolds: start.content });
    const both = `%% mine\n${start.content}    B->>A: theirs\n`;
    expect(diagram.read().content).toBe(both);
    expect(other.getText('content').toString()).toBe(both);
  });

  it('a follower (buffering from the start) keeps what it typed, takes remote edits, sends nothing', () => {
    const [serverSide, ownerSide] = linkedPair(seededDoc(start));
    const owner = new OpenDiagram(start);
    owner.attach(ownerSide);
    const follower = new OpenDiagram(start);
    follower.setBuffering(true);
    typeAt(follower, 0, '%% mine\n');
    follower.attach(serverSide);
    expect(follower.read().content).toBe(`%% mine\n${start.content}`);
    typeAt(owner, owner.text.length, '    B->>A: bye\n');
    typeAt(follower, follower.text.length, '%% more of mine\n');
    expect(follower.read().content).toBe(
      `%% mine\n${start.content}    B->>A: bye\n%% more of mine\n`,
    );
    expect(serverSide.getText('content').toString()).toBe(`${start.content}    B->>A: bye\n`);
    expect(owner.read().content).toBe(`${start.content}    B->>A: bye\n`);
  });

  it('with auto-save off, local edits stay local until flushed while remote edits still arrive', () => {
    const [alice, bob] = aliceAndBob();
    alice.setBuffering(true);
    typeAt(alice, 0, '%% draft\n');
    expect(alice.hasUnsent()).toBe(true);
    expect(bob.read().content).toBe(start.content);
    typeAt(bob, bob.text.length, '    B->>A: bye\n');
    expect(alice.read().content).toBe(`%% draft\n${start.content}    B->>A: bye\n`);
    alice.flush();
    expect(alice.hasUnsent()).toBe(false);
    expect(bob.read().content).toBe(alice.read().content);
  });

  it('a whole-text replacement is a minimal diff: a remote edit elsewhere survives', () => {
    const [alice, bob] = aliceAndBob();
    alice.setBuffering(true);
    alice.replaceText(start.content.replace('hi', 'hello'));
    typeAt(bob, 0, '%% bob\n');
    alice.flush();
    expect(bob.read().content).toBe('%% bob\nsequenceDiagram\n    A->>B: hello\n');
    expect(alice.read().content).toBe(bob.read().content);
  });

  it('titles travel through the same document', () => {
    const [alice, bob] = aliceAndBob();
    alice.setTitle('Renamed');
    expect(bob.read().title).toBe('Renamed');
  });

  it('undo takes back only this editor’s own typing, not a remote edit', () => {
    const [alice, bob] = aliceAndBob();
    typeAt(alice, 0, 'A');
    typeAt(bob, bob.text.length, 'B');
    alice.undoManager.undo();
    expect(bob.read().content).toBe(`${start.content}B`);
  });
});
