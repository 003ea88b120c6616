// What the CMS lets the site do with this feature's collections, as data (the format:
// cms/scripts/access-rules.mjs). `npm run cms:parts` copies it into cms/scripts/access.json, from
// which cms/scripts/setup.mjs makes the permissions and the revalidation flow's list.

/** What the site writes of a webhook delivery when it queues, sends and retries it. */
const DELIVERY_FIELDS = [
  "delivery_id",
  "webhook",
  "submission_id",
  "status",
  "attempts",
  "last_status",
  "last_error",
  "last_attempt_at",
  "delivered_at",
];

export const access = {
  // A form and its fields are published only as part of a live page (the form block): the site
  // reads them with its read token, anonymous readers never.
  forms: { read: "live", public: false },
  form_fields: { read: { form: { $live: "forms" } }, public: false },
  // Submissions: only the site's token creates them, after its own checks (the form's definition,
  // Turnstile, the honeypot, the rate limit); a create straight through Directus would skip them.
  // Nobody but editors reads them.
  form_submissions: {
    siteToken: {
      create: { fields: ["form", "values", "source_page", "submission_id"], required: ["form", "values", "submission_id"] },
    },
  },
  // Webhooks (decision 030): the site's token reads them, with their secrets, to sign what it
  // sends, and writes the deliveries editors see. Nobody else but editors: no secret is ever
  // readable publicly.
  form_webhooks: { siteToken: { read: { fields: ["id", "form", "url", "secret", "enabled"] } } },
  form_webhook_deliveries: {
    siteToken: {
      read: { fields: ["id", "delivery_id", "status"] },
      create: { fields: DELIVERY_FIELDS },
      update: { fields: DELIVERY_FIELDS },
    },
  },
};
