import { readFileSync } from "node:fs";
import { buildSchema, parse, validate } from "graphql";
import { describe, expect, it } from "vitest";
import { previewReleaseQuery } from "./release-query";

describe("the preview's release read", () => {
  it("is valid against the CMS's admin schema (the Preview role reads releases)", () => {
    const schema = buildSchema(readFileSync("src/content/directus.admin.graphql", "utf8"));
    expect(validate(schema, parse(previewReleaseQuery.document)).map((error) => error.message)).toEqual([]);
  });

  it("is not among the site's public reads", () => {
    const schema = buildSchema(readFileSync("src/content/directus.public.graphql", "utf8"));
    expect(validate(schema, parse(previewReleaseQuery.document)).length).toBeGreaterThan(0);
  });
});
