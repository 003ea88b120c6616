import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { pathToFileURL } from "node:url";
import { runInNewContext } from "node:vm";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import {
  CONFIRMATION_DEFAULTS,
  fillTemplate,
  formConfirmation,
  formConfirmFlowScript,
  formNotification,
  formNotifyFlowScript,
  TEMPLATE_PLACEHOLDERS,
} from "../cms/form-notification.mjs";
import { webhookCheckFlowScript, webhookHosts, webhookOnSave, webhookUrlProblem } from "../cms/form-webhook-rules.mjs";
import { QUEUE_MAX_RETRIES } from "../../../app/queue.server";

// What the mail operation mails: Directus' own md() (marked, then sanitize-html), from the CMS.
const mdModule = createRequire(new URL("../../../../cms/package.json", import.meta.url)).resolve("@directus/api/utils/md");
const { md: render } = (await import(pathToFileURL(mdModule).href)) as { md: (markdown: string) => string };

const hostile = {
  name: "Ann <script>alert(1)</script>",
  email: "ann@example.com",
  message: "[Reset your password](https://evil.example/login)\n# Urgent\n- **admin**: yes",
};
const submitted = (values: Record<string, unknown>, form: Record<string, unknown>) => ({
  $trigger: { payload: { values, source_page: "/contact-sales" } },
  form: { title: "Contact sales", key: "contact-sales", ...form },
});
const defaults = { subject: "We received your message", body: "Thank you.\n\n{{all_values}}" };

describe("form e-mail templates", () => {
  it("fill placeholders in a body with the values escaped: the editor's Markdown stays, a visitor's never becomes formatting", () => {
    const body = fillTemplate(
      "**{{name}}** wrote on {{source_page}}:\n\n{{message}}\n\n{{all_values}}\n\nUnknown: [{{nope}}]",
      { values: hostile, formTitle: "Contact", sourcePage: "/contact-sales" },
      true,
    );
    const html = render(body);
    expect(html).toMatch(/^<p><strong>Ann &lt;script&gt;alert\(1\)&lt;\/script&gt;<\/strong> wrote on \/contact-sales:<\/p>/);
    expect(html).not.toMatch(/<(a|h[1-6]|script|em)\b/);
    // The message's three lines stay lines of one paragraph, as typed.
    expect(html).toContain("[Reset your password](https:\u200b//evil.example/login)<br />");
    expect(html).toContain("# Urgent<br />- **admin**: yes");
    // {{all_values}}: one list item per field.
    expect(html.match(/<li>/g)).toHaveLength(3);
    expect(html).toContain("Unknown: []");
  });

  it("fill a subject as one plain line", () => {
    const { subject } = formNotification(
      submitted({ name: "Ann\r\nBcc: victim@example.com" }, { notify_subject: "Lead: {{name}} ({{form_title}}) {{all_values}}" }),
    );
    expect(subject).toBe("Lead: Ann Bcc: victim@example.com (Contact sales)");
  });

  it("the team's mail uses the form's templates when it has them, the list of values otherwise", () => {
    const templated = formNotification(submitted(hostile, { notify_subject: "New lead", notify_body: "From {{name}}" }));
    expect(templated).toEqual({ subject: "New lead", body: "From Ann &lt;script&gt;alert\\(1\\)&lt;\\/script&gt;" });
    const plain = formNotification(submitted(hostile, { notify_subject: " ", notify_body: null }));
    expect(plain.subject).toBe("New submission: Contact sales");
    expect(render(plain.body).match(/<li>/g)).toHaveLength(3);
  });

  it("names each placeholder in the CMS's help text", () => {
    const snapshot = parse(readFileSync("cms/schema/snapshot.yaml", "utf8")) as {
      fields: { collection: string; field: string; meta: { note: string } }[];
    };
    for (const field of ["notify_subject", "notify_body", "confirm_subject", "confirm_body"]) {
      const note = snapshot.fields.find((entry) => entry.collection === "forms" && entry.field === field)?.meta.note ?? "";
      for (const name of ["name", ...Object.keys(TEMPLATE_PLACEHOLDERS)]) expect(note, field).toContain(`{{${name}}}`);
    }
  });
});

describe("the sender's confirmation", () => {
  const form = {
    confirm_sender: true,
    confirm_email_field: "email",
    fields: [
      { name: "email", type: "email" },
      { name: "name", type: "text" },
    ],
  };

  it("goes to the value of the form's e-mail field, with the form's templates or the site's words", () => {
    expect(formConfirmation(submitted(hostile, form), defaults)).toMatchObject({
      to: "ann@example.com",
      subject: "We received your message",
    });
    const own = formConfirmation(
      submitted(hostile, { ...form, confirm_subject: "Thanks, {{name}}", confirm_body: "Hi {{name}}" }),
      defaults,
    );
    expect(own).toEqual({
      to: "ann@example.com",
      subject: "Thanks, Ann <script>alert(1)</script>",
      body: "Hi Ann &lt;script&gt;alert\\(1\\)&lt;\\/script&gt;",
    });
  });

  it("goes nowhere unless the form asks for it, names an e-mail field, and the value is one address", () => {
    const to = (formPart: Record<string, unknown>, email: unknown = "ann@example.com") =>
      formConfirmation(submitted({ ...hostile, email }, { ...form, ...formPart }), defaults).to;
    expect(to({ confirm_sender: false })).toBeNull();
    expect(to({ confirm_sender: null })).toBeNull();
    expect(to({ confirm_email_field: "name" })).toBeNull(); // a text field
    expect(to({ confirm_email_field: "missing" })).toBeNull();
    for (const value of [
      "a@example.com, b@example.com",
      "a@example.com\r\nBcc: b@example.com",
      "Ann <a@example.com>",
      "nobody",
      ["a@example.com"],
      null,
    ]) {
      expect(to({}, value), String(value)).toBeNull();
    }
  });
});

