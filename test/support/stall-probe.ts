/**
 * Loaded into a Lifeline process (`--import`) by tests of the event-loop watch: on an IPC message
 * `{ block: ms, as: label }` it holds the event loop for `ms` as the work of `label`, the way a
 * slow request would, so the server's own watch has a stall to log.
 */
import { runAs } from '../../src/server/health/loop-watch.js';
import { holdCpu } from './hold-cpu.js';

process.on('message', (message: { block?: number; as?: string }) => {
  const { block, as } = message;
  if (typeof block !== 'number' || typeof as !== 'string') return;
  // Busy for that much CPU time (not wall time, which a busy machine stretches): the stall.
  runAs(as, () => holdCpu(block));
});
