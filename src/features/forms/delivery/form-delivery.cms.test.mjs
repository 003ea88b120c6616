// Contract tests of what a form does with a submission besides storing it: the team's e-mail from
// the form's templates, values filled in escaped; the sender's confirmation only when the form
// asks, only to its e-mail field's address; webhooks only to hosts the operators allow
// (FORM_WEBHOOK_HOSTS), their secrets readable by the site's token alone; deliveries written by the
// site and seen by editors. Mail goes to /bin/true: the flows' logged runs show what was sent.
// Own Directus on port 8228 with a fresh data dir, on SQLite or (CMS_TEST_DB=pg) PostgreSQL.
//   PATH=node_modules/.bin:$PATH node --test src/features/forms/delivery/form-delivery.cms.test.mjs
import assert from "node:assert/strict";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import { CMS_DIR, DEFAULTS, createApi } from "../../../../cms/scripts/lib.mjs";
import { eventually, graphqlClient, md, startFreshCms } from "../../../../cms/test/support.mjs";

const PG = process.env.CMS_TEST_DB === "pg";
const PORT = 8228 + Number(process.env.CMS_TEST_PORT_OFFSET ?? 0) + Number(process.env.TEST_PORT_OFFSET ?? 0);
const DATA_DIR = join(CMS_DIR, PG ? "data-form-delivery-test-pg" : "data-form-delivery-test");
const URL_ = `http://127.0.0.1:${PORT}`;
const admin = createApi(URL_, process.env.DIRECTUS_ADMIN_TOKEN ?? DEFAULTS.DIRECTUS_ADMIN_TOKEN);
const site = createApi(URL_, process.env.DIRECTUS_SITE_TOKEN ?? DEFAULTS.DIRECTUS_SITE_TOKEN);
const reader = createApi(URL_, process.env.DIRECTUS_READ_TOKEN ?? DEFAULTS.DIRECTUS_READ_TOKEN);
const gql = graphqlClient(URL_);
const stamp = Date.now().toString(36);
const SECRET = "whsec-0123456789abcdef0123456789abcdef";

let cms;

/** The logged run of the flow `name` for the submission `submissionId`: its steps. */
async function runOf(name, submissionId) {
  const [flow] = await admin("GET", `/flows?${new URLSearchParams({ filter: JSON.stringify({ name: { _eq: name } }) })}`);
  assert.ok(flow, `the flow "${name}" exists`);
  const qs = new URLSearchParams({
    filter: JSON.stringify({ collection: { _eq: "directus_flows" }, item: { _eq: flow.id }, action: { _eq: "run" } }),
    fields: "id,revisions.data",
    sort: "-timestamp",
    limit: "50",
  });
  return eventually(
    async () =>
      (await admin("GET", `/activity?${qs}`))
        .map((run) => run.revisions?.[0]?.data ?? {})
        .find((data) => data.data?.$trigger?.payload?.submission_id === submissionId),
    { what: `a run of "${name}" for ${submissionId}` },
  );
}
const stepsOf = (run) => run.steps.map((step) => [step.key, step.status]);

const hostile = {
  name: "Ann <script>alert(1)</script>",
  email: "ann@example.com",
  message: "[Reset your password](https://evil.example/login)\n# Urgent",
};

async function createForm(fields) {
  return admin("POST", "/items/forms", {
    status: "published",
    key: `delivery-${stamp}-${Math.random().toString(36).slice(2, 8)}`,
    title: "Contact sales",
    fields: [
      { name: "name", type: "text", sort: 1 },
      { name: "email", type: "email", sort: 2 },
      { name: "message", type: "textarea", sort: 3 },
    ],
    ...fields,
  });
}

async function submit(form, values, suffix) {
  const submissionId = `${suffix}-${stamp}`;
  await site("POST", "/items/form_submissions", { form: form.id, values, source_page: "/contact-sales", submission_id: submissionId });
  return submissionId;
}