describe("webhook addresses", () => {
  const hosts = webhookHosts(" crm.example, hooks.partner.example:8443\n127.0.0.1:9999 ");

  it("reads the operators' list", () => {
    expect(hosts).toEqual(["crm.example", "hooks.partner.example:8443", "127.0.0.1:9999"]);
    expect(webhookHosts(undefined)).toEqual([]);
    // Directus' flows get a variable with commas as a list.
    expect(webhookHosts(["crm.example", " 127.0.0.1:9999"])).toEqual(["crm.example", "127.0.0.1:9999"]);
  });

  it.each([
    ["https://crm.example/hooks/meridian?x=1", null],
    ["https://CRM.example", null],
    ["https://hooks.partner.example:8443/in", null],
    ["http://127.0.0.1:9999/receiver", null],
    ["https://evil.example/", /evil\.example is not on the operators' list.*Allowed hosts: crm\.example/],
    ["https://crm.example.evil.example/", /not on the operators' list/],
    ["https://crm.example@evil.example/", /user name or password/],
    ["https://crm.example:444/", /crm\.example:444 is not on/],
    ["https://hooks.partner.example/", /not on the operators' list/],
    ["http://crm.example/", /must start with https/],
    ["ftp://crm.example/", /not a web address/],
    ["//crm.example/", /not a web address/],
    ["https://crm.example/a b", /not a web address/],
    ["", /needs a URL/],
  ])("%s", (url, expected) => {
    const problem = webhookUrlProblem(url, hosts);
    if (expected === null) expect(problem).toBeNull();
    else expect(problem).toMatch(expected);
  });

  it("says when no host is allowed yet", () => {
    expect(webhookUrlProblem("https://crm.example/", [])).toMatch(/No host is allowed yet/);
  });

  it("refuses a save with an address off the list, or turning on a webhook whose stored address is", () => {
    const $env = { FORM_WEBHOOK_HOSTS: "crm.example" };
    expect(webhookOnSave({ $trigger: { payload: { url: "https://crm.example/x", name: "CRM" } }, $env })).toEqual({
      url: "https://crm.example/x",
      name: "CRM",
    });
    expect(() => webhookOnSave({ $trigger: { payload: { url: "https://evil.example/x" } }, $env })).toThrow(/evil\.example is not on/);
    expect(() => webhookOnSave({ $trigger: { payload: { enabled: true } }, $env, webhooks: [{ url: "https://evil.example/x" }] })).toThrow(
      /not on/,
    );
    expect(webhookOnSave({ $trigger: { payload: { enabled: false } }, $env, webhooks: [{ url: "https://evil.example/x" }] })).toEqual({
      enabled: false,
    });
  });
});

describe("the flows' scripts", () => {
  const run = async (source: string, data: unknown) => {
    const sandbox: { module: { exports?: (data: unknown) => Promise<unknown> } } = { module: {} };
    runInNewContext(source, sandbox);
    return sandbox.module.exports?.(data);
  };

  it("run self-contained, in a sandbox with no imports and no URL", async () => {
    const form = {
      notify_subject: "Lead {{name}}",
      confirm_sender: true,
      confirm_email_field: "email",
      fields: [{ name: "email", type: "email" }],
    };
    const data = submitted(hostile, form);
    expect(await run(formNotifyFlowScript(), data)).toEqual(formNotification(data));
    expect(await run(formConfirmFlowScript(defaults), data)).toEqual(formConfirmation(data, defaults));
    const save = { $trigger: { payload: { url: "https://evil.example/" } }, $env: { FORM_WEBHOOK_HOSTS: "crm.example" } };
    await expect(run(webhookCheckFlowScript(), save)).rejects.toThrow(/not on the operators' list/);
  });
});

describe("the queue's tries", () => {
  it("are wrangler.toml's max_retries for every consumer of the submissions queues", () => {
    const retries = [
      ...readFileSync("wrangler.toml", "utf8").matchAll(
        /queue = "meridian-(?:submissions|subscriptions)[^"]*"\n(?:[^\n[]+\n)*?max_retries = (\d+)/g,
      ),
    ];
    expect(retries.length).toBeGreaterThanOrEqual(2);
    for (const [, value] of retries) expect(Number(value)).toBe(QUEUE_MAX_RETRIES);
  });
});

describe("the confirmation's default words", () => {
  it("are the site's (locales/en.json)", () => {
    const { form_mail } = JSON.parse(readFileSync("locales/en.json", "utf8")) as { form_mail: Record<string, string> };
    expect(CONFIRMATION_DEFAULTS).toEqual({ subject: form_mail.confirmation_subject, body: form_mail.confirmation_body });
  });
});
