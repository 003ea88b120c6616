// The words a block's `cms.mjs` declares its fields with, each field once: its Directus type (what
// the CMS schema snapshot has) and what the view needs of it (whether it may be empty, its allowed
// values, what of a related item it reads). Plain JavaScript, so the Node-side CMS tests read it;
// `fields.d.mts` types it, and `derive.ts` derives the page query's selection and the zod schema.
//
// A field may be null (or missing) unless it says `required: true` (present, maybe "") or
// `required: "non-empty"` (a string of at least one character). `as: "name"` reads it under
// another name (a GraphQL alias): fields of one name in two block types must have one GraphQL
// type, since the page query merges a many-to-any union's fields by name.

const isName = (value) => typeof value === "string" && /^[_A-Za-z][_0-9A-Za-z]*$/.test(value);
const isStrings = (value) => Array.isArray(value) && value.every((item) => typeof item === "string");

/** The options each helper takes, and the values each allows. */
const common = { required: (value) => value === true, as: isName };
const stringOptions = {
  ...common,
  required: (value) => value === true || value === "non-empty",
  oneOf: (value) => isStrings(value) && value.length > 0,
  format: (value) => value === "email",
};
const manyOptions = { ...common, sort: isStrings, filter: (value) => typeof value === "string" };

/** A helper's options, checked: a typo must fail where the block is loaded, not be read as another rule. */
function checked(helper, options, allowed) {
  for (const [key, value] of Object.entries(options)) {
    if (!Object.hasOwn(allowed, key) || !allowed[key](value)) {
      throw new Error(`${helper}(): ${key}: ${JSON.stringify(value)} is not an option it takes`);
    }
  }
  if (options.oneOf && options.format) throw new Error(`${helper}(): oneOf or format, not both`);
  return options;
}

/** Fields declared here, or `given(name)`. */
function nested(helper, fields) {
  if (!fields || typeof fields !== "object") throw new Error(`${helper}(): the related item's fields, or given(name)`);
  return fields;
}

/** The item's key (Directus type `integer`): a number or a string in, a string out. */
export const id = () => ({ kind: "id", type: "integer" });

/** A field the CMS has and the site does not read (the item's status, a sort key, a back-reference). */
export const cmsOnly = (type) => ({ kind: "cmsOnly", type });

/**
 * Text: `string` (one line), `text` (several), `timestamp` (an ISO date and time); inside JSON,
 * `string()` is any string value. Besides `required` and `as`: `oneOf: [...]`, the values the view
 * knows; `format: "email"`.
 */
export const string = (options = {}) => ({ kind: "string", type: "string", ...checked("string", options, stringOptions) });
export const text = (options = {}) => ({ kind: "string", type: "text", ...checked("text", options, stringOptions) });
export const timestamp = (options = {}) => ({ kind: "string", type: "timestamp", ...checked("timestamp", options, stringOptions) });

/** A number (Directus `integer`). */
export const integer = (options = {}) => ({ kind: "number", type: "integer", ...checked("integer", options, common) });

/** A yes or no (Directus `boolean`). */
export const boolean = (options = {}) => ({ kind: "boolean", type: "boolean", ...checked("boolean", options, common) });

/**
 * JSON the editor fills in (Directus `json`), and the shape the view reads: `list(of)`, an
 * object of fields (`{ question: string({ required: "non-empty" }) }`) or a field.
 */
export const json = (value, options = {}) => ({
  kind: "json",
  type: "json",
  value: nested("json", value),
  ...checked("json", options, common),
});

/** A list inside a JSON value: of objects (`list({ name: string() })`) or of values (`list(string())`). */
export const list = (of) => ({ kind: "list", of: nested("list", of) });

/** A file (Directus `uuid -> directus_files`), read as the page query's `FileFields` fragment. */
export const file = (options = {}) => ({ kind: "file", type: "uuid -> directus_files", ...checked("file", options, common) });

/**
 * A related item (many-to-one): its Directus type (`"integer -> plans"`, as the snapshot has it)
 * and the fields read of it, declared here or `given(name)`.
 */
export const one = (type, fields, options = {}) => {
  if (!/^\w+ -> \w+$/.test(type)) throw new Error(`one(): "${type}" is not a relation's type ("integer -> plans")`);
  return { kind: "one", type, fields: nested("one", fields), ...checked("one", options, common) };
};

/**
 * Related items (one-to-many, Directus type `alias`): their collection and the fields read of
 * each, declared here or `given(name)`; `sort: ["sort"]` orders them, `filter` (GraphQL) picks them.
 */
export const many = (collection, fields, options = {}) => ({
  kind: "many",
  type: "alias",
  collection,
  fields: nested("many", fields),
  ...checked("many", options, manyOptions),
});

/**
 * What of a related item is read when another module says it: the block's TypeScript side gives
 * its selection and schema (`fromCms(collection, fields, { given: { [name]: { select, schema } } })`), e.g. a form
 * as the forms feature reads it, or the registry's block fragments.
 */
export const given = (name) => ({ kind: "given", name });

/** Collection → field → Directus type (`type -> collection` for a relation), as the schema snapshot has them. */
export const cmsFieldsOf = (collections) =>
  Object.fromEntries(
    Object.entries(collections).map(([collection, fields]) => [
      collection,
      Object.fromEntries(Object.entries(fields).map(([name, field]) => [name, field.type])),
    ]),
  );
