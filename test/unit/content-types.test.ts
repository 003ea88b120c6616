import { readFileSync } from "node:fs";
import { buildSchema, parse as parseGraphql, validate } from "graphql";
import { parse } from "yaml";
import { describe, expect, it } from "vitest";
import { OPEN_COLLECTIONS, POLICY_RULES, PUBLISH_TIME_FIELDS, ROUTED_COLLECTIONS, STATUS_COLLECTIONS } from "../../cms/scripts/setup.mjs";
import { cmsContentType } from "../../src/content/content-type.server";
import { scheduledPublicationsQuery } from "../../src/content/scheduled-publications";
import { contentTypes } from "../../src/app/content-types.server";

/**
 * One descriptor per CMS content type (listed by its feature's face, collected in
 * src/app/content-types.server.ts): the lists of the worker and of the CMS set-up follow from it. The CMS set-up is plain Node
 * and reads the descriptors' data from cms/scripts/content-types.json, written from the
 * registry: after adding or changing a type, `npm exec -- vitest run --project unit
 * test/unit/content-types.test.ts -u` rewrites it.
 */
describe("content types", () => {
  const collections = (filter: (type: (typeof contentTypes)[number]) => unknown) =>
    contentTypes.filter(filter).map((type) => type.collection);

  it("the CMS set-up reads the registry's data (cms/scripts/content-types.json)", async () => {
    await expect(`${JSON.stringify(contentTypes.map(cmsContentType), null, 2)}\n`).toMatchFileSnapshot(
      "../../cms/scripts/content-types.json",
    );
  });

  it("each collection is described once", () => {
    const names = collections(() => true);
    expect(new Set(names).size).toBe(names.length);
  });

  it("the CMS set-up's lists are the registry's", () => {
    expect(STATUS_COLLECTIONS).toEqual(expect.arrayContaining(collections((type) => type.status)));
    expect(OPEN_COLLECTIONS).toEqual(expect.arrayContaining(collections((type) => !type.status)));
    expect(ROUTED_COLLECTIONS).toEqual(collections((type) => type.previewPath));
    expect(PUBLISH_TIME_FIELDS).toEqual(
      Object.fromEntries(contentTypes.flatMap((type) => (type.publishTimeField ? [[type.collection, type.publishTimeField]] : []))),
    );
  });

  it("the collections the set-up treats as published-only have a status in the schema, and the open ones none", () => {
    const snapshot = parse(readFileSync("cms/schema/snapshot.yaml", "utf8")) as { fields: { collection: string; field: string }[] };
    const withStatus = new Set(snapshot.fields.filter((field) => field.field === "status").map((field) => field.collection));
    for (const collection of STATUS_COLLECTIONS) expect(withStatus.has(collection), collection).toBe(true);
    for (const collection of OPEN_COLLECTIONS) expect(withStatus.has(collection), collection).toBe(false);
    for (const collection of Object.keys(PUBLISH_TIME_FIELDS)) expect(STATUS_COLLECTIONS).toContain(collection);
  });

  it("the schema snapshot has Live Preview on the types that say so, and content versions on everything the site shows", () => {
    const snapshot = parse(readFileSync("cms/schema/snapshot.yaml", "utf8")) as {
      collections: { collection: string; meta: { preview_url: string | null; versioning: boolean } | null }[];
    };
    // A release's preview URL opens the whole site in it, not one item's page.
    const withPreview = snapshot.collections
      .filter((collection) => collection.meta?.preview_url && !collection.meta.preview_url.includes("release={{id}}"))
      .map((collection) => collection.collection);
    const versioned = snapshot.collections.filter((collection) => collection.meta?.versioning).map((collection) => collection.collection);
    expect(withPreview.sort()).toEqual(collections((type) => type.previewPath).sort());
    // A release changes any item the site shows through its content version named after the release.
    const shown = POLICY_RULES.siteReader
      .map((rule: { collection: string }) => rule.collection)
      .filter((name: string) => !name.startsWith("directus_"));
    expect(versioned.sort()).toEqual([...new Set(shown)].sort());
    for (const collection of collections((type) => type.versionedReads?.length)) expect(versioned).toContain(collection);
    for (const collection of withPreview) {
      const template = snapshot.collections.find((entry) => entry.collection === collection)!.meta!.preview_url!;
      expect(template).toContain(`collection=${collection}&`);
    }
  });

  it("the scheduled publishing query asks about every type with a publish time, and is valid", () => {
    const query = scheduledPublicationsQuery(contentTypes);
    const schema = buildSchema(readFileSync("src/content/directus.public.graphql", "utf8"));
    const document = parseGraphql(query.document);
    expect(validate(schema, document)).toEqual([]);
    const fields = document.definitions.flatMap((definition) =>
      definition.kind === "OperationDefinition"
        ? definition.selectionSet.selections.map((selection) => (selection.kind === "Field" ? selection.name.value : ""))
        : [],
    );
    expect(fields.sort()).toEqual(
      contentTypes
        .flatMap((type) => [
          ...(type.publishTimeField ? [type.collection] : []),
          ...(type.displayWindows ?? []).map((window) => window.collection),
        ])
        .sort(),
    );
  });
});
