// Building blocks of the CMS's flows, shared by the features' flows (src/features/<name>/cms/
// flows.mjs, bundled into feature-flows.mjs by feature-parts.mjs) and setup.mjs: a flow found by
// name and made anew, a chain of operations, each run after the one before, and the redirects a
// flow adds when an address moves (the page URL flow of pages, the post's old address of redirects).

/**
 * What a feature's `setupFlows(api, context)` is given: the admin's client of Directus' REST API
 * (lib.mjs's createApi) and where to report what it set up.
 * @typedef {(method: string, path: string, body?: unknown) => Promise<any>} Api
 * @typedef {{ log?: (message: string) => void }} FlowContext
 */

/**
 * The flow named `flow.name`, deleted if it exists and created from `flow` (an event flow by
 * default, in the brand's accent colour).
 */
export async function recreateFlow(api, flow) {
  const old = await api("GET", `/flows?filter=${encodeURIComponent(JSON.stringify({ name: { _eq: flow.name } }))}&fields=id`);
  for (const row of old ?? []) await api("DELETE", `/flows/${row.id}`);
  return api("POST", "/flows", { status: "active", trigger: "event", accountability: "all", color: "#3B4FD8", ...flow });
}

/**
 * The flow's operations, run one after another from the first: `[{key, name, type, options,
 * reject?}]`, where `reject` adds a throw-error that refuses the save with the failed
 * operation's message (what the editor sees).
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
  await api("PATCH", `/flows/${flowId}`, { operation: ids[0] });
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

/** The first row of a REST list matching `filter`, or null. */
export async function findOne(api, path, filter) {
  const qs = new URLSearchParams({ filter: JSON.stringify(filter), limit: "1" });
  const rows = await api("GET", `${path}?${qs}`);
  return rows?.[0] ?? null;
}

/** A role with a policy of its own, found by name or made; `appAccess`: its users sign in to the admin app. */
export async function ensureRoleWithPolicy(api, { role: roleName, policy: policyName, description, icon, appAccess = false }) {
  let role = await findOne(api, "/roles", { name: { _eq: roleName } });
  role ??= await api("POST", "/roles", { name: roleName, icon, description });
  let policy = await findOne(api, "/policies", { name: { _eq: policyName } });
  policy ??= await api("POST", "/policies", {
    name: policyName,
    icon,
    description,
    admin_access: false,
    app_access: appAccess,
    enforce_tfa: false,
  });
  const link = await findOne(api, "/access", { role: { _eq: role.id }, policy: { _eq: policy.id } });
  if (!link) await api("POST", "/access", { role: role.id, policy: policy.id });
  return { role: role.id, policy: policy.id };
}
