import { readFileSync } from "node:fs";
import { parse } from "yaml";
import { describe, expect, it } from "vitest";
import { fileKinds, formFieldTypes, maxConditionalFields, uploadCeilingMb } from "./form-schema";

/**
 * What the site knows about form fields and what editors can choose in Directus and what the
 * stylesheet can show must agree (decision 029): a type, a kind of file or a conditional field
 * number on one side only would be dropped in silence, or shown when it should be hidden.
 */
describe("form fields across the site, the CMS and the stylesheet", () => {
  const snapshot = parse(readFileSync("cms/schema/snapshot.yaml", "utf8")) as {
    fields: { collection: string; field: string; meta: { options: Record<string, unknown> | null } }[];
  };
  const options = (field: string) =>
    snapshot.fields.find((entry) => entry.collection === "form_fields" && entry.field === field)?.meta.options;
  const values = (field: string) => ((options(field)?.choices ?? []) as { value: string }[]).map((choice) => choice.value);

  it("offers editors exactly the field types and kinds of file the site handles, up to its ceiling", () => {
    expect(values("type").sort()).toEqual([...formFieldTypes].sort());
    expect(values("accept").sort()).toEqual(Object.keys(fileKinds).sort());
    expect(options("max_size_mb")).toMatchObject({ min: 1, max: uploadCeilingMb });
  });

  it("has one hiding rule in the stylesheet for every conditional field a form may have", () => {
    const css = readFileSync("src/styles/app.css", "utf8");
    const numbers = [...css.matchAll(/form:not\(:has\(\[data-reveals~="c(\d+)"\]:checked\)\) \[data-shown-by="c(\d+)"\]/g)].map((match) => {
      expect(match[1]).toBe(match[2]);
      return Number(match[1]);
    });
    expect(numbers).toEqual(Array.from({ length: maxConditionalFields }, (_, index) => index));
  });
});
