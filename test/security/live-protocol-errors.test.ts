/**
 * A frame the WebSocket library rejects (invalid UTF-8, a length past the cap, an unmasked
 * frame, reserved bits, an unknown opcode, a bad close code) closes that one socket with the
 * code the protocol names and nothing else: the process goes on serving and another user's live
 * socket stays open. Hand-built frames on a plain TCP socket against a real server process.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { diagramDocName } from '../../src/shared/live.js';
import { useAppProcess } from '../support/app-process-suite.js';
import { createDiagramAt, signInAt } from '../support/http-sign-in.js';
import { connectLive, until, type LiveClient } from '../support/live-client.js';
import { frame, openRawWebSocket, type FrameOptions } from '../support/raw-websocket.js';

const app = useAppProcess('live-protocol-errors', {
  APP_SECRET: 'ws-protocol-errors-secret-0123456789abcdef',
});
let other: LiveClient;

beforeAll(async () => {
  const cookie = await signInAt(app.url, 'other@example.test', 'Ada');
  const { id } = await createDiagramAt(app.url, cookie, { title: 'Other', content: 'graph TD\n' });
  other = connectLive(app.url, diagramDocName(id), { cookie });
  await other.synced;
}, 120_000);

afterAll(async () => {
  other?.destroy();
});

const TEXT = 0x1;
const BINARY = 0x2;
const CLOSE = 0x8;
const closeCode = (code: number) => new Uint8Array([code >> 8, code & 0xff]);

const cases: [string, FrameOptions, number][] = [
  ['a text frame of invalid UTF-8', { opcode: TEXT, payload: new Uint8Array([0xc3, 0x28]) }, 1007],
  // Only the header: the length alone is past the 2 MB cap.
  [
    'a binary frame just over the payload cap',
    { opcode: BINARY, length: 2 * 1024 * 1024 + 1 },
    1009,
  ],
  ['an unmasked frame', { opcode: BINARY, payload: new Uint8Array([1]), masked: false }, 1002],
  [
    'a frame with a reserved bit set',
    { opcode: BINARY, payload: new Uint8Array([1]), rsv: 0x20 },
    1002,
  ],
  ['a frame with an unknown opcode', { opcode: 0x3, payload: new Uint8Array([1]) }, 1002],
  ['a close frame with a reserved close code', { opcode: CLOSE, payload: closeCode(1005) }, 1002],
  ['a control frame in fragments', { opcode: 0x9, fin: false }, 1002],
];

it.each(cases)(
  'closes the socket that sends %s and keeps serving',
  { timeout: 30_000 },
  async (_name, options, code) => {
    const socket = await openRawWebSocket(app.url);
    socket.write(frame(options));
    expect(await socket.closed).toBe(code);
    socket.destroy();
    expect((await fetch(`${app.url}/healthz`)).ok).toBe(true);
    // Another user's socket is still open and still edits.
    expect(other.closed).toBe(false);
    const before = other.text.length;
    other.text.insert(before, 'x');
    await until(
      () => other.messages.some((m) => m.type === 'saved'),
      'the other user saved',
      10_000,
    );
    other.messages.length = 0;
    expect(other.closed).toBe(false);
  },
);
