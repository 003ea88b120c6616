import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { illustrationNames, illustrationOf } from "./illustrations";

interface SchemaField {
  field: string;
  meta: { interface: string; options: { choices: { text: string; value: string }[] } };
  schema: { default_value: string | null };
}

const heroSchema = parse(readFileSync(new URL("./schema.yaml", import.meta.url), "utf8")) as { fields: SchemaField[] };
const field = heroSchema.fields.find((candidate) => candidate.field === "illustration")!;

describe("the hero's illustration choices", () => {
  it("are the drawings the site has, in the same order, and the CMS's default is the site's", () => {
    expect(field.meta.interface).toBe("select-dropdown");
    expect(field.meta.options.choices.map((choice) => choice.value)).toEqual([...illustrationNames]);
    expect(field.schema.default_value).toBe(illustrationOf(null));
  });

  it("each has a label of its own for the editor", () => {
    const labels = field.meta.options.choices.map((choice) => choice.text.trim());
    expect(labels.every(Boolean)).toBe(true);
    expect(new Set(labels).size).toBe(labels.length);
  });
});
