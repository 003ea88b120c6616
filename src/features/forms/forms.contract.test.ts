import { describe, expect, inject, it } from "vitest";
import { DEFAULTS, createApi } from "../../../cms/scripts/lib.mjs";
import { eventually } from "../../../test/support/eventually";
import { turnstileTestKeys } from "../../../test/support/turnstile-fake";

/**
 * Forms end to end: the seeded contact form on its page, a submission through the built worker
 * (a local Turnstile answering like Cloudflare's test keys) stored in Directus with its values,
 * the notification flow's mail, and a failed check that stores nothing and says why.
 */
const site = inject("contractSiteUrl");
const cms = inject("contractCmsUrl");
const admin = createApi(cms, DEFAULTS.DIRECTUS_ADMIN_TOKEN);
const stamp = Date.now().toString(36);

const fields = (message: string, token: string | null): [string, string][] => [
  ["name", "Ada Lovelace"],
  ["email", "ada@example.com"],
  ["topic", "pricing"],
  ["gpus", "64"],
  ["message", message],
  ["consent", "on"],
  ["origin", "contact-sales-page"],
  ["source-page", "/contact-sales"],
  ...(token ? ([["cf-turnstile-response", token]] as [string, string][]) : []),
];

const submit = (body: [string, string][], json = true) =>
  fetch(`${site}/api/forms/contact-sales`, {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded", ...(json ? { Accept: "application/json" } : {}) },
    body: new URLSearchParams(body),
  });

/** The latest submissions whose values contain `message` (Directus cannot filter inside JSON). */
const storedWith = async (message: string) =>
  (
    (await admin(
      "GET",
      `/items/form_submissions?${new URLSearchParams({ fields: "id,form.key,values,source_page,submission_id", sort: "-date_created", limit: "100" })}`,
    )) as { id: number; form: { key: string }; values: Record<string, unknown>; source_page: string; submission_id: string }[]
  ).filter((row) => JSON.stringify(row.values).includes(message));

describe("forms on the site", () => {
  it("renders the contact form from its fields, with the Turnstile widget", async () => {
    const html = await (await fetch(`${site}/contact-sales`)).text();
    expect(html).toMatch(/<form [^>]*action="\/api\/forms\/contact-sales"( encType="multipart\/form-data")? method="post">/);
    for (const name of ["name", "email", "company", "topic", "gpus", "message", "reply_by", "consent", "origin"])
      expect(html).toContain(`name="${name}"`);
    expect(html).toContain(`data-sitekey="${turnstileTestKeys.siteKeyPasses}"`);
    expect(html).toMatch(/<script src="http:\/\/127\.0\.0\.1:\d+\/api\.js" async defer nonce="/);
  });

  it("stores a submission with its values, and Directus e-mails the form's address", async () => {
    const message = `We need 64 GPUs in March (${stamp}).`;
    const response = await submit(fields(message, turnstileTestKeys.dummyToken));
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ outcome: "success" });
    const [stored] = await storedWith(stamp);
    expect(stored).toMatchObject({
      form: { key: "contact-sales" },
      source_page: "/contact-sales",
      values: {
        name: "Ada Lovelace",
        email: "ada@example.com",
        topic: "pricing",
        gpus: "64",
        message,
        consent: true,
        company: "",
        reply_by: "",
      },
    });
    const [flow] = (await admin("GET", `/flows?filter[name][_eq]=${encodeURIComponent("Notify about a form submission")}`)) as {
      id: string;
    }[];
    const run = await eventually(async () => {
      const runs = (await admin(
        "GET",
        `/activity?${new URLSearchParams({ filter: JSON.stringify({ collection: { _eq: "directus_flows" }, item: { _eq: flow!.id } }), fields: "revisions.data", sort: "-timestamp", limit: "20" })}`,
      )) as {
        revisions: {
          data: {
            data: { $trigger: { payload: { submission_id: string } } };
            steps: { key: string; status: string; options: { to: string[] } }[];
          };
        }[];
      }[];
      return runs
        .map((entry) => entry.revisions[0]?.data)
        .find((data) => data?.data.$trigger.payload.submission_id === stored!.submission_id);
    });
    const mail = run.steps.find((step) => step.key === "mail");
    expect(mail).toMatchObject({ status: "resolve", options: { to: ["sales@meridian.example"] } });
  });

  it("stores nothing when the Turnstile check fails, and says why", async () => {
    const response = await submit(fields(`Forged ${stamp}`, "not-a-turnstile-token"));
    expect(response.status).toBe(403);
    expect(await response.json()).toMatchObject({
      outcome: "verification_failed",
      message: "We could not confirm that you are not a robot, so nothing was sent. Please try again.",
    });
    // Without a token (no widget ran), a plain post is sent back to the page with the reason.
    const plain = await submit(fields(`No token ${stamp}`, null), false);
    expect(plain.status).toBe(303);
    expect(plain.headers.get("location")).toBe("/contact-sales?form-contact-sales=verification_missing#form-contact-sales");
    const page = await (await fetch(site + plain.headers.get("location"))).text();
    expect(page).toContain("Please complete the check that you are not a robot, then send the form again.");
    expect(await storedWith(`Forged ${stamp}`)).toEqual([]);
    expect(await storedWith(`No token ${stamp}`)).toEqual([]);
  });
});
