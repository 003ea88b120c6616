// The flows that keep redirects safe and automatic (the CMS set-up runs `setupFlows`: npm run
// cms:parts bundles this module into cms/scripts/feature-flows.mjs for it):
//   "Redirect check on save" (blocking): refuses a loop, a chain, an open redirect or a pattern
//     that can backtrack catastrophically, with a message the editor sees (imports from CSV too);
//   "Redirect a post's old address" (blocking): a post whose slug changes gets a redirect from its
//     old address. Pages get theirs in the page URL flow (src/features/pages/cms/flows.mjs).
import { applyRedirectChanges, chainOperations, recreateFlow } from "../../../../cms/scripts/flows.mjs";
import { movedPostRedirects, redirectFlowScript, redirectOnSave } from "../../../../cms/scripts/redirect-rules.mjs";

export const REDIRECT_CHECK_FLOW = "Redirect check on save";
export const POST_REDIRECT_FLOW = "Redirect a post's old address";
/** What a stored redirect needs for checking. */
const redirectFields = ["id", "source", "match", "status_code", "target", "target_page", "target_post", "active"];

const read = (key, collection, query) => ({
  key,
  name: `Read ${key.replaceAll("_", " ")}`,
  type: "item-read",
  options: { collection, permissions: "$full", query },
});

/**
 * "Redirect check on save" and "Redirect a post's old address".
 * @param {import("../../../../cms/scripts/flows.mjs").Api} api
 * @param {import("../../../../cms/scripts/flows.mjs").FlowContext} [context]
 */
export async function setupFlows(api, { log = () => {} } = {}) {
  const check = await recreateFlow(api, {
    name: REDIRECT_CHECK_FLOW,
    icon: "alt_route",
    description: "Refuses a redirect loop, a chain, an open redirect or a risky pattern, with a message for the editor.",
    options: { type: "filter", scope: ["items.create", "items.update"], collections: ["redirects"], return: "$last" },
  });
  await chainOperations(api, check.id, [
    read("redirects", "redirects", { fields: redirectFields, limit: -1 }),
    read("pages", "pages", { fields: ["id", "path"], limit: -1 }),
    read("posts", "posts", { fields: ["id", "slug"], limit: -1 }),
    read("settings", "site_settings", { fields: ["redirect_hosts"] }),
    { key: "check", name: "Check the redirect", type: "exec", options: { code: redirectFlowScript(redirectOnSave) }, reject: true },
  ]);

  const posts = await recreateFlow(api, {
    name: POST_REDIRECT_FLOW,
    icon: "alt_route",
    description: "When a post's slug changes, its old address redirects (308) to the post.",
    options: { type: "filter", scope: ["items.update"], collections: ["posts"], return: "$last" },
  });
  await chainOperations(api, posts.id, [
    read("posts_before", "posts", { fields: ["id", "slug"], filter: { id: { _in: "{{$trigger.keys}}" } }, limit: -1 }),
    read("slug_taken", "posts", { fields: ["id"], filter: { slug: { _eq: "{{$trigger.payload.slug}}" } }, limit: 2 }),
    {
      key: "post_redirects",
      name: "Redirects for the old slug",
      type: "exec",
      options: { code: redirectFlowScript(movedPostRedirects) },
      reject: true,
    },
    ...applyRedirectChanges("post_redirects"),
  ]);
  log("cms:   flows: redirect check on save (loops, chains, open redirects, risky patterns), a post's old address redirects");
}
