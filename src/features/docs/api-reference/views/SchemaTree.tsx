import type { ReactNode } from "react";
import type { ApiSchema } from "../types";
import { t } from "../../../../i18n";
import { InlineText } from "./InlineText";

/**
 * A JSON Schema as a readable tree: one row per field with its type, `required`, default, enum
 * and limits; nested objects folded in `<details>` (they open without JavaScript); the
 * alternatives of oneOf/anyOf listed as such. Rows carry `data-field` (the field's dotted path)
 * so tests can compare the tree with the document.
 */

const typesOf = (schema: ApiSchema): string[] =>
  schema.type === undefined ? [] : Array.isArray(schema.type) ? schema.type : [schema.type];

function typeLabel(schema: ApiSchema): string {
  if (schema["x-circular"]) return schema["x-circular"];
  if (schema.oneOf) return "one of";
  if (schema.anyOf) return "any of";
  const types = typesOf(schema);
  const nullable = types.includes("null");
  const main =
    types.find((type) => type !== "null") ?? (schema.properties ? "object" : schema.const !== undefined ? typeof schema.const : "any");
  let label = main;
  if (main === "array") label = schema.items ? `array of ${typeLabel(schema.items)}` : "array";
  else if (main === "object" && schema["x-name"]) label = `object (${schema["x-name"]})`;
  else if (schema.format) label = `${main} (${schema.format})`;
  return nullable ? `${label} or null` : label;
}

const literal = (value: unknown) => JSON.stringify(value);

/** Limits and facts of a schema, in words: "3 to 40 characters", "default: 1.33". */
function constraintsOf(schema: ApiSchema): string[] {
  const facts: string[] = [];
  const range = (min: number | undefined, max: number | undefined, unit: string) => {
    if (min !== undefined && max !== undefined) facts.push(min === max ? `exactly ${min}${unit}` : `${min} to ${max}${unit}`);
    else if (min !== undefined) facts.push(`at least ${min}${unit}`);
    else if (max !== undefined) facts.push(`at most ${max}${unit}`);
  };
  if (schema.const !== undefined) facts.push(`always ${literal(schema.const)}`);
  range(schema.minimum, schema.maximum, "");
  if (schema.exclusiveMinimum !== undefined) facts.push(`more than ${schema.exclusiveMinimum}`);
  if (schema.exclusiveMaximum !== undefined) facts.push(`less than ${schema.exclusiveMaximum}`);
  range(schema.minLength, schema.maxLength, " characters");
  range(schema.minItems, schema.maxItems, " items");
  range(schema.minProperties, schema.maxProperties, " fields");
  if (schema.pattern) facts.push(`pattern ${schema.pattern}`);
  if (schema.readOnly) facts.push("read-only");
  if (schema.deprecated) facts.push("deprecated");
  return facts;
}

/** Where a schema's fields are: its own properties, or its array items' properties. */
function nestedOf(schema: ApiSchema): ApiSchema | null {
  if (schema["x-circular"]) return null;
  if (schema.properties && Object.keys(schema.properties).length) return schema;
  if (schema.oneOf || schema.anyOf) return schema;
  if (schema.items) return nestedOf(schema.items);
  if (typeof schema.additionalProperties === "object" && schema.additionalProperties) {
    return nestedOf(schema.additionalProperties);
  }
  return null;
}

function Facts({ schema, required }: { schema: ApiSchema; required: boolean }) {
  const facts = constraintsOf(schema);
  return (
    <div className="flex flex-wrap items-baseline gap-x-2 gap-y-1">
      <span className="text-ink-subtle font-mono text-xs">{typeLabel(schema)}</span>
      {required && <span className="text-[#a31f15] text-xs font-semibold">{t("docs.api_required")}</span>}
      {facts.map((fact) => (
        <span key={fact} className="bg-surface-sunken text-ink-muted rounded px-1.5 font-mono text-xs break-all">
          {fact}
        </span>
      ))}
    </div>
  );
}

function Values({ schema }: { schema: ApiSchema }) {
  const items = schema.items ?? null;
  const enumValues = schema.enum ?? items?.enum;
  const defaultValue = schema.default;
  if (!enumValues && defaultValue === undefined) return null;
  return (
    <div className="text-ink-muted mt-1 text-sm">
      {enumValues && (
        <p>
          {items?.enum && !schema.enum ? t("docs.api_each_one_of_values") : t("docs.api_one_of_values")}{" "}
          {enumValues.map((value, index) => (
            <span key={literal(value)}>
              {index > 0 && ", "}
              <code>{literal(value)}</code>
            </span>
          ))}
        </p>
      )}
      {defaultValue !== undefined && (
        <p>
          {t("docs.api_default_value")} <code>{literal(defaultValue)}</code>
        </p>
      )}
    </div>
  );
}

