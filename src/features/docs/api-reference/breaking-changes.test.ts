import { describe, expect, it } from "vitest";
import { processApiDocument } from "../../../../cms/extensions/api-reference/process.mjs";
import { apiReferenceDocument, apiReferenceDocumentV1 } from "../cms/seed/api-reference.mjs";
import { breakingChanges } from "./breaking-changes";
import type { ApiOperation, ApiReference, ApiSchema } from "./types";

/** A small processed document: only what the comparison reads is filled in. */
function reference(...operations: Partial<ApiOperation>[]): ApiReference {
  return {
    format: 1,
    info: { title: "Test", version: "1", summary: "", description: "" },
    servers: [],
    securitySchemes: [],
    guides: { errors: "", pagination: "", rateLimits: "" },
    tags: [],
    operations: operations.map((operation) => ({
      id: "getThing",
      slug: "get-thing",
      tag: "Things",
      tagSlug: "things",
      method: "GET",
      path: "/things/{thing_id}",
      summary: "Get a thing",
      description: "",
      deprecated: false,
      secured: true,
      parameters: [],
      requestBody: null,
      responses: [ok()],
      ...operation,
    })),
  };
}
const ok = (schema: ApiSchema | null = null, status = "200") => ({
  status,
  description: "",
  headers: [],
  contentType: schema ? "application/json" : null,
  schema,
  example: null,
});
const body = (schema: ApiSchema, required = true) => ({
  required,
  description: "",
  contentType: "application/json",
  schema,
  example: null,
});
const object = (properties: Record<string, ApiSchema>, required: string[] = []): ApiSchema => ({ type: "object", properties, required });
const query = (name: string, required: boolean, schema: ApiSchema = { type: "string" }) => ({
  name,
  in: "query" as const,
  required,
  description: "",
  deprecated: false,
  schema,
  example: null,
});

/** The list as [rule, severity, message] for short assertions. */
const summary = (before: ApiReference, after: ApiReference) =>
  breakingChanges(before, after).map((change) => [change.rule, change.severity, change.message]);