describe(`form e-mails and webhooks in the CMS (${PG ? "PostgreSQL" : "SQLite"})`, () => {
  before(async () => {
    cms = await startFreshCms({ dataDir: DATA_DIR, port: PORT, env: { FORM_WEBHOOK_HOSTS: "crm.example, 127.0.0.1:9999" } });
  });
  after(async () => {
    await cms?.stop();
  });

  test("the team's e-mail follows the form's templates, the values filled in escaped", async () => {
    const form = await createForm({
      notify_email: "sales@example.com",
      notify_subject: "Lead from {{name}} ({{form_title}})",
      notify_body: "**New lead** on {{source_page}}\n\n{{message}}\n\n{{all_values}}",
    });
    const run = await runOf("Notify about a form submission", await submit(form, hostile, "team"));
    const mail = run.steps.find((step) => step.key === "mail");
    assert.equal(mail?.status, "resolve", JSON.stringify(run.steps));
    assert.deepEqual(mail.options.to, ["sales@example.com"]);
    assert.equal(mail.options.subject, "Lead from Ann <script>alert(1)</script> (Contact sales)");
    const html = md(mail.options.body);
    assert.match(html, /^<p><strong>New lead<\/strong> on \/contact-sales<\/p>/);
    assert.doesNotMatch(html, /<(a|h[1-6]|script|em)\b/);
    assert.match(html, /\[Reset your password\]\(https:\u200b\/\/evil\.example\/login\)<br \/># Urgent/);
    assert.equal(html.match(/<li>/g)?.length, 3, html);
  });

  test("the sender gets a confirmation only when the form asks, at its e-mail field's address", async () => {
    const asks = await createForm({
      confirm_sender: true,
      confirm_email_field: "email",
      confirm_subject: "Thanks, {{name}}",
      confirm_body: "We got your message:\n\n{{message}}",
    });
    const sent = await runOf("Confirm a form submission to its sender", await submit(asks, hostile, "confirm"));
    const mail = sent.steps.find((step) => step.key === "mail");
    assert.equal(mail?.status, "resolve", JSON.stringify(sent.steps));
    assert.deepEqual(mail.options.to, ["ann@example.com"]);
    assert.equal(mail.options.subject, "Thanks, Ann <script>alert(1)</script>");
    assert.doesNotMatch(md(mail.options.body), /<(a|h[1-6]|script)\b/);

    // The form's default words when it has no templates.
    const plain = await createForm({ confirm_sender: true, confirm_email_field: "email" });
    const defaults = await runOf("Confirm a form submission to its sender", await submit(plain, hostile, "defaults"));
    assert.equal(defaults.steps.find((step) => step.key === "mail")?.options.subject, "We received your message");

    // Not asked: the flow stops before writing anything.
    const quiet = await createForm({ confirm_sender: false, confirm_email_field: "email" });
    const stopped = await runOf("Confirm a form submission to its sender", await submit(quiet, hostile, "quiet"));
    assert.deepEqual(stepsOf(stopped), [
      ["form", "resolve"],
      ["wants_confirmation", "reject"],
    ]);

    // Asked, but the address is a list (or a header): no mail.
    const forged = await runOf(
      "Confirm a form submission to its sender",
      await submit(asks, { ...hostile, email: "ann@example.com, victim@example.com" }, "forged"),
    );
    assert.deepEqual(stepsOf(forged), [
      ["form", "resolve"],
      ["wants_confirmation", "resolve"],
      ["confirmation", "resolve"],
      ["has_sender", "reject"],
    ]);
  });

  test("a webhook is refused at save when its host is not on the operators' list", async () => {
    const form = await createForm({});
    await assert.rejects(
      admin("POST", "/items/form_webhooks", { form: form.id, name: "Evil", url: "https://evil.example/hook", secret: SECRET }),
      /evil\.example is not on the operators' list/,
    );
    await assert.rejects(
      admin("POST", "/items/form_webhooks", { form: form.id, name: "Plain", url: "http://crm.example/hook", secret: SECRET }),
      /must start with https/,
    );
    const ok = await admin("POST", "/items/form_webhooks", { form: form.id, name: "CRM", url: "https://crm.example/hook", secret: SECRET });
    assert.equal(ok.enabled, true);
    await assert.rejects(
      admin("PATCH", `/items/form_webhooks/${ok.id}`, { url: "https://crm.example.evil.example/" }),
      /not on the operators' list/,
    );
    await assert.rejects(admin("PATCH", `/items/form_webhooks/${ok.id}`, { secret: "short" }), /32 characters|validation/i);
    await admin("PATCH", `/items/form_webhooks/${ok.id}`, { enabled: false });
    assert.equal((await admin("GET", `/items/form_webhooks/${ok.id}?fields=url,enabled`)).url, "https://crm.example/hook");
    const { webhooks } = await admin("GET", `/items/forms/${form.id}?fields=webhooks.id`);
    assert.deepEqual(
      webhooks.map((row) => row.id),
      [ok.id],
    );
  });

  test("webhook secrets are read by the site's token only: never by the public or the read token", async () => {
    const form = await createForm({});
    const hook = await admin("POST", "/items/form_webhooks", { form: form.id, url: "https://crm.example/secret", secret: SECRET });
    for (const path of ["/items/form_webhooks", `/items/form_webhooks/${hook.id}`, "/items/form_webhook_deliveries"]) {
      assert.equal((await fetch(`${URL_}${path}`)).status, 403, path);
    }
    await assert.rejects(reader("GET", "/items/form_webhooks"), /403/);
    const anonymous = await gql(`{ form_webhooks { secret } }`);
    assert.ok(anonymous.errors?.length, "form_webhooks is not in the public GraphQL schema");
    const [readBySite] = await site("GET", `/items/form_webhooks?filter[id][_eq]=${hook.id}&fields=id,url,secret,enabled`);
    assert.deepEqual(readBySite, { id: hook.id, url: "https://crm.example/secret", secret: SECRET, enabled: true });
    // The site reads webhooks, it does not change them.
    await assert.rejects(site("PATCH", `/items/form_webhooks/${hook.id}`, { url: "https://crm.example/other" }), /403/);
  });

  test("the site writes each delivery's status, and editors see it on the webhook", async () => {
    const form = await createForm({});
    const hook = await admin("POST", "/items/form_webhooks", { form: form.id, name: "CRM", url: "https://crm.example/d", secret: SECRET });
    const deliveryId = `sub-${stamp}.${hook.id}`;
    const row = await site("POST", "/items/form_webhook_deliveries", {
      delivery_id: deliveryId,
      webhook: hook.id,
      submission_id: `sub-${stamp}`,
      status: "retrying",
      attempts: 1,
      last_status: 503,
      last_error: "The receiver answered 503",
      last_attempt_at: new Date().toISOString(),
    });
    const [seen] = await site(
      "GET",
      `/items/form_webhook_deliveries?filter[delivery_id][_eq]=${encodeURIComponent(deliveryId)}&fields=id,status`,
    );
    assert.deepEqual(seen, { id: row.id, status: "retrying" });
    await site("PATCH", `/items/form_webhook_deliveries/${row.id}`, {
      status: "dead_letter",
      attempts: 11,
      last_status: null,
      last_error: "The receiver could not be reached",
    });
    // One row per delivery: a second with the same id is refused.
    await assert.rejects(site("POST", "/items/form_webhook_deliveries", { delivery_id: deliveryId, status: "delivered" }), /400|unique/i);

    const { deliveries } = await admin(
      "GET",
      `/items/form_webhooks/${hook.id}?fields=deliveries.status,deliveries.attempts,deliveries.last_error`,
    );
    assert.deepEqual(deliveries, [{ status: "dead_letter", attempts: 11, last_error: "The receiver could not be reached" }]);
  });
});
