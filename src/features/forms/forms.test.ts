import { env } from "cloudflare:test";
import { beforeEach, describe, expect, it } from "vitest";
import { createApp } from "../../app/create-app";
import { formErrors, formValuesSchema, rawFormSchema, reshapeForm } from "./form-schema";
import type { FormSubmissionMessage } from "./submission";
import { linearPattern } from "../../lib/linear-regexp";
import { handleQueueBatch, type QueueMessage } from "../../app/queue.server";
import { hostilePatterns, withoutBacktracking } from "../../../test/support/hostile-patterns";
import { fakeSiteverify, turnstileTestKeys } from "../../../test/support/turnstile-fake";
import { cmsPage, placement } from "../../../test/worker/fixtures/pages";
import { mockDirectus, request, resetContentState, testSecrets, textOf, type UpstreamCall } from "../../../test/worker/helpers";

beforeEach(resetContentState);

/** The seeded contact form's shape, as Directus answers the FormByKey query and the page's block. */
const contactForm = {
  id: 3,
  key: "contact-sales",
  title: "Tell us about your workload",
  submit_label: "Send to sales",
  success_message: "Thanks, a solutions engineer will reply within one working day.",
  fields: [
    { name: "name", type: "text", label: "Your name", required: true, max_length: 120 },
    { name: "email", type: "email", label: "Work e-mail", required: true },
    { name: "gpus", type: "text", label: "GPUs", pattern: "[0-9]{1,5}", pattern_message: "A number of GPUs, like 64" },
    {
      name: "topic",
      type: "select",
      label: "Topic",
      required: true,
      choices: [
        { value: "capacity", text: "Reserved capacity" },
        { value: "pricing", text: "Pricing" },
      ],
    },
    { name: "message", type: "textarea", label: "Message", required: true, help_text: "Model size, token budget, dates." },
    { name: "consent", type: "checkbox", label: "I agree to be contacted about this request", required: true },
    { name: "origin", type: "hidden", default_value: "contact-page" },
  ],
};

const valid: [string, string][] = [
  ["name", "Ada Lovelace"],
  ["email", "ada@example.com"],
  ["topic", "capacity"],
  ["message", "64 H100 for March."],
  ["consent", "on"],
  ["origin", "contact-page"],
  ["source-page", "/contact-sales"],
  ["cf-turnstile-response", turnstileTestKeys.dummyToken],
];

/** The contact page: a form block showing the contact form. */
const contactPage = (call: { variables: Record<string, unknown> }) => ({
  pages:
    call.variables.path === "/contact-sales"
      ? [
          cmsPage("/contact-sales", [
            placement(1, "block_form", {
              id: "9",
              kind: "contact_sales",
              title: "Book a call or write to us",
              text: null,
              email: "sales@meridian.example",
              form: contactForm,
            }),
          ]),
        ]
      : [],
});

/** A mock Directus that also takes REST form submissions (`down` fails both). */
function setup(bindings: Record<string, unknown> = {}, form: { key: string } = contactForm) {
  const directus = mockDirectus({
    FormByKey: (call: UpstreamCall) => ({ forms: call.variables.key === form.key ? [form] : [] }),
    Page: contactPage,
  });
  const stored: Record<string, unknown>[] = [];
  const fetchImpl = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    if (url.pathname === "/items/form_submissions") {
      if (directus.state.down) throw new TypeError("fetch failed: connection refused");
      const request = new Request(input, init);
      stored.push({ ...((await request.json()) as object), authorization: request.headers.get("authorization") });
      return new Response(null, { status: 204 });
    }
    return directus.fetch(input, init);
  }) as typeof fetch;
  const siteverify = fakeSiteverify();
  const queued: QueueMessage[] = [];
  const queue = { send: async (body: QueueMessage) => void queued.push(body) } as unknown as Queue;
  const app = createApp({
    pageCache: false,
    content: { fetch: fetchImpl },
    forms: { fetch: fetchImpl, siteverifyFetch: siteverify.fetch },
  });
  const post = (
    fields: [string, string][],
    { json = true, ip = `10.1.0.${Math.floor(Math.random() * 250)}`, key = "contact-sales", extraEnv = {} as Record<string, unknown> } = {},
  ) =>
    request(`/api/forms/${key}`, {
      app,
      method: "POST",
      redirect: "manual",
      env: { SUBMISSIONS: queue, ...bindings, ...extraEnv },
      headers: {
        "Content-Type": "application/x-www-form-urlencoded",
        "CF-Connecting-IP": ip,
        ...(json ? { Accept: "application/json" } : {}),
      },
      body: new URLSearchParams(fields).toString(),
    });
  return { app, directus, stored, siteverify, queued, post, fetch: fetchImpl };
}

