/**
 * Vitest set-up for every test file: the event loop of the test process is watched, and a test
 * fails when a request or live frame (of an app in this process, or of a server process it
 * started) held an event loop longer than the budget while it or its hooks ran.
 */
import { afterAll, afterEach } from 'vitest';
import { watchEventLoop } from '../../src/server/health/loop-watch.js';
import { noteStall, takeStalls } from './stall-reports.js';

const HERE = 'in the test process';
const watch = watchEventLoop((stall) => noteStall(stall, HERE));

function failOnStalls(): void {
  const stall = watch.check();
  if (stall) noteStall(stall, HERE);
  const stalls = takeStalls();
  if (stalls.length > 0) throw new Error(`The event loop was blocked:\n${stalls.join('\n')}`);
}

afterEach(failOnStalls);
afterAll(() => {
  failOnStalls();
  watch.stop();
});
