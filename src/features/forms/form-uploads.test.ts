import { env } from "cloudflare:test";
import { beforeEach, describe, expect, it } from "vitest";
import { createApp } from "../../app/create-app";
import { fakeSiteverify, turnstileTestKeys } from "../../../test/support/turnstile-fake";
import { cmsPage, placement } from "../../../test/worker/fixtures/pages";
import { mockDirectus, request, resetContentState, textOf, type UpstreamCall } from "../../../test/worker/helpers";

/**
 * Forms with conditional fields, file uploads and a page to go to on success: what the worker
 * checks and in which order, what it stores (Directus' values, the private bucket), and the
 * signed links that open a stored file.
 */
beforeEach(async () => {
  await resetContentState();
  const { objects } = await env.FORM_UPLOADS.list();
  await env.FORM_UPLOADS.delete(objects.map((object) => object.key));
});

const signingKey = "test-form-uploads-signing-key";

const salesForm = (extra: Record<string, unknown> = {}) => ({
  id: 5,
  key: "sales",
  title: "Tell us about your workload",
  submit_label: "Send to sales",
  success_message: "Thank you.",
  success_redirect: null,
  fields: [
    { name: "email", type: "email", label: "Work e-mail", required: true },
    {
      name: "company_size",
      type: "select",
      label: "Company size",
      choices: [
        { value: "1-50", text: "1–50 people" },
        { value: "51-500", text: "51–500 people" },
      ],
    },
    {
      name: "monthly_spend",
      type: "select",
      label: "Expected monthly spend",
      required: true,
      show_when_field: "company_size",
      choices: [{ value: "under-10k", text: "Under 10,000 USD" }],
    },
    { name: "procurement", type: "text", label: "Procurement contact", show_when_field: "company_size", show_when_value: "51-500" },
    { name: "architecture", type: "file", label: "Architecture diagram", accept: ["pdf", "png"], max_size_mb: 1 },
  ],
  ...extra,
});

const pdf = (size = 2000) => {
  const bytes = new Uint8Array(size).fill(0x20);
  bytes.set(new TextEncoder().encode("%PDF-1.7\n"));
  return bytes;
};
const png = () => new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
const html = () => new TextEncoder().encode("<!doctype html><script>alert(1)</script>");

type Part = [string, string | File];

const validParts = (): Part[] => [
  ["email", "ada@example.com"],
  ["source-page", "/contact-sales"],
  ["cf-turnstile-response", turnstileTestKeys.dummyToken],
];

function setup(form = salesForm(), bindings: Record<string, unknown> = {}) {
  const contactPage = (call: UpstreamCall) => ({
    pages:
      call.variables.path === "/contact-sales"
        ? [
            cmsPage("/contact-sales", [
              placement(1, "block_form", { id: "9", kind: "contact_sales", title: "Write to us", text: null, email: null, form }),
            ]),
          ]
        : [],
  });
  const directus = mockDirectus({ FormByKey: () => ({ forms: [form] }), Page: contactPage });
  const stored: { values: Record<string, unknown>; submission_id: string }[] = [];
  const fetchImpl = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    if (url.pathname === "/items/form_submissions") {
      stored.push((await new Request(input, init).json()) as (typeof stored)[number]);
      return new Response(null, { status: 204 });
    }
    return directus.fetch(input, init);
  }) as typeof fetch;
  const siteverify = fakeSiteverify();
  const clock = { now: Date.UTC(2026, 10, 27, 12) };
  const app = createApp({
    pageCache: false,
    content: { fetch: fetchImpl },
    forms: { fetch: fetchImpl, siteverifyFetch: siteverify.fetch, now: () => clock.now },
  });
  const workerEnv = { FORM_UPLOADS_SIGNING_KEY: signingKey, ...bindings };
  const post = (
    parts: Part[],
    { json = true, ip = `10.2.0.${Math.floor(Math.random() * 250)}`, extraEnv = {} as Record<string, unknown> } = {},
  ) => {
    const body = new FormData();
    for (const [name, value] of parts) body.append(name, value);
    return request("/api/forms/sales", {
      app,
      method: "POST",
      redirect: "manual",
      env: { ...workerEnv, ...extraEnv },
      headers: { "CF-Connecting-IP": ip, ...(json ? { Accept: "application/json" } : {}) },
      body,
    });
  };
  const open = (link: string, extraEnv: Record<string, unknown> = {}) => {
    const url = new URL(link);
    return request(url.pathname + url.search, { app, env: { ...workerEnv, ...extraEnv } });
  };
  const bucketKeys = async () => (await env.FORM_UPLOADS.list()).objects.map((object) => object.key);
  return { app, post, open, stored, siteverify, clock, bucketKeys };
}

