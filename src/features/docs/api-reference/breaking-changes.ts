import { t } from "../../../i18n";
import type { ApiOperation, ApiParameter, ApiReference, ApiSchema } from "./types";

/**
 * What a client written against one version of the API hits in the next (decision 027), found
 * by comparing the two processed documents. Pure and deterministic: the same two documents give
 * the same list, sorted by operation, then by rule.
 *
 * The classification follows oasdiff's: a request the earlier version accepted that the later
 * one refuses, or an answer the client can no longer read as before, is breaking (an operation
 * gone, a new required parameter or body field, a request field's type narrowed or an enum value
 * it accepted gone, a response field or enum value gone, a response field's type changed, a
 * success status changed, a path parameter renamed). A response enum value added is not breaking
 * for lenient clients but may break strict ones (generated enums): reported as a warning.
 * Not compared: error responses (4xx, 5xx: one shared shape), headers of responses, numeric and
 * length limits, and deprecations (an operation still works when deprecated).
 */

type ApiChangeRule =
  | "operation-removed"
  | "operation-moved"
  | "operation-id-changed"
  | "path-parameter-renamed"
  | "request-body-required"
  | "request-parameter-required"
  | "request-field-required"
  | "request-type-changed"
  | "request-enum-value-removed"
  | "success-status-changed"
  | "response-field-removed"
  | "response-type-changed"
  | "response-enum-value-removed"
  | "response-enum-value-added";

/** The order of rules within one operation's changes. */
const ruleOrder: readonly ApiChangeRule[] = [
  "operation-removed",
  "operation-moved",
  "operation-id-changed",
  "path-parameter-renamed",
  "request-body-required",
  "request-parameter-required",
  "request-field-required",
  "request-type-changed",
  "request-enum-value-removed",
  "success-status-changed",
  "response-field-removed",
  "response-type-changed",
  "response-enum-value-removed",
  "response-enum-value-added",
];

/** An operation as a change names it: enough to say which it is and to link to its page. */
interface ApiChangeOperation {
  id: string;
  slug: string;
  tagSlug: string;
  method: string;
  path: string;
  summary: string;
}

export interface ApiChange {
  rule: ApiChangeRule;
  /** "breaking": a client that worked fails; "warning": a strict client may fail. */
  severity: "breaking" | "warning";
  /** One sentence, plain English, about this operation. */
  message: string;
  /** The operation in the earlier version. */
  previous: ApiChangeOperation;
  /** The same operation in the later version; null when it is gone. */
  next: ApiChangeOperation | null;
}

const methodOrder = ["GET", "PUT", "POST", "DELETE", "OPTIONS", "HEAD", "PATCH", "TRACE"];
const compareText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

const operationRef = ({ id, slug, tagSlug, method, path, summary }: ApiOperation): ApiChangeOperation => ({
  id,
  slug,
  tagSlug,
  method,
  path,
  summary,
});

/** `/v1/clusters/{cluster_id}` → `/v1/clusters/{}`: paths that answer the same URLs. */
const pathShape = (path: string) => path.replace(/\{[^}]*\}/g, "{}");
const pathParameterNames = (path: string) => [...path.matchAll(/\{([^}]*)\}/g)].map((match) => match[1]!);

const values = (list: unknown[]) => list.map((value) => JSON.stringify(value)).join(", ");

/** A schema's types as a sorted list; empty when it does not say (any type). */
function typesOf(schema: ApiSchema): string[] {
  if (Array.isArray(schema.type)) return [...schema.type].sort();
  if (typeof schema.type === "string") return [schema.type];
  if (schema.properties) return ["object"];
  return [];
}
const typeText = (types: string[]) => types.join(" or ");
/** Whether a value of type `type` is also one of `types` (an integer is a number). */
const covers = (types: string[], type: string) => types.includes(type) || (type === "integer" && types.includes("number"));

type Side = "request" | "response";
type Emit = (rule: ApiChangeRule, message: string) => void;

/** Where in the operation a schema sits: a parameter, the request body, a response (its status). */
interface Place {
  side: Side;
  /** The sentence's subject for a field path: "request body field storage_class". */
  where(field: string): string;
}

const bodyPlace: Place = {
  side: "request",
  where: (field) => (field ? t("docs.api_change_where_request_field", { field }) : t("docs.api_change_where_request_body")),
};
const parameterPlace = (parameter: ApiParameter): Place => ({
  side: "request",
  where: (field) =>
    t("docs.api_change_where_parameter", {
      place: parameter.in,
      name: field ? `${parameter.name}.${field}` : parameter.name,
    }),
});
const responsePlace = (status: string): Place => ({
  side: "response",
  where: (field) =>
    field ? t("docs.api_change_where_response_field", { field, status }) : t("docs.api_change_where_response_body", { status }),
});