const without = (name: string) => valid.filter(([field]) => field !== name);
const replace = (name: string, value: string) => valid.map(([field, old]): [string, string] => [field, field === name ? value : old]);

describe("POST /api/forms/<key>", () => {
  it("stores valid values with the site token and answers with the form's success message", async () => {
    const { post, stored, siteverify } = setup();
    const response = await post(valid);
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ outcome: "success", message: contactForm.success_message });
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({
      form: "3",
      source_page: "/contact-sales",
      values: { name: "Ada Lovelace", email: "ada@example.com", gpus: "", topic: "capacity", consent: true, origin: "contact-page" },
      authorization: `Bearer ${testSecrets.DIRECTUS_SUBMISSIONS_TOKEN}`,
    });
    expect(siteverify.requests[0]).toMatchObject({ secret: turnstileTestKeys.secretPasses, response: turnstileTestKeys.dummyToken });
    expect(siteverify.requests[0]?.idempotency_key).toBe(stored[0]?.submission_id);
  });

  it.each([
    ["a missing required field", without("name"), { name: "This field is required" }],
    ["a malformed e-mail", replace("email", "ada@"), { email: "Invalid value" }],
    ["an unknown choice", replace("topic", "crypto"), { topic: "Invalid value" }],
    ["the editor's pattern", [...valid, ["gpus", "lots"]] as [string, string][], { gpus: "A number of GPUs, like 64" }],
    ["an unchecked agreement", without("consent"), { consent: "This field is required" }],
    ["a changed hidden value", replace("origin", "elsewhere"), { origin: "Invalid value" }],
  ])("answers %s with 400 and the field's message, storing nothing and spending no token", async (_name, fields, errors) => {
    const { post, stored, siteverify } = setup();
    const response = await post(fields);
    expect(response.status).toBe(400);
    expect(((await response.json()) as { errors: object }).errors).toEqual(errors);
    expect(stored).toHaveLength(0);
    expect(siteverify.requests).toHaveLength(0);
  });

  it("answers an unknown form with 404 and a sentence", async () => {
    const { post } = setup();
    const response = await post(valid, { key: "no-such-form" });
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ message: "This form does not exist or is no longer open." });
    expect((await post(valid, { key: "Not.A.Key" })).status).toBe(404);
  });

  it("acknowledges a filled honeypot like a person's submission without verifying or storing", async () => {
    const { post, stored, siteverify } = setup();
    expect((await post([...valid, ["website-address", "http://spam.example"]])).status).toBe(200);
    expect(stored).toHaveLength(0);
    expect(siteverify.requests).toHaveLength(0);
  });

  it.each([
    ["fails", turnstileTestKeys.secretFails, 403, "We could not confirm that you are not a robot, so nothing was sent. Please try again."],
    [
      "was spent already",
      turnstileTestKeys.secretSpent,
      403,
      "The check that you are not a robot expired, so nothing was sent. Please send the form again.",
    ],
    [
      "refuses our secret",
      "0x-not-a-real-secret",
      503,
      "The check that you are not a robot could not be done right now, so nothing was sent. Please try again in a few minutes.",
    ],
  ])("stores nothing when Turnstile %s and says why", async (_name, secret, status, message) => {
    const { post, stored, queued } = setup();
    const response = await post(valid, { extraEnv: { TURNSTILE_SECRET_KEY: secret } });
    expect(response.status).toBe(status);
    expect(((await response.json()) as { message: string }).message).toBe(message);
    expect(stored).toHaveLength(0);
    expect(queued).toHaveLength(0);
  });

  it("fails closed when Turnstile cannot be asked: unreachable, a broken answer, no secret, no token", async () => {
    const { post, stored, siteverify } = setup();
    siteverify.state.down = true;
    expect((await post(valid)).status).toBe(503);
    siteverify.state.down = false;
    siteverify.state.status = 502;
    expect((await post(valid)).status).toBe(503);
    siteverify.state.status = 200;
    expect((await post(valid, { extraEnv: { TURNSTILE_SECRET_KEY: undefined } })).status).toBe(503);
    const noToken = await post(without("cf-turnstile-response"));
    expect(noToken.status).toBe(400);
    expect(((await noToken.json()) as { message: string }).message).toBe(
      "Please complete the check that you are not a robot, then send the form again.",
    );
    expect(stored).toHaveLength(0);
  });

  it("rate-limits a client after 10 posts a minute", async () => {
    // The per-isolate counter (the fallback); the binding itself is tested in rate-limit.test.ts.
    const { post } = setup({ FORMS_LIMITER: undefined });
    const statuses: number[] = [];
    for (let i = 0; i < 11; i += 1) statuses.push((await post(without("name"), { ip: "192.0.2.9" })).status);
    expect(statuses.slice(0, 10).every((status) => status === 400)).toBe(true);
    expect(statuses[10]).toBe(429);
    const limited = await post(valid, { ip: "192.0.2.9" });
    expect(limited.headers.get("retry-after")).toBeTruthy();
    expect(await limited.json()).toMatchObject({ outcome: "too_many", message: "Too many attempts. Please try again in a minute." });
    // Without JavaScript the page says so.
    const plain = await post(valid, { ip: "192.0.2.9", json: false });
    expect(plain.status).toBe(303);
    expect(plain.headers.get("location")).toBe("/contact-sales?form-contact-sales=too_many#form-contact-sales");
  });

  it("works without JavaScript: a plain post is answered 303 back to the page with the outcome", async () => {
    const { post, stored } = setup();
    const ok = await post(valid, { json: false });
    expect(ok.status).toBe(303);
    expect(ok.headers.get("location")).toBe("/contact-sales?form-contact-sales=success#form-contact-sales");
    const bad = await post(
      without("name").map(([field, value]): [string, string] => [field, field === "email" ? "ada@" : value]),
      { json: false },
    );
    expect(bad.headers.get("location")).toBe(
      `/contact-sales?form-contact-sales=${encodeURIComponent("invalid:name.required,email.invalid")}#form-contact-sales`,
    );
    const refused = await post(valid, { json: false, extraEnv: { TURNSTILE_SECRET_KEY: turnstileTestKeys.secretFails } });
    expect(refused.headers.get("location")).toBe("/contact-sales?form-contact-sales=verification_failed#form-contact-sales");
    const offsite = await post(replace("source-page", "https://evil.example/"), { json: false });
    expect(offsite.headers.get("location")).toBe("/?form-contact-sales=success#form-contact-sales");
    expect(stored).toHaveLength(2);
  });
});