describe("file uploads", () => {
  it("stores a file privately by its content and puts a signed link in the submission's values", async () => {
    const { post, open, stored, bucketKeys } = setup();
    const response = await post([...validParts(), ["architecture", new File([pdf()], "../../etc/diagram v2.pdf", { type: "text/plain" })]]);
    expect(response.status).toBe(200);
    expect(stored).toHaveLength(1);
    const submission = stored[0]!;
    const key = `sales/${submission.submission_id}/architecture`;
    expect(await bucketKeys()).toEqual([key]);
    const link = submission.values.architecture as string;
    expect(link).toMatch(new RegExp(`^http://localhost:3000/api/forms/uploads/${key}\\?expires=\\d+&signature=[\\w-]{43}$`));

    const file = await open(link);
    expect(file.status).toBe(200);
    expect(file.headers.get("content-type")).toBe("application/pdf"); // its content's type, not the one declared
    expect(file.headers.get("content-disposition")).toBe('attachment; filename="diagram v2.pdf"');
    expect(file.headers.get("cache-control")).toBe("private, no-store");
    expect(file.headers.get("content-security-policy")).toMatch(/^default-src 'none'; sandbox/);
    expect(file.headers.get("x-content-type-options")).toBe("nosniff");
    expect(new Uint8Array(await file.arrayBuffer())).toEqual(pdf());

    // Anything else is refused: no signature, another signature, another file, an expired link, no key.
    const url = new URL(link);
    expect((await open(`${url.origin}${url.pathname}`)).status).toBe(403);
    const forged = new URL(link);
    forged.searchParams.set("signature", "A".repeat(43));
    expect((await open(forged.href)).status).toBe(403);
    expect(await (await open(forged.href)).text()).toBe("This link to a file is not valid.");
    expect((await open(link.replace("/architecture?", "/other?"))).status).toBe(403);
    const later = new URL(link);
    later.searchParams.set("expires", String(Number(later.searchParams.get("expires")) + 1));
    expect((await open(later.href)).status).toBe(403);
    expect((await open(link, { FORM_UPLOADS_SIGNING_KEY: "another-key" })).status).toBe(403);
  });

  it("says a link expired once its time has passed", async () => {
    const { post, open, stored, clock } = setup();
    clock.now = Date.now() - 91 * 24 * 60 * 60 * 1000; // the link was made 91 days ago: valid for 90
    expect((await post([...validParts(), ["architecture", new File([png()], "diagram.png")]])).status).toBe(200);
    const expired = await open(stored[0]!.values.architecture as string);
    expect(expired.status).toBe(410);
    expect(await expired.text()).toBe("This link to a file has expired.");
  });

  it("refuses a file whose content is not an accepted kind, whatever its name and declared type, storing nothing", async () => {
    const { post, stored, bucketKeys, siteverify } = setup();
    for (const file of [
      new File([html()], "diagram.pdf", { type: "application/pdf" }),
      new File([new Uint8Array([0xff, 0xd8, 0xff, 0xe0])], "photo.png", { type: "image/png" }), // a JPEG: not accepted here
    ]) {
      const response = await post([...validParts(), ["architecture", file]]);
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({ outcome: "invalid", errors: { architecture: "This kind of file is not accepted" } });
    }
    expect(siteverify.requests).toHaveLength(2); // read only after Turnstile passed
    expect(stored).toEqual([]);
    expect(await bucketKeys()).toEqual([]);
  });

  it("refuses a file over the field's size before spending the Turnstile token", async () => {
    const { post, stored, bucketKeys, siteverify } = setup();
    const response = await post([...validParts(), ["architecture", new File([pdf(1024 * 1024 + 1)], "big.pdf")]]);
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ errors: { architecture: "The file is too large (max 1 MB)" } });
    expect(siteverify.requests).toHaveLength(0);
    expect(stored).toEqual([]);
    expect(await bucketKeys()).toEqual([]);
  });

  it("refuses a body larger than any form takes before reading it", async () => {
    const { app } = setup();
    const response = await request("/api/forms/sales", {
      app,
      method: "POST",
      headers: {
        Accept: "application/json",
        "Content-Type": "multipart/form-data; boundary=x",
        "Content-Length": String(40 * 1024 * 1024),
      },
      body: "--x--",
    });
    expect(response.status).toBe(413);
    expect(await response.json()).toMatchObject({ outcome: "too_large" });
  });

  it("stores no file when Turnstile refuses, for a filled honeypot, or after the rate limit", async () => {
    const { post, stored, bucketKeys, siteverify } = setup(salesForm(), { FORMS_LIMITER: undefined });
    const withFile = (): Part[] => [...validParts(), ["architecture", new File([pdf()], "a.pdf")]];
    expect((await post(withFile(), { extraEnv: { TURNSTILE_SECRET_KEY: turnstileTestKeys.secretFails } })).status).toBe(403);
    expect((await post([...withFile(), ["website-address", "http://spam.example"]])).status).toBe(200);
    for (let i = 0; i < 10; i += 1) await post([["email", "not-an-address"]], { ip: "192.0.2.77" });
    const limited = await post(withFile(), { ip: "192.0.2.77" });
    expect(limited.status).toBe(429);
    expect(siteverify.requests).toHaveLength(1);
    expect(stored).toEqual([]);
    expect(await bucketKeys()).toEqual([]);
  });

  it("fails closed without the signing key: a file is not stored, a form without one still works", async () => {
    const { post, stored, bucketKeys } = setup(salesForm(), { FORM_UPLOADS_SIGNING_KEY: undefined });
    const response = await post([...validParts(), ["architecture", new File([pdf()], "a.pdf")]]);
    expect(response.status).toBe(503);
    expect(await response.json()).toMatchObject({ message: "An error occurred" });
    expect(await bucketKeys()).toEqual([]);
    expect((await post(validParts())).status).toBe(200);
    expect(stored[0]?.values).toMatchObject({ email: "ada@example.com", architecture: "" });
  });

  it("without JavaScript: a plain multipart post, and the file's message on the page", async () => {
    const { app, post } = setup();
    const refused = await post([...validParts(), ["architecture", new File([html()], "a.pdf")]], { json: false });
    expect(refused.status).toBe(303);
    const location = refused.headers.get("location")!;
    expect(location).toBe(`/contact-sales?form-sales=${encodeURIComponent("invalid:architecture.file_kind")}#form-sales`);
    expect(textOf(await (await request(location.split("#")[0]!, { app })).text())).toContain("This kind of file is not accepted");
    const tooLarge = await post([...validParts(), ["architecture", new File([pdf(2 * 1024 * 1024)], "a.pdf")]], { json: false });
    const page = await request(tooLarge.headers.get("location")!.split("#")[0]!, { app });
    expect(textOf(await page.text())).toContain("The file is too large (max 1 MB)");
  });
});

