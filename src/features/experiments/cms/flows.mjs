// The buttons on an experiment (decision 028), manual flows set up by the CMS set-up (`setupFlows`,
// bundled into cms/scripts/feature-flows.mjs by npm run cms:parts), so stopping an
// experiment or promoting a variant is one action for an editor.
//   "Stop experiment": status stopped; everyone sees the winner if one was promoted, else the control.
//   "Promote a variant": asks for the variant's key, checks it is one of the experiment's, then
//     sets it as the winner and stops the experiment; everyone sees the winner's section.
// Both update the experiment with events, so the revalidation flow tells the site, whose cached
// pages then change.
import { chainOperations, recreateFlow } from "../../../../cms/scripts/flows.mjs";

export const STOP_EXPERIMENT_FLOW = "Stop experiment";
export const PROMOTE_VARIANT_FLOW = "Promote a variant";

/** The checked update of a promotion: `{status, winner}`, or a refusal naming the keys there are. */
function promotion(data) {
  const wanted = String(data.$trigger.body?.variant ?? "").trim();
  const keys = (data.variants ?? []).map((variant) => variant.key);
  if (!keys.includes(wanted)) {
    throw new Error(`"${wanted}" is not a variant of this experiment; its variants are: ${keys.join(", ") || "none"}.`);
  }
  return { status: "stopped", winner: wanted };
}

const updateExperiment = (payload) => ({
  key: "update",
  name: "Update the experiment",
  type: "item-update",
  options: { collection: "experiments", key: "{{$trigger.body.keys}}", permissions: "$trigger", emitEvents: true, payload },
});

/**
 * "Stop experiment" and "Promote a variant".
 * @param {import("../../../../cms/scripts/flows.mjs").Api} api
 * @param {import("../../../../cms/scripts/flows.mjs").FlowContext} [context]
 */
export async function setupFlows(api, { log = () => {} } = {}) {
  const manual = (name, icon, description, extra = {}) =>
    recreateFlow(api, {
      name,
      icon,
      description,
      trigger: "manual",
      // error_on_reject: a refusal (a key that is no variant) answers the button with its message,
      // which the editor sees, instead of ending quietly in the flow's log.
      options: { collections: ["experiments"], location: "item", requireConfirmation: true, error_on_reject: true, ...extra },
    });

  const stop = await manual(
    STOP_EXPERIMENT_FLOW,
    "stop_circle",
    "Stops the experiment: everyone sees the winner if one was promoted, else the control.",
    { confirmationDescription: "Stop this experiment? Everyone will see the winner if one was promoted, else the control." },
  );
  await chainOperations(api, stop.id, [updateExperiment({ status: "stopped" })]);

  const promote = await manual(
    PROMOTE_VARIANT_FLOW,
    "emoji_events",
    "Makes a variant the winner and stops the experiment: everyone sees the winner's section.",
    {
      confirmationDescription: "Promote a variant: everyone will see its section, and the experiment stops.",
      fields: [
        {
          field: "variant",
          type: "string",
          name: "Variant (its key)",
          meta: { interface: "input", required: true, width: "full", note: "The key of the variant that won, e.g. b" },
        },
      ],
    },
  );
  await chainOperations(api, promote.id, [
    {
      key: "variants",
      name: "Read the experiment's variants",
      type: "item-read",
      options: {
        collection: "experiment_variants",
        permissions: "$full",
        query: { filter: { experiment: { _in: "{{$trigger.body.keys}}" } }, fields: ["key"], limit: -1 },
      },
    },
    {
      key: "promotion",
      name: "Check the variant",
      type: "exec",
      options: { code: `module.exports = ${promotion.toString().replace(/^function promotion/, "function")};\n` },
      reject: true,
    },
    updateExperiment("{{promotion}}"),
  ]);
  log("cms:   flows: stop an experiment, promote a variant (buttons on an experiment)");
}
