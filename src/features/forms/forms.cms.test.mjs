// Contract tests of forms built in the CMS: the seeded contact form on its page, readable with
// the site's read token only while published (never anonymously); submissions created only with the site's token (never by
// the public, never read back), stored with their values; the notification flow runs and sends
// its mail. Own Directus on port 8106 with a fresh data dir, on SQLite or (CMS_TEST_DB=pg)
// PostgreSQL.
//   PATH=node_modules/.bin:$PATH node --test src/features/forms/forms.cms.test.mjs
import assert from "node:assert/strict";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import { CMS_DIR, DEFAULTS, createApi, prepareCms, startCms } from "../../../cms/scripts/lib.mjs";
import { eventually, graphqlClient, md, startFreshCms } from "../../../cms/test/support.mjs";

const PG = process.env.CMS_TEST_DB === "pg";
const PORT = 8106 + Number(process.env.CMS_TEST_PORT_OFFSET ?? 0) + Number(process.env.TEST_PORT_OFFSET ?? 0);
const DATA_DIR = join(CMS_DIR, PG ? "data-forms-test-pg" : "data-forms-test");
const URL_ = `http://127.0.0.1:${PORT}`;
const admin = createApi(URL_, process.env.DIRECTUS_ADMIN_TOKEN ?? DEFAULTS.DIRECTUS_ADMIN_TOKEN);
const site = createApi(URL_, process.env.DIRECTUS_SITE_TOKEN ?? DEFAULTS.DIRECTUS_SITE_TOKEN);
const gql = graphqlClient(URL_);
/** The site's read token: the Public policy reads no forms or form fields (public-access.test.mjs). */
const READ = process.env.DIRECTUS_READ_TOKEN ?? DEFAULTS.DIRECTUS_READ_TOKEN;
const stamp = Date.now().toString(36);

let cms;

const contactPageQuery = `{
  pages(filter: { path: { _eq: "/contact-sales" } }) {
    blocks { collection item { ... on block_form { id kind form { id key title fields(sort: ["sort"]) { name type required choices } } } } }
  }
}`;

/** The runs of the notification flow (its activity, newest first), each with its steps. */
async function notifyRuns() {
  const [flow] = await admin(
    "GET",
    `/flows?${new URLSearchParams({ filter: JSON.stringify({ name: { _eq: "Notify about a form submission" } }) })}`,
  );
  assert.ok(flow, "the notification flow exists");
  const qs = new URLSearchParams({
    filter: JSON.stringify({ collection: { _eq: "directus_flows" }, item: { _eq: flow.id }, action: { _eq: "run" } }),
    fields: "id,revisions.data",
    sort: "-timestamp",
    limit: "20",
  });
  return (await admin("GET", `/activity?${qs}`)).map((run) => run.revisions?.[0]?.data ?? {});
}

