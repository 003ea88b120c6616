import { afterAll, describe, expect, inject, it } from "vitest";
import { DEFAULTS, createApi } from "../../../cms/scripts/lib.mjs";
import { eventually } from "../../../test/support/eventually";
import { turnstileTestKeys } from "../../../test/support/turnstile-fake";

/**
 * A form submission while Directus is stopped: the visitor is thanked, the worker queues the
 * submission, and once Directus is back the queue's consumer stores it, values intact.
 */
const site = inject("faultSiteUrl");
const control = inject("faultControlUrl");
const admin = createApi(inject("faultCmsUrl"), DEFAULTS.DIRECTUS_ADMIN_TOKEN);
const stamp = Date.now().toString(36);

async function cms(action: "stop" | "start") {
  const response = await fetch(`${control}/cms/${action}`, { method: "POST", signal: AbortSignal.timeout(10 * 60_000) }); // a hang guard: a restart waits its turn to start
  expect(response.status, await response.text()).toBe(200);
}

afterAll(() => cms("start")); // whatever happened, the next file finds Directus running

describe("a form submitted while Directus is down", () => {
  it("is accepted, queued and stored once Directus is back", async () => {
    // The visitor opens the contact page while Directus is up (its content is cached).
    expect((await fetch(`${site}/contact-sales`)).status).toBe(200);
    await cms("stop");
    const message = `Sent during the outage (${stamp}).`;
    const response = await fetch(`${site}/api/forms/contact-sales`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Accept: "application/json" },
      body: new URLSearchParams([
        ["name", "Grace Hopper"],
        ["email", "grace@example.com"],
        ["topic", "large-cluster"],
        ["message", message],
        ["consent", "on"],
        ["origin", "contact-sales-page"],
        ["source-page", "/contact-sales"],
        ["cf-turnstile-response", turnstileTestKeys.dummyToken],
      ]),
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ outcome: "success" });

    await cms("start");
    // The consumer retries with backoff (10 s, then 20 s, …): bounded polling, no fixed wait.
    const [stored] = await eventually(
      async () => {
        const rows = (await admin(
          "GET",
          `/items/form_submissions?${new URLSearchParams({ fields: "values,source_page,form.key", sort: "-date_created", limit: "100" })}`,
        )) as { values: Record<string, unknown>; source_page: string; form: { key: string } }[];
        const matching = rows.filter((row) => JSON.stringify(row.values).includes(stamp)); // Directus cannot filter inside JSON
        return matching.length ? matching : null;
      },
      { timeoutMs: 120_000, intervalMs: 500, what: "the submission stored" },
    );
    expect(stored).toMatchObject({
      form: { key: "contact-sales" },
      source_page: "/contact-sales",
      values: { name: "Grace Hopper", message, consent: true },
    });
  }, 200_000);
});
