// The forms' flows (the CMS set-up runs `setupFlows`: npm run cms:parts bundles this module into
// cms/scripts/feature-flows.mjs for it):
//   "Notify about a form submission" and "Confirm a form submission to its sender": the e-mails
//     about a stored submission (form-notification.mjs writes them);
//   "Form webhook check on save" (blocking): refuses a webhook off the operators' list of hosts
//     (form-webhook-rules.mjs, which the worker judges with again before each send);
//   "Form field check on save" (blocking): refuses a form field whose pattern the site's
//     linear-time matcher cannot run (back-references, look-around) or JavaScript cannot read, with a
//     message the editor sees (pattern-rules.mjs; the site treats such a pattern as no check).
import { chainOperations, recreateFlow } from "../../../../cms/scripts/flows.mjs";
import { formFieldCheckFlowScript } from "../../../../cms/scripts/pattern-rules.mjs";
import { formConfirmFlowScript, formNotifyFlowScript } from "./form-notification.mjs";
import { webhookCheckFlowScript } from "./form-webhook-rules.mjs";

export const FORM_NOTIFY_FLOW = "Notify about a form submission";
export const FORM_CONFIRM_FLOW = "Confirm a form submission to its sender";
export const FORM_WEBHOOK_CHECK_FLOW = "Form webhook check on save";
export const FORM_FIELD_CHECK_FLOW = "Form field check on save";

/**
 * The e-mails about a submission, the webhook check and the field check, in that order.
 * @param {import("../../../../cms/scripts/flows.mjs").Api} api
 * @param {import("../../../../cms/scripts/flows.mjs").FlowContext} [context]
 */
export async function setupFlows(api, { log = () => {} } = {}) {
  await setupFormNotifyFlow(api);
  await setupFormConfirmFlow(api);
  await setupFormWebhookCheckFlow(api);
  await setupFormFieldCheckFlow(api);
  log(
    "cms:   flows: form submission e-mails (team, sender's confirmation), form webhook check on save (FORM_WEBHOOK_HOSTS), " +
      "form field pattern check on save (linear-time patterns only)",
  );
}

/**
 * "Notify about a form submission": after a submission is stored, reads its form and, when the
 * form has a notify address, e-mails it the values. Every run is logged (accountability "all"),
 * so the flow's activity shows each step and whether the mail went out.
 */
async function setupFormNotifyFlow(api) {
  const qs = new URLSearchParams({ filter: JSON.stringify({ name: { _eq: FORM_NOTIFY_FLOW } }), limit: "1" });
  const old = (await api("GET", `/flows?${qs}`))?.[0] ?? null;
  if (old) await api("DELETE", `/flows/${old.id}`);
  const flow = await api("POST", "/flows", {
    name: FORM_NOTIFY_FLOW,
    icon: "forward_to_inbox",
    description: "E-mails a form's notify address the values of each new submission.",
    status: "active",
    trigger: "event",
    accountability: "all",
    options: { type: "action", scope: ["items.create"], collections: ["form_submissions"] },
  });
  const readForm = await api("POST", "/operations", {
    flow: flow.id,
    key: "form",
    name: "Read the form",
    type: "item-read",
    position_x: 19,
    position_y: 1,
    options: {
      collection: "forms",
      key: "{{$trigger.payload.form}}",
      permissions: "$full",
      query: { fields: ["id", "key", "title", "notify_email", "notify_subject", "notify_body"] },
    },
  });
  const hasAddress = await api("POST", "/operations", {
    flow: flow.id,
    key: "has_address",
    name: "Has a notify address",
    type: "condition",
    position_x: 37,
    position_y: 1,
    options: { filter: { form: { notify_email: { _nnull: true, _nempty: true } } } },
  });
  // The subject and the values as lines a person reads ("label: value"), in the order they were
  // sent, escaped for the Markdown the mail operation renders (form-notification.mjs).
  const message = await api("POST", "/operations", {
    flow: flow.id,
    key: "message",
    name: "Write the message",
    type: "exec",
    position_x: 55,
    position_y: 1,
    options: { code: formNotifyFlowScript() },
  });
  const mail = await api("POST", "/operations", {
    flow: flow.id,
    key: "mail",
    name: "E-mail the notify address",
    type: "mail",
    position_x: 73,
    position_y: 1,
    options: { to: ["{{form.notify_email}}"], subject: "{{message.subject}}", type: "markdown", body: "{{message.body}}" },
  });
  await api("PATCH", `/operations/${readForm.id}`, { resolve: hasAddress.id });
  await api("PATCH", `/operations/${hasAddress.id}`, { resolve: message.id });
  await api("PATCH", `/operations/${message.id}`, { resolve: mail.id });
  await api("PATCH", `/flows/${flow.id}`, { operation: readForm.id });
}

