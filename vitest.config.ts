import { cloudflareTest } from "@cloudflare/vitest-plugin";
import { configDefaults, defineConfig } from "vitest/config";

/**
 * Five suites, one runner (the CMS tests run under `node --test`: scripts/lib/cms-test-files.mjs).
 * A test sits beside what it tests, and its name says what runs it:
 * - unit: plain Node tests of pure modules and build scripts (`*.node.test.ts`, and test/unit);
 * - worker: the worker inside workerd with its real bindings (any other `*.test.ts(x)` under src/, and test/worker);
 * - browser: Debian's Chromium against a seeded Directus and `wrangler dev` (`*.browser.test.ts`, and test/browser);
 * - contract: the worker against a real seeded Directus (`*.contract.test.ts`, and test/contract);
 * - fault: Directus stopped and hanging under load, the bad-input sweep on the real stack (`*.fault.test.ts`, and test/fault).
 * test/<suite>/ keeps the tests of the whole site or of several features. No file is in two suites
 * (test/unit/test-projects.test.ts).
 */
const suffixes = ["node", "browser", "contract", "fault"] as const;
/** Files another suite's suffix names, with vitest's own exclusions. */
const namedForOthers = (own?: (typeof suffixes)[number]) => [
  ...configDefaults.exclude,
  ...suffixes.filter((suffix) => suffix !== own).map((suffix) => `**/*.${suffix}.test.{ts,tsx}`),
];

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: "unit",
          include: ["test/unit/**/*.test.ts", "{src,test}/**/*.node.test.ts"],
          exclude: namedForOthers("node"),
          testTimeout: 60_000, // a hang guard: `npm test` runs this suite beside the browser suite, maybe on a busy machine
          environment: "node",
        },
      },
      {
        plugins: [cloudflareTest({ wrangler: { configPath: "./wrangler.toml" } })],
        test: {
          name: "worker",
          include: ["src/**/*.test.{ts,tsx}", "test/worker/**/*.test.{ts,tsx}"],
          exclude: namedForOthers(),
          // A hang guard, not a speed check: a cold docs render compiles Shiki's grammars, and
          // `npm test` runs this suite beside the browser suite, maybe on a busy machine.
          testTimeout: 60_000,
        },
      },
      {
        test: {
          name: "browser",
          include: ["test/browser/**/*.test.ts", "src/**/*.browser.test.ts"],
          exclude: namedForOthers("browser"),
          environment: "node",
          globalSetup: ["test/browser/global-setup.ts"],
          // Hang guards, not speed checks: `npm test` runs this suite beside the others on two
          // cores, where a page can take many times as long as on a quiet machine. Polls and
          // waits take these defaults rather than bounds of their own.
          testTimeout: 180_000,
          hookTimeout: 180_000,
          expect: { poll: { timeout: 60_000 } },
          fileParallelism: false,
        },
      },
      {
        test: {
          name: "contract",
          include: ["test/contract/**/*.test.ts", "src/**/*.contract.test.ts"],
          exclude: namedForOthers("contract"),
          environment: "node",
          globalSetup: ["test/contract/global-setup.ts"],
          // Hang guards (a busy machine is no failure).
          testTimeout: 120_000,
          hookTimeout: 180_000,
          fileParallelism: false,
        },
      },
      {
        test: {
          name: "fault",
          include: ["test/fault/**/*.test.ts", "src/**/*.fault.test.ts"],
          exclude: namedForOthers("fault"),
          environment: "node",
          globalSetup: ["test/fault/global-setup.ts"],
          // Hang guards (a busy machine is no failure): a test restarts Directus.
          testTimeout: 240_000,
          hookTimeout: 240_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
