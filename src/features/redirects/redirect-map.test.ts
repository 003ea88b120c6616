import { describe, expect, it } from "vitest";
import { acceptRedirects, buildRedirectMap, findRedirect } from "./redirect-map";

/**
 * While `run` runs, a RegExp whose source holds `pattern` may be built (compiling is linear) but
 * not run: the code under test must match editors' patterns on RE2, not on JavaScript's
 * backtracking engine (a regression fails here instead of hanging the run).
 */
function withoutMatchingOnBacktracking<T>(pattern: string, run: () => T): T {
  const original = globalThis.RegExp;
  const guard = new Proxy(original, {
    construct(target, args, newTarget) {
      const built = Reflect.construct(target, args, newTarget) as RegExp;
      if (built.source.includes(pattern)) {
        const refuse = () => {
          throw new Error(`an editor's pattern ran on JavaScript's backtracking engine: ${pattern}`);
        };
        Object.assign(built, { exec: refuse, test: refuse });
      }
      return built;
    },
  });
  globalThis.RegExp = guard;
  try {
    return run();
  } finally {
    globalThis.RegExp = original;
  }
}

/** A redirect row as Directus answers it. */
const row = (id: string, source: string, target: string) => ({
  id,
  source,
  match: "regex",
  status_code: 308,
  target,
  keep_query: true,
  priority: 0,
  target_page: null,
  target_post: null,
});

describe("redirect patterns", () => {
  // Passes the save check (no nested repetition) yet is polynomial on a backtracking engine:
  // nine stars against the 400 letters of its own target would take years.
  const pattern = "/a*a*a*a*a*a*a*a*a*c";
  const target = `/${"a".repeat(400)}b`;

  it("are checked and matched on RE2 when the map is compiled and when a visitor comes", () => {
    const { rules, refused } = withoutMatchingOnBacktracking(pattern, () => acceptRedirects([row("1", pattern, target)], []));
    expect(refused).toEqual([]);
    expect(rules.map((rule) => rule.source)).toEqual([pattern]);
    const map = buildRedirectMap(rules);
    const answer = withoutMatchingOnBacktracking(pattern, () => findRedirect(map, new URL(`http://localhost:3000/${"a".repeat(300)}c`)));
    expect(answer).not.toBeNull();
    expect(withoutMatchingOnBacktracking(pattern, () => findRedirect(map, new URL(`http://localhost:3000${target}`)))).toBeNull();
  });

  it("that RE2 cannot run are refused with why", () => {
    const { refused } = acceptRedirects([row("2", "/(a)\\1", "/b")], []);
    expect(refused).toHaveLength(1);
    expect(refused[0]!.problem).toMatch(/linear-time matcher|back-reference/);
  });
});
