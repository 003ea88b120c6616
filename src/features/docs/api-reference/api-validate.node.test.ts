import { describe, expect, it } from "vitest";
import type { ApiSchema } from "./types";
import { validateValue } from "./validate";

/** Names every object inherits: the validator must look up only a schema's own entries. */
const inherited = ["__proto__", "constructor", "toString", "hasOwnProperty", "valueOf"];
/** A body as the mock reads it: JSON.parse keeps `__proto__` as an own key. */
const body = (key: string, value: unknown) => JSON.parse(`{${JSON.stringify(key)}: ${JSON.stringify(value)}}`) as unknown;

describe("the mock API's validator, on names every object inherits", () => {
  const closed: ApiSchema = { type: "object", properties: { name: { type: "string" } }, additionalProperties: false };

  it.each(inherited)("refuses %s as an unknown field where the schema allows no others", (key) => {
    expect(validateValue(body(key, "x"), closed)).toEqual({ field: key, message: `${key} is not a known field` });
  });

  it.each(inherited)("checks %s against the schema of a map's values", (key) => {
    const labels: ApiSchema = { type: "object", additionalProperties: { type: "string", maxLength: 3 } };
    expect(validateValue(body(key, 5), labels, "labels")).toEqual({ field: `labels.${key}`, message: `labels.${key} must be string` });
    expect(validateValue(body(key, "long"), labels, "labels")?.message).toBe(`labels.${key} must be at most 3 characters long`);
  });

  it.each(inherited)("asks for a required %s that the body does not have", (key) => {
    const schema: ApiSchema = { type: "object", required: [key], properties: { [key]: { type: "string" } } };
    expect(validateValue({}, schema)).toEqual({ field: key, message: `${key} is required` });
  });

  it("chooses an alternative by a discriminator the body has itself, not one it inherits", () => {
    const schema: ApiSchema = {
      oneOf: [
        { type: "object", required: ["kind"], properties: { kind: { const: "a" } } },
        { type: "object", required: ["kind"], properties: { kind: { const: "b" } } },
      ],
      discriminator: { propertyName: "constructor" },
    };
    expect(validateValue({}, schema)).toEqual({ field: "constructor", message: "constructor is required" });
  });
});
