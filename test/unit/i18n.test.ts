import { describe, expect, it } from "vitest";
import en from "../../locales/en.json";
import { interpolate, t } from "../../src/i18n";

describe("translations", () => {
  it("nest exactly one level: namespace -> key -> string", () => {
    for (const [namespace, entries] of Object.entries(en)) {
      expect(typeof entries, namespace).toBe("object");
      for (const [key, value] of Object.entries(entries)) expect(typeof value, `${namespace}.${key}`).toBe("string");
    }
  });

  it("carry the spec's error texts letter for letter", () => {
    expect(t("errors.meta_title_404")).toBe("Page not found");
    expect(t("errors.meta_title_500")).toBe("An error occurred");
    expect(t("errors.title_404")).toBe("Page doesn't exist");
    expect(t("errors.title_500")).toBe("The server could not load the page");
    expect(t("errors.title_with_code", { code: 418 })).toBe("Error 418");
    expect(t("errors.link_to_main")).toBe("Back to main page");
    expect(t("errors.try_again")).toBe("Try again");
    const description = `${t("errors.description_500_start")} ${t("errors.description_500_link")}${t("errors.description_500_end")}`;
    expect(description).toBe("We are already working on this. Please try refreshing the page.");
  });

  it("fills {name} placeholders and leaves unknown ones visible", () => {
    expect(interpolate("Hello {name}, {missing}", { name: "Ada" })).toBe("Hello Ada, {missing}");
    expect(t("footer.copyright", { year: 2026, name: "Meridian Cloud" })).toBe("© 2026 Meridian Cloud. All rights reserved.");
  });
});

describe("plurals", () => {
  it("read 'open role' for one and 'open roles' otherwise", async () => {
    const { plural } = await import("../../src/i18n/plural");
    expect(plural("careers.count", 1)).toBe("1 open role");
    expect(plural("careers.count", 0)).toBe("0 open roles");
    expect(plural("careers.count", 25)).toBe("25 open roles");
  });
});