describe("conditional fields", () => {
  it("neither checks nor stores a field while its condition is false", async () => {
    const { post, stored } = setup();
    const response = await post([...validParts(), ["monthly_spend", "anything"], ["procurement", "Bob"]]);
    expect(response.status).toBe(200);
    expect(stored[0]?.values).toEqual({ email: "ada@example.com", company_size: "", architecture: "" });
  });

  it("checks and stores it while its condition holds", async () => {
    const { post, stored, siteverify } = setup();
    const missing = await post([...validParts(), ["company_size", "51-500"]]);
    expect(missing.status).toBe(400);
    expect(await missing.json()).toMatchObject({ errors: { monthly_spend: "This field is required" } });
    expect(siteverify.requests).toHaveLength(0);
    const small = await post([...validParts(), ["company_size", "1-50"], ["monthly_spend", "under-10k"], ["procurement", "Bob"]]);
    expect(small.status).toBe(200);
    expect(stored[0]?.values).toEqual({ email: "ada@example.com", company_size: "1-50", monthly_spend: "under-10k", architecture: "" });
    await post([...validParts(), ["company_size", "51-500"], ["monthly_spend", "under-10k"], ["procurement", "Bob"]]);
    expect(stored[1]?.values).toMatchObject({ monthly_spend: "under-10k", procurement: "Bob" });
  });

  it("renders every field in the HTML, conditional ones marked for the stylesheet, files as a multipart form", async () => {
    const { app } = setup();
    const page = await (await request("/contact-sales", { app })).text();
    expect(page).toMatch(/<form [^>]*action="\/api\/forms\/sales"[^>]*encType="multipart\/form-data"/);
    expect(page).toMatch(/<div data-shown-by="c0"><div><label for="form-sales-monthly_spend"/);
    expect(page).toMatch(/<div data-shown-by="c1"><div><label for="form-sales-procurement"/);
    // Every choice of the company size shows the spend; only 51–500 the procurement contact.
    expect(page).toContain('<option value="1-50" data-reveals="c0">');
    expect(page).toContain('<option value="51-500" data-reveals="c0 c1">');
    // Not natively required: the browser would refuse to send a form with a hidden required control.
    expect(page).toMatch(/<select id="form-sales-monthly_spend"(?![^>]*required)[^>]*>/);
    expect(page).toMatch(/<input id="form-sales-architecture" type="file" accept="application\/pdf,.pdf,image\/png,.png"/);
    expect(textOf(page)).toContain("PDF or PNG, up to 1 MB.");
  });
  it("keeps a conditional field with a message in view after a plain post (its answer does not keep the choice that showed it)", async () => {
    const { app } = setup();
    const query = encodeURIComponent("invalid:monthly_spend.required");
    const page = await (await request(`/contact-sales?form-sales=${query}`, { app })).text();
    expect(page).toMatch(/<div><label for="form-sales-monthly_spend"/);
    expect(page).not.toContain('data-shown-by="c0"');
    expect(page).toContain('data-shown-by="c1"');
    expect(textOf(page)).toContain("This field is required");
  });
});

