import { readFileSync } from "node:fs";
import { parse } from "yaml";
import { describe, expect, it } from "vitest";
import { BLOCK_COLLECTIONS } from "../../../../cms/scripts/setup.mjs";
import { blockRegistry } from "./registry";
import { blockFolders } from "../../../../test/support/block-folders";
import type { Fields } from "./fields.mjs";

/**
 * A block type is one folder (src/features/pages/blocks/<block>/: its view and its CMS side,
 * `cms.mjs`) and one line in the registry. The CMS schema snapshot, which Directus applies, must
 * still hold its collection and fields with the editors' settings: these checks keep the snapshot
 * and the folders in step, so a block missing on either side fails here, not in front of an editor.
 */
describe("block types", () => {
  const snapshot = parse(readFileSync("cms/schema/snapshot.yaml", "utf8")) as {
    collections: { collection: string }[];
    fields: { collection: string; field: string; type: string }[];
    relations: {
      collection: string;
      field: string;
      related_collection: string | null;
      meta: { one_allowed_collections: string[] | null } | null;
    }[];
  };
  const allowed = (junction: string) =>
    snapshot.relations.find((relation) => relation.collection === junction && relation.field === "item")?.meta?.one_allowed_collections ??
    [];
  const registered = [...blockRegistry.keys()].sort();

  /** The snapshot's fields of a collection as a block folder writes them: name → `type` or `type -> collection`. */
  const snapshotFields = (collection: string) =>
    Object.fromEntries(
      snapshot.fields
        .filter((field) => field.collection === collection)
        .map((field) => {
          const related = snapshot.relations.find(
            (relation) => relation.collection === collection && relation.field === field.field,
          )?.related_collection;
          return [field.field, related ? `${field.type} -> ${related}` : field.type];
        }),
    );

  it("every block folder is in the registry, and every registered block has a folder", () => {
    expect(blockFolders.map((block) => block.collection).sort()).toEqual(registered);
  });

  it("the snapshot has a collection for every block folder's collections, and no block collection without a folder", () => {
    const owned = blockFolders.flatMap((block) => Object.keys(block.cmsFields)).sort();
    expect(blockFolders.every((block) => block.collection in block.cmsFields)).toBe(true);
    const inSnapshot = snapshot.collections.map((collection) => collection.collection).filter((name) => name.startsWith("block_"));
    expect(inSnapshot.sort()).toEqual(owned);
  });

  it("each block collection's fields, types and relations are the same in its folder and in the snapshot", () => {
    for (const block of blockFolders) {
      for (const [collection, fields] of Object.entries(block.cmsFields)) {
        expect(snapshotFields(collection), `${block.folder}/cms.mjs: ${collection}`).toEqual(fields);
      }
    }
  });

  /** The fields a declaration reads of related collections (`one`, `many`, at any depth): collection, field, declared type. */
  const relatedFields = (fields: Fields): [string, string, string][] =>
    Object.values(fields).flatMap((field) => {
      if ((field.kind !== "one" && field.kind !== "many") || field.fields.kind === "given") return [];
      const collection = field.kind === "one" ? field.type.split(" -> ")[1]! : field.collection;
      const nested = field.fields as Fields;
      return [
        ...Object.entries(nested).map(([name, nestedField]): [string, string, string] => [collection, name, nestedField.type]),
        ...relatedFields(nested),
      ];
    });

  it("the fields a block reads of related collections (a price list, an experiment's variants) have the snapshot's types", () => {
    const related = blockFolders.flatMap((block) => Object.values(block.fields).flatMap(relatedFields));
    expect(related.length).toBeGreaterThan(0);
    for (const [collection, field, type] of related) expect(snapshotFields(collection)[field], `${collection}.${field}`).toBe(type);
  });

  it("each block's sample sets only fields its collection has", () => {
    for (const block of blockFolders) {
      const { item, shows } = block.sample({ stamp: "x", plan: 1, image: "00000000-0000-0000-0000-000000000000" });
      expect(shows, block.folder).not.toBe("");
      for (const field of Object.keys(item)) expect(block.cmsFields[block.collection], `${block.folder}: ${field}`).toHaveProperty(field);
    }
  });

  it("a section may hold every block type, and a page every block type and sections", () => {
    expect([...allowed("sections_blocks")].sort()).toEqual(registered);
    expect([...allowed("pages_blocks")].sort()).toEqual([...registered, "sections"].sort());
  });

  it("the CMS set-up grants and watches exactly the registry's block collections (it reads them from the snapshot)", () => {
    expect([...BLOCK_COLLECTIONS].sort()).toEqual(registered);
  });
});
