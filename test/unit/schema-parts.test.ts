import { readFileSync } from "node:fs";
import { parse } from "yaml";
import { describe, expect, it } from "vitest";
import { MERGE_COMMAND, mergeParts, readParts, SITE_PART, SNAPSHOT_PATH, strayItems } from "../../cms/scripts/schema-parts.mjs";
import { blockFolders } from "../support/block-folders";

/**
 * A feature owns its part of the CMS schema (src/features/<name>/cms/schema.yaml; a block type
 * its collections in src/features/pages/blocks/<block>/schema.yaml; the site the rest in
 * cms/schema/site.yaml). Directus applies one file, cms/schema/snapshot.yaml, merged from the
 * parts by cms/scripts/schema-parts.mjs: these checks keep the two in step and each collection
 * in one place.
 */
describe("the CMS schema in parts", () => {
  const parts = readParts();
  const collectionsOf = (part: (typeof parts)[number]) => (part.schema.lists.collections ?? []).map((entry) => entry.value.collection);

  it("the committed snapshot is the merge of the parts", () => {
    const committed = readFileSync(SNAPSHOT_PATH, "utf8").split("\n");
    const merged = mergeParts(parts).split("\n");
    const at = committed.findIndex((line, index) => line !== merged[index]);
    const first = at === -1 && committed.length !== merged.length ? Math.min(committed.length, merged.length) : at;
    expect(
      first === -1 ? null : { line: first + 1, committed: committed[first], merged: merged[first] },
      `${SNAPSHOT_PATH} is not the merge of the schema parts (edited by hand, or a part changed without merging): run \`${MERGE_COMMAND}\` (npm run cms:schema-parts); after editing in the admin, \`node cms/scripts/snapshot.mjs\``,
    ).toBeNull();
  });

  it("finds the site's part, the features' and every block folder's", () => {
    const files = parts.map((part) => part.file);
    expect(files).toContain(SITE_PART);
    for (const block of blockFolders) expect(files, block.folder).toContain(`src/features/pages/blocks/${block.folder}/schema.yaml`);
    expect(parts.filter((part) => part.kind === "feature").length).toBeGreaterThan(0);
    for (const part of parts) expect(collectionsOf(part).length, `${part.file} holds no collection`).toBeGreaterThan(0);
  });

  it("every collection is in exactly one part", () => {
    const partsOf = new Map<string, string[]>();
    for (const part of parts) for (const name of collectionsOf(part)) partsOf.set(name, [...(partsOf.get(name) ?? []), part.file]);
    const twice = [...partsOf].filter(([, files]) => files.length > 1).map(([name, files]) => `${name}: ${files.join(", ")}`);
    expect(twice, "collections in more than one part").toEqual([]);
  });

  it("a block folder's schema.yaml holds exactly the collections of its cms.mjs", () => {
    for (const block of blockFolders) {
      const part = parts.find((entry) => entry.file === `src/features/pages/blocks/${block.folder}/schema.yaml`);
      expect(part && collectionsOf(part).sort(), `${block.folder}/schema.yaml`).toEqual(Object.keys(block.cmsFields).sort());
    }
  });

  it("no part holds a field or relation of a collection it does not own", () => {
    expect(strayItems(parts)).toEqual([]);
  });

  it("a page's and a section's blocks allow exactly the block folders' types, in the admin's order", () => {
    const parts = readParts();
    const allowedIn = (snapshot: string) =>
      (parse(snapshot) as { relations: { collection: string; field: string; meta: { one_allowed_collections: string[] } }[] }).relations
        .filter((relation) => ["pages_blocks", "sections_blocks"].includes(relation.collection) && relation.field === "item")
        .map((relation) => relation.meta.one_allowed_collections);
    const today = allowedIn(mergeParts(parts));
    for (const allowed of today)
      expect(allowed.filter((name) => name.startsWith("block_")).sort()).toEqual(blockFolders.map((folder) => folder.collection).sort());
    // A new folder's type joins after the last block type; a folder gone takes its type along.
    const quote = parts.find((part) => part.blockType === "block_quote")!;
    const changed = [
      ...parts.filter((part) => part !== quote),
      {
        file: "src/features/pages/blocks/new-note/schema.yaml",
        kind: "block" as const,
        schema: { header: [], lists: {} },
        blockType: "block_new_note",
      },
    ];
    for (const [index, allowed] of allowedIn(mergeParts(changed)).entries()) {
      const before = today[index]!.filter((name) => name !== "block_quote");
      const lastBlock = before.findLastIndex((name) => name.startsWith("block_"));
      expect(allowed).toEqual([...before.slice(0, lastBlock + 1), "block_new_note", ...before.slice(lastBlock + 1)]);
    }
  });
});
