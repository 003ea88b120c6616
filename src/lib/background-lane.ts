/**
 * Work no visitor waits for (pages rendered again after a change, the search index's update), run
 * one task at a time, each starting after a pause as long as the task before it took (at most
 * `maxPauseMs`, less the time since it ended). JavaScript in an isolate has no priorities: a burst
 * of such work started at once keeps every request that arrives meanwhile waiting behind it. In
 * one lane the work takes at most about half of the isolate's time, and requests run in the pauses.
 *
 * Each task waits in its own caller's turn (the caller's request keeps its timers alive: a timer
 * left behind by a request that ended is cancelled in workerd), and for the task before it at most
 * `maxWaitMs`, so a task whose request was cancelled cannot stop the lane.
 */
export type BackgroundLane = {
  /** Runs `task` after the tasks before it (and the pause); its result or its error. */
  run<T>(task: () => Promise<T>): Promise<T>;
  /** Tasks waiting for their turn (not the one running). */
  readonly waiting: number;
};

type LaneOptions = {
  /** The longest pause before a task (ms). */
  maxPauseMs?: number;
  /** The longest wait for the task before (ms). */
  maxWaitMs?: number;
  /** The clock tasks are timed on. */
  now?: () => number;
  /** Waits `ms` (tests pass their own). */
  pause?: (ms: number) => Promise<void>;
  /**
   * Continues in the caller's own turn when no pause is due (a timer of the caller's request):
   * after the task before, the lane would otherwise go on in that task's request, and workerd
   * refuses one request the streams and bodies another request made.
   */
  resume?: () => Promise<void>;
};

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Resolves when `promise` settles or after `ms`, whichever comes first. */
async function settledWithin(promise: Promise<void>, ms: number): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    await Promise.race([
      promise,
      new Promise<void>((resolve) => {
        timer = setTimeout(resolve, ms);
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}

export function createBackgroundLane({
  maxPauseMs = 250,
  maxWaitMs = 15_000,
  now = Date.now,
  pause = wait,
  resume = () => wait(0),
}: LaneOptions = {}): BackgroundLane {
  let tail: Promise<void> = Promise.resolve();
  let waiting = 0;
  let lastTook = 0;
  let lastEndedAt = 0;
  return {
    async run<T>(task: () => Promise<T>): Promise<T> {
      const before = tail;
      let ended!: () => void;
      tail = new Promise<void>((resolve) => {
        ended = resolve;
      });
      waiting += 1;
      try {
        await settledWithin(before, maxWaitMs);
        const left = Math.min(maxPauseMs, lastTook) - (now() - lastEndedAt);
        if (left > 0) await pause(left);
        else await resume();
      } finally {
        waiting -= 1;
      }
      const startedAt = now();
      try {
        return await task();
      } finally {
        lastEndedAt = now();
        lastTook = lastEndedAt - startedAt;
        ended();
      }
    },
    get waiting() {
      return waiting;
    },
  };
}

/** This isolate's lane for work after answers. */
export const backgroundLane = createBackgroundLane();
