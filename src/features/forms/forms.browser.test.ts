import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { DEFAULTS, createApi } from "../../../cms/scripts/lib.mjs";
import { hasChromium, launchChromium } from "../../../test/browser/chromium.ts";
import { openPage } from "../../../test/browser/open-page.ts";

/**
 * The seeded contact form (/contact-sales) in Chromium, with the app and without it. Cloudflare's
 * widget cannot load offline: the stack serves a local fake of its script (TURNSTILE_SCRIPT_URL,
 * test/support/turnstile-server.ts) that behaves like the widget with Cloudflare's always-passing
 * test site key, and a local siteverify answering like Cloudflare's test secret.
 */
const baseUrl = inject("baseUrl");
const admin = createApi(inject("cmsUrl"), DEFAULTS.DIRECTUS_ADMIN_TOKEN);
const stamp = Date.now().toString(36);
let browser: Browser;

/** The latest submissions whose values contain `text` (Directus cannot filter inside JSON). */
const storedWith = async (text: string) =>
  (
    (await admin(
      "GET",
      `/items/form_submissions?${new URLSearchParams({ fields: "values,source_page", sort: "-date_created", limit: "100" })}`,
    )) as { values: Record<string, unknown>; source_page: string }[]
  ).filter((row) => JSON.stringify(row.values).includes(text));

/**
 * A browser context as one visitor: its own address (what the edge sends as cf-connecting-ip), so
 * the forms' rate limit (10 a minute per address) counts each test's posts apart, as for people.
 */
let visitors = 0;
const newVisitor = (options: Parameters<Browser["newContext"]>[0] = {}) =>
  browser.newContext({ ...options, extraHTTPHeaders: { ...options.extraHTTPHeaders, "cf-connecting-ip": `198.51.100.${++visitors}` } });

async function fillContactForm(page: Page, message: string) {
  const form = contactForm(page);
  await form.getByLabel("Your name").fill("Ada Lovelace");
  await form.getByLabel("Work e-mail").fill("ada@example.com");
  await form.getByLabel("What is it about?").selectOption("pricing");
  await form.getByLabel("Message").fill(message);
  await form.getByLabel("A call").check();
  await form.getByLabel("Meridian may contact me about this request.").check();
}

const contactForm = (page: Page) => page.locator("#form-contact-sales form");
/** The widget (the local fake, in test mode) has drawn itself in the form. */
const widgetShown = (form: ReturnType<typeof contactForm>) =>
  expect.poll(() => form.getByText("Testing only, always pass.").count()).toBe(1);

/** A visitor with the app: the contact form in view, its island ready. */
async function openReadyForm(width: number) {
  const context = await newVisitor({ viewport: { width, height: 900 } });
  const { page, problems } = await openPage(context, `${baseUrl}/contact-sales`);
  const form = contactForm(page);
  await form.scrollIntoViewIfNeeded();
  await page.waitForFunction(() => document.querySelector("#form-contact-sales form")?.getAttribute("data-ready") === "true");
  return { context, page, problems, form };
}

/**
 * A visitor whose browser never runs the site's scripts (blocked, or not loaded yet); the (fake)
 * Turnstile script still loads. The contact form, its widget drawn.
 */
async function openFormWithoutScripts() {
  const context = await newVisitor({ viewport: { width: 375, height: 800 } });
  await context.route(/\/static\/.*\.js$/, (route) => route.abort());
  const page = await context.newPage();
  await page.goto(`${baseUrl}/contact-sales`);
  const form = contactForm(page);
  await widgetShown(form);
  return { context, page, form };
}