const join = (path: string, name: string) => (path ? `${path}.${name}` : name);
/** Fields a side never sees: read-only ones are not sent, write-only ones not returned. */
const hidden = (schema: ApiSchema | undefined, side: Side) => Boolean(side === "request" ? schema?.readOnly : schema?.writeOnly);

/** Compares one schema in both versions, recursively, and emits what a client would hit. */
function compareSchemas(
  before: ApiSchema | null | undefined,
  after: ApiSchema | null | undefined,
  field: string,
  place: Place,
  emit: Emit,
) {
  if (!before || !after || before["x-circular"] || after["x-circular"]) return;
  const { side } = place;
  const oldTypes = typesOf(before);
  const newTypes = typesOf(after);
  if (oldTypes.length && newTypes.length) {
    // A request may no longer send a type it could; a response may send one the client never saw.
    const changed =
      side === "request" ? oldTypes.some((type) => !covers(newTypes, type)) : newTypes.some((type) => !covers(oldTypes, type));
    if (changed) {
      emit(
        side === "request" ? "request-type-changed" : "response-type-changed",
        t("docs.api_change_type", { where: place.where(field), to: typeText(newTypes), from: typeText(oldTypes) }),
      );
      return;
    }
  }
  if (Array.isArray(before.enum) && Array.isArray(after.enum)) {
    const afterValues = new Set(after.enum.map((value) => JSON.stringify(value)));
    const beforeValues = new Set(before.enum.map((value) => JSON.stringify(value)));
    const removed = before.enum.filter((value) => !afterValues.has(JSON.stringify(value)));
    const added = after.enum.filter((value) => !beforeValues.has(JSON.stringify(value)));
    if (removed.length) {
      emit(
        side === "request" ? "request-enum-value-removed" : "response-enum-value-removed",
        t(side === "request" ? "docs.api_change_enum_not_accepted" : "docs.api_change_enum_not_returned", {
          where: place.where(field),
          values: values(removed),
        }),
      );
    }
    if (added.length && side === "response") {
      emit("response-enum-value-added", t("docs.api_change_enum_added", { where: place.where(field), values: values(added) }));
    }
  }
  const oldProperties = before.properties ?? {};
  const newProperties = after.properties ?? {};
  for (const name of Object.keys(oldProperties).sort()) {
    const oldProperty = oldProperties[name];
    if (hidden(oldProperty, side)) continue;
    const newProperty = newProperties[name];
    if (!newProperty || hidden(newProperty, side)) {
      if (side === "response") emit("response-field-removed", t("docs.api_change_removed", { where: place.where(join(field, name)) }));
      continue;
    }
    compareSchemas(oldProperty, newProperty, join(field, name), place, emit);
  }
  if (side === "request") {
    const wasRequired = new Set(before.required ?? []);
    for (const name of [...(after.required ?? [])].sort()) {
      if (wasRequired.has(name) || hidden(newProperties[name], side)) continue;
      emit("request-field-required", t("docs.api_change_required", { where: place.where(join(field, name)) }));
    }
  }
  if (before.items && after.items) compareSchemas(before.items, after.items, `${field}[]`, place, emit);
  for (const key of ["oneOf", "anyOf"] as const) {
    const oldAlternatives = before[key];
    const newAlternatives = after[key];
    if (!oldAlternatives || !newAlternatives) continue;
    // Alternatives are matched by their component's name, else by position when both have as many.
    oldAlternatives.forEach((alternative, index) => {
      const name = alternative["x-name"];
      const match = name
        ? newAlternatives.find((candidate) => candidate["x-name"] === name)
        : oldAlternatives.length === newAlternatives.length
          ? newAlternatives[index]
          : undefined;
      compareSchemas(alternative, match, field, place, emit);
    });
  }
}

const isSuccess = (status: string) => /^2\d\d$/.test(status);

