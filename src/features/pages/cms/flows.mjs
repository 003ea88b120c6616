// The page URL flows (the CMS set-up runs `setupFlows`: npm run cms:parts bundles this module into
// cms/scripts/feature-flows.mjs for it): "Page URL on save" (blocking) sets `path` from the parent
// chain and slug, or refuses the save with a 400 and a message the editor sees (a cyclic parent
// chain, a bad slug, an address another page has), and redirects the old addresses of the pages
// that move; "Page URLs under a moved page" then rewrites the stored paths that went out of date.
// The scripts are the functions of page-paths.mjs, sent to Directus as source text.
import { applyRedirectChanges, chainOperations, recreateFlow } from "../../../../cms/scripts/flows.mjs";
import { flowScript, movedPageRedirects, pathOnSave, stalePaths } from "./page-paths.mjs";

export const PAGE_PATH_FLOW = "Page URL on save";
export const PAGE_TREE_FLOW = "Page URLs under a moved page";

/**
 * "Page URL on save" and "Page URLs under a moved page".
 * @param {import("../../../../cms/scripts/flows.mjs").Api} api
 * @param {import("../../../../cms/scripts/flows.mjs").FlowContext} [context]
 */
export async function setupFlows(api, { log = () => {} } = {}) {
  const readAllPages = {
    key: "all_pages",
    name: "Read all pages",
    type: "item-read",
    options: { collection: "pages", permissions: "$full", query: { fields: ["id", "title", "slug", "parent", "path"], limit: -1 } },
  };
  const onSave = await recreateFlow(api, {
    name: PAGE_PATH_FLOW,
    icon: "link",
    description: "Sets pages.path from the parent chain and slug; refuses a cyclic parent chain; redirects old URLs.",
    options: { type: "filter", scope: ["items.create", "items.update"], collections: ["pages"], return: "$last" },
  });
  await chainOperations(api, onSave.id, [
    readAllPages,
    { key: "compute_path", name: "Compute the URL", type: "exec", options: { code: flowScript(pathOnSave) }, reject: true },
    // The old address of every page that moves redirects to the page (it follows later moves).
    {
      key: "page_redirects",
      name: "Redirects for old URLs",
      type: "exec",
      options: { code: flowScript(movedPageRedirects) },
      reject: true,
    },
    ...applyRedirectChanges("page_redirects"),
  ]);

  const afterSave = await recreateFlow(api, {
    name: PAGE_TREE_FLOW,
    icon: "account_tree",
    description: "Rewrites the stored paths of the pages under a page whose slug or parent changed.",
    options: { type: "action", scope: ["items.update"], collections: ["pages"] },
  });
  await chainOperations(api, afterSave.id, [
    readAllPages,
    { key: "stale_paths", name: "Paths out of date", type: "exec", options: { code: flowScript(stalePaths) } },
    // Without events: the rewrite must not run the blocking flow again (and the site is told by
    // the revalidation flow of the page that moved).
    {
      key: "rewrite",
      name: "Rewrite them",
      type: "item-update",
      options: { collection: "pages", permissions: "$full", emitEvents: false, payload: "{{stale_paths}}" },
    },
  ]);
  log("cms:   flows: page URL on save (refuses a cyclic parent chain, redirects the old URL) and page URLs under a moved page");
}
