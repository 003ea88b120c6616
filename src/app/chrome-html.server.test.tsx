import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import type { MenuItem, SiteChrome } from "../content/types/site";
import { ChromeHtmlContext } from "../shell/chrome-html";
import { Shell } from "../shell/Shell";
import { SiteContext } from "../ui/site-context";
import { chromeHtmlOf } from "./chrome-html.server";

const link = (id: string, label: string, href: string | null = `/${id}`, children: MenuItem[] = []): MenuItem => ({
  id,
  label,
  href,
  children,
});

const site: SiteChrome = {
  name: "Meridian Cloud",
  year: 2026,
  stock: { ticker: "MRDN", value: 123.45, currency: "USD", changePercent: -1.25, lastUpdate: "2026-12-07T10:00:00.000Z" },
  privacyPolicyUrl: "/legal/privacy-policy",
  newsletterTopics: [{ key: "product", title: "Product news", description: "Launches & changes" }],
  menus: {
    header: [link("products", "Products", null, [link("gpu", "GPU clusters")]), link("pricing", "Pricing"), link("docs", "Docs & <API>")],
    footer: [
      link("company", "Company", null, [link("about", "About"), link("careers", "Careers"), link("nowhere", "No link", null)]),
      link("legal", "Legal", null, [link("privacy", "Privacy"), link("terms", "Terms & conditions")]),
    ],
  },
  bookingUrl: "/contact",
};

const page = (chrome: SiteChrome, withHtml: boolean) =>
  renderToString(
    <ChromeHtmlContext.Provider value={withHtml ? chromeHtmlOf(chrome) : null}>
      <SiteContext.Provider value={chrome}>
        <Shell site={chrome} path="/blog">
          <p>The page.</p>
        </Shell>
      </SiteContext.Provider>
    </ChromeHtmlContext.Provider>,
  );

describe("the shell's chrome rendered once per site chrome", () => {
  it("gives a page the same bytes as rendering the header and footer inline", () => {
    const inline = page(site, false);
    expect(inline).toContain("Terms &amp; conditions");
    expect(inline).toContain("MRDN");
    expect(page(site, true)).toBe(inline);
    const bare = { ...site, stock: null, menus: { header: [], footer: [] } };
    expect(page(bare, true)).toBe(page(bare, false));
  });

  it("renders once per site chrome object, and not at all for an editor's preview", () => {
    expect(chromeHtmlOf(site)).toBe(chromeHtmlOf(site));
    const changed = { ...site, name: "Meridian" };
    expect(chromeHtmlOf(changed)?.header).toContain("Meridian");
    expect(chromeHtmlOf(changed)).not.toBe(chromeHtmlOf(site));
    expect(chromeHtmlOf({ ...site, preview: { exitHref: "/api/preview/exit", cmsUrl: "http://cms" } })).toBeNull();
  });
});
