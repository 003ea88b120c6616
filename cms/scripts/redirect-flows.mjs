// The flows that keep redirects safe and automatic (set up by setup.mjs):
//   "Redirect check on save" (blocking): refuses a loop, a chain, an open redirect or a pattern
//     that can backtrack catastrophically, with a message the editor sees (imports from CSV too);
//   "Redirect a post's old address" (blocking): a post whose slug changes gets a redirect from its
//     old address. Pages get theirs in the page URL flow (setup.mjs, page-paths.mjs).
import { movedPostRedirects, redirectFlowScript, redirectOnSave } from "./redirect-rules.mjs";

export const REDIRECT_CHECK_FLOW = "Redirect check on save";
export const POST_REDIRECT_FLOW = "Redirect a post's old address";
/** What a stored redirect needs for checking. */
const redirectFields = ["id", "source", "match", "status_code", "target", "target_page", "target_post", "active"];

/**
 * Operations run one after another: `[{key, name, type, options, reject?}]`, where `reject` is a
 * throw-error that shows the failed operation's message. Returns the first operation's id.
 */
export async function chainOperations(api, flowId, steps) {
  const ids = [];
  for (const [index, step] of steps.entries()) {
    const { reject, ...operation } = step;
    const created = await api("POST", "/operations", { flow: flowId, position_x: 19 + index * 18, position_y: 1, ...operation });
    if (reject) {
      const refuse = await api("POST", "/operations", {
        flow: flowId,
        key: `${step.key}_refused`,
        name: "Refuse the save",
        type: "throw-error",
        position_x: 19 + index * 18,
        position_y: 19,
        options: { code: "INVALID_PAYLOAD", status: "400", message: `{{${step.key}.message}}` },
      });
      await api("PATCH", `/operations/${created.id}`, { reject: refuse.id });
    }
    ids.push(created.id);
  }
  for (let index = 0; index + 1 < ids.length; index++) await api("PATCH", `/operations/${ids[index]}`, { resolve: ids[index + 1] });
  return ids[0];
}

/** Redirects drop `drop` (automatic ones whose address is live again) and add `create`, without events. */
export const applyRedirectChanges = (from) => [
  {
    key: "drop_redirects",
    name: "Drop redirects from live addresses",
    type: "item-delete",
    options: {
      collection: "redirects",
      permissions: "$full",
      emitEvents: false,
      query: { filter: { _and: [{ source: { _in: `{{${from}.drop}}` } }, { origin: { _eq: "automatic" } }] } },
    },
  },
  {
    key: "add_redirects",
    name: "Add redirects from old addresses",
    type: "item-create",
    options: { collection: "redirects", permissions: "$full", emitEvents: false, payload: `{{${from}.create}}` },
  },
  {
    key: "saved_payload",
    name: "Save",
    type: "exec",
    options: { code: `module.exports = async function (data) {\n  return data.${from}.payload;\n};\n` },
  },
];

const read = (key, collection, query) => ({
  key,
  name: `Read ${key.replaceAll("_", " ")}`,
  type: "item-read",
  options: { collection, permissions: "$full", query },
});

async function recreateFlow(api, flow) {
  const old = await api("GET", `/flows?filter=${encodeURIComponent(JSON.stringify({ name: { _eq: flow.name } }))}&fields=id`);
  for (const row of old ?? []) await api("DELETE", `/flows/${row.id}`);
  return api("POST", "/flows", { status: "active", trigger: "event", accountability: "all", ...flow });
}

export async function setupRedirectFlows(api) {
  const check = await recreateFlow(api, {
    name: REDIRECT_CHECK_FLOW,
    icon: "alt_route",
    color: "#3B4FD8",
    description: "Refuses a redirect loop, a chain, an open redirect or a risky pattern, with a message for the editor.",
    options: { type: "filter", scope: ["items.create", "items.update"], collections: ["redirects"], return: "$last" },
  });
  const first = await chainOperations(api, check.id, [
    read("redirects", "redirects", { fields: redirectFields, limit: -1 }),
    read("pages", "pages", { fields: ["id", "path"], limit: -1 }),
    read("posts", "posts", { fields: ["id", "slug"], limit: -1 }),
    read("settings", "site_settings", { fields: ["redirect_hosts"] }),
    { key: "check", name: "Check the redirect", type: "exec", options: { code: redirectFlowScript(redirectOnSave) }, reject: true },
  ]);
  await api("PATCH", `/flows/${check.id}`, { operation: first });

  const posts = await recreateFlow(api, {
    name: POST_REDIRECT_FLOW,
    icon: "alt_route",
    color: "#3B4FD8",
    description: "When a post's slug changes, its old address redirects (308) to the post.",
    options: { type: "filter", scope: ["items.update"], collections: ["posts"], return: "$last" },
  });
  const firstPostStep = await chainOperations(api, posts.id, [
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
  await api("PATCH", `/flows/${posts.id}`, { operation: firstPostStep });
}
