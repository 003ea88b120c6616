import { describe, expect, it } from "vitest";
import { createBackgroundLane } from "./background-lane";

/** A lane on a hand-moved clock whose pauses wait until the test releases them. */
function laneOnTestClock(options: { maxWaitMs?: number } = {}) {
  let clock = 1_000;
  const pauses: { ms: number; release: () => void }[] = [];
  const lane = createBackgroundLane({
    maxPauseMs: 100,
    now: () => clock,
    pause: (ms) => new Promise<void>((release) => pauses.push({ ms, release })),
    resume: () => Promise.resolve(),
    ...options,
  });
  const settle = () => new Promise<void>((resolve) => setTimeout(resolve, 0));
  const started: string[] = [];
  const finish = new Map<string, () => void>();
  /** A task that starts, records its name and ends when the test says. */
  const task = (name: string) => () =>
    new Promise<string>((resolve) => {
      started.push(name);
      finish.set(name, () => resolve(name));
    });
  return { lane, pauses, settle, started, finish, task, advance: (ms: number) => (clock += ms) };
}

describe("createBackgroundLane", () => {
  it("runs one task at a time, in order, each after a pause as long as the one before took (capped)", async () => {
    const { lane, pauses, settle, started, finish, task, advance } = laneOnTestClock();
    const first = lane.run(task("first"));
    const second = lane.run(task("second"));
    await settle();
    expect(started).toEqual(["first"]);
    expect(lane.waiting).toBe(1);

    advance(30);
    finish.get("first")!();
    expect(await first).toBe("first");
    await settle();
    expect(started).toEqual(["first"]); // the pause first
    expect(pauses.map((pause) => pause.ms)).toEqual([30]);
    pauses[0]!.release();
    await settle();
    expect(started).toEqual(["first", "second"]);
    expect(lane.waiting).toBe(0);

    advance(500);
    finish.get("second")!();
    expect(await second).toBe("second");
    const third = lane.run(task("third"));
    await settle();
    expect(pauses.map((pause) => pause.ms)).toEqual([30, 100]); // at most maxPauseMs
    pauses[1]!.release();
    await settle();
    finish.get("third")!();
    expect(await third).toBe("third");
  });

  it("with no pause due, a task starts in its caller's own turn", async () => {
    let resumed = 0;
    const started: string[] = [];
    const lane = createBackgroundLane({
      pause: () => Promise.reject(new Error("no pause is due")),
      resume: async () => {
        resumed += 1;
        expect(started).toEqual([]); // before the task starts
      },
    });
    expect(await lane.run(async () => started.push("first"))).toBe(1);
    expect(resumed).toBe(1);
  });

  it("time the lane was idle counts toward the pause", async () => {
    const { lane, pauses, settle, started, finish, task, advance } = laneOnTestClock();
    const first = lane.run(task("first"));
    await settle();
    advance(40);
    finish.get("first")!();
    await first;
    advance(25); // idle
    const second = lane.run(task("second"));
    await settle();
    expect(pauses.map((pause) => pause.ms)).toEqual([15]);
    advance(60); // idle longer than the first task took
    pauses[0]!.release();
    await settle();
    expect(started).toEqual(["first", "second"]);
    finish.get("second")!();
    await second;
  });

  it("a failed task rejects its own caller and the lane goes on", async () => {
    const { lane, pauses, settle, advance } = laneOnTestClock();
    const failed = lane.run(async () => {
      advance(5);
      throw new Error("render failed");
    });
    const next = lane.run(async () => "next");
    await expect(failed).rejects.toThrow("render failed");
    await settle();
    pauses[0]!.release();
    expect(await next).toBe("next");
  });

  it("a task whose caller went away does not stop the lane: the next one starts after maxWaitMs", async () => {
    const { lane } = laneOnTestClock({ maxWaitMs: 5 });
    void lane.run(() => new Promise<string>(() => {})); // never ends
    expect(await lane.run(async () => "next")).toBe("next");
    expect(await lane.run(async () => "third")).toBe("third"); // and the lane goes on after it
  });
});