describe("breakingChanges", () => {
  it("finds nothing between a document and itself, nor in added operations, fields and optional parameters", () => {
    const before = reference({ responses: [ok(object({ id: { type: "string" } }))] });
    expect(breakingChanges(before, before)).toEqual([]);
    const after = reference(
      { responses: [ok(object({ id: { type: "string" }, name: { type: "string" } }))], parameters: [query("expand", false)] },
      { id: "listThings", slug: "list-things", path: "/things" },
    );
    expect(breakingChanges(before, after)).toEqual([]);
  });

  it("an operation removed, with the operation it concerns and no later one", () => {
    const [change, ...rest] = breakingChanges(reference({}, { id: "deleteThing", method: "DELETE" }), reference({}));
    expect(rest).toEqual([]);
    expect(change).toMatchObject({
      rule: "operation-removed",
      severity: "breaking",
      message: "DELETE /things/{thing_id} was removed.",
      previous: { id: "deleteThing", method: "DELETE", path: "/things/{thing_id}", slug: "get-thing", tagSlug: "things" },
      next: null,
    });
  });

  it("an operation moved to another path, its operationId gone, a path parameter renamed", () => {
    expect(summary(reference({}), reference({ path: "/items/{thing_id}" }))).toEqual([
      ["operation-moved", "breaking", "GET /things/{thing_id} is gone: this operation is now GET /items/{thing_id}."],
    ]);
    const renamed = breakingChanges(reference({}), reference({ id: "fetchThing" }));
    expect(renamed.map((change) => [change.rule, change.message, change.next?.id])).toEqual([
      [
        "operation-id-changed",
        "Its operationId getThing is gone: it is now fetchThing, which renames the method of generated clients.",
        "fetchThing",
      ],
    ]);
    expect(summary(reference({}), reference({ path: "/things/{id}" }))).toEqual([
      ["path-parameter-renamed", "breaking", "The path parameter thing_id is now named id."],
    ]);
  });

  it("a required request parameter, body or body field added", () => {
    expect(
      summary(reference({ parameters: [query("limit", false)] }), reference({ parameters: [query("limit", true), query("region", true)] })),
    ).toEqual([
      ["request-parameter-required", "breaking", "The query parameter limit is now required."],
      ["request-parameter-required", "breaking", "The query parameter region is now required."],
    ]);
    const before = reference({ method: "POST", requestBody: body(object({ name: { type: "string" } }, ["name"]), false) });
    const after = reference({
      method: "POST",
      requestBody: body(
        object({ name: { type: "string" }, size: { type: "integer" }, id: { type: "string", readOnly: true } }, ["name", "size", "id"]),
      ),
    });
    expect(summary(before, after)).toEqual([
      ["request-body-required", "breaking", "A request body is now required."],
      ["request-field-required", "breaking", "The request body field size is now required."],
    ]);
  });

  it("a request field's type narrowed or changed, and a widened one left alone", () => {
    const field = (schema: ApiSchema) => reference({ method: "POST", requestBody: body(object({ spec: object({ size: schema }) })) });
    expect(summary(field({ type: ["integer", "null"] }), field({ type: "integer" }))).toEqual([
      ["request-type-changed", "breaking", "The request body field spec.size is now integer, not integer or null."],
    ]);
    expect(summary(field({ type: "integer" }), field({ type: "string" }))).toEqual([
      ["request-type-changed", "breaking", "The request body field spec.size is now string, not integer."],
    ]);
    expect(summary(field({ type: "integer" }), field({ type: "number" }))).toEqual([]);
    expect(
      summary(
        reference({ parameters: [query("limit", false, { type: "string" })] }),
        reference({ parameters: [query("limit", false, { type: "integer" })] }),
      ),
    ).toEqual([["request-type-changed", "breaking", "The query parameter limit is now integer, not string."]]);
  });

  it("an enum value removed from a request field, in an array's items too; one added is no change for requests", () => {
    const tags = (values: string[]) =>
      reference({ method: "POST", requestBody: body(object({ tags: { type: "array", items: { type: "string", enum: values } } })) });
    expect(summary(tags(["a", "b", "c"]), tags(["a", "d"]))).toEqual([
      ["request-enum-value-removed", "breaking", 'The request body field tags[] no longer accepts "b", "c".'],
    ]);
  });

  it("a response field or enum value removed is breaking; an enum value added may break strict clients", () => {
    const item = (properties: Record<string, ApiSchema>) =>
      reference({ responses: [ok(object({ data: { type: "array", items: object(properties) } }))] });
    expect(
      summary(
        item({ id: { type: "string" }, zones: { type: "array" }, state: { type: "string", enum: ["on", "off", "gone"] } }),
        item({ id: { type: "string" }, state: { type: "string", enum: ["on", "off", "paused"] } }),
      ),
    ).toEqual([
      ["response-field-removed", "breaking", "The response field data[].zones (200) was removed."],
      ["response-enum-value-removed", "breaking", 'The response field data[].state (200) no longer returns "gone".'],
      [
        "response-enum-value-added",
        "warning",
        'The response field data[].state (200) may now be "paused": a client that accepts only the values it knows may break.',
      ],
    ]);
    // A response field's type changed is breaking; a write-only one was never returned.
    expect(
      summary(
        item({ size: { type: "integer" }, secret: { type: "string", writeOnly: true } }),
        item({ size: { type: ["integer", "null"] } }),
      ),
    ).toEqual([["response-type-changed", "breaking", "The response field data[].size (200) is now integer or null, not integer."]]);
  });

  it("a success status changed, and the new status's body compared with the old one's", () => {
    const before = reference({ method: "DELETE", responses: [ok(null, "204"), ok(object({ error: { type: "string" } }), "404")] });
    const after = reference({ method: "DELETE", responses: [ok(object({ id: { type: "string" } }), "202"), ok(null, "404")] });
    expect(summary(before, after)).toEqual([["success-status-changed", "breaking", "It answers 202 on success instead of 204."]]);
    const moved = summary(
      reference({ responses: [ok(object({ id: { type: "string" } }))] }),
      reference({ responses: [ok(object({}), "203")] }),
    );
    expect(moved).toEqual([
      ["success-status-changed", "breaking", "It answers 203 on success instead of 200."],
      ["response-field-removed", "breaking", "The response field id (203) was removed."],
    ]);
  });

  it("sorts by the operation's path and method, then by rule, whatever the documents' order", () => {
    const before = reference(
      { id: "b", path: "/b", method: "POST" },
      { id: "a2", path: "/a", method: "DELETE" },
      { id: "a1", path: "/a", method: "GET", parameters: [] },
    );
    const after = reference({ id: "a1", path: "/a", method: "GET", parameters: [query("q", true)] });
    const order = breakingChanges(before, after).map((change) => `${change.previous.method} ${change.previous.path} ${change.rule}`);
    expect(order).toEqual(["GET /a request-parameter-required", "DELETE /a operation-removed", "POST /b operation-removed"]);
    expect(breakingChanges(before, after)).toEqual(breakingChanges(structuredClone(before), structuredClone(after)));
  });

  it("the seeded v1 → v2: storage_class required, deleteEndpoint's 202, and `deleting` in the endpoints' status", () => {
    const v1 = processApiDocument(apiReferenceDocumentV1).reference as ApiReference;
    const v2 = processApiDocument(apiReferenceDocument).reference as ApiReference;
    // The rest of v2's difference breaks nothing: upgradeCluster is new, updateCluster only deprecated.
    expect(breakingChanges(v1, v2).map((change) => [change.previous.id, change.rule, change.severity, change.message])).toEqual([
      ["createBucket", "request-field-required", "breaking", "The request body field storage_class is now required."],
      [
        "listEndpoints",
        "response-enum-value-added",
        "warning",
        'The response field data[].status (200) may now be "deleting": a client that accepts only the values it knows may break.',
      ],
      [
        "createEndpoint",
        "response-enum-value-added",
        "warning",
        'The response field status (201) may now be "deleting": a client that accepts only the values it knows may break.',
      ],
      [
        "getEndpoint",
        "response-enum-value-added",
        "warning",
        'The response field status (200) may now be "deleting": a client that accepts only the values it knows may break.',
      ],
      ["deleteEndpoint", "success-status-changed", "breaking", "It answers 202 on success instead of 204."],
    ]);
    expect(breakingChanges(v2, v2)).toEqual([]);
  });
});
