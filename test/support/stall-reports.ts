/**
 * Stalls seen in this test process and in the Lifeline processes it started: a request or live
 * frame that held an event loop past the budget. The set-up file (stall-watch-setup.ts) fails
 * the running test on any; app-process.ts hands over the stall lines its processes log.
 */
import { STALL_BUDGET_MS, STALL_MESSAGE, type Stall } from '../../src/server/health/loop-watch.js';

const found: string[] = [];

/**
 * Only work of a request or frame counts: start-up, test code and timers are nobody's stall. And
 * only when the process really worked that long: on a machine busy with other processes, work of
 * 100 ms may hold the loop for a second of wall time without being slow itself.
 */
export function noteStall(stall: Stall, where: string): void {
  if (stall.by === null || stall.byMs <= STALL_BUDGET_MS) return;
  if (stall.cpuMs <= STALL_BUDGET_MS) return;
  found.push(
    `${stall.by} held the event loop for ${stall.byMs} ms (${stall.cpuMs} ms of CPU; over ${STALL_BUDGET_MS} ms) ${where}`,
  );
}

/** A spawned server's log line, if it is a stall line. */
export function noteStallLine(line: string, pid: number): void {
  if (!line.includes(STALL_MESSAGE)) return;
  let entry: { msg?: string; stall?: Stall };
  try {
    entry = JSON.parse(line) as typeof entry;
  } catch {
    return;
  }
  if (entry.msg === STALL_MESSAGE && entry.stall)
    noteStall(entry.stall, `in server process ${pid}`);
}

/** The stalls found since the last call. */
export function takeStalls(): string[] {
  return found.splice(0);
}
