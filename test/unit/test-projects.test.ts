import { spawnSync } from "node:child_process";
import { readdirSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";
import { cmsTestFiles } from "../../scripts/lib/cms-test-files.mjs";

/**
 * A test sits beside what it tests, and its name says what runs it (vitest.config.ts):
 * `*.node.test.ts` the unit suite, `*.browser.test.ts`, `*.contract.test.ts` and `*.fault.test.ts`
 * theirs, any other `*.test.ts(x)` under src/ the worker suite, `*.cms.test.mjs` `node --test`
 * against a real Directus (scripts/lib/cms-test-files.mjs). test/<suite>/ and cms/test keep the
 * tests of the whole site or of several features.
 */
const root = join(import.meta.dirname, "../..");
const suites = ["unit", "worker", "browser", "contract", "fault"];
const suiteOfSuffix: Record<string, string> = { node: "unit", browser: "browser", contract: "contract", fault: "fault" };

/** Files under a folder of the repository, as paths from its root. */
const filesUnder = (folder: string) =>
  readdirSync(join(root, folder), { recursive: true, encoding: "utf8" })
    .map((path) => `${folder}/${path.split("\\").join("/")}`)
    .filter((path) => !/(^|\/)(node_modules|generated)\//.test(path));

/** The suite a test file's place and name ask for. */
function suiteOf(path: string): string {
  const suffix = /\.(\w+)\.test\.tsx?$/.exec(path)?.[1];
  if (suffix && suiteOfSuffix[suffix]) return suiteOfSuffix[suffix];
  const folder = /^test\/(\w+)\//.exec(path)?.[1];
  return folder && suites.includes(folder) ? folder : "worker";
}

describe("test files and what runs them", () => {
  it("vitest runs each test file in one suite, the one its name (or its test/<suite>/ folder) says", () => {
    const listed = spawnSync(join(root, "node_modules/.bin/vitest"), ["list", "--filesOnly", "--json"], {
      cwd: root,
      encoding: "utf8",
      timeout: 60_000,
    });
    expect(listed.status, listed.stderr).toBe(0);
    const files = (JSON.parse(listed.stdout) as { file: string; projectName: string }[]).map(({ file, projectName }) => ({
      path: relative(root, file).split("\\").join("/"),
      suite: projectName,
    }));
    const tests = [...filesUnder("src"), ...filesUnder("test")].filter((path) => /\.test\.tsx?$/.test(path)).sort();
    expect(files.map(({ path }) => path).sort(), "each test file once, none left out").toEqual(tests);
    expect(files.filter(({ path, suite }) => suite !== suiteOf(path))).toEqual([]);
  });

  it("the CMS tests are cms/test's and the features' *.cms.test.mjs, no other .test.mjs under src/", () => {
    const underSrc = filesUnder("src").filter((path) => path.endsWith(".test.mjs"));
    expect(underSrc.filter((path) => !/^src\/features\/.+\.cms\.test\.mjs$/.test(path))).toEqual([]);
    expect(cmsTestFiles().filter((path) => path.startsWith("src/"))).toEqual(underSrc.sort());
  });
});
