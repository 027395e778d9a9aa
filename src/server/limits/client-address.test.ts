import type { IncomingMessage } from 'node:http';
import Fastify from 'fastify';
import { expect, it } from 'vitest';
import { clientAddress } from './client-address.js';

const request = (forwarded?: string | string[]) =>
  ({
    socket: { remoteAddress: '10.0.0.1' },
    headers: forwarded === undefined ? {} : { 'x-forwarded-for': forwarded },
  }) as unknown as IncomingMessage;

it("names the socket's address unless the proxy is trusted", () => {
  expect(clientAddress(request('203.0.113.9'), false)).toBe('10.0.0.1');
  expect(clientAddress(request(), true)).toBe('10.0.0.1');
  expect(clientAddress(request(''), true)).toBe('10.0.0.1');
});

it('takes the left-most X-Forwarded-For entry behind a trusted proxy, as Fastify does', () => {
  expect(clientAddress(request('203.0.113.9'), true)).toBe('203.0.113.9');
  expect(clientAddress(request(' 203.0.113.9 , 198.51.100.2'), true)).toBe('203.0.113.9');
  expect(clientAddress(request(['203.0.113.9', '198.51.100.2']), true)).toBe('203.0.113.9');
});

it("agrees with Fastify's request.ip for the same headers", async () => {
  for (const trustProxy of [true, false]) {
    const app = Fastify({ trustProxy });
    let seen: [string, string] = ['', ''];
    app.get('/', async (req) => {
      seen = [req.ip, clientAddress(req.raw, trustProxy)];
      return {};
    });
    for (const forwarded of [
      '203.0.113.9',
      '203.0.113.9, 198.51.100.2',
      ' 2001:db8::1 ,10.0.0.2',
    ]) {
      await app.inject({ url: '/', headers: { 'x-forwarded-for': forwarded } });
      expect(seen[1]).toBe(seen[0]);
    }
    await app.close();
  }
});
