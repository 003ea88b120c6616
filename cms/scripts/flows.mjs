// Building blocks of the CMS's flows (set up by setup.mjs and redirect-flows.mjs): a flow found
// by name and made anew, and a chain of operations, each run after the one before.

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
