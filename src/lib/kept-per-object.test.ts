import { describe, expect, it } from "vitest";
import { keptPerObject } from "./kept-per-object";

describe("keptPerObject", () => {
  it("derives once per object and variant", () => {
    const kept = keptPerObject<object, string>();
    let calls = 0;
    const derive = (text: string) => () => {
      calls += 1;
      return text;
    };
    const first = {};
    expect(kept(first, "a", derive("first a"))).toBe("first a");
    expect(kept(first, "a", derive("again"))).toBe("first a");
    expect(kept(first, "b", derive("first b"))).toBe("first b");
    expect(kept({}, "a", derive("another object"))).toBe("another object");
    expect(calls).toBe(3);
  });
});