function Alternatives({ schema, path, depth }: { schema: ApiSchema; path: string; depth: number }) {
  const alternatives = schema.oneOf ?? schema.anyOf ?? [];
  const word = t(schema.oneOf ? "docs.api_exactly_one_of" : "docs.api_any_of");
  const discriminator = schema.discriminator?.propertyName;
  return (
    <div className="mt-2" data-alternatives={schema.oneOf ? "oneOf" : "anyOf"}>
      <p className="text-ink-muted text-sm">
        {t("docs.api_alternatives", { word, count: alternatives.length })}
        {discriminator ? (
          <>
            , {t("docs.api_chosen_by")} <code>{discriminator}</code>
          </>
        ) : null}
        :
      </p>
      <ul className="mt-2 space-y-2">
        {alternatives.map((alternative, index) => {
          const label = alternative.title ?? alternative["x-name"] ?? typeLabel(alternative);
          const key = `${index}:${label}`;
          return (
            <li key={key}>
              <details className="border-line group rounded-lg border">
                <summary className="hover:bg-surface-sunken cursor-pointer rounded-lg px-3 py-2 text-sm font-medium">
                  {label}
                  {alternative.description && (
                    <span className="text-ink-muted font-normal">
                      {" — "}
                      <InlineText text={alternative.description} />
                    </span>
                  )}
                </summary>
                <div className="border-line border-t px-3 py-2">
                  <SchemaBody schema={alternative} path={path} depth={depth + 1} />
                </div>
              </details>
            </li>
          );
        })}
      </ul>
    </div>
  );
}

function FieldRow({
  name,
  schema,
  required,
  path,
  depth,
}: {
  name: string;
  schema: ApiSchema;
  required: boolean;
  path: string;
  depth: number;
}) {
  const nested = depth < 12 ? nestedOf(schema) : null;
  const isList = typesOf(schema).includes("array") || !!schema.items;
  const count = nested?.properties ? Object.keys(nested.properties).length : 0;
  return (
    <li className="border-line border-t py-3 first:border-t-0" data-field={path}>
      <div className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
        <code className="text-ink font-mono text-sm font-semibold">{name}</code>
        <Facts schema={schema} required={required} />
      </div>
      {schema.description && (
        <p className="text-ink-muted mt-1 text-sm">
          <InlineText text={schema.description} />
        </p>
      )}
      <Values schema={schema} />
      {nested && (
        <details className="mt-2 group">
          <summary className="text-accent hover:text-accent-hover cursor-pointer text-sm font-medium">
            {nested.oneOf || nested.anyOf
              ? `Show the forms of ${name}`
              : `Show ${count} ${count === 1 ? "field" : "fields"}${isList ? " of each item" : ""}`}
          </summary>
          <div className="border-line mt-2 ml-1 border-l pl-4">
            <SchemaBody schema={nested} path={path} depth={depth + 1} />
          </div>
        </details>
      )}
    </li>
  );
}

/** The inside of a schema: its fields, then its alternatives. */
function SchemaBody({ schema, path, depth }: { schema: ApiSchema; path: string; depth: number }): ReactNode {
  const properties = Object.entries(schema.properties ?? {});
  const required = new Set(schema.required ?? []);
  return (
    <>
      {properties.length > 0 && (
        <ul>
          {properties.map(([name, property]) => (
            <FieldRow
              key={name}
              name={name}
              schema={property}
              required={required.has(name)}
              path={path ? `${path}.${name}` : name}
              depth={depth}
            />
          ))}
        </ul>
      )}
      {(schema.oneOf || schema.anyOf) && <Alternatives schema={schema} path={path} depth={depth} />}
    </>
  );
}

/** A body or response schema: its type line, then its fields (top level open). */
export function SchemaTree({ schema }: { schema: ApiSchema }) {
  const nested = nestedOf(schema);
  const topIsList = typesOf(schema).includes("array");
  return (
    <div className="text-[0.9375rem]">
      {(topIsList || !nested) && (
        <div className="mb-2">
          <Facts schema={schema} required={false} />
          {schema.description && (
            <p className="text-ink-muted mt-1 text-sm">
              <InlineText text={schema.description} />
            </p>
          )}
          <Values schema={schema} />
        </div>
      )}
      {nested && <SchemaBody schema={nested} path={topIsList ? "[]" : ""} depth={0} />}
    </div>
  );
}

/** One parameter (or response header: `kind`): the same row as a field. */
export function ParameterRow({
  name,
  schema,
  required,
  description,
  deprecated,
  kind = "param",
}: {
  name: string;
  schema: ApiSchema;
  required: boolean;
  description: string;
  deprecated: boolean;
  kind?: "param" | "header";
}) {
  return (
    <li className="border-line border-t py-3 first:border-t-0" {...{ [`data-${kind}`]: name }}>
      <div className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
        <code className="text-ink font-mono text-sm font-semibold">{name}</code>
        <Facts schema={deprecated ? { ...schema, deprecated: true } : schema} required={required} />
      </div>
      {(description || schema.description) && (
        <p className="text-ink-muted mt-1 text-sm">
          <InlineText text={description || schema.description || ""} />
        </p>
      )}
      <Values schema={schema} />
    </li>
  );
}
