import * as z from "zod/mini";
import type { Field, Fields, Given, JsonValue, ListValue, ValueField } from "./fields.mjs";
import { fileSchema, fileSelection, idSchema } from "./parts";

// A block's GraphQL selection and zod schema, derived from the fields its `cms.mjs` declares
// (fields.mjs): a field is written once. The types follow the declaration, so a view's data is as
// precise as a hand-written schema's (`z.infer`).

/** What the block's TypeScript side gives for a `given(name)`: the related item's selection and schema, maybe its filter. */
interface GivenShape {
  select: string;
  schema: z.ZodMiniType;
  filter?: string;
}
type GivenShapes = Readonly<Record<string, GivenShape>>;
/** No `given(name)` shapes (inside JSON, or a declaration without one). */
type NoGiven = Record<never, never>;

type Nullish<S extends z.ZodMiniType> = z.ZodMiniOptional<z.ZodMiniNullable<S>>;
/** Null allowed unless the field is required. */
type Wrap<F, S extends z.ZodMiniType> = F extends { required: true | "non-empty" } ? S : Nullish<S>;

type StringSchema<F> = F extends { format: "email" }
  ? z.ZodMiniEmail
  : F extends { oneOf: infer Values extends readonly string[] }
    ? z.ZodMiniEnum<{ [V in Values[number]]: V }>
    : z.ZodMiniString<string>;

type ValueSchema<V> = V extends { kind: "list"; of: infer Of }
  ? z.ZodMiniArray<ValueSchema<Of>>
  : V extends { kind: string }
    ? FieldSchema<V, NoGiven>
    : ObjectSchema<V, NoGiven>;

/** The schema of a related item: its declared fields', or the one given for it. */
type NestedSchema<N, G> =
  N extends Given<infer Name>
    ? Name extends keyof G
      ? G[Name] extends { schema: infer S extends z.ZodMiniType }
        ? S
        : never
      : never
    : ObjectSchema<N, G>;

/** The schema of one field. */
export type FieldSchema<F, G = NoGiven> = F extends { kind: "id" }
  ? typeof idSchema
  : F extends { kind: "string" }
    ? Wrap<F, StringSchema<F>>
    : F extends { kind: "number" }
      ? Wrap<F, z.ZodMiniNumber<number>>
      : F extends { kind: "boolean" }
        ? Wrap<F, z.ZodMiniBoolean<boolean>>
        : F extends { kind: "json"; value: infer V }
          ? Wrap<F, ValueSchema<V>>
          : F extends { kind: "file" }
            ? Wrap<F, typeof fileSchema>
            : F extends { kind: "one"; fields: infer N }
              ? Wrap<F, NestedSchema<N, G>>
              : F extends { kind: "many"; fields: infer N }
                ? Wrap<F, z.ZodMiniArray<NestedSchema<N, G>>>
                : never;

/** The key a field's value has in the data: its alias, or its name. */
type KeyOf<K, F> = F extends { as: infer Alias extends string } ? Alias : K;

/** The object schema of a collection's declared fields (those the site reads). */
type ObjectSchema<Declared, G = NoGiven> = z.ZodMiniObject<
  {
    -readonly [K in keyof Declared as Declared[K] extends { kind: "cmsOnly" } ? never : KeyOf<K, Declared[K]>]: FieldSchema<Declared[K], G>;
  },
  z.core.$strip
>;

/** The names of the `given(name)` in a declaration, at any depth. */
type GivenNames<Declared> = {
  [K in keyof Declared]: Declared[K] extends { fields: infer N } ? (N extends Given<infer Name> ? Name : GivenNames<N>) : never;
}[keyof Declared];

/** A field or a list, not an object of fields (whose `kind`, if it has one, is a field). */
const isField = (value: JsonValue): value is ValueField | ListValue => typeof value.kind === "string";

/** What of a related item is read: declared fields, or `given(name)`. */
const isGiven = (fields: Fields | Given): fields is Given => fields.kind === "given";

/** The name a field is read under: its alias, or its own. */
const keyOf = (name: string, field: Field): string => ("as" in field && field.as) || name;

function givenShape(name: string, given: GivenShapes): GivenShape {
  const shape = given[name];
  if (!shape) throw new Error(`given("${name}") needs its shape: fromCms(collection, fields, { given: { ${name}: { select, schema } } })`);
  return shape;
}

const required = (field: { required?: unknown }, schema: z.ZodMiniType): z.ZodMiniType => (field.required ? schema : z.nullish(schema));

