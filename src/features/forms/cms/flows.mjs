// "Form field check on save" (blocking): refuses a form field whose pattern the site's
// linear-time matcher cannot run (back-references, look-around) or JavaScript cannot read, with a
// message the editor sees (pattern-rules.mjs; the site treats such a pattern as no check).
import { chainOperations, recreateFlow } from "../../../../cms/scripts/flows.mjs";
import { formFieldCheckFlowScript } from "../../../../cms/scripts/pattern-rules.mjs";

export const FORM_FIELD_CHECK_FLOW = "Form field check on save";

export async function setupFormFieldCheckFlow(api) {
  const flow = await recreateFlow(api, {
    name: FORM_FIELD_CHECK_FLOW,
    icon: "rule",
    description: "Refuses a form field pattern the site cannot check in linear time (back-references, look-around), with a message.",
    options: { type: "filter", scope: ["items.create", "items.update"], collections: ["form_fields"], return: "$last" },
  });
  await chainOperations(api, flow.id, [
    { key: "check", name: "Check the pattern", type: "exec", options: { code: formFieldCheckFlowScript() }, reject: true },
  ]);
}