describe("single-line fields", () => {
  const oneLine = "Please keep this on one line, without line breaks or control characters.";
  const hostile: [string, string, string][] = [
    ["a name with CR/LF", "name", "Ann\r\n- **email**: ceo@victim.example"],
    ["a name with a lone LF", "name", "Ann\nBcc: ceo@victim.example"],
    ["an e-mail with a header after CR", "email", "ada@example.com\rBcc: ceo@victim.example"],
    ["a name with a terminal escape", "name", "Ann \u001b[31mLovelace"],
    ["a name with NUL", "name", "Ann\u0000Lovelace"],
    ["a pattern field with a line break", "gpus", "64\n65"],
  ];

  it.each(hostile)("refuses %s with 400 and the site's message, storing nothing", async (_name, field, value) => {
    const { post, stored, queued, siteverify } = setup();
    const response = await post([...without(field), [field, value]]);
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ outcome: "invalid", errors: { [field]: oneLine } });
    expect(stored).toHaveLength(0);
    expect(queued).toHaveLength(0);
    expect(siteverify.requests).toHaveLength(0);
  });

  it.each(hostile)("gives the browser's form the same message for %s", (_name, field, value) => {
    const form = reshapeForm(rawFormSchema.parse(contactForm));
    const values = {
      name: "Ada",
      email: "ada@example.com",
      topic: "capacity",
      message: "Hi",
      consent: true,
      origin: "contact-page",
      [field]: value,
    };
    const parsed = formValuesSchema(form, linearPattern).safeParse(values);
    expect(parsed.success).toBe(false);
    expect(formErrors(parsed.error!)).toEqual({ [field]: oneLine });
  });

  it("keeps line breaks in a multi-line field", async () => {
    const { post, stored } = setup();
    expect((await post(replace("message", "64 H100\r\nfor March."))).status).toBe(200);
    expect(stored).toHaveLength(1);
  });

  it("says so on the page after a plain post", async () => {
    const { post, stored } = setup();
    const refused = await post(replace("name", "Ann\r\nBcc: ceo@victim.example"), { json: false });
    const location = refused.headers.get("location")!;
    expect(location).toBe(`/contact-sales?form-contact-sales=${encodeURIComponent("invalid:name.single_line")}#form-contact-sales`);
    const page = await request(location.split("#")[0]!, { options: { content: { fetch: mockDirectus({ Page: contactPage }).fetch } } });
    expect(textOf(await page.text())).toContain(oneLine);
    expect(stored).toHaveLength(0);
  });
});

