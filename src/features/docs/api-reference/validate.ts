import { linearPattern } from "../../../lib/linear-regexp";
import type { ApiSchema } from "./types";

/**
 * A small JSON Schema check for the mock API and the Try it form: types, required, enum, const,
 * limits, pattern, items, additionalProperties: false, oneOf/anyOf/allOf. It interprets the
 * schema instead of compiling it (workerd forbids `new Function`, which ajv needs), and stops at
 * the first problem, which it names by its field path (`node_pools[0].scaling.max_nodes`).
 */

export interface ValidationIssue {
  field: string;
  message: string;
}

const typeOf = (value: unknown): string => {
  if (value === null) return "null";
  if (Array.isArray(value)) return "array";
  if (typeof value === "number") return Number.isInteger(value) ? "integer" : "number";
  return typeof value;
};

const matchesType = (value: unknown, type: string): boolean => {
  const actual = typeOf(value);
  return actual === type || (type === "number" && actual === "integer");
};

const join = (path: string, key: string) => (path ? `${path}.${key}` : key);
const typesOf = (schema: ApiSchema): string[] =>
  schema.type === undefined ? [] : Array.isArray(schema.type) ? schema.type : [schema.type];

const sameValue = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);

/**
 * The entry `name` of a map (a schema's properties, a body's fields) when the map has it itself:
 * a field named `constructor`, `toString` or `__proto__` is a field like any other, never what
 * every object inherits.
 */
const own = <T>(map: Record<string, T> | undefined, name: string): T | undefined =>
  map !== undefined && Object.hasOwn(map, name) ? map[name] : undefined;

/** The first problem of `value` against `schema`, or null. `direction` skips readOnly fields in requests. */
export function validateValue(
  value: unknown,
  schema: ApiSchema | null | undefined,
  path = "",
  direction: "request" | "response" = "request",
): ValidationIssue | null {
  if (!schema || schema["x-circular"]) return null;
  const fail = (message: string): ValidationIssue => ({ field: path || "body", message: `${path || "body"} ${message}` });

  const types = typesOf(schema);
  if (types.length && !types.some((type) => matchesType(value, type))) return fail(`must be ${types.join(" or ")}`);
  if (schema.const !== undefined && !sameValue(value, schema.const)) return fail(`must be ${JSON.stringify(schema.const)}`);
  if (schema.enum && !schema.enum.some((option) => sameValue(option, value))) {
    return fail(`must be one of ${schema.enum.map((option) => JSON.stringify(option)).join(", ")}`);
  }

  if (typeof value === "number") {
    if (schema.minimum !== undefined && value < schema.minimum) return fail(`must be at least ${schema.minimum}`);
    if (schema.maximum !== undefined && value > schema.maximum) return fail(`must be at most ${schema.maximum}`);
    if (schema.exclusiveMinimum !== undefined && value <= schema.exclusiveMinimum)
      return fail(`must be more than ${schema.exclusiveMinimum}`);
    if (schema.exclusiveMaximum !== undefined && value >= schema.exclusiveMaximum)
      return fail(`must be less than ${schema.exclusiveMaximum}`);
  }
  if (typeof value === "string") {
    const length = [...value].length;
    if (schema.minLength !== undefined && length < schema.minLength) return fail(`must be at least ${schema.minLength} characters long`);
    if (schema.maxLength !== undefined && length > schema.maxLength) return fail(`must be at most ${schema.maxLength} characters long`);
    if (schema.pattern) {
      // The document's pattern on RE2 (linear in the value); one RE2 cannot run is no check.
      const pattern = linearPattern(schema.pattern);
      if (pattern && !pattern.matchesIn(value)) return fail(`must match ${schema.pattern}`);
    }
  }
  if (Array.isArray(value)) {
    if (schema.minItems !== undefined && value.length < schema.minItems) return fail(`must have at least ${schema.minItems} items`);
    if (schema.maxItems !== undefined && value.length > schema.maxItems) return fail(`must have at most ${schema.maxItems} items`);
    if (schema.items) {
      for (const [index, item] of value.entries()) {
        const issue = validateValue(item, schema.items, `${path}[${index}]`, direction);
        if (issue) return issue;
      }
    }
  }
  if (typeOf(value) === "object") {
    const object = value as Record<string, unknown>;
    const keys = Object.keys(object);
    if (schema.minProperties !== undefined && keys.length < schema.minProperties)
      return fail(`must have at least ${schema.minProperties} fields`);
    if (schema.maxProperties !== undefined && keys.length > schema.maxProperties)
      return fail(`must have at most ${schema.maxProperties} fields`);
    for (const name of schema.required ?? []) {
      const property = own(schema.properties, name);
      if (direction === "request" && property?.readOnly) continue;
      if (direction === "response" && property?.writeOnly) continue;
      if (!Object.hasOwn(object, name)) return { field: join(path, name), message: `${join(path, name)} is required` };
    }
    for (const [name, item] of Object.entries(object)) {
      const property = own(schema.properties, name);
      const field = join(path, name);
      if (property) {
        const issue = validateValue(item, property, field, direction);
        if (issue) return issue;
      } else if (schema.additionalProperties === false) {
        return { field, message: `${field} is not a known field` };
      } else if (typeof schema.additionalProperties === "object") {
        const issue = validateValue(item, schema.additionalProperties, field, direction);
        if (issue) return issue;
      }
    }
  }

  for (const part of schema.allOf ?? []) {
    const issue = validateValue(value, part, path, direction);
    if (issue) return issue;
  }
  if (schema.oneOf?.length) return checkAlternatives(value, schema, schema.oneOf, path, direction, true);
  if (schema.anyOf?.length) return checkAlternatives(value, schema, schema.anyOf, path, direction, false);
  return null;
}

