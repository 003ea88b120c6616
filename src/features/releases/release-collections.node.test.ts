import { readFileSync } from "node:fs";
import { parse } from "yaml";
import { describe, expect, it } from "vitest";
import { POLICY_RULES } from "../../../cms/scripts/setup.mjs";

describe("what a release may change", () => {
  it("is every collection the site shows (the Site reader's reads): the change's dropdown in the schema part lists exactly those", () => {
    const part = parse(readFileSync("src/features/releases/cms/schema.yaml", "utf8")) as {
      fields: { collection: string; field: string; meta: { options: { choices: { value: string }[] } } }[];
    };
    const field = part.fields.find((entry) => entry.collection === "release_changes" && entry.field === "content_collection")!;
    const shown = POLICY_RULES.siteReader
      .map((rule: { collection: string }) => rule.collection)
      .filter((name: string) => !name.startsWith("directus_"));
    expect(
      field.meta.options.choices.map((choice) => choice.value).sort(),
      "src/features/releases/cms/schema.yaml: release_changes.content_collection's choices are not the collections the site reads",
    ).toEqual([...new Set(shown)].sort());
  });
});