describe("an editor's pattern on a 200-character value", () => {
  it.each(hostilePatterns)(
    "is checked on RE2 for a $kind pattern ($pattern): refused, or stored when it matches",
    async ({ pattern, hostile, matching }) => {
      const form = {
        ...contactForm,
        key: "hostile-pattern",
        fields: [...contactForm.fields, { name: "code", type: "text", label: "Code", pattern, pattern_message: "Not a code" }],
      };
      const { post, stored } = setup({}, form);
      const [refused, accepted] = await withoutBacktracking(
        hostilePatterns.map((entry) => entry.pattern),
        async () =>
          [
            await post([...valid, ["code", hostile]], { key: form.key }),
            await post([...valid, ["code", matching]], { key: form.key }),
          ] as const,
      );
      expect(refused.status).toBe(400);
      expect(await refused.json()).toMatchObject({ outcome: "invalid", errors: { code: "Not a code" } });
      expect(accepted.status).toBe(200);
      expect(stored).toHaveLength(1);
      expect(stored[0]).toMatchObject({ values: { code: matching.trim() } });
    },
  );

  it("is no check when RE2 cannot run it (a back-reference): the value is stored, never a 500", async () => {
    const form = {
      ...contactForm,
      key: "backreference",
      fields: [...contactForm.fields, { name: "code", type: "text", label: "Code", pattern: "(a)\\1", pattern_message: "Not a code" }],
    };
    const { post, stored } = setup({}, form);
    const response = await post([...valid, ["code", "xyz"]], { key: form.key });
    expect(response.status).toBe(200);
    expect(stored).toHaveLength(1);
  });
});

describe("form submissions while Directus is down", () => {
  it("queues the submission, then the consumer stores it once Directus is back", async () => {
    const { post, directus, stored, queued, fetch: upstream } = setup();
    // The definition is cached from the page view before the outage.
    expect((await post(without("name"))).status).toBe(400);
    directus.state.down = true;
    const response = await post(valid);
    expect(response.status).toBe(200); // the visitor sees the success message
    expect(queued).toHaveLength(1);
    const message = queued[0] as FormSubmissionMessage;
    expect(message.kind).toBe("form_submission");
    expect(message.submission.values).toMatchObject({ name: "Ada Lovelace", topic: "capacity" });

    const deliver = async (attempts: number) => {
      const outcomes: string[] = [];
      const batch = {
        queue: "meridian-submissions",
        messages: queued.map((body, i) => ({
          id: String(i),
          timestamp: new Date(),
          body,
          attempts,
          ack: () => outcomes.push("ack"),
          retry: () => outcomes.push("retry"),
        })),
        ackAll() {},
        retryAll() {},
      } as unknown as MessageBatch<QueueMessage>;
      await handleQueueBatch(batch, { ...env, ...testSecrets }, { fetch: upstream });
      return outcomes;
    };
    expect(await deliver(1)).toEqual(["retry"]);
    expect(stored).toHaveLength(0);
    directus.state.down = false;
    expect(await deliver(2)).toEqual(["ack"]);
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ form: "3", submission_id: message.submission.id, values: message.submission.values });
    // A redelivery of the same message is not stored twice.
    expect(await deliver(3)).toEqual(["ack"]);
    expect(stored).toHaveLength(1);
  });

  it("takes the definition from the page the visitor just saw when the form itself was never read", async () => {
    const { app, post, directus, queued, stored } = setup();
    expect((await request("/contact-sales", { app })).status).toBe(200);
    directus.state.down = true;
    const response = await post(valid);
    expect(response.status).toBe(200);
    expect(directus.count("FormByKey")).toBeGreaterThan(0);
    expect(stored).toHaveLength(0);
    expect((queued[0] as FormSubmissionMessage).submission).toMatchObject({ formId: "3", values: { name: "Ada Lovelace" } });
  });

  it("says 'An error occurred' when the queue cannot take it either", async () => {
    const { post, directus } = setup({ SUBMISSIONS: { send: async () => Promise.reject(new Error("queue down")) } });
    expect((await post(without("name"))).status).toBe(400);
    directus.state.down = true;
    const response = await post(valid);
    expect(response.status).toBe(503);
    expect(await response.json()).toMatchObject({ message: "An error occurred" });
  });
});

