// The GraphQL schemas the site's queries are checked against (src/content/directus.public.graphql,
// directus.admin.graphql) are what Directus makes of today's schema parts and access: exported from
// a fresh Directus (the merged snapshot applied, the set-up's permissions) and compared with the
// committed files. A schema part or an access rule changed without `npm run cms:schema` fails here.
// Own Directus on port 8272 with a fresh data dir; SQLite only (one database is enough: the
// schema follows the snapshot and the permissions).
//   PATH=node_modules/.bin:$PATH node --test cms/test/graphql-schema.test.mjs
import assert from "node:assert/strict";
import { execFile } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, describe, test } from "node:test";
import { promisify } from "node:util";
import { CMS_DIR } from "../scripts/lib.mjs";

const PG = process.env.CMS_TEST_DB === "pg";
const PORT = 8272 + Number(process.env.CMS_TEST_PORT_OFFSET ?? 0) + Number(process.env.TEST_PORT_OFFSET ?? 0);
const DATA_DIR = join(CMS_DIR, PG ? "data-graphql-schema-test-pg" : "data-graphql-schema-test");
const outDir = mkdtempSync(join(tmpdir(), "graphql-schema-"));

after(() => {
  rmSync(outDir, { recursive: true, force: true });
  rmSync(DATA_DIR, { recursive: true, force: true });
});

describe("the committed GraphQL schemas", { skip: PG && "exported once, on SQLite" }, () => {
  test("are what Directus exports from today's schema parts and access", async () => {
    rmSync(DATA_DIR, { recursive: true, force: true });
    await promisify(execFile)(
      process.execPath,
      [join(CMS_DIR, "scripts", "export-sdl.mjs"), "--port", String(PORT), "--data-dir", DATA_DIR, "--out-dir", outDir],
      { env: process.env, maxBuffer: 16 * 1024 * 1024 },
    );
    for (const name of ["directus.public.graphql", "directus.admin.graphql"]) {
      const committed = readFileSync(join(CMS_DIR, "..", "src", "content", name), "utf8");
      assert.ok(
        readFileSync(join(outDir, name), "utf8") === committed,
        `src/content/${name} is not what Directus exports from the schema parts and access: run \`npm run cms:schema\``,
      );
    }
  });
});
