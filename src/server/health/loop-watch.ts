/**
 * Watches the event loop and names what blocked it. A timer due every 100 ms measures how late
 * it runs; meanwhile async hooks time every callback and add its time to the activity it belongs
 * to: a request (its method and route pattern, carried by AsyncLocalStorage from its first hook
 * to its answer) or a live frame (its document kind and message type). When one activity held the
 * loop for longer than the budget, or the timer ran that late, the watcher reports a stall naming
 * the activity that ran longest; start-up work, timers and test code belong to no activity.
 *
 * Async hooks cost every callback some time, so outside the test suites the watch runs without
 * them: a late timer then names the request or frame that started last (most often the one whose
 * work held the loop) and the CPU time the process used meanwhile.
 */
import { AsyncLocalStorage, createHook, executionAsyncResource } from 'node:async_hooks';

/** No request or frame may hold the event loop longer than this. */
export const STALL_BUDGET_MS = 500;
const TICK_MS = 100;
/** The log line of a stall (its fields under `stall`); test helpers look for it. */
export const STALL_MESSAGE = 'event loop blocked';

export interface Stall {
  /** How late the watch's timer ran: how long nothing else could run. */
  blockedMs: number;
  /** The activity that ran longest meanwhile (`GET /api/diagrams/:id`, `live diagram update`). */
  by: string | null;
  /** How long `by` ran meanwhile. */
  byMs: number;
  /**
   * CPU time the process used while `by` ran (all its threads). On a machine shared with other
   * work a short task can take long in wall time; this tells that apart from a slow task.
   */
  cpuMs: number;
}

interface Activity {
  label: string;
  frame: boolean;
}

interface Running {
  activity: Activity | null;
  start: number;
  cpuStart: number;
  /** Wall and CPU time of callbacks nested in this one, counted for their own activity. */
  nested: number;
  nestedCpu: number;
}

interface Spent {
  wall: number;
  cpu: number;
}

const activities = new AsyncLocalStorage<Activity>();
const stack: Running[] = [];
/** Per activity (one request, one frame: never summed by label), its time since the last tick. */
const spent = new Map<Activity, Spent>();
/** A request's activity, shared by the hooks that run its work (onRequest, preValidation). */
const owned = new WeakMap<object, Activity>();
/**
 * A live frame's work continues in promise callbacks that Hocuspocus chained before the frame
 * was named, so they carry no activity: until the next macrotask they belong to the frame.
 */
let frameActivity: Activity | null = null;
let watching = 0;
/** Watches that time callbacks (async hooks on while there is one). */
let precise = 0;
/** Without async hooks: the request or frame that started last. */
let lastStarted: string | null = null;

/**
 * CPU time is read (a system call) at most every 50 ms when a callback starts, and again when
 * one took over 100 ms. A shorter callback counts its wall time at the share of the CPU the
 * process got over the last sample: on a machine busy with other processes, a request made of
 * many short callbacks then does not count the time it waited for the CPU as its own work.
 */
const CPU_SAMPLE_MS = 50;
const LONG_CALLBACK_MS = 100;
let sampledAt = -Infinity;
let sampledCpu = 0;
/** CPU time over wall time between the last two samples, at most 1. */
let cpuShare = 1;

function cpuNow(): number {
  const used = process.cpuUsage();
  return (used.user + used.system) / 1000;
}

function cpuAt(now: number): number {
  if (now - sampledAt > CPU_SAMPLE_MS) {
    const cpu = cpuNow();
    // Over a long gap (nothing ran) the share says little: keep the last one.
    if (now - sampledAt < CPU_SAMPLE_MS * 20) {
      cpuShare = Math.min(1, (cpu - sampledCpu) / (now - sampledAt));
    }
    [sampledAt, sampledCpu] = [now, cpu];
  }
  return sampledCpu;
}

function begin(activity: Activity | null): Running {
  const start = performance.now();
  return { activity, start, cpuStart: cpuAt(start), nested: 0, nestedCpu: 0 };
}

