/** One request on a connection of its own (no keep-alive pool), to see what a new client meets. */
import { request } from 'node:http';

export type RawAnswer = { status: number } | { refused: string };

export function freshRequest(url: string, timeoutMs = 5000): Promise<RawAnswer> {
  return new Promise((resolve) => {
    const req = request(url, { agent: false, timeout: timeoutMs }, (response) => {
      response.resume();
      response.on('end', () => resolve({ status: response.statusCode ?? 0 }));
    });
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', (error: NodeJS.ErrnoException) =>
      resolve({ refused: error.code ?? error.message }),
    );
    req.end();
  });
}
