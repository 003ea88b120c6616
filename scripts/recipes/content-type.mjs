// "A CMS content type" (and "A feature of its own"): a feature folder with its descriptor, its
// server face, its part of the CMS schema and its access, then one line in src/app/features.server.ts;
// the generated lists follow from the commands the recipe names.
import { readFileSync } from "node:fs";
import { join } from "node:path";

const folder = "src/features/recipe-notes";

export const contentType = {
  name: "a CMS content type",
  folder,
  files: {
    [`${folder}/content-type.server.ts`]: `import { defineContentType } from "../../content/content-type.server";

/** Short notes editors publish (the recipe's type): published ones are public, drafts are not. */
export const notesContentType = defineContentType({
  collection: "recipe_notes",
  status: true,
});
`,
    [`${folder}/index.server.ts`]: `// The recipe's feature: its content type.
import { defineFeature } from "../../router/feature.server";
import { notesContentType } from "./content-type.server";

export const recipeNotesFeature = defineFeature({
  name: "recipe-notes",
  contentTypes: [notesContentType],
});
`,
    // Its part of the CMS schema: here the glossary's shape under another name, as an editor would
    // build it in the admin and \`node cms/scripts/snapshot.mjs\` would write it.
    [`${folder}/cms/schema.yaml`]: (root) =>
      readFileSync(join(root, "src/features/ask/cms/schema.yaml"), "utf8").replaceAll("docs_glossary", "recipe_notes"),
    [`${folder}/cms/access.mjs`]: `// What the CMS lets the site do with this feature's collections (cms/scripts/access-rules.mjs).
export const access = {
  recipe_notes: { read: "content-type" },
};
`,
    [`${folder}/notes.node.test.ts`]: `import { describe, expect, it } from "vitest";
import { POLICY_RULES, STATUS_COLLECTIONS } from "../../../cms/scripts/setup.mjs";

describe("the recipe's content type in the CMS", () => {
  it("is published-only, for the site's reads and the public's", () => {
    expect(STATUS_COLLECTIONS).toContain("recipe_notes");
    const reads = [...POLICY_RULES.public, ...POLICY_RULES.siteReader, ...POLICY_RULES.site].filter(
      (rule) => rule.collection === "recipe_notes" && rule.action === "read",
    );
    expect(reads.length).toBeGreaterThan(0);
    for (const rule of reads) expect(JSON.stringify(rule.permissions)).toContain('"published"');
  });
});
`,
  },
  lines: [
    {
      file: "src/app/features.server.ts",
      change: (text) =>
        text
          .replace(
            /^(import \{ searchFeature \} from "\.\.\/features\/search\/index\.server";)$/m,
            '$1\nimport { recipeNotesFeature } from "../features/recipe-notes/index.server";',
          )
          .replace(/^(\s*)mcpFeature,$/m, "$1mcpFeature,\n$1recipeNotesFeature,"),
    },
  ],
  generate: [["what the CMS reads of the features written out (npm run cms:parts)", ["npm", "run", "cms:parts"]]],
  checks: [
    [
      "the type's tests and the CMS lists' (unit)",
      [
        "vitest",
        "run",
        "--project",
        "unit",
        `${folder}/notes.node.test.ts`,
        "test/unit/content-types.test.ts",
        "test/unit/schema-parts.test.ts",
        "test/unit/cms-access.test.ts",
      ],
    ],
  ],
};
