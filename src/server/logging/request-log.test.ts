import { describe, expect, it } from 'vitest';
import { readableLine } from './request-log.js';

describe('readable log lines', () => {
  it('writes a request as one line: method, path, status and time', () => {
    const line = readableLine(
      JSON.stringify({
        level: 30,
        time: Date.UTC(2026, 0, 1, 12, 4, 31),
        reqId: 'x',
        req: { method: 'GET', url: '/api/user' },
        res: { statusCode: 401 },
        ms: 3,
        msg: 'request completed',
      }),
    );
    expect(line).toMatch(/^\d\d:\d\d:\d\d INFO {2}GET \/api\/user 401 3 ms\n$/);
  });

  it('keeps other details of a message and passes on what is not JSON', () => {
    expect(readableLine(JSON.stringify({ level: 40, time: 0, msg: 'slow', pages: 2 }))).toMatch(
      /WARN {2}slow \{"pages":2\}\n$/,
    );
    expect(readableLine('plain')).toBe('plain\n');
  });
});