/**
 * oneOf / anyOf. With a discriminator the alternative is chosen by that field, so the message
 * can name the field inside it; otherwise the issue of the closest alternative is reported.
 */
function checkAlternatives(
  value: unknown,
  schema: ApiSchema,
  alternatives: ApiSchema[],
  path: string,
  direction: "request" | "response",
  exactlyOne: boolean,
): ValidationIssue | null {
  const discriminator = schema.discriminator?.propertyName;
  if (discriminator && typeOf(value) === "object") {
    const tag = own(value as Record<string, unknown>, discriminator);
    const field = join(path, discriminator);
    if (tag === undefined) return { field, message: `${field} is required` };
    const chosen = alternatives.find((alternative) => {
      const property = own(alternative.properties, discriminator);
      return sameValue(property?.const ?? property?.enum?.[0], tag);
    });
    if (!chosen) {
      const options = alternatives.map((alternative) => JSON.stringify(own(alternative.properties, discriminator)?.const)).join(", ");
      return { field, message: `${field} must be one of ${options}` };
    }
    return validateValue(value, chosen, path, direction);
  }
  const issues = alternatives.map((alternative) => validateValue(value, alternative, path, direction));
  const passing = issues.filter((issue) => issue === null).length;
  if (passing === 0) {
    // The alternative that got furthest (its issue is deepest) says most about what is wrong.
    const deepest = issues.reduce<ValidationIssue | null>(
      (best, issue) => (!best || (issue && issue.field.length > best.field.length) ? issue : best),
      null,
    );
    return deepest ?? { field: path || "body", message: `${path || "body"} matches none of the alternatives` };
  }
  if (exactlyOne && passing > 1) return { field: path || "body", message: `${path || "body"} matches more than one alternative` };
  return null;
}

/** A parameter's text (query, path, header) as the type its schema wants, when it reads as one. */
export function coerceParameter(text: string, schema: ApiSchema): unknown {
  const types = typesOf(schema);
  if ((types.includes("integer") || types.includes("number")) && text.trim() !== "" && Number.isFinite(Number(text))) return Number(text);
  if (types.includes("boolean") && (text === "true" || text === "false")) return text === "true";
  if (types.includes("array")) return text.split(",");
  return text;
}