describe(`forms in the CMS (${PG ? "PostgreSQL" : "SQLite"})`, () => {
  before(async () => {
    cms = await startFreshCms({ dataDir: DATA_DIR, port: PORT });
  });
  after(async () => {
    await cms?.stop();
  });

  test("the seeded contact form is on the contact page, its fields in order, readable by the site", async () => {
    const { data, errors } = await gql(contactPageQuery, { token: READ });
    assert.equal(errors, undefined, JSON.stringify(errors));
    const block = data.pages[0].blocks.find((b) => b.collection === "block_form");
    assert.equal(block.item.form.key, "contact-sales");
    assert.deepEqual(
      block.item.form.fields.map((f) => f.name),
      [
        "name",
        "email",
        "company",
        "company_size",
        "monthly_spend",
        "topic",
        "gpus",
        "message",
        "reply_by",
        "architecture",
        "consent",
        "origin",
      ],
    );
    assert.equal(block.item.form.fields.find((f) => f.name === "topic").choices.length, 4);
  });

  test("a draft form and its fields are hidden from the site's reads, and no form is public", async () => {
    const draft = await admin("POST", "/items/forms", {
      status: "draft",
      key: `draft-${stamp}`,
      fields: [{ name: "secret_question", type: "text", sort: 1 }],
    });
    const query = `{ forms(filter: { key: { _eq: "draft-${stamp}" } }) { id } form_fields(filter: { form: { id: { _eq: ${draft.id} } } }) { name } }`;
    const { data } = await gql(query, { token: READ });
    assert.deepEqual(data.forms, []);
    assert.deepEqual(data.form_fields, []);
    const anonymous = await gql(query);
    assert.ok(anonymous.errors?.length, "forms and form_fields are not in the public schema");
    for (const collection of ["forms", "form_fields"]) assert.equal((await fetch(`${URL_}/items/${collection}`)).status, 403, collection);
  });

  test("the public may neither create nor read submissions", async () => {
    const create = await fetch(`${URL_}/items/form_submissions`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ form: 1, values: { name: "Mallory" }, submission_id: `public-${stamp}` }),
    });
    assert.equal(create.status, 403);
    assert.equal((await fetch(`${URL_}/items/form_submissions`)).status, 403);
    assert.equal((await admin("GET", `/items/form_submissions?filter[submission_id][_eq]=public-${stamp}`)).length, 0);
  });

  test("a submission made with the site's token is stored with its values, and the flow e-mails the form's address", async () => {
    const [form] = await admin("GET", "/items/forms?filter[key][_eq]=contact-sales&fields=id,title,notify_email");
    const values = {
      name: "Ada Lovelace",
      email: "ada@example.com",
      topic: "pricing",
      message: `64 GPUs in March ${stamp}`,
      consent: true,
    };
    const submissionId = `site-${stamp}`;
    await site("POST", "/items/form_submissions", { form: form.id, values, source_page: "/contact-sales", submission_id: submissionId });
    // The site's token creates, it never reads back.
    await assert.rejects(site("GET", "/items/form_submissions"), /403/);

    const [stored] = await admin(
      "GET",
      `/items/form_submissions?filter[submission_id][_eq]=${submissionId}&fields=form,values,source_page,date_created`,
    );
    assert.equal(String(stored.form), String(form.id));
    assert.deepEqual(stored.values, values);
    assert.equal(stored.source_page, "/contact-sales");
    assert.ok(stored.date_created);

    const run = await eventually(
      async () => (await notifyRuns()).find((data) => data.data?.$trigger?.payload?.submission_id === submissionId),
      { what: "a run of the notification flow for the submission" },
    );
    const mail = run.steps.find((step) => step.key === "mail");
    assert.equal(mail?.status, "resolve", JSON.stringify(run.steps));
    assert.deepEqual(mail.options.to, [form.notify_email]);
    assert.match(mail.options.subject, new RegExp(form.title));
    assert.match(mail.options.body, new RegExp(`64 GPUs in March ${stamp}`));
  });

  test("the mail shows what a visitor typed as text, and its subject is one line whatever the form's title holds", async () => {
    const form = await admin("POST", "/items/forms", {
      status: "published",
      key: `hostile-${stamp}`,
      title: "Leads\r\nBcc: victim@example.com",
      notify_email: "sales@example.com",
      fields: [
        { name: "name", type: "text", sort: 1 },
        { name: "message", type: "textarea", sort: 2 },
      ],
    });
    const submissionId = `hostile-${stamp}`;
    const values = {
      name: "Ann\n- **email**: ceo@victim.example",
      message: "[Reset your password](https://evil.example/login)\r\n# Urgent\n<script>alert(1)</script> https://evil.example",
    };
    await site("POST", "/items/form_submissions", { form: form.id, values, source_page: "/contact-sales", submission_id: submissionId });
    const run = await eventually(
      async () => (await notifyRuns()).find((data) => data.data?.$trigger?.payload?.submission_id === submissionId),
      { what: "a run of the notification flow for the submission" },
    );
    const mail = run.steps.find((step) => step.key === "mail");
    assert.equal(mail?.status, "resolve", JSON.stringify(run.steps));
    assert.equal(mail.options.subject, "New submission: Leads Bcc: victim@example.com");
    // The HTML the mail operation sends (its own md()): the two fields, no link, heading or script.
    const html = md(mail.options.body);
    assert.equal(html.match(/<li>/g)?.length, 2, html);
    assert.doesNotMatch(html, /<(a|h[1-6]|script|em)\b/);
    assert.match(html, /Ann<br \/>- \*\*email\*\*: ceo@victim\.example/);
    assert.match(html, /\[Reset your password\]\(https:\u200b\/\/evil\.example\/login\)<br \/># Urgent<br \/>&lt;script&gt;/);
  });

  test("a submission is stored once: the site's id is unique", async () => {
    const [form] = await admin("GET", "/items/forms?filter[key][_eq]=contact-sales&fields=id");
    const body = { form: form.id, values: { name: "Twice" }, source_page: "/contact-sales", submission_id: `once-${stamp}` };
    await site("POST", "/items/form_submissions", body);
    await assert.rejects(site("POST", "/items/form_submissions", body), /400|unique/i);
    assert.equal((await admin("GET", `/items/form_submissions?filter[submission_id][_eq]=once-${stamp}`)).length, 1);
  });

  test("no mail without a notify address: the flow stops at its condition", async () => {
    const form = await admin("POST", "/items/forms", {
      status: "published",
      key: `quiet-${stamp}`,
      fields: [{ name: "note", type: "text", sort: 1 }],
    });
    const submissionId = `quiet-${stamp}`;
    await site("POST", "/items/form_submissions", { form: form.id, values: { note: "hi" }, submission_id: submissionId });
    const run = await eventually(
      async () => (await notifyRuns()).find((data) => data.data?.$trigger?.payload?.submission_id === submissionId),
      { what: "a run of the notification flow" },
    );
    assert.deepEqual(
      run.steps.map((step) => [step.key, step.status]),
      [
        ["form", "resolve"],
        ["has_address", "reject"],
      ],
    );
  });

  test("conditional fields, file fields and a page after success: the seeded form has them, the site reads them", async () => {
    const { data, errors } = await gql(
      `{ forms(filter: { key: { _eq: "contact-sales" } }) { success_redirect fields(sort: ["sort"]) { name type show_when_field show_when_value accept max_size_mb } } }`,
      { token: READ },
    );
    assert.equal(errors, undefined, JSON.stringify(errors));
    const [form] = data.forms;
    assert.equal(form.success_redirect, null);
    const byName = Object.fromEntries(form.fields.map((field) => [field.name, field]));
    assert.deepEqual(
      { field: byName.monthly_spend.show_when_field, value: byName.monthly_spend.show_when_value },
      { field: "company_size", value: null },
    );
    assert.deepEqual(
      { type: byName.architecture.type, accept: byName.architecture.accept, max: byName.architecture.max_size_mb },
      { type: "file", accept: ["pdf", "png"], max: 10 },
    );
    // Nothing of it anonymously.
    assert.ok((await gql(`{ form_fields { show_when_field accept } }`)).errors?.length);
  });

  test("editors cannot save a success redirect off the site, nor a condition that names no field", async () => {
    const [form] = await admin("GET", "/items/forms?filter[key][_eq]=contact-sales&fields=id");
    for (const success_redirect of ["https://evil.example/thanks", "//evil.example", "thank-you"])
      await assert.rejects(admin("PATCH", `/items/forms/${form.id}`, { success_redirect }), /400|validation|failed/i, success_redirect);
    await admin("PATCH", `/items/forms/${form.id}`, { success_redirect: "/thank-you" });
    await admin("PATCH", `/items/forms/${form.id}`, { success_redirect: null });
    const [field] = await admin("GET", `/items/form_fields?filter[name][_eq]=monthly_spend&filter[form][_eq]=${form.id}&fields=id`);
    await assert.rejects(admin("PATCH", `/items/form_fields/${field.id}`, { show_when_field: "Company Size!" }), /400|validation|failed/i);
  });

  test("editors cannot save a field pattern the site cannot check in linear time; one it can is saved", async () => {
    const [form] = await admin("GET", "/items/forms?filter[key][_eq]=contact-sales&fields=id");
    const [field] = await admin("GET", `/items/form_fields?filter[name][_eq]=company&filter[form][_eq]=${form.id}&fields=id,pattern`);
    for (const pattern of ["(a)\\1", "(?=a)b", "(?<!a)b", "a{1001}"])
      await assert.rejects(admin("PATCH", `/items/form_fields/${field.id}`, { pattern }), /400|pattern|back-reference|look/i, pattern);
    await assert.rejects(
      admin("POST", "/items/form_fields", { form: form.id, name: `hostile_${stamp}`, label: "Hostile", type: "text", pattern: "(x)\\1" }),
      /400|pattern|back-reference/i,
    );
    // A linear pattern (nested repeats included: RE2 runs them in linear time) is saved.
    await admin("PATCH", `/items/form_fields/${field.id}`, { pattern: "(a+)+b" });
    const [saved] = await admin("GET", `/items/form_fields?filter[id][_eq]=${field.id}&fields=pattern`);
    assert.equal(saved.pattern, "(a+)+b");
    await admin("PATCH", `/items/form_fields/${field.id}`, { pattern: field.pattern });
  });

  test("a submission links its file through the site, stored as a value; the public reads neither", async () => {
    const [form] = await admin("GET", "/items/forms?filter[key][_eq]=contact-sales&fields=id");
    const submissionId = `file-${stamp}`;
    const link = `http://localhost:3000/api/forms/uploads/contact-sales/${submissionId}/architecture?expires=1900000000&signature=${"a".repeat(43)}`;
    const values = { name: "Ada", email: "ada@example.com", company_size: "51-500", monthly_spend: "10k-100k", architecture: link };
    await site("POST", "/items/form_submissions", { form: form.id, values, source_page: "/contact-sales", submission_id: submissionId });
    const [stored] = await admin("GET", `/items/form_submissions?filter[submission_id][_eq]=${submissionId}&fields=values`);
    assert.equal(stored.values.architecture, link);
    // The file itself is never a Directus file: nothing public to find there.
    const files = await admin("GET", `/files?${new URLSearchParams({ search: submissionId, fields: "id" })}`);
    assert.deepEqual(files, []);
    assert.equal((await fetch(`${URL_}/items/form_submissions?filter[submission_id][_eq]=${submissionId}`)).status, 403);
  });

  // Last: it restarts Directus.
  test("a CMS whose pages were seeded before forms existed gets the contact form once, on its page", async () => {
    const contactBlock = async () => {
      const { data } = await gql(contactPageQuery, { token: READ });
      return data.pages[0].blocks.find((b) => b.collection === "block_form").item;
    };
    // As such a CMS: the contact block without a form, and no record of forms being seeded.
    await admin("PATCH", `/items/block_form/${(await contactBlock()).id}`, { form: null });
    assert.equal((await contactBlock()).form, null);
    await cms.stop();
    const stateFile = join(DATA_DIR, "cms-state.json");
    const { formsSeeded: _, ...olderState } = JSON.parse(readFileSync(stateFile, "utf8"));
    writeFileSync(stateFile, JSON.stringify(olderState));

    const { steps } = await prepareCms({ dataDir: DATA_DIR, port: PORT });
    assert.deepEqual(steps, ["seed forms"]);
    cms = await startCms({ dataDir: DATA_DIR, port: PORT });
    assert.equal((await contactBlock()).form.key, "contact-sales");
    assert.equal((await admin("GET", "/items/forms?filter[key][_eq]=contact-sales&fields=id")).length, 1);
    // Done once: the next prepare has nothing to do.
    await cms.stop();
    assert.deepEqual((await prepareCms({ dataDir: DATA_DIR, port: PORT })).steps, []);
    cms = await startCms({ dataDir: DATA_DIR, port: PORT });
  });
});
