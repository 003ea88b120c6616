import { readFileSync } from "node:fs";
import { setAttr } from "@directus/visual-editing";
import { buildSchema, parse, validate } from "graphql";
import { describe, expect, it } from "vitest";
import { allVersionedReads } from "../../src/content/extensions.server";
import "../../src/app/content-extensions.server";
import { editAttr, type EditConfig } from "../../src/ui/editable";

describe("editAttr (the views' data-directus values)", () => {
  const configs: EditConfig[] = [
    { collection: "posts", item: "12", fields: "title" },
    { collection: "posts", item: 12, fields: ["title", "description"], mode: "popover" },
    { collection: "authors", item: "3", fields: ["first_name", "second_name"], mode: "drawer" },
    { collection: "speakers", item: "7", fields: "name", mode: "modal" },
    { collection: "docs_pages", item: "a-b_c", fields: ["body"] },
    { collection: "jobs", item: "5" },
    // Keys the library does not know are left out by both.
    { collection: "events", item: "1", fields: "title", extra: "ignored" } as EditConfig,
  ];

  it.each(configs.map((config) => [editAttr(config), config] as const))(
    "%s is what setAttr of @directus/visual-editing writes",
    (_value, config) => {
      expect(editAttr(config)).toBe(setAttr(config));
    },
  );
});

describe("content-version reads (preview only)", () => {
  const schema = buildSchema(readFileSync(new URL("../../src/content/directus.public.graphql", import.meta.url), "utf8"));

  it.each(Object.entries(allVersionedReads()).map(([name, read]) => [name, read.operation.name, read.operation.document] as const))(
    "%s's stand-in %s is valid against the Directus schema",
    (_name, _operation, document) => {
      expect(validate(schema, parse(document)).map((error) => error.message)).toEqual([]);
    },
  );
});
