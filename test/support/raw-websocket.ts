/**
 * A WebSocket spoken by hand over a plain TCP socket, for tests of frames no WebSocket library
 * would send: invalid UTF-8, unmasked frames, reserved bits, unknown opcodes, bad close codes,
 * a length past the payload cap, many frames in one write, a peer that never reads. Reads the
 * server's frames and its close frame.
 */
import { randomBytes } from 'node:crypto';
import { connect, type Socket } from 'node:net';
import { LIVE_PATH } from '../../src/shared/live.js';

export interface RawWebSocket {
  /** Writes bytes as they are (hand-built frames). */
  write(bytes: Uint8Array): void;
  /** Resolves with the code of the server's close frame (null: the socket ended without one). */
  closed: Promise<number | null>;
  /** The payloads of the server's binary frames, in order (while this side reads). */
  messages: Uint8Array[];
  /** Stops (or resumes) reading what the server sends, as a peer that never reads would. */
  pause(): void;
  resume(): void;
  /** The underlying TCP socket (how much is still waiting to be written, for instance). */
  socket: Socket;
  destroy(): void;
}

export interface FrameOptions {
  opcode: number;
  payload?: Uint8Array;
  /** Sets FIN (default true). */
  fin?: boolean;
  /** Reserved bits to set (0x40, 0x20, 0x10). */
  rsv?: number;
  /** Masks the payload, as every client frame must be (default true). */
  masked?: boolean;
  /** The length the header claims (default: the payload's). */
  length?: number;
}

/** One WebSocket frame, built by hand. */
export function frame({
  opcode,
  payload = new Uint8Array(0),
  fin = true,
  rsv = 0,
  masked = true,
  length = payload.byteLength,
}: FrameOptions): Uint8Array {
  const head: number[] = [(fin ? 0x80 : 0) | rsv | opcode];
  const maskBit = masked ? 0x80 : 0;
  if (length < 126) head.push(maskBit | length);
  else if (length < 65_536) head.push(maskBit | 126, length >> 8, length & 0xff);
  else {
    head.push(maskBit | 127);
    const big = Buffer.alloc(8);
    big.writeBigUInt64BE(BigInt(length));
    head.push(...big);
  }
  const body = Buffer.from(payload);
  if (masked) {
    const mask = randomBytes(4);
    head.push(...mask);
    for (let i = 0; i < body.length; i++) body[i] = body[i]! ^ mask[i % 4]!;
  }
  return Buffer.concat([Buffer.from(head), body]);
}

/** Binary frames for `payloads`, in one buffer: written at once, they arrive in one write. */
export function binaryFrames(payloads: Uint8Array[]): Uint8Array {
  return Buffer.concat(payloads.map((payload) => frame({ opcode: 0x2, payload })));
}

/** Opens `LIVE_PATH` on `base` (http://host:port) with `headers`; resolves once upgraded. */
export function openRawWebSocket(base: string, headers: Record<string, string> = {}) {
  const url = new URL(base);
  const socket: Socket = connect(Number(url.port), url.hostname);
  socket.on('error', () => undefined); // a reset after the close is expected
  let buffer = Buffer.alloc(0);
  let upgraded = false;
  const messages: Uint8Array[] = [];
  let resolveClosed: (code: number | null) => void = () => undefined;
  const closed = new Promise<number | null>((resolve) => (resolveClosed = resolve));
  const opened = new Promise<RawWebSocket>((resolve, reject) => {
    socket.on('data', (chunk: Buffer) => {
      buffer = Buffer.concat([buffer, chunk]);
      if (!upgraded) {
        const end = buffer.indexOf('\r\n\r\n');
        if (end < 0) return;
        const status = buffer.subarray(0, buffer.indexOf('\r\n')).toString();
        if (!status.includes(' 101 ')) return reject(new Error(`not upgraded: ${status}`));
        upgraded = true;
        buffer = buffer.subarray(end + 4);
        resolve({
          write: (bytes) => socket.write(bytes),
          closed,
          messages,
          pause: () => socket.pause(),
          resume: () => socket.resume(),
          socket,
          destroy: () => socket.destroy(),
        });
      }
      // Server frames are unmasked; a close frame's payload starts with its code.
      while (buffer.length >= 2) {
        const length = buffer[1]! & 0x7f;
        const offset = length === 126 ? 4 : length === 127 ? 10 : 2;
        if (buffer.length < offset) return;
        const size =
          length === 126
            ? buffer.readUInt16BE(2)
            : length === 127
              ? Number(buffer.readBigUInt64BE(2))
              : length;
        if (buffer.length < offset + size) return;
        const opcode = buffer[0]! & 0x0f;
        const payload = buffer.subarray(offset, offset + size);
        if (opcode === 0x8) resolveClosed(size >= 2 ? payload.readUInt16BE(0) : null);
        else if (opcode === 0x2) messages.push(new Uint8Array(payload));
        buffer = buffer.subarray(offset + size);
      }
    });
    socket.on('close', () => {
      resolveClosed(null);
      reject(new Error('closed before the upgrade'));
    });
    socket.on('connect', () => {
      const lines = [
        `GET ${LIVE_PATH} HTTP/1.1`,
        `Host: ${url.host}`,
        'Upgrade: websocket',
        'Connection: Upgrade',
        `Sec-WebSocket-Key: ${randomBytes(16).toString('base64')}`,
        'Sec-WebSocket-Version: 13',
        ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`),
      ];
      socket.write(`${lines.join('\r\n')}\r\n\r\n`);
    });
  });
  return opened;
}
