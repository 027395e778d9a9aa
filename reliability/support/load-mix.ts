/**
 * The load: every autocannon connection loops list → open → save → convert, as one user at a
 * time. A connection takes a free user at the start of its loop and gives it back at its end, so
 * no user ever has two writers and every save carries the updatedAt of that user's last
 * acknowledged save: a 409 here would be a false conflict (or a lost update), never expected.
 * Each loop starts one kind further on than the loop before it, so every kind is asked from the
 * first moment: a slow machine answers fewer of each, never none of the last kind.
 */
import type { Request } from 'autocannon';
import { sequence } from './client.js';
import type { SaveLedger } from './ledger.js';
import type { TestUser } from './users.js';

export type Kind = 'list' | 'open' | 'save' | 'convert';

export interface Observation {
  kind: Kind;
  status: number;
  ms: number;
  retryAfter: boolean;
  /** What was wrong with a 200 answer (wrong body), if anything. */
  problem?: string;
}

interface LoopContext {
  user?: TestUser;
  /** Where in list → open → save → convert this loop starts. */
  rotation?: number;
  kind?: Kind;
  diagramId?: number;
  sentAt?: number;
  content?: string;
}

const KINDS: readonly Kind[] = ['list', 'open', 'save', 'convert'];

type Context = Record<string, unknown>;

/** One kind of request: how it is asked, and how its answer is checked and recorded. */
interface Step {
  build(request: Request, context: Context): Request;
  onResponse(status: number, body: string, context: Context, headers: Record<string, string>): void;
}

export function loadMix(
  users: TestUser[],
  ledger: SaveLedger,
  observations: Observation[],
): Request[] {
  const free = [...users];
  let turn = 0;
  let loops = 0;
  const ctx = (context: Context) => context as LoopContext;
  const user = (context: Context): TestUser => {
    const current = ctx(context).user;
    if (!current) throw new Error('no user checked out for this loop');
    return current;
  };
  /** The loop's diagram, taken from its user's diagrams in turn by its first open or save. */
  const diagramOf = (context: Context): number => {
    const loop = ctx(context);
    if (loop.diagramId === undefined) {
      const owner = user(context);
      loop.diagramId = owner.diagramIds[turn++ % owner.diagramIds.length]!;
    }
    return loop.diagramId;
  };
  const uniqueText = (owner: TestUser, what: string) =>
    `${sequence(`u${owner.index}`)}\n    Alice->>Bob: ${what} ${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;
  const observe = (
    kind: Kind,
    context: Context,
    status: number,
    headers: Record<string, string>,
    problem?: string,
  ) => {
    observations.push({
      kind,
      status,
      ms: performance.now() - (ctx(context).sentAt ?? performance.now()),
      retryAfter: /^\d+$/.test(headers['retry-after'] ?? ''),
      ...(problem ? { problem } : {}),
    });
  };

  const steps: Record<Kind, Step> = {
    list: {
      build(request, context) {
        const owner = user(context);
        return {
          ...request,
          method: 'GET',
          path: '/api/diagrams?view=summary',
          headers: { cookie: owner.cookie },
        };
      },
      onResponse(status, body, context, headers) {
        const ids =
          status === 200 ? (JSON.parse(body) as Array<{ id: number }>).map((d) => d.id) : [];
        const missing = user(context).diagramIds.filter((id) => !ids.includes(id));
        observe(
          'list',
          context,
          status,
          headers,
          status === 200 && missing.length ? `list lacks ${missing.join(',')}` : undefined,
        );
      },
    },
    open: {
      build(request, context) {
        const owner = user(context);
        return {
          ...request,
          method: 'GET',
          path: `/api/diagrams/${diagramOf(context)}`,
          headers: { cookie: owner.cookie },
        };
      },
      onResponse(status, body, context, headers) {
        const { diagramId } = ctx(context);
        const latest = ledger.latest(diagramId!);
        const opened =
          status === 200 ? (JSON.parse(body) as { content: string; updatedAt: string }) : null;
        const stale =
          opened && (opened.content !== latest.content || opened.updatedAt !== latest.updatedAt);
        observe(
          'open',
          context,
          status,
          headers,
          stale ? `diagram ${diagramId} opened stale` : undefined,
        );
      },
    },
    save: {
      build(request, context) {
        const owner = user(context);
        const diagramId = diagramOf(context);
        const content = uniqueText(owner, 'save');
        ledger.sending(diagramId, content);
        ctx(context).content = content;
        return {
          ...request,
          method: 'PUT',
          path: `/api/diagrams/${diagramId}`,
          headers: { cookie: owner.cookie, 'content-type': 'application/json' },
          body: JSON.stringify({ content, updatedAt: ledger.latest(diagramId).updatedAt }),
        };
      },
      onResponse(status, body, context, headers) {
        const { diagramId, content } = ctx(context);
        let problem: string | undefined;
        if (status === 200) {
          const saved = JSON.parse(body) as { content: string; updatedAt: string };
          if (saved.content !== content) problem = `save of ${diagramId} answered other text`;
          else ledger.acknowledged(diagramId!, saved);
        } else if (status === 409) {
          const stored = (JSON.parse(body) as { diagram: { content: string; updatedAt: string } })
            .diagram;
          problem = `save of ${diagramId} refused as a conflict`;
          ledger.adoptConflict(diagramId!, stored);
        } else if (status >= 400 && status < 500) {
          ledger.refused(diagramId!, content!);
        }
        observe('save', context, status, headers, problem);
      },
    },
    convert: {
      build(request, context) {
        const owner = user(context);
        // The text just saved, or one of its own: a new diagram every time, so every convert is
        // a real render.
        return {
          ...request,
          method: 'POST',
          path: '/api/v1/convert',
          headers: { authorization: `Bearer ${owner.token}`, 'content-type': 'application/json' },
          body: JSON.stringify({
            content: ctx(context).content ?? uniqueText(owner, 'convert'),
            format: 'svg',
          }),
        };
      },
      onResponse(status, body, context, headers) {
        const svg = status === 200 && body.includes('<svg');
        observe(
          'convert',
          context,
          status,
          headers,
          status === 200 && !svg ? 'convert answered no SVG' : undefined,
        );
      },
    },
  };

  return KINDS.map((_, index): Request => ({
    setupRequest(request, context) {
      if (index === 0) {
        const taken = free.shift();
        if (!taken) throw new Error('more loops than users');
        Object.assign(context, { user: taken, rotation: loops++ % KINDS.length });
      }
      const kind = KINDS[(index + (ctx(context).rotation ?? 0)) % KINDS.length]!;
      Object.assign(context, { kind, sentAt: performance.now() });
      return steps[kind].build(request, context);
    },
    onResponse(status, body, context, headers) {
      steps[ctx(context).kind!].onResponse(status, body, context, headers);
      if (index === KINDS.length - 1) free.push(user(context));
    },
  }));
}
