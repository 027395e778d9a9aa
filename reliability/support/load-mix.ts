/**
 * The load: every autocannon connection loops list → open → save → convert, as one user at a
 * time. A connection takes a free user at the start of its loop and gives it back after the
 * convert, so no user ever has two writers and every save carries the updatedAt of that user's
 * last acknowledged save: a 409 here would be a false conflict (or a lost update), never expected.
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
  diagramId?: number;
  sentAt?: number;
  content?: string;
}

export function loadMix(
  users: TestUser[],
  ledger: SaveLedger,
  observations: Observation[],
): Request[] {
  const free = [...users];
  let turn = 0;
  const ctx = (context: Record<string, unknown>) => context as LoopContext;
  const user = (context: Record<string, unknown>): TestUser => {
    const current = ctx(context).user;
    if (!current) throw new Error('no user checked out for this loop');
    return current;
  };
  const observe = (
    kind: Kind,
    context: Record<string, unknown>,
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

  return [
    {
      method: 'GET',
      setupRequest(request, context) {
        const taken = free.shift();
        if (!taken) throw new Error('more loops than users');
        Object.assign(context, { user: taken, sentAt: performance.now() });
        return {
          ...request,
          path: '/api/diagrams?view=summary',
          headers: { cookie: taken.cookie },
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
    {
      method: 'GET',
      setupRequest(request, context) {
        const owner = user(context);
        const diagramId = owner.diagramIds[turn++ % owner.diagramIds.length]!;
        Object.assign(context, { diagramId, sentAt: performance.now() });
        return {
          ...request,
          path: `/api/diagrams/${diagramId}`,
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
    {
      method: 'PUT',
      setupRequest(request, context) {
        const owner = user(context);
        const diagramId = ctx(context).diagramId!;
        const content = `${sequence(`u${owner.index}`)}\n    Alice->>Bob: save ${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;
        ledger.sending(diagramId, content);
        Object.assign(context, { content, sentAt: performance.now() });
        return {
          ...request,
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
    {
      method: 'POST',
      setupRequest(request, context) {
        const owner = user(context);
        ctx(context).sentAt = performance.now();
        // The text just saved: a new diagram every time, so every convert is a real render.
        return {
          ...request,
          path: '/api/v1/convert',
          headers: { authorization: `Bearer ${owner.token}`, 'content-type': 'application/json' },
          body: JSON.stringify({
            content: ctx(context).content ?? sequence(`u${owner.index}`),
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
        free.push(user(context));
      },
    },
  ];
}
