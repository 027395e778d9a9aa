/**
 * The generated command sequences of the convergence test: what people (live editors, over
 * REST and MCP, in History) and operators (restarts) do to one diagram, in the order given.
 * Places are raw numbers, fitted to the text as it is when the command runs, so a shrunk
 * sequence still runs.
 */
import fc from 'fast-check';

/** Live editors per run (peer i edits on instance i % 2). */
export const PEERS = 3;
export const INSTANCES = 2;

export type Command =
  /** Inserts `text` and a fresh marker at `at` (offline when the peer is). */
  | { kind: 'insert'; peer: number; at: number; text: string }
  | { kind: 'delete'; peer: number; at: number; length: number }
  /** Select and paste: deletes a range and inserts text and a marker in its place, one edit. */
  | { kind: 'replace'; peer: number; at: number; length: number; text: string }
  | { kind: 'disconnect'; peer: number }
  | { kind: 'reconnect'; peer: number }
  /**
   * A paste past the content limit at the end, then typing (at `then`, in the text before the
   * paste) before the refusal arrives.
   */
  | { kind: 'too-large'; peer: number; then: number[] }
  /** An update writing outside the document's shape, then typing at `then`. */
  | { kind: 'bad-shape'; peer: number; shape: 'meta' | 'junk'; then: number[] }
  | { kind: 'save'; peer: number }
  /** GET the row, PUT it back with a fresh marker at `at`. */
  | { kind: 'rest-put'; instance: number; at: number }
  | { kind: 'mcp-update'; instance: number; at: number }
  /** History's restore of the `pick`-th version (modulo how many there are). */
  | { kind: 'restore'; instance: number; pick: number }
  | { kind: 'restart'; instance: number; signal: 'SIGTERM' | 'SIGKILL' }
  | { kind: 'pause'; ms: number };

/** Pieces of typed text: Mermaid, several lines, accents, CJK, an emoji (a surrogate pair). */
const PIECES = ['A->>B: hi', '\n', '  ', 'Note over A: x\n', 'é', '中文', '😀', 'ß', '\t', 'z'];
const text = fc
  .array(fc.constantFrom(...PIECES), { minLength: 0, maxLength: 5 })
  .map((parts) => parts.join(''));
const peer = fc.integer({ min: 0, max: PEERS - 1 });
const instance = fc.integer({ min: 0, max: INSTANCES - 1 });
const at = fc.nat({ max: 100_000 });
const length = fc.integer({ min: 1, max: 40 });
const signal = fc.constantFrom('SIGTERM' as const, 'SIGKILL' as const);

const restart = fc.record({ kind: fc.constant('restart' as const), instance, signal });

const command: fc.Arbitrary<Command> = fc.oneof(
  { weight: 8, arbitrary: fc.record({ kind: fc.constant('insert' as const), peer, at, text }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('delete' as const), peer, at, length }) },
  {
    weight: 2,
    arbitrary: fc.record({ kind: fc.constant('replace' as const), peer, at, length, text }),
  },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('disconnect' as const), peer }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('reconnect' as const), peer }) },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('too-large' as const),
      peer,
      then: fc.array(at, { maxLength: 3 }),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('bad-shape' as const),
      peer,
      shape: fc.constantFrom('meta' as const, 'junk' as const),
      then: fc.array(at, { maxLength: 3 }),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('save' as const), peer }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('rest-put' as const), instance, at }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('mcp-update' as const), instance, at }) },
  {
    weight: 1,
    arbitrary: fc.record({ kind: fc.constant('restore' as const), instance, pick: fc.nat(20) }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('pause' as const),
      ms: fc.integer({ min: 0, max: 400 }),
    }),
  },
);

/**
 * A sequence of two thirds of `maxCommands` to `maxCommands` commands, and one restart placed
 * in it (restarts are slow: exactly one per sequence keeps runs short and each crossing one).
 * Shrinking may go below the minimum.
 */
export function commandSequence(maxCommands: number): fc.Arbitrary<Command[]> {
  return fc
    .tuple(
      fc.array(command, { minLength: Math.ceil((maxCommands * 2) / 3), maxLength: maxCommands }),
      restart,
      fc.nat(),
    )
    .map(([commands, stop, where]) => {
      const index = where % (commands.length + 1);
      return [...commands.slice(0, index), stop, ...commands.slice(index)];
    });
}

/** One line per command, for a failure's report. */
export const describeCommand = (command: Command): string => JSON.stringify(command);
