import { readFileSync } from "node:fs";
import { buildSchema, parse, validate, type GraphQLSchema } from "graphql";
import { describe, expect, it } from "vitest";
import { deriveCollections, deriveListFields, generateOperationsSource, isPreviewOnly, outputFile } from "../../scripts/codegen.mjs";
import { contentCollections } from "../../src/content/collections";
import { operationCollections, operationListFields, operationReads } from "../../src/content/generated/operations";
import { allOperations as operations } from "../support/operations";

/** Directus' public GraphQL schema as introspected by `npm run cms:schema`. */
const publicSchema: GraphQLSchema = buildSchema(
  readFileSync(new URL("../../src/content/directus.public.graphql", import.meta.url), "utf8"),
);

describe("content queries", () => {
  it("are each a single named operation with a unique name", () => {
    const names = operations.map((operation) => operation.name);
    expect(new Set(names).size).toBe(names.length);
    for (const operation of operations) {
      const document = parse(operation.document);
      const definitions = document.definitions.filter((d) => d.kind === "OperationDefinition");
      expect(definitions, operation.name).toHaveLength(1);
    }
  });

  it.each(operations.map((operation) => [operation.name, operation] as const))(
    "%s is valid against the public Directus schema",
    (_name, operation) => {
      const errors = validate(publicSchema, parse(operation.document)).map((error) => error.message);
      expect(errors).toEqual([]);
    },
  );

  it("catches a field that does not exist (the check is real)", () => {
    const errors = validate(publicSchema, parse("query Broken { posts { titel } }"));
    expect(errors.map((error) => error.message)).toEqual(['Cannot query field "titel" on type "posts". Did you mean "title"?']);
  });

  it("each read a non-empty list of collections, all of them ones the CMS webhook bumps", () => {
    for (const operation of operations) {
      // A content version's read (preview only) is not in the table: its collections are read here.
      const collections = derive(operation.document);
      expect(collections.length, operation.name).toBeGreaterThan(0);
      // A collection outside this list never gets its generation bumped: the cache would not be invalidated.
      for (const collection of collections) expect(contentCollections, `${operation.name}: ${collection}`).toContain(collection);
    }
  });
});

const derive = (document: string): string[] => deriveCollections(publicSchema, document);

describe("derived collections", () => {
  it("follow relations: a post's author and the author's avatar file", () => {
    expect(derive("query Q { posts { author { avatar { id } } } }")).toEqual(["authors", "directus_files", "posts"]);
  });

  it("count the block collections a many-to-any field's inline fragments read", () => {
    expect(derive("query Q { pages { blocks { item { ... on block_hero { id } ... on sections { id } } } } }")).toEqual([
      "block_hero",
      "pages",
      "pages_blocks",
      "sections",
    ]);
  });

  it("count an m2m junction and the collection behind it", () => {
    expect(derive("query Q { events { speakers { speakers_id { name } } } }")).toEqual(["events", "events_speakers", "speakers"]);
  });

  it("map an aggregate to its collection and skip Directus' helper types", () => {
    expect(derive("query Q { jobs_aggregated { countAll count { id } } }")).toEqual(["jobs"]);
    expect(derive("query Q { posts { published_at_func { year } tags_func { count } } }")).toEqual(["posts"]);
  });

  it("follow fragments, also nested ones", () => {
    const document = `
      query Q { site_settings { default_social_image { ...File } } authors_by_id(id: 1) { ...Author } }
      fragment Author on authors { posts { id } avatar { ...File } }
      fragment File on directus_files { id }`;
    expect(derive(document)).toEqual(["authors", "directus_files", "posts", "site_settings"]);
  });

  it("name the one collection of a query that selects only its scalars", () => {
    expect(derive("query Q { stock_quote { ticker } }")).toEqual(["stock_quote"]);
  });
});

describe("list fields the content client checks", () => {
  it("are the top-level fields typed as lists, by their response key, through fragments on the root", () => {
    const document = `query Q { roles: jobs { id } jobs_by_id(id: 1) { id } site_settings { site_name } ...More }
      fragment More on Query { posts { id } }`;
    expect(deriveListFields(publicSchema, document)).toEqual(["posts", "roles"]);
  });

  it("are listed for every operation that has one (the careers' roles among them)", () => {
    const table: Record<string, readonly string[]> = operationListFields;
    for (const operation of operations) {
      const lists = deriveListFields(publicSchema, operation.document, operation.name);
      // A content version's read is not in the table: it must have no list to check.
      expect(table[operation.name] ?? [], operation.name).toEqual(lists);
    }
    expect(table.CareersJobs).toEqual(["jobs"]);
  });
});

describe("generated operation types", () => {
  // Bundles and imports the query modules, then runs GraphQL Code Generator: about a second.
  it("are deterministic and up to date with the documents (run `node scripts/codegen.mjs`; the build does)", async () => {
    const first = await generateOperationsSource();
    expect(await generateOperationsSource()).toBe(first);
    expect(readFileSync(outputFile, "utf8") === first, "src/content/generated/operations.ts is stale").toBe(true);
  }, 30_000);

  it("list exactly the collections each document reads (derived from the reads when the module loads)", () => {
    const table: Record<string, readonly string[]> = operationCollections;
    const cached = operations.filter((operation) => !isPreviewOnly(operation.name));
    for (const operation of cached) expect(table[operation.name], operation.name).toEqual(derive(operation.document));
    expect(Object.keys(table).sort()).toEqual(cached.map((operation) => operation.name).sort());
  });

  it("leave out the reads of a content version, which previews alone make and never cache", () => {
    const versions = operations.filter((operation) => isPreviewOnly(operation.name)).map((operation) => operation.name);
    expect(versions).toContain("PageVersion");
    for (const name of versions) {
      expect(operationReads[name], name).toBeUndefined();
      expect(operationCollections, name).not.toHaveProperty(name);
    }
    // Every collection a version's read shows is read by a cached operation too: the webhook's
    // list of content collections is what it was with them.
    for (const operation of operations.filter((operation) => isPreviewOnly(operation.name))) {
      for (const collection of derive(operation.document))
        expect(contentCollections, `${operation.name}: ${collection}`).toContain(collection);
    }
  });
});