describe("a page to go to on success", () => {
  it("sends the visitor there: 303 without JavaScript, its path in the JSON answer", async () => {
    const { post, stored } = setup(salesForm({ success_redirect: "/thank-you?from=sales" }));
    const plain = await post(validParts(), { json: false });
    expect(plain.status).toBe(303);
    expect(plain.headers.get("location")).toBe("/thank-you?from=sales");
    const json = await post(validParts());
    expect(await json.json()).toMatchObject({ outcome: "success", redirect: "/thank-you?from=sales" });
    expect(stored).toHaveLength(2);
    // Only after success: a refusal goes back to the form.
    const refused = await post([["email", "ada@"], ...validParts().slice(1)], { json: false });
    expect(refused.headers.get("location")).toMatch(/^\/contact-sales\?form-sales=invalid/);
  });

  it.each(["//evil.example/", "https://evil.example/thanks", "/\\evil.example", "javascript:alert(1)"])(
    "ignores %s, which is not a path of this site, and shows the message",
    async (redirect) => {
      const { post } = setup(salesForm({ success_redirect: redirect }));
      expect((await post(validParts(), { json: false })).headers.get("location")).toBe("/contact-sales?form-sales=success#form-sales");
      expect(await (await post(validParts())).json()).not.toHaveProperty("redirect");
    },
  );
});