describe("the contact page's form", () => {
  it("renders the fields from their definitions as a plain form with native checks and the Turnstile widget", async () => {
    const directus = mockDirectus({ Page: contactPage });
    const response = await request("/contact-sales", { options: { content: { fetch: directus.fetch } } });
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toMatch(/<form [^>]*action="\/api\/forms\/contact-sales" method="post">/);
    expect(html).toMatch(/<input id="form-contact-sales-name" type="text"[^>]*required=""[^>]*maxLength="120"[^>]*name="name"/);
    expect(html).toContain('name="email"');
    expect(html).toMatch(/<select[^>]*name="topic"/);
    expect(html).toMatch(/<textarea[^>]*name="message"/);
    expect(html).toContain('<input type="hidden" name="origin" value="contact-page"/>');
    expect(html).toContain(`data-sitekey="${turnstileTestKeys.siteKeyPasses}"`);
    const nonce = /nonce="([^"]+)"/.exec(html)?.[1];
    expect(html).toContain(`<script src="https://challenges.cloudflare.com/turnstile/v0/api.js" async defer nonce="${nonce}"></script>`);
    expect(textOf(html)).toContain("Model size, token budget, dates.");
    expect(textOf(html)).toContain("This form needs JavaScript for its check that you are not a robot.");
  });

  it("shows the outcome of a plain post: field messages, a refusal, the success message", async () => {
    const directus = mockDirectus({ Page: contactPage });
    const open = async (query: string) =>
      textOf(await (await request(`/contact-sales?${query}`, { options: { content: { fetch: directus.fetch } } })).text());
    const invalid = await open(`form-contact-sales=${encodeURIComponent("invalid:name.required,gpus.pattern")}`);
    expect(invalid).toContain("This field is required");
    expect(invalid).toContain("A number of GPUs, like 64");
    expect(await open("form-contact-sales=verification_unavailable")).toContain("could not be done right now, so nothing was sent");
    expect(await open("form-contact-sales=success")).toContain(contactForm.success_message);
  });

  it("loads the Turnstile script only on pages with a form", async () => {
    const response = await request("/");
    expect(await response.text()).not.toMatch(/<script src="[^"]*turnstile/);
  });

  it("keeps a per-request nonce, since the Turnstile script is another site's: every page-cache answer carries its request's own", async () => {
    const app = createApp({ content: { fetch: mockDirectus({ Page: contactPage }).fetch } });
    const workerEnv = { ...env, ...testSecrets };
    /** The nonce of the answer's policy, after checking that every script of its page carries it. */
    const nonceOf = async (response: Response) => {
      expect(response.status).toBe(200);
      const nonce = /'nonce-([^']+)'/.exec(response.headers.get("content-security-policy") ?? "")?.[1];
      expect(nonce, "a nonce in the policy").toBeTruthy();
      const html = await response.text();
      const scripts = html.match(/<script\b[^>]*>/g) ?? [];
      expect(scripts.some((tag) => tag.includes("turnstile"))).toBe(true);
      for (const tag of scripts) expect(tag).toContain(` nonce="${nonce}"`);
      return { nonce: nonce!, page: html.replaceAll(nonce!, "") };
    };
    // A burst of first requests: rendered once, the others replay it with their own nonce.
    const burst = await Promise.all(Array.from({ length: 3 }, () => request("/contact-sales", { app })));
    expect(burst.map((response) => response.headers.get("x-page-cache")).sort()).toEqual(["HIT", "HIT", "MISS"]);
    const answers = await Promise.all(burst.map(nonceOf));
    // A hit through the app (the Cache API or memory), and one before the app.
    answers.push(await nonceOf(await request("/contact-sales", { app })));
    const { servePageFromMemory } = await import("../../middleware/page-cache");
    const { surelyNotRedirected } = await import("../redirects/store.server");
    const fast = servePageFromMemory(new Request("http://localhost:3000/contact-sales"), workerEnv, surelyNotRedirected);
    expect(fast?.headers.get("x-page-cache")).toBe("HIT");
    answers.push(await nonceOf(fast!));
    expect(new Set(answers.map((answer) => answer.nonce)).size).toBe(answers.length);
    expect(new Set(answers.map((answer) => answer.page)).size).toBe(1); // the same page otherwise
  });
});