function valueSchema(value: JsonValue): z.ZodMiniType {
  if (!isField(value)) return objectSchema(value as Fields);
  if (value.kind === "list") return z.array(valueSchema(value.of));
  return fieldSchema(value);
}

/** The zod schema of one declared field. */
function fieldSchema<const F extends Field, const G extends GivenShapes = NoGiven>(field: F, given?: G): FieldSchema<F, G> {
  const shapes: GivenShapes = given ?? {};
  const nested = (fields: Fields | Given) =>
    isGiven(fields) ? givenShape(fields.name, shapes).schema : objectSchema(fields as Fields, shapes);
  let schema: z.ZodMiniType;
  switch (field.kind) {
    case "id":
      return idSchema as FieldSchema<F, G>;
    case "cmsOnly":
      throw new Error("a field the site does not read has no schema");
    case "string": {
      const base = field.format === "email" ? z.email() : field.oneOf ? z.enum(field.oneOf) : z.string();
      schema = field.required === "non-empty" ? base.check(z.minLength(1)) : base;
      break;
    }
    case "number":
      schema = z.number();
      break;
    case "boolean":
      schema = z.boolean();
      break;
    case "json":
      schema = valueSchema(field.value);
      break;
    case "file":
      schema = fileSchema;
      break;
    case "one":
      schema = nested(field.fields);
      break;
    case "many":
      schema = z.array(nested(field.fields));
      break;
  }
  return required(field, schema) as FieldSchema<F, G>;
}

/** The zod object schema of declared fields (a block's own, or what of a related item is read). */
export function objectSchema<const D extends Fields, const G extends GivenShapes = NoGiven>(fields: D, given?: G): ObjectSchema<D, G> {
  const shape: Record<string, z.ZodMiniType> = {};
  for (const [name, field] of Object.entries(fields)) {
    if (field.kind !== "cmsOnly") shape[keyOf(name, field)] = fieldSchema(field, given);
  }
  return z.object(shape) as unknown as ObjectSchema<D, G>;
}

/** The GraphQL selection of declared fields (inside the braces of their collection's selection). */
export function selectionOf(fields: Fields, given: GivenShapes = {}): string {
  const selections: string[] = [];
  for (const [name, field] of Object.entries(fields)) {
    if (field.kind === "cmsOnly") continue;
    const read = keyOf(name, field) === name ? name : `${keyOf(name, field)}: ${name}`;
    if (field.kind === "file") selections.push(`${read} ${fileSelection}`);
    else if (field.kind !== "one" && field.kind !== "many") selections.push(read);
    else {
      const shape = isGiven(field.fields) ? givenShape(field.fields.name, given) : null;
      const args: string[] = [];
      if (field.kind === "many") {
        const filter = shape?.filter ?? field.filter;
        if (filter) args.push(`filter: ${filter}`);
        if (field.sort) args.push(`sort: ${JSON.stringify(field.sort)}`);
      }
      const inner = shape ? shape.select : selectionOf(field.fields as Fields, given);
      selections.push(`${read}${args.length ? `(${args.join(", ")})` : ""} { ${inner} }`);
    }
  }
  return selections.join(" ");
}

type Declared<Collection extends string, All> = Collection extends keyof All ? All[Collection] : never;
/** What `fromCms` needs besides the declaration: the shape of each `given(name)`, if any. */
type GivenFor<D> = { [Name in GivenNames<D> & string]: GivenShape };

/**
 * What `defineBlock` takes from a block's `cms.mjs` (its `collection` and declared `fields`): the
 * collection, the page query's selection on it and the schema its data must pass. A
 * `given(name)` field's selection and schema come in `{ given: { [name]: { select, schema } } }`.
 */
export function fromCms<
  const Collection extends string,
  const All extends { readonly [collection: string]: Fields },
  const G extends GivenFor<Declared<Collection, All>> = GivenFor<Declared<Collection, All>>,
>(
  collection: Collection,
  fields: All,
  ...options: [GivenNames<Declared<Collection, All>>] extends [never] ? [] : [{ given: G }]
): { collection: Collection; fields: string; schema: ObjectSchema<Declared<Collection, All>, G> } {
  const declared = fields[collection];
  if (!declared) throw new Error(`${collection}: its cms.mjs declares no fields of the collection`);
  const given: GivenShapes = options[0]?.given ?? {};
  return { collection, fields: selectionOf(declared, given), schema: objectSchema(declared as Declared<Collection, All>, given as G) };
}
