import { readFileSync } from "node:fs";
import { buildSchema, parse, validate, type GraphQLSchema } from "graphql";
import { describe, expect, it } from "vitest";
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

  it("say which collections they read, for cache invalidation", () => {
    for (const operation of operations) expect(operation.collections.length, operation.name).toBeGreaterThan(0);
  });
});
