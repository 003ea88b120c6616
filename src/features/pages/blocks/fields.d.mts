// Types of fields.mjs: each helper keeps what its call says (a literal `required`, the `oneOf`
// values, the nested fields), so derive.ts can type the schema it derives as precisely as a
// hand-written one.

interface Named {
  /** The name the page query reads it under (a GraphQL alias). */
  readonly as?: string;
}
export interface Common extends Named {
  /** Never null (nor missing); without it, null is allowed. */
  readonly required?: true;
}
export interface StringOptions extends Named {
  /** `true`: never null (maybe ""); `"non-empty"`: a string of at least one character. */
  readonly required?: true | "non-empty";
  /** The values the view knows: anything else fails the schema. */
  readonly oneOf?: readonly [string, ...string[]];
  readonly format?: "email";
}

export interface IdField {
  readonly kind: "id";
  readonly type: "integer";
}
export interface CmsOnlyField<Type extends string = string> {
  readonly kind: "cmsOnly";
  readonly type: Type;
}
export type StringField<Type extends string = string, Options extends StringOptions = StringOptions> = {
  readonly kind: "string";
  readonly type: Type;
} & Options;
export type NumberField<Options extends Common = Common> = { readonly kind: "number"; readonly type: "integer" } & Options;
export type BooleanField<Options extends Common = Common> = { readonly kind: "boolean"; readonly type: "boolean" } & Options;
export type JsonField<Value extends JsonValue = JsonValue, Options extends Common = Common> = {
  readonly kind: "json";
  readonly type: "json";
  readonly value: Value;
} & Options;
export type FileField<Options extends Common = Common> = { readonly kind: "file"; readonly type: "uuid -> directus_files" } & Options;

export interface Given<Name extends string = string> {
  readonly kind: "given";
  readonly name: Name;
}
export interface ManyOptions extends Common {
  readonly sort?: readonly string[];
  readonly filter?: string;
}
export type OneField<Type extends string = string, Nested extends Fields | Given = Fields | Given, Options extends Common = Common> = {
  readonly kind: "one";
  readonly type: Type;
  readonly fields: Nested;
} & Options;
export type ManyField<
  Collection extends string = string,
  Nested extends Fields | Given = Fields | Given,
  Options extends ManyOptions = ManyOptions,
> = {
  readonly kind: "many";
  readonly type: "alias";
  readonly collection: Collection;
  readonly fields: Nested;
} & Options;

/** A value inside JSON: a field of a scalar kind, a list, or an object of such values. */
export type ValueField = StringField | NumberField | BooleanField;
export interface ListValue<Of extends JsonValue = JsonValue> {
  readonly kind: "list";
  readonly of: Of;
}
export type JsonValue = ValueField | ListValue<any> | { readonly [name: string]: JsonValue };

export type Field = IdField | CmsOnlyField | StringField | NumberField | BooleanField | JsonField | FileField | OneField | ManyField;
/** A collection's fields (or what of a related item is read), in order. */
export type Fields = { readonly [name: string]: Field };

/** No options. */
type None = Record<never, never>;

export declare function id(): IdField;
export declare function cmsOnly<const Type extends string>(type: Type): CmsOnlyField<Type>;
export declare function string<const Options extends StringOptions = None>(options?: Options): StringField<"string", Options>;
export declare function text<const Options extends StringOptions = None>(options?: Options): StringField<"text", Options>;
export declare function timestamp<const Options extends StringOptions = None>(options?: Options): StringField<"timestamp", Options>;
export declare function integer<const Options extends Common = None>(options?: Options): NumberField<Options>;
export declare function boolean<const Options extends Common = None>(options?: Options): BooleanField<Options>;
export declare function json<const Value extends JsonValue, const Options extends Common = None>(
  value: Value,
  options?: Options,
): JsonField<Value, Options>;
export declare function list<const Of extends JsonValue>(of: Of): ListValue<Of>;
export declare function file<const Options extends Common = None>(options?: Options): FileField<Options>;
export declare function one<const Type extends string, const Nested extends Fields | Given, const Options extends Common = None>(
  type: Type,
  fields: Nested,
  options?: Options,
): OneField<Type, Nested, Options>;
export declare function many<
  const Collection extends string,
  const Nested extends Fields | Given,
  const Options extends ManyOptions = None,
>(collection: Collection, fields: Nested, options?: Options): ManyField<Collection, Nested, Options>;
export declare function given<const Name extends string>(name: Name): Given<Name>;
export declare function cmsFieldsOf(collections: { readonly [collection: string]: Fields }): Record<string, Record<string, string>>;
