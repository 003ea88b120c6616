// How many Directus start at once on this machine, and how long a start may take.
//
// A start-up is the costly part of an instance (loading the API, migrations, the schema): several
// at once on two cores each took many times as long as one alone, and a fixed deadline failed them
// on a busy machine. Start-ups therefore take a slot (a directory shared by every process of a test
// run, so the browser, contract, fault and CMS suites count together), and a start is judged by
// progress, not by the clock: it may take as long as the process keeps using CPU.
import { appendFileSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { availableParallelism, tmpdir } from "node:os";
import { join } from "node:path";

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Start-ups at once: one per two cores (at least one), or CMS_START_SLOTS. */
export const startSlotCount = () => Math.max(1, Number(process.env.CMS_START_SLOTS) || Math.floor(availableParallelism() / 2));

const slotsDir = () =>
  process.env.CMS_START_SLOTS_DIR ?? join(tmpdir(), `meridian-cms-start-slots-${Number(process.env.TEST_PORT_OFFSET ?? 0)}`);

const isAlive = (pid) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/**
 * Frees a lock directory (holding its owner's pid in `pid`) whose owner has died; a live owner's,
 * or one whose pid is not written yet, stays.
 */
export function freeLockOfDeadOwner(path) {
  let owner = 0;
  try {
    owner = Number(readFileSync(join(path, "pid"), "utf8"));
  } catch {
    // being written, or just released
  }
  if (owner && !isAlive(owner)) rmSync(path, { recursive: true, force: true });
}

/**
 * Waits for a free start-up slot and returns its release. A slot whose holder died is freed; no
 * deadline: every holder is itself a start-up that ends (ready, exited or judged hung).
 * @returns {Promise<() => void>}
 */
export async function takeStartSlot() {
  const dir = slotsDir();
  mkdirSync(dir, { recursive: true });
  const count = startSlotCount();
  for (;;) {
    for (let slot = 0; slot < count; slot++) {
      const path = join(dir, `slot-${slot}`);
      try {
        mkdirSync(path);
      } catch {
        freeLockOfDeadOwner(path);
        continue;
      }
      writeFileSync(join(path, "pid"), String(process.pid));
      let released = false;
      return () => {
        if (released) return;
        released = true;
        rmSync(path, { recursive: true, force: true });
      };
    }
    await sleep(100 + Math.random() * 150);
  }
}

/** CPU time (clock ticks) a process has used, from /proc; null where there is no /proc. */
export function cpuTicks(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    // Fields after the command name (which may hold spaces), counted from field 3: utime is 14, stime 15.
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return Number(fields[11]) + Number(fields[12]);
  } catch {
    return null;
  }
}

/**
 * Judges a start-up by progress: `stalled()` is true once the process has used no CPU for
 * `stallMs` (a hang: waiting on a lock or a peer that never answers), `overCeiling()` once
 * `ceilingMs` have passed whatever it did (only a process that loops forever gets there).
 */
export function progressJudge(
  pid,
  { stallMs = Number(process.env.CMS_START_STALL_MS ?? 180_000), ceilingMs = Number(process.env.CMS_START_CEILING_MS ?? 30 * 60_000) } = {},
) {
  const t0 = Date.now();
  let lastTicks = cpuTicks(pid);
  let lastProgress = t0;
  return {
    stalled() {
      const ticks = cpuTicks(pid);
      if (ticks === null || lastTicks === null || ticks !== lastTicks) {
        lastTicks = ticks;
        lastProgress = Date.now();
        return false;
      }
      return Date.now() - lastProgress > stallMs;
    },
    overCeiling: () => Date.now() - t0 > ceilingMs,
    stallMs,
    ceilingMs,
  };
}

/**
 * Records a Directus process's life in CMS_START_LOG (one JSON line an event), when a test run
 * asks for it: `npm test` reports the peak number at once and the slowest start-up from it.
 */
export function recordCmsEvent(event) {
  const file = process.env.CMS_START_LOG;
  if (!file) return;
  try {
    appendFileSync(file, `${JSON.stringify({ ...event, at: Date.now() })}\n`);
  } catch {
    // a report, never a reason to fail a start
  }
}

/**
 * The report over CMS_START_LOG's lines: start-ups, the peak number of Directus processes alive at
 * once (servers and CLI runs), the slowest start-up and the longest wait for a slot.
 * @param {string} text
 */
export function summariseCmsEvents(text) {
  const events = text
    .split("\n")
    .filter(Boolean)
    .map((line) => JSON.parse(line));
  const changes = [];
  let starts = 0;
  let slowest = null;
  let longestWait = 0;
  for (const event of events) {
    if (event.type === "spawn") changes.push([event.at, 1]);
    if (event.type === "exit") changes.push([event.at, -1]);
    if (event.type === "ready") {
      starts += 1;
      if (!slowest || event.ms > slowest.ms) slowest = event;
      longestWait = Math.max(longestWait, event.waitedMs ?? 0);
    }
  }
  // At one instant an exit counts before a spawn.
  changes.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  let alive = 0;
  let peak = 0;
  for (const [, change] of changes) {
    alive += change;
    peak = Math.max(peak, alive);
  }
  return { starts, peak, slowest, longestWait };
}
