import { readFileSync } from "node:fs";
import { parse } from "yaml";
import { describe, expect, it } from "vitest";
import { BLOCK_COLLECTIONS } from "../../cms/scripts/setup.mjs";
import { blockRegistry } from "../../src/features/pages/blocks/registry";

/**
 * A block type lives in three places that must agree: the site's registry (how it renders), the
 * CMS schema (which collections a page's and a section's many-to-any `blocks` allow) and the
 * CMS set-up (permissions and the revalidation webhook). A new block type missing from one of
 * them fails here, not in front of an editor.
 */
describe("block types", () => {
  const snapshot = parse(readFileSync("cms/schema/snapshot.yaml", "utf8")) as {
    relations: { collection: string; field: string; meta: { one_allowed_collections: string[] | null } | null }[];
  };
  const allowed = (junction: string) =>
    snapshot.relations.find((relation) => relation.collection === junction && relation.field === "item")?.meta?.one_allowed_collections ??
    [];

  it("the CMS set-up grants and watches exactly the registry's block collections", () => {
    expect([...BLOCK_COLLECTIONS].sort()).toEqual([...blockRegistry.keys()].sort());
  });

  it("a section may hold every block type, and a page every block type and sections", () => {
    expect([...allowed("sections_blocks")].sort()).toEqual([...blockRegistry.keys()].sort());
    expect([...allowed("pages_blocks")].sort()).toEqual([...blockRegistry.keys(), "sections"].sort());
  });
});
