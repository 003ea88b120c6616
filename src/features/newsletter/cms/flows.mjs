// The newsletter's flow (the CMS set-up runs `setupFlows`: npm run cms:parts bundles this module
// into cms/scripts/feature-flows.mjs for it): "Newsletter sign-up check" (blocking) refuses a
// subscription whose topics do not exist, whose consent time the site did not set, or whose source
// page is not a page of this site (subscription-rules.mjs), whoever writes it.
import { PUBLISHED } from "../../../../cms/scripts/access-rules.mjs";
import { chainOperations, recreateFlow } from "../../../../cms/scripts/flows.mjs";
import { subscriptionCheckFlowScript } from "./subscription-rules.mjs";

export const SUBSCRIPTION_CHECK_FLOW = "Newsletter sign-up check";

/**
 * "Newsletter sign-up check".
 * @param {import("../../../../cms/scripts/flows.mjs").Api} api
 * @param {import("../../../../cms/scripts/flows.mjs").FlowContext} [context]
 */
export async function setupFlows(api, { log = () => {} } = {}) {
  const flow = await recreateFlow(api, {
    name: SUBSCRIPTION_CHECK_FLOW,
    icon: "mark_email_read",
    description: "Refuses a sign-up with unknown topics, a consent time the site did not set, or a source page off the site.",
    options: { type: "filter", scope: ["items.create"], collections: ["newsletter_subscriptions"], return: "$last" },
  });
  await chainOperations(api, flow.id, [
    {
      key: "topics",
      name: "Read the topics",
      type: "item-read",
      options: { collection: "newsletter_topics", permissions: "$full", query: { fields: ["key"], filter: PUBLISHED, limit: -1 } },
    },
    { key: "check", name: "Check the sign-up", type: "exec", options: { code: subscriptionCheckFlowScript() }, reject: true },
  ]);
  log("cms:   flows: newsletter sign-up check");
}
