import { describe, expect, inject, it } from "vitest";
import { hasChromium } from "./chromium.ts";
import { hasJava, validateHtml, type HtmlDocument } from "../support/nu-html-checker.ts";
import { allPages, onePagePerTemplate, previewCookie, sitemapPaths } from "./site-pages.ts";

const baseUrl = inject("baseUrl");

/**
 * Valid HTML by the W3C Nu HTML Checker: every page of the sitemap, the search and 404 screens,
 * the contact form's states after a plain post, and pages as an editor previews them (preview bar, visual-editing markers). The 500 screen is
 * checked by the fault tests, where Directus can be stopped.
 */
describe.skipIf(!hasChromium() || !hasJava())("HTML validity (Nu HTML Checker)", () => {
  it("finds no error on any page, the error screens or an editor's preview", async () => {
    const paths = await allPages(baseUrl);
    const documents: HtmlDocument[] = [];
    for (const path of paths) {
      const response = await fetch(baseUrl + path);
      documents.push({ name: `${path} (${response.status})`, html: await response.text() });
    }
    // The contact form after a plain post: field messages, a refused check, the thank-you.
    for (const outcome of ["invalid:name.required,email.invalid,gpus.pattern,consent.required", "verification_failed", "success"]) {
      const path = `/contact-sales?form-contact-sales=${encodeURIComponent(outcome)}`;
      const response = await fetch(baseUrl + path);
      documents.push({ name: `${path} (${response.status})`, html: await response.text() });
    }
    const templates = onePagePerTemplate(await sitemapPaths(baseUrl));
    // A docs page's feedback widget after a plain post (thanks, refused), and a filtered changelog.
    for (const path of [
      `${templates.get("doc")}?feedback=thanks`,
      `${templates.get("apiOperation")}?feedback=invalid`,
      "/changelog?product=gpu-clusters&kind=new",
    ]) {
      const response = await fetch(baseUrl + path);
      documents.push({ name: `${path} (${response.status})`, html: await response.text() });
    }
    const cookie = await previewCookie(baseUrl);
    for (const path of ["/", templates.get("post")!, templates.get("doc")!]) {
      const response = await fetch(baseUrl + path, { headers: { cookie } });
      const html = await response.text();
      expect(html).toContain("Exit preview"); // really the editor's page, with the preview bar
      documents.push({ name: `${path} (preview)`, html });
    }
    expect(documents.length).toBeGreaterThan(50);

    const problems = validateHtml(documents).map(
      (problem) => `${problem.document}:${problem.line ?? "?"} ${problem.message} ${problem.extract ?? ""}`,
    );
    expect(problems).toEqual([]);
  }, 120_000);
});