/**
 * "Confirm a form submission to its sender": after a submission is stored, reads its form and,
 * when the form asks for a confirmation and the sender typed one address in its e-mail field,
 * e-mails that address (form-notification.mjs decides; the flow stops otherwise). Logged like
 * the notification.
 */
async function setupFormConfirmFlow(api) {
  const flow = await recreateFlow(api, {
    name: FORM_CONFIRM_FLOW,
    icon: "mark_email_read",
    description: "E-mails the sender of a submission a confirmation, when the form asks for one.",
    options: { type: "action", scope: ["items.create"], collections: ["form_submissions"] },
  });
  await chainOperations(api, flow.id, [
    {
      key: "form",
      name: "Read the form",
      type: "item-read",
      options: {
        collection: "forms",
        key: "{{$trigger.payload.form}}",
        permissions: "$full",
        query: {
          fields: [
            "id",
            "key",
            "title",
            "confirm_sender",
            "confirm_email_field",
            "confirm_subject",
            "confirm_body",
            "fields.name",
            "fields.type",
          ],
        },
      },
    },
    {
      key: "wants_confirmation",
      name: "Asks for a confirmation",
      type: "condition",
      options: { filter: { form: { confirm_sender: { _eq: true } } } },
    },
    { key: "confirmation", name: "Write the confirmation", type: "exec", options: { code: formConfirmFlowScript() } },
    {
      key: "has_sender",
      name: "The sender gave an address",
      type: "condition",
      options: { filter: { confirmation: { to: { _nnull: true } } } },
    },
    {
      key: "mail",
      name: "E-mail the sender",
      type: "mail",
      options: { to: ["{{confirmation.to}}"], subject: "{{confirmation.subject}}", type: "markdown", body: "{{confirmation.body}}" },
    },
  ]);
}

/**
 * "Form webhook check on save" (blocking): refuses a webhook whose URL is off the operators' list
 * (Directus' FORM_WEBHOOK_HOSTS), or turning one back on whose stored URL is, with a message the
 * editor sees (form-webhook-rules.mjs; the worker judges again before each send).
 */
async function setupFormWebhookCheckFlow(api) {
  const flow = await recreateFlow(api, {
    name: FORM_WEBHOOK_CHECK_FLOW,
    icon: "webhook",
    description: "Refuses a form webhook whose host the operators have not allowed (FORM_WEBHOOK_HOSTS).",
    options: { type: "filter", scope: ["items.create", "items.update"], collections: ["form_webhooks"], return: "$last" },
  });
  await chainOperations(api, flow.id, [
    // An update's rows are read (turning one back on is judged by its stored URL); a create has no
    // keys, and id 0 reads nothing.
    {
      key: "saved",
      name: "Rows saved",
      type: "exec",
      options: {
        code: "module.exports = async function (data) {\n  const keys = data.$trigger.keys;\n  return { keys: Array.isArray(keys) && keys.length > 0 ? keys : [0] };\n};\n",
      },
    },
    {
      key: "webhooks",
      name: "Read the webhooks saved",
      type: "item-read",
      options: {
        collection: "form_webhooks",
        permissions: "$full",
        query: { fields: ["id", "url"], filter: { id: { _in: "{{saved.keys}}" } }, limit: -1 },
      },
    },
    { key: "check", name: "Check the address", type: "exec", options: { code: webhookCheckFlowScript() }, reject: true },
  ]);
}

/** "Form field check on save" (blocking): a pattern the site cannot check in linear time is refused. */
async function setupFormFieldCheckFlow(api) {
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
