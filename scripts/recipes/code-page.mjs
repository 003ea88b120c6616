// "A page": a feature folder with its route module, view, its pages for the route table and a
// test, then one line in src/app/table.ts.
const folder = "src/features/recipe-status";

export const codePage = {
  name: "a code page",
  folder,
  files: {
    [`${folder}/pages.ts`]: `// The recipe feature's pages for the route table.
export const recipeStatusRoutes = {
  recipeStatus: { path: "/recipe-status", module: () => import("./routes/status") },
} as const;
`,
    [`${folder}/routes/status.ts`]: `import { defineRoute } from "../../../router/define";
import { StatusPage } from "../views/StatusPage";

/** \`/recipe-status\`: a page with no content from the CMS. */
export default defineRoute({
  operations: [],
  View: StatusPage,
  async load() {
    return {
      data: { state: "All systems normal" },
      meta: { title: "Status", description: "Whether the platform is up.", path: "/recipe-status" },
    };
  },
});
`,
    [`${folder}/views/StatusPage.tsx`]: `/** The platform's status in one sentence. */
export function StatusPage({ data }: { data: { state: string } }) {
  return (
    <article className="container-page py-12">
      <h1 className="text-4xl font-semibold tracking-tight">{data.state}</h1>
    </article>
  );
}
`,
    [`${folder}/status.test.ts`]: `import { describe, expect, it } from "vitest";
import { request } from "../../../test/worker/helpers";

describe("the recipe's code page", () => {
  it("renders at its address in the site's frame", async () => {
    const response = await request("/recipe-status");
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain("<title>Status | Meridian Cloud</title>");
    expect(html).toContain("All systems normal");
  });
});
`,
  },
  lines: [
    {
      file: "src/app/table.ts",
      // The one line: the feature's routes in the table, before the CMS pages that take every other path.
      change: (text) =>
        text
          .replace(
            /^(import \{ searchRoutes \} from "\.\.\/features\/search\/pages";)$/m,
            '$1\nimport { recipeStatusRoutes } from "../features/recipe-status/pages";',
          )
          .replace(/^(\s*)\.\.\.builtPageRoute,$/m, "$1...recipeStatusRoutes,\n$1...builtPageRoute,"),
    },
  ],
  generate: [],
  checks: [["the page's test (workerd)", ["vitest", "run", "--project", "worker", `${folder}/status.test.ts`]]],
};
