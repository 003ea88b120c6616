// The CMS test files (`node --test`, each against a Directus of its own): the CMS as a whole in
// cms/test (`*.test.mjs`), and a feature's own in its folder (`src/features/**/*.cms.test.mjs`).
// scripts/test.mjs runs them; test/unit/cms-test-ports.test.ts checks that no two share a port.
import { existsSync, readdirSync } from "node:fs";
import { basename, join } from "node:path";
import { root } from "./processes.mjs";

/** The folder of the CMS-wide test files (`*.test.mjs`; support.mjs and index.js are no tests). */
const CMS_TEST_DIR = "cms/test";
/** Where a feature's CMS tests sit, beside the rest of the feature, named `*.cms.test.mjs`. */
const FEATURES_DIR = "src/features";

/** Every CMS test file, as a path from the repository's root, sorted. */
export function cmsTestFiles() {
  const files = [];
  if (existsSync(join(root, CMS_TEST_DIR)))
    for (const name of readdirSync(join(root, CMS_TEST_DIR))) if (name.endsWith(".test.mjs")) files.push(`${CMS_TEST_DIR}/${name}`);
  if (existsSync(join(root, FEATURES_DIR)))
    for (const path of readdirSync(join(root, FEATURES_DIR), { recursive: true, encoding: "utf8" }))
      if (path.endsWith(".cms.test.mjs")) files.push(`${FEATURES_DIR}/${path.split("\\").join("/")}`);
  return files.sort();
}

/** The production entrypoint's test: PostgreSQL only (the image's database). */
export const isPostgresOnly = (file) => basename(file) === "entrypoint.test.mjs";
/** Directus as a cluster: a pass of its own, after the PostgreSQL pass on the same server. */
export const isCluster = (file) => basename(file) === "cluster.test.mjs";
