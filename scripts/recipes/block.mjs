// "A block": its folder (its CMS side with each field once, its view, its part of the CMS schema,
// a test) and one line in the registry; then the commands the recipe names: the CMS parts, and the
// GraphQL schema from a Directus that has the new collection (the query's selection is checked
// against it when the build generates the operations' types).
import { readFileSync } from "node:fs";
import { join } from "node:path";

const folder = "src/features/pages/blocks/recipe-note";
/** A port no test uses (the CMS tests' ports are 8055-8262, moved by their offsets). */
const port = String(9455 + Number(process.env.TEST_PORT_OFFSET ?? 0));

export const block = {
  name: "a block",
  folder,
  files: {
    [`${folder}/cms.mjs`]: `// This block's CMS side, in plain JavaScript so the Node-side CMS tests read it without a build.
import { cmsOnly, id, string, text } from "../fields.mjs";

export const collection = "block_recipe_note";

/** Its collection's fields, each once: its Directus type and what the view needs of it. */
export const fields = {
  block_recipe_note: {
    id: id(),
    status: cmsOnly("string"),
    quote: text({ required: "non-empty" }),
    author_name: string(),
    author_title: string(),
  },
};

/** Data an editor could save (\`item\`) and what of it the page's HTML shows (\`shows\`), for the tests. */
export const sample = ({ stamp }) => ({ item: { quote: \`Note \${stamp}\` }, shows: \`Note \${stamp}\` });
`,
    [`${folder}/index.tsx`]: `import { defineBlock } from "../define";
import { fromCms } from "../derive";
import { collection, fields } from "./cms.mjs";

/** A short note in the page's column. */
export const recipeNoteBlock = defineBlock({
  ...fromCms(collection, fields),
  searchText: (raw) => [raw.quote],
  View({ data }) {
    return (
      <aside className="container-page py-8">
        <p className="text-ink-muted text-lg">{data.quote}</p>
      </aside>
    );
  },
});
`,
    // Its part of the CMS schema: the quote block's shape under another name, as an editor would
    // build it in the admin and \`node cms/scripts/snapshot.mjs\` would write it.
    [`${folder}/schema.yaml`]: (root) =>
      readFileSync(join(root, "src/features/pages/blocks/quote/schema.yaml"), "utf8").replaceAll("block_quote", "block_recipe_note"),
    [`${folder}/recipe-note.test.tsx`]: `import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { blockRegistry } from "../registry";
import { sample } from "./cms.mjs";

describe("the recipe's block", () => {
  it("is registered, and renders what an editor saved", () => {
    const definition = blockRegistry.get("block_recipe_note");
    expect(definition).toBeDefined();
    const { item, shows } = sample({ stamp: "recipe" });
    const data = definition!.schema.parse({ id: 1, ...item });
    const View = definition!.View;
    const html = renderToString(<View data={data} placement={{ collection: "pages_blocks", id: "1", anchor: null }} />);
    expect(html).toContain(shows);
  });
});
`,
  },
  lines: [
    {
      file: "src/features/pages/blocks/registry.ts",
      change: (text) =>
        text
          .replace(/^(import \{ quoteBlock \} from "\.\/quote";)$/m, '$1\nimport { recipeNoteBlock } from "./recipe-note";')
          .replace(/^(\s*)quoteBlock,$/m, "$1quoteBlock,\n$1recipeNoteBlock,"),
    },
  ],
  generate: [
    ["what the CMS reads of the features written out (npm run cms:parts)", ["npm", "run", "cms:parts"]],
    [
      "the GraphQL schema from a Directus with the new collection (npm run cms:schema)",
      ["node", "cms/scripts/export-sdl.mjs", "--port", port, "--data-dir", "cms/data-recipes"],
    ],
  ],
  checks: [
    ["the block's test (workerd)", ["vitest", "run", "--project", "worker", `${folder}/recipe-note.test.tsx`]],
    [
      "the blocks' folders, registry and schema agree (unit)",
      ["vitest", "run", "--project", "unit", "src/features/pages/blocks", "test/unit/schema-parts.test.ts"],
    ],
  ],
};
