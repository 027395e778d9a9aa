/**
 * Convergence: never lose an acknowledged edit. Generated sequences (fast-check, fixed seed)
 * drive three live editors on two real instances (one PostgreSQL database, fan-out through
 * Redis): random edits across lines and scripts, edits the server must refuse (a paste past the
 * content limit, writes outside the document's shape, each followed by typing before the
 * refusal arrives), disconnects and offline edits, REST PUTs, MCP update_diagram, History
 * restores, explicit Saves and a restart of one instance (SIGTERM or SIGKILL). After everything
 * settles, every editor and the stored row on both instances hold one text, in which every edit
 * the server acknowledged is found exactly once unless a later change removed it.
 *
 * `npm test` runs CONVERGENCE_RUNS sequences (1) of up to CONVERGENCE_COMMANDS commands (24);
 * `npm run test:soak` many more, longer. CONVERGENCE_SEED replays a failure's seed;
 * CONVERGENCE_LOG=1 prints what happened in every run, command by command.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import fc from 'fast-check';
import { scratchPostgresUrl, type ScratchDatabase } from '../test/support/databases.js';
import { signInAt } from '../test/support/http-sign-in.js';
import { describeIf, redisSkip, TEST_REDIS_URL } from '../test/support/needs.js';
import { commandSequence, describeCommand, type Command } from './support/convergence-commands.js';
import { runSequence, type RunContext } from './support/convergence-run.js';
import { ADMIN_URL, sharedServerSkip } from './support/postgres.js';
import { apiTokenOf, startInstances, type Instances } from './support/two-instances.js';

function setting(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1) {
    throw new Error(`${name} must be a whole number, at least 1 (got "${raw}").`);
  }
  return value;
}

const SEED = setting('CONVERGENCE_SEED', 4343);
const RUNS = setting('CONVERGENCE_RUNS', 1);
const COMMANDS = setting('CONVERGENCE_COMMANDS', 24);
/** Shrinking reruns whole sequences against the servers: bounded, more in the soak run. */
const SHRINKS = setting('CONVERGENCE_SHRINKS', 4);
/** A run: its commands (a restart included) and settling, on a loaded machine. */
const RUN_BUDGET_MS = 60_000 + COMMANDS * 3_000;

const skip = (await sharedServerSkip()) ?? (await redisSkip());

describeIf(skip, 'convergence of live editors, REST, MCP and restores on two instances', () => {
  let database: ScratchDatabase;
  let instances: Instances;
  let context: RunContext;

  beforeAll(async () => {
    database = await scratchPostgresUrl(ADMIN_URL);
    instances = await startInstances(database.url, TEST_REDIS_URL);
    const cookie = await signInAt(instances.apps[0]!.url, 'ada@example.test', 'Ada');
    context = { instances, cookie, token: await apiTokenOf(instances.apps[0]!.url, cookie) };
  }, 180_000);

  afterAll(async () => {
    await instances?.stop();
    await database?.drop();
  }, 60_000);

  it(
    `every acknowledged edit is in the one text everyone ends with (seed ${SEED}, ${RUNS} runs)`,
    async () => {
      let run = 0;
      const property = fc.asyncProperty(
        fc.limitShrink(commandSequence(COMMANDS), SHRINKS),
        async (commands: Command[]) => {
          run += 1;
          const started = Date.now();
          const outcome = await runSequence(context, commands);
          const { verdict } = outcome;
          if (process.env.CONVERGENCE_LOG) console.log(outcome.log.join('\n'));
          console.log(
            `convergence run ${run}: ${commands.length} commands, ${verdict.acknowledged} acknowledged markers (${verdict.present} present, ${verdict.removed} removed by later changes), ${Date.now() - started} ms`,
          );
          const problems = [
            ...(outcome.diverged ? [`no single text after settling:\n${outcome.diverged}`] : []),
            ...verdict.lost.map((marker) => `lost: ${marker}`),
            ...verdict.doubled.map((marker) => `found more than once: ${marker}`),
          ];
          if (problems.length > 0) {
            throw new Error(
              `${problems.join('\n')}\nWhat happened:\n${outcome.log.join('\n')}\nCommands:\n${commands.map(describeCommand).join('\n')}`,
            );
          }
        },
      );
      // fast-check's report names the seed, the replay path and the shrunk sequence.
      await fc.assert(property, { seed: SEED, numRuns: RUNS, verbose: 1 });
      expect(run).toBeGreaterThanOrEqual(RUNS);
    },
    RUN_BUDGET_MS * (RUNS + SHRINKS + 1),
  );
});