/** The changes of one operation present in both versions. */
function compareOperation(before: ApiOperation, after: ApiOperation, emit: Emit) {
  if (before.method !== after.method || pathShape(before.path) !== pathShape(after.path)) {
    emit("operation-moved", t("docs.api_change_moved", { from: `${before.method} ${before.path}`, to: `${after.method} ${after.path}` }));
    return;
  }
  if (before.id !== after.id) emit("operation-id-changed", t("docs.api_change_id", { from: before.id, to: after.id }));
  const oldNames = pathParameterNames(before.path);
  const newNames = pathParameterNames(after.path);
  oldNames.forEach((name, index) => {
    const renamed = newNames[index];
    if (renamed !== undefined && renamed !== name)
      emit("path-parameter-renamed", t("docs.api_change_path_parameter", { from: name, to: renamed }));
  });

  // Parameters other than the path's (whose names the path carries): by place and name.
  const key = (parameter: ApiParameter) => `${parameter.in}:${parameter.name}`;
  const oldParameters = new Map(before.parameters.filter((p) => p.in !== "path").map((p) => [key(p), p]));
  for (const parameter of [...after.parameters].filter((p) => p.in !== "path").sort((a, b) => compareText(key(a), key(b)))) {
    const old = oldParameters.get(key(parameter));
    if (parameter.required && !old?.required) {
      emit("request-parameter-required", t("docs.api_change_required", { where: parameterPlace(parameter).where("") }));
    }
    if (old) compareSchemas(old.schema, parameter.schema, "", parameterPlace(parameter), emit);
  }
  // Path parameters by position (their names may have changed, reported above).
  const oldPathParameters = new Map(before.parameters.filter((p) => p.in === "path").map((p) => [p.name, p]));
  for (const parameter of after.parameters.filter((p) => p.in === "path")) {
    const index = newNames.indexOf(parameter.name);
    const old = oldPathParameters.get(oldNames[index] ?? parameter.name);
    if (old) compareSchemas(old.schema, parameter.schema, "", parameterPlace(parameter), emit);
  }

  if (after.requestBody?.required && !before.requestBody?.required) emit("request-body-required", t("docs.api_change_body_required"));
  if (before.requestBody && after.requestBody) compareSchemas(before.requestBody.schema, after.requestBody.schema, "", bodyPlace, emit);

  const oldSuccess = before.responses.filter((response) => isSuccess(response.status));
  const newSuccess = after.responses.filter((response) => isSuccess(response.status));
  for (const response of oldSuccess) {
    const same = newSuccess.find((candidate) => candidate.status === response.status);
    if (same) {
      compareSchemas(response.schema, same.schema, "", responsePlace(same.status), emit);
      continue;
    }
    // The status a client checked for is gone: what it gets instead is the new success status.
    const instead = newSuccess.find((candidate) => !oldSuccess.some((old) => old.status === candidate.status)) ?? newSuccess[0];
    emit(
      "success-status-changed",
      t("docs.api_change_status", { from: response.status, to: instead ? instead.status : t("docs.api_change_no_status") }),
    );
    if (instead) compareSchemas(response.schema, instead.schema, "", responsePlace(instead.status), emit);
  }
}

/**
 * The breaking changes from `before` to `after`. Operations are matched by operationId, else by
 * method and path (an operation whose id changed); one found by neither was removed.
 */
export function breakingChanges(before: ApiReference, after: ApiReference): ApiChange[] {
  const changes: ApiChange[] = [];
  const byId = new Map(after.operations.map((operation) => [operation.id, operation]));
  const byShape = new Map(after.operations.map((operation) => [`${operation.method} ${pathShape(operation.path)}`, operation]));
  const oldIds = new Set(before.operations.map((operation) => operation.id));
  for (const operation of before.operations) {
    // An operation of the new version whose id the old one also has is that one, not a renamed one.
    const shaped = byShape.get(`${operation.method} ${pathShape(operation.path)}`);
    const match = byId.get(operation.id) ?? (shaped && !oldIds.has(shaped.id) ? shaped : undefined);
    const previous = operationRef(operation);
    const emit: Emit = (rule, message) =>
      changes.push({
        rule,
        severity: rule === "response-enum-value-added" ? "warning" : "breaking",
        message,
        previous,
        next: match ? operationRef(match) : null,
      });
    if (!match) emit("operation-removed", t("docs.api_change_operation_removed", { operation: `${operation.method} ${operation.path}` }));
    else compareOperation(operation, match, emit);
  }
  return changes
    .map((change, index) => ({ change, index }))
    .sort(
      (a, b) =>
        compareText(a.change.previous.path, b.change.previous.path) ||
        methodOrder.indexOf(a.change.previous.method) - methodOrder.indexOf(b.change.previous.method) ||
        compareText(a.change.previous.id, b.change.previous.id) ||
        ruleOrder.indexOf(a.change.rule) - ruleOrder.indexOf(b.change.rule) ||
        a.index - b.index,
    )
    .map(({ change }) => change);
}
