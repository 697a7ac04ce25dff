/** One event of a Chromium trace (the Trace Event Format). */
export interface TraceEvent {
  name: string;
  cat: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  args?: Record<string, unknown>;
}

/** Main-thread work of one page load, in milliseconds. */
export interface MainThreadTime {
  /** Every task the page's main thread ran. */
  total: number;
  /** The tasks that ran code of a matching script, or handled its requests (each task counted once). */
  attributed: number;
  /** The longest single task. */
  longestTask: number;
}

/** A thread of a trace. */
export interface TraceThread {
  pid: number;
  tid: number;
}

/** The main thread of the renderer that parsed `pageUrl` (a navigation may have moved the page to a new process). */
export function threadThatParsed(events: TraceEvent[], pageUrl: string): TraceThread {
  const parse = events.find(
    (event) => event.name === 'ParseHTML' && (event.args?.beginData as { url?: string } | undefined)?.url === pageUrl,
  );
  if (!parse) throw new Error(`the trace holds no ParseHTML of ${pageUrl}`);
  return { pid: parse.pid, tid: parse.tid };
}

/** The main thread of the traced page's renderer, for a trace without a navigation (`TracingStartedInBrowser` names it). */
export function tracedPageThread(events: TraceEvent[]): TraceThread {
  const started = events.find((event) => event.name === 'TracingStartedInBrowser');
  const pid = (started?.args?.data as { frames?: { processId: number; parent?: string }[] } | undefined)?.frames?.find(
    (frame) => !frame.parent,
  )?.processId;
  const main = events.find(
    (event) =>
      event.ph === 'M' &&
      event.name === 'thread_name' &&
      event.pid === pid &&
      (event.args as { name?: string } | undefined)?.name === 'CrRendererMain',
  );
  if (!main) throw new Error('the trace names no main thread of the traced page');
  return { pid: main.pid, tid: main.tid };
}

/**
 * Events by which a task does a script's work or handles its response. Not the parser's preload scan or the page's
 * navigation, which name the script's URL while doing the page's own work.
 */
const WORK_EVENTS = new Set([
  'EvaluateScript',
  'v8.compile',
  'FunctionCall',
  'TimerFire',
  'FireIdleCallback',
  'FireAnimationFrame',
  'ResourceReceiveResponse',
  'ResourceReceivedData',
  'ResourceFinish',
]);

/**
 * Sums the tasks (`RunTask`) of a main thread, and those among them doing the work of a URL that `matches`: running
 * its script (evaluation, compilation, calls into it: callbacks, timers, idle callbacks) or receiving its response.
 */
export function mainThreadTime(
  events: TraceEvent[],
  thread: TraceThread,
  matches: (url: string) => boolean,
): MainThreadTime {
  const onMain = events.filter((event) => event.pid === thread.pid && event.tid === thread.tid);
  const tasks = onMain.filter((event) => event.name === 'RunTask' && event.ph === 'X' && event.dur !== undefined);
  const marks = onMain.filter((event) => WORK_EVENTS.has(event.name) && urlsOf(event.args).some(matches));
  const attributed = tasks.filter((task) =>
    marks.some((mark) => mark.ts >= task.ts && mark.ts <= task.ts + (task.dur as number)),
  );
  const milliseconds = (list: TraceEvent[]): number => list.reduce((sum, task) => sum + (task.dur as number), 0) / 1000;
  return {
    total: milliseconds(tasks),
    attributed: milliseconds(attributed),
    longestTask: Math.max(0, ...tasks.map((task) => (task.dur as number) / 1000)),
  };
}

/** The URLs an event's arguments name (`url` members at any depth, stack frames included). */
function urlsOf(value: unknown, found: string[] = []): string[] {
  if (Array.isArray(value)) for (const item of value) urlsOf(item, found);
  else if (value && typeof value === 'object') {
    for (const [key, member] of Object.entries(value)) {
      if (key === 'url' && typeof member === 'string') found.push(member);
      else urlsOf(member, found);
    }
  }
  return found;
}