/** Ends `running`, adding its own time (not its nested callbacks') to its activity's. */
function end(running: Running): void {
  const wall = performance.now() - running.start;
  const cpu = wall > LONG_CALLBACK_MS ? cpuNow() - running.cpuStart : wall * cpuShare;
  const parent = stack.at(-1);
  if (parent) {
    parent.nested += wall;
    parent.nestedCpu += cpu;
  }
  if (!running.activity) return;
  const total = spent.get(running.activity) ?? { wall: 0, cpu: 0 };
  total.wall += wall - running.nested;
  total.cpu += cpu - running.nestedCpu;
  spent.set(running.activity, total);
}

/** A new macrotask (I/O, timer, immediate) rather than a promise callback or a nextTick. */
function isMacrotask(resource: object): boolean {
  return !(resource instanceof Promise) && resource.constructor !== Object;
}

const hook = createHook({
  before() {
    const resource = executionAsyncResource();
    if (stack.length === 0 && isMacrotask(resource)) frameActivity = null;
    const activity = activities.getStore();
    if (activity?.frame) frameActivity = activity;
    stack.push(begin(activity ?? (resource instanceof Promise ? frameActivity : null)));
  },
  after() {
    const running = stack.pop();
    if (running) end(running);
  },
});

export const isWatching = () => watching > 0;

/**
 * Runs `next` (and everything it starts) as part of `label`'s work: of `owner`'s (a request),
 * counted apart from every other request of the same route.
 */
export function runAs(label: string, next: () => void, owner?: object): void {
  if (watching === 0) return next();
  lastStarted = label;
  if (precise === 0) return next();
  // What `next` does at once is timed here: the callback running it may be nobody's.
  let activity = owner ? owned.get(owner) : undefined;
  if (!activity) {
    activity = { label, frame: false };
    if (owner) owned.set(owner, activity);
  }
  const running = begin(activity);
  try {
    activities.run(activity, next);
  } finally {
    end(running);
  }
}

/** Names the live frame being handled from here until its work is done. */
export function handlingFrame(label: string): void {
  if (watching === 0) return;
  lastStarted = label;
  if (precise === 0) return;
  const activity = { label, frame: true };
  frameActivity = activity;
  const running = stack.at(-1);
  if (running) running.activity = activity;
  // The frame's own continuations (after an await in the hook that called this) carry it too.
  activities.enterWith(activity);
}

function longest(): Pick<Stall, 'by' | 'byMs' | 'cpuMs'> {
  let by: string | null = null;
  let most: Spent = { wall: 0, cpu: 0 };
  for (const [activity, time] of spent) {
    if (time.wall > most.wall) [by, most] = [activity.label, time];
  }
  spent.clear();
  return { by, byMs: Math.round(most.wall), cpuMs: Math.round(most.cpu) };
}

export interface LoopWatch {
  /** The stall of the time since the last tick, if any (tests call it at a test's end). */
  check(): Stall | null;
  stop(): void;
}

/**
 * Starts watching; `onStall` hears each stall: an activity that ran past the budget, or (with
 * `by` naming what ran longest, if anything did) a loop blocked past it by something else.
 */
export function watchEventLoop(
  onStall: (stall: Stall) => void,
  options: { precise?: boolean } = {},
): LoopWatch {
  const timed = options.precise ?? true;
  watching++;
  if (timed && precise++ === 0) hook.enable();
  let last = performance.now();
  let cpuLast = cpuNow();
  const evaluate = (late: number): Stall | null => {
    if (!timed) {
      const cpu = cpuNow();
      const used = cpu - cpuLast;
      cpuLast = cpu;
      if (late <= STALL_BUDGET_MS) return null;
      const blockedMs = Math.round(late);
      return { blockedMs, by: lastStarted, byMs: blockedMs, cpuMs: Math.round(used) };
    }
    const { by, byMs, cpuMs } = longest();
    if (byMs <= STALL_BUDGET_MS && late <= STALL_BUDGET_MS) return null;
    return { blockedMs: Math.round(Math.max(late, byMs)), by, byMs, cpuMs };
  };
  const timer = setInterval(() => {
    const now = performance.now();
    const stall = evaluate(now - last - TICK_MS);
    last = now;
    if (stall) onStall(stall);
  }, TICK_MS).unref();
  return {
    check() {
      const now = performance.now();
      const stall = evaluate(now - last - TICK_MS);
      last = now;
      return stall;
    },
    stop() {
      clearInterval(timer);
      watching--;
      if (timed && --precise === 0) hook.disable();
    },
  };
}