describe.skipIf(!hasChromium())("the contact form in Chromium", () => {
  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it("with JavaScript: the site's messages from the shared schema, the widget in test mode, then the success message", async () => {
    const { context, page, problems, form } = await openReadyForm(1280);
    // The widget drew itself and put its test token in the form.
    await widgetShown(form);
    expect(await form.locator('input[name="cf-turnstile-response"]').inputValue()).toBe("XXXX.DUMMY.TOKEN.XXXX");

    await form.getByRole("button", { name: "Send to sales" }).click();
    await form.getByText("This field is required").first().waitFor();
    expect(await form.getByText("This field is required").count()).toBe(5); // name, e-mail, topic, message, consent
    await form.getByLabel("GPUs you need").fill("lots");
    await form.getByLabel("Work e-mail").fill("ada@");
    await form.getByRole("button", { name: "Send to sales" }).click();
    await form.getByText("A number of GPUs, like 64").waitFor();
    await form.getByText("Invalid value").waitFor();
    expect(await form.getByLabel("Work e-mail").getAttribute("aria-invalid")).toBe("true");

    const message = `With JavaScript ${stamp}`;
    await form.getByLabel("GPUs you need").fill("128");
    await fillContactForm(page, message);
    await form.getByRole("button", { name: "Send to sales" }).click();
    await page.getByText("Thank you. A solutions engineer will reply within one working day.").waitFor();
    expect(page.url()).toBe(`${baseUrl}/contact-sales`); // no navigation: the island posted it
    const [stored] = await storedWith(message);
    expect(stored).toMatchObject({
      source_page: "/contact-sales",
      values: { name: "Ada Lovelace", gpus: "128", reply_by: "call", consent: true },
    });
    expect(problems).toEqual([]);
    await context.close();
  });

  it("after a client navigation: the island loads the widget's script and sends the form", async () => {
    const context = await newVisitor({ viewport: { width: 1280, height: 900 } });
    const { page, problems } = await openPage(context, `${baseUrl}/`);
    expect(await page.locator('script[src*="api.js"]').count()).toBe(0); // no form, no Turnstile script
    await page.locator('footer a[href="/contact-sales"]').click();
    await page.waitForURL(`${baseUrl}/contact-sales`);
    const form = contactForm(page);
    await form.scrollIntoViewIfNeeded();
    await page.waitForFunction(() => document.querySelector("#form-contact-sales form")?.getAttribute("data-ready") === "true");
    await widgetShown(form);
    const message = `After a navigation ${stamp}`;
    await fillContactForm(page, message);
    await form.getByRole("button", { name: "Send to sales" }).click();
    await page.getByText("Thank you. A solutions engineer will reply within one working day.").waitFor();
    expect(await storedWith(message)).toHaveLength(1);
    expect(problems).toEqual([]);
    await context.close();
  });

  it("without the site's JavaScript: a plain form post, answered on the page it came from", async () => {
    const { context, page, form } = await openFormWithoutScripts();

    // The browser's own checks first: required fields keep an empty form from being sent.
    await form.getByRole("button", { name: "Send to sales" }).click();
    expect(await form.locator(":invalid").count()).toBeGreaterThan(0);
    expect(page.url()).toBe(`${baseUrl}/contact-sales`);

    // A browser without those checks: the server answers with the site's messages on the page.
    await form.evaluate((element: HTMLFormElement) => {
      element.noValidate = true;
    });
    await form.getByLabel("Work e-mail").fill("ada@");
    await Promise.all([page.waitForURL(/form-contact-sales=invalid/), form.getByRole("button", { name: "Send to sales" }).click()]);
    const refused = contactForm(page);
    await refused.getByText("Invalid value").waitFor();
    expect(await refused.getByText("This field is required").count()).toBeGreaterThan(0);
    expect(await refused.getByRole("alert").textContent()).toBe("Please check the highlighted fields.");

    const message = `Without JavaScript ${stamp}`;
    await widgetShown(refused);
    await fillContactForm(page, message);
    await Promise.all([page.waitForURL(/form-contact-sales=success/), refused.getByRole("button", { name: "Send to sales" }).click()]);
    await page.getByText("Thank you. A solutions engineer will reply within one working day.").waitFor();
    expect(await storedWith(message)).toHaveLength(1);
    await context.close();
  });

  it("conditional field with JavaScript: shown once a company size is chosen, then required and stored; hidden again, not stored", async () => {
    const { context, page, problems, form } = await openReadyForm(1280);
    const spend = form.getByLabel("Expected monthly spend");
    expect(await spend.isVisible()).toBe(false);
    await form.getByLabel("Company size").selectOption("51-500");
    await spend.waitFor({ state: "visible" });
    const message = `Conditional with JavaScript ${stamp}`;
    await fillContactForm(page, message);
    await form.getByRole("button", { name: "Send to sales" }).click();
    await form.getByText("This field is required").waitFor();
    expect(await spend.getAttribute("aria-invalid")).toBe("true");
    // Hidden again: no longer required, and not sent.
    await form.getByLabel("Company size").selectOption("");
    await spend.waitFor({ state: "hidden" });
    await form.getByLabel("Company size").selectOption("1-50");
    await spend.selectOption("10k-100k");
    await form.getByRole("button", { name: "Send to sales" }).click();
    await page.getByText("Thank you. A solutions engineer will reply within one working day.").waitFor();
    const [stored] = await storedWith(message);
    expect(stored?.values).toMatchObject({ company_size: "1-50", monthly_spend: "10k-100k", architecture: "" });
    expect(problems).toEqual([]);
    await context.close();
  });

  it("conditional field without the site's JavaScript: CSS shows it, the server ignores it while hidden", async () => {
    const { context, page, form } = await openFormWithoutScripts();
    const spend = form.getByLabel("Expected monthly spend");
    expect(await spend.isVisible()).toBe(false);
    await form.getByLabel("Company size").selectOption("501+");
    expect(await spend.isVisible()).toBe(true);
    // Shown but left empty: the server's message on the page.
    const message = `Conditional without JavaScript ${stamp}`;
    await fillContactForm(page, message);
    await Promise.all([page.waitForURL(/form-contact-sales=invalid/), form.getByRole("button", { name: "Send to sales" }).click()]);
    // The answer does not keep the choice that showed it, so a field with a message stays in view.
    const refused = contactForm(page);
    await refused.getByText("This field is required").waitFor();
    expect(await refused.getByLabel("Expected monthly spend").isVisible()).toBe(true);
    expect(await storedWith(message)).toEqual([]);
    // A value chosen while shown, then hidden again, is not stored.
    await page.goto(`${baseUrl}/contact-sales`);
    const again = contactForm(page);
    await widgetShown(again);
    await fillContactForm(page, message);
    await again.getByLabel("Company size").selectOption("501+");
    await again.getByLabel("Expected monthly spend").selectOption("over-100k");
    await again.getByLabel("Company size").selectOption("");
    expect(await again.getByLabel("Expected monthly spend").isVisible()).toBe(false);
    await Promise.all([page.waitForURL(/form-contact-sales=success/), again.getByRole("button", { name: "Send to sales" }).click()]);
    const [stored] = await storedWith(message);
    expect(stored?.values).not.toHaveProperty("monthly_spend");
    await context.close();
  });

  it("uploads a file with JavaScript: a wrong kind is refused under the field, a PDF is stored behind a signed link", async () => {
    const { context, page, problems, form } = await openReadyForm(1280);
    await widgetShown(form);
    const message = `Upload with JavaScript ${stamp}`;
    await fillContactForm(page, message);
    const upload = form.getByLabel("Architecture diagram");
    await upload.setInputFiles({
      name: "diagram.pdf",
      mimeType: "application/pdf",
      buffer: Buffer.from("<html><script>alert(1)</script>"),
    });
    await form.getByRole("button", { name: "Send to sales" }).click();
    await form.getByText("This kind of file is not accepted").waitFor();
    expect(await storedWith(message)).toEqual([]);
    const pdf = Buffer.concat([Buffer.from("%PDF-1.7\n"), Buffer.alloc(4000, 0x20)]);
    await upload.setInputFiles({ name: "diagram.pdf", mimeType: "application/pdf", buffer: pdf });
    await widgetShown(form);
    await form.getByRole("button", { name: "Send to sales" }).click();
    await page.getByText("Thank you. A solutions engineer will reply within one working day.").waitFor();
    const [stored] = await storedWith(message);
    const link = String(stored?.values.architecture);
    expect(link).toMatch(/\/api\/forms\/uploads\/contact-sales\/[0-9a-f-]{36}\/architecture\?expires=\d+&signature=/);
    const file = await fetch(new URL(new URL(link).pathname + new URL(link).search, baseUrl));
    expect(file.status).toBe(200);
    expect(file.headers.get("content-type")).toBe("application/pdf");
    expect(Buffer.from(await file.arrayBuffer()).equals(pdf)).toBe(true);
    expect((await fetch(new URL(new URL(link).pathname, baseUrl))).status).toBe(403);
    // The browser reports the refusal of the first file, and nothing else.
    expect(problems).toEqual([
      `400 ${baseUrl}/api/forms/contact-sales`,
      "Failed to load resource: the server responded with a status of 400 (Bad Request)",
    ]);
    await context.close();
  });

  it("uploads a file without the site's JavaScript: a multipart post, stored behind a signed link", async () => {
    const { context, page, form } = await openFormWithoutScripts();
    expect(await form.getAttribute("enctype")).toBe("multipart/form-data");
    const message = `Upload without JavaScript ${stamp}`;
    await fillContactForm(page, message);
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]);
    await form.getByLabel("Architecture diagram").setInputFiles({ name: "diagram.png", mimeType: "image/png", buffer: png });
    await Promise.all([page.waitForURL(/form-contact-sales=success/), form.getByRole("button", { name: "Send to sales" }).click()]);
    const [stored] = await storedWith(message);
    const link = new URL(String(stored?.values.architecture));
    const file = await fetch(new URL(link.pathname + link.search, baseUrl));
    expect(file.headers.get("content-type")).toBe("image/png");
    await context.close();
  });

  it("with JavaScript off entirely: it says the check needs JavaScript, and a post stores nothing", async () => {
    const context = await newVisitor({ viewport: { width: 1280, height: 900 }, javaScriptEnabled: false });
    const { page } = await openPage(context, `${baseUrl}/contact-sales`, { hydrate: false });
    const form = contactForm(page);
    // Playwright's text matching skips <noscript>: read it as text.
    expect(await form.locator("noscript p").textContent()).toContain("This form needs JavaScript for its check that you are not a robot.");
    expect(await form.getByRole("link", { name: "sales@meridian.example" }).count()).toBe(1);
    const message = `No JavaScript at all ${stamp}`;
    await fillContactForm(page, message);
    await Promise.all([
      page.waitForURL(/form-contact-sales=verification_missing/),
      form.getByRole("button", { name: "Send to sales" }).click(),
    ]);
    await page.getByText("Please complete the check that you are not a robot, then send the form again.").waitFor();
    expect(await storedWith(message)).toEqual([]);
    await context.close();
  });
});
