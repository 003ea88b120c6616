import { readFileSync } from "node:fs";
import { pathToFileURL } from "node:url";
import { parse } from "yaml";
import { describe, expect, it } from "vitest";
import { accessModel, checkDeclaration } from "../../cms/scripts/access-rules.mjs";
import { ACCESS_JSON, accessFiles, accessJson } from "../../cms/scripts/feature-parts.mjs";
import {
  BLOCK_COLLECTIONS,
  CONTENT_COLLECTIONS,
  POLICY_RULES,
  SITE_ONLY_COLLECTIONS,
  STATUS_COLLECTIONS,
} from "../../cms/scripts/setup.mjs";
import { access as siteAccess } from "../../cms/scripts/site-access.mjs";

/**
 * The CMS access model is built from declarations: each feature's src/features/<name>/cms/access.mjs
 * (copied into cms/scripts/access.json for the image, which has no src/), the site's
 * cms/scripts/site-access.mjs, and the block types of the schema snapshot.
 */
type Rule = { collection: string; action: string; permissions: unknown; validation?: unknown; fields: string[] };
const PUBLISHED = { status: { _eq: "published" } };
const liveBy = (field: string) => ({ _and: [PUBLISHED, { _or: [{ [field]: { _null: true } }, { [field]: { _lte: "$NOW" } }] }] });
const rulesOn = (rules: Rule[], collection: string) => rules.filter((rule) => rule.collection === collection);

