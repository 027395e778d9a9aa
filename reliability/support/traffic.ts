/**
 * Light, steady traffic: each user in turn lists, opens and saves its diagrams, one call at a
 * time, recording every call. Saves go through the ledger, so afterwards every acknowledged save
 * can be checked.
 */
import { call, saveDiagram, sequence } from './client.js';
import type { SaveLedger } from './ledger.js';
import type { TestUser } from './users.js';

export interface CallRecord {
  kind: 'list' | 'open' | 'save';
  user: number;
  startedAt: number;
  endedAt: number;
  /** 0 when no HTTP answer came (refused, reset, timed out). */
  status: number;
  error?: string;
  problem?: string;
}

export interface Traffic {
  records: CallRecord[];
  /** Saves answered 200 that were sent after `since` (a Date.now() value). */
  ackedSince(since: number): number;
  stop(): Promise<void>;
}

const CALL_TIMEOUT_MS = 10_000;

export function startTraffic(
  base: string,
  users: TestUser[],
  ledger: SaveLedger,
  { pauseMs = 50, kinds = ['list', 'open', 'save'] as CallRecord['kind'][] } = {},
): Traffic {
  const records: CallRecord[] = [];
  let running = true;

  async function one(kind: CallRecord['kind'], user: TestUser, id: number): Promise<void> {
    const startedAt = Date.now();
    const record: CallRecord = { kind, user: user.index, startedAt, endedAt: 0, status: 0 };
    records.push(record);
    const content = `${sequence(`u${user.index}`)}\n    Alice->>Bob: ${kind} ${startedAt} ${Math.random().toString(36).slice(2, 8)}`;
    try {
      if (kind === 'save') {
        ledger.sending(id, content);
        const answer = await saveDiagram(
          base,
          user.cookie,
          id,
          content,
          ledger.latest(id).updatedAt,
          CALL_TIMEOUT_MS,
        );
        record.status = answer.status;
        if (answer.status === 200) {
          if (answer.body.content === content) ledger.acknowledged(id, answer.body);
          else record.problem = 'save answered other text';
        } else if (answer.status === 409) {
          if (!answer.body.diagram || !ledger.adoptConflict(id, answer.body.diagram)) {
            record.problem = `lost update: 409 on diagram ${id}`;
          }
        } else if (answer.status < 500) {
          ledger.refused(id, content);
        }
        record.error = answer.body.error;
      } else {
        const url =
          kind === 'list' ? `${base}/api/diagrams?view=summary` : `${base}/api/diagrams/${id}`;
        const answer = await call<{ error?: string }>(url, {
          headers: { cookie: user.cookie },
          timeoutMs: CALL_TIMEOUT_MS,
        });
        record.status = answer.status;
        record.error =
          answer.status === 200 ? undefined : (answer.body as { error?: string }).error;
      }
    } catch (error) {
      record.error = (error as Error).message;
    } finally {
      record.endedAt = Date.now();
    }
  }

  const loops = users.map(async (user) => {
    for (let turn = 0; running; turn += 1) {
      const id = user.diagramIds[turn % user.diagramIds.length]!;
      for (const kind of kinds) {
        if (!running) break;
        await one(kind, user, id);
        await new Promise((resolve) => setTimeout(resolve, pauseMs));
      }
    }
  });

  return {
    records,
    ackedSince: (since) =>
      records.filter(
        (r) => r.kind === 'save' && r.status === 200 && r.startedAt >= since && !r.problem,
      ).length,
    async stop() {
      running = false;
      await Promise.all(loops);
    },
  };
}

/** Polls `check` until it holds (or throws after `timeoutMs`). */
export async function until(check: () => boolean, timeoutMs: number, what: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline)
      throw new Error(`Timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