describe("CMS access", () => {
  it("cms/scripts/access.json is what the features declare (else run `npm run cms:parts`)", async () => {
    const written = readFileSync(ACCESS_JSON, "utf8");
    expect(written === (await accessJson()), "cms/scripts/access.json is out of date: run `npm run cms:parts` and commit it").toBe(true);
  });

  it("every collection of the schema snapshot is declared once: by one feature, the site or the block types", async () => {
    const declaredBy = new Map<string, string[]>();
    const add = (collection: string, by: string) => declaredBy.set(collection, [...(declaredBy.get(collection) ?? []), by]);
    for (const file of accessFiles()) {
      const module = await import(pathToFileURL(file).href);
      for (const collection of Object.keys(module.access)) add(collection, file);
    }
    for (const collection of Object.keys(siteAccess)) add(collection, "cms/scripts/site-access.mjs");
    for (const collection of BLOCK_COLLECTIONS) add(collection, "the block types");

    const snapshot = parse(readFileSync("cms/schema/snapshot.yaml", "utf8")) as { collections: { collection: string; schema: unknown }[] };
    const tables = snapshot.collections.filter((collection) => collection.schema).map((collection) => collection.collection);
    const twice = [...declaredBy].filter(([, by]) => by.length > 1);
    expect(twice, "declared more than once").toEqual([]);
    expect(
      tables.filter((collection) => !declaredBy.has(collection)),
      "collections of the snapshot no access declaration names",
    ).toEqual([]);
    expect(
      [...declaredBy.keys()].filter((collection) => !tables.includes(collection) && !collection.startsWith("directus_")),
      "declared collections the snapshot does not have",
    ).toEqual([]);
    // The features found by walking the folder, not by a list.
    expect(accessFiles()).toEqual(expect.arrayContaining(["src/features/forms/cms/access.mjs", "src/features/pages/cms/access.mjs"]));
  });

  it("form submissions: the Site token creates them with the listed fields only; nobody reads them", () => {
    expect(rulesOn(POLICY_RULES.site, "form_submissions")).toEqual([
      {
        collection: "form_submissions",
        action: "create",
        permissions: {},
        validation: { _and: [{ form: { _nnull: true } }, { values: { _nnull: true } }, { submission_id: { _nnull: true } }] },
        fields: ["form", "values", "source_page", "submission_id"],
      },
    ]);
    for (const policy of ["public", "siteReader", "preview"] as const)
      expect(rulesOn(POLICY_RULES[policy], "form_submissions")).toEqual([]);
  });

  it("the Public policy reads no site-only collection and writes nothing", () => {
    expect([...SITE_ONLY_COLLECTIONS].sort()).toEqual(
      [
        ...BLOCK_COLLECTIONS,
        "block_feature_grid_items",
        "sections",
        "pages_blocks",
        "sections_blocks",
        "forms",
        "form_fields",
        "directus_files",
        "experiments",
        "experiment_variants",
      ].sort(),
    );
    expect(POLICY_RULES.public.filter((rule) => SITE_ONLY_COLLECTIONS.includes(rule.collection))).toEqual([]);
    expect(POLICY_RULES.public.every((rule) => rule.action === "read")).toBe(true);
    // The Site token reads what the public reads, besides what it writes: no page parts, no files.
    expect(POLICY_RULES.site.filter((rule) => SITE_ONLY_COLLECTIONS.includes(rule.collection))).toEqual([]);
    // Webhook secrets: the Site token alone reads them.
    for (const policy of ["public", "siteReader"] as const) expect(rulesOn(POLICY_RULES[policy], "form_webhooks")).toEqual([]);
  });

  it("a status collection's read is published and live; a junction's follows its ends", () => {
    const reader = POLICY_RULES.siteReader as Rule[];
    expect(STATUS_COLLECTIONS).toEqual(expect.arrayContaining(["events", "speakers", "docs_pages", "forms", ...BLOCK_COLLECTIONS]));
    expect(rulesOn(reader, "events")).toEqual([{ collection: "events", action: "read", permissions: liveBy("publish_at"), fields: ["*"] }]);
    expect(rulesOn(reader, "posts")[0]!.permissions).toEqual(liveBy("published_at"));
    expect(rulesOn(reader, "speakers")[0]!.permissions).toEqual(PUBLISHED);
    for (const collection of STATUS_COLLECTIONS) {
      const [rule] = rulesOn(reader, collection);
      expect([PUBLISHED, liveBy("publish_at"), liveBy("published_at")], collection).toContainEqual(rule!.permissions);
    }
    expect(rulesOn(reader, "events_speakers")[0]!.permissions).toEqual({
      _and: [{ events_id: liveBy("publish_at") }, { speakers_id: PUBLISHED }],
    });
    expect(rulesOn(reader, "pages_blocks")[0]!.permissions).toEqual({
      _and: [
        { pages_id: liveBy("publish_at") },
        { _or: [{ show_from: { _null: true } }, { show_from: { _lte: "$NOW" } }] },
        { _or: [{ show_until: { _null: true } }, { show_until: { _gt: "$NOW" } }] },
      ],
    });
    // The revalidation flow watches what the site reads, files aside; the Preview role reads it all and content versions.
    expect(CONTENT_COLLECTIONS).toEqual(expect.arrayContaining(["events_speakers", "redirects", "experiments", "form_fields"]));
    expect(CONTENT_COLLECTIONS).not.toContain("directus_files");
    expect(POLICY_RULES.preview.map((rule) => rule.collection)).toEqual(
      expect.arrayContaining([...CONTENT_COLLECTIONS, "directus_files", "directus_versions"]),
    );
  });

  it("a declaration with a typo is refused, not made into a permission", () => {
    expect(() => checkDeclaration({ file: "x", access: { posts: { raed: "live" } } })).toThrow(/unknown key\(s\) raed/);
    expect(() => checkDeclaration({ file: "x", access: { a: { read: { b: { $lvie: "posts" } } } } })).toThrow(/unknown marker \$lvie/);
    expect(() => checkDeclaration({ file: "x", access: { a: { siteToken: { create: { fields: ["a"], required: ["b"] } } } } })).toThrow(
      /required/,
    );
    const declarations = JSON.parse(readFileSync(ACCESS_JSON, "utf8")).features;
    const contentTypes = JSON.parse(readFileSync("cms/scripts/content-types.json", "utf8"));
    const model = (extra: object[]) =>
      accessModel({ declarations: [...declarations, ...extra], contentTypes, blockCollections: BLOCK_COLLECTIONS });
    expect(() => model([{ file: "y", access: { speakers: { read: "open" } } }])).toThrow(/speakers is declared twice/);
    expect(() => model([{ file: "y", access: { sites: { read: "content-type" } } }])).toThrow(/no content type/);
    expect(() => model([{ file: "y", access: { talks: { read: { event: { $live: "event" } } } } }])).toThrow(/names no "live" collection/);
  });
});
