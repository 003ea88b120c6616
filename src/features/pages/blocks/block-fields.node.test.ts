import * as z from "zod/mini";
import { describe, expect, expectTypeOf, it } from "vitest";
import { fromCms, objectSchema, selectionOf } from "./derive";
import { boolean, cmsFieldsOf, cmsOnly, file, given, id, integer, json, list, many, one, string, text, timestamp } from "./fields.mjs";

/**
 * A block's fields are declared once (its cms.mjs, in the words of fields.mjs); the page query's
 * selection, the zod schema and the snapshot's field types are derived from the declaration.
 */
const item = {
  id: id(),
  block: cmsOnly("integer -> block_example"),
  sort: cmsOnly("integer"),
  title: string({ required: true }),
  href: string(),
};
const fields = {
  block_example: {
    id: id(),
    status: cmsOnly("string"),
    headline: string({ required: "non-empty" }),
    text: text(),
    kind: string({ required: true, oneOf: ["a", "b"] }),
    email: string({ format: "email" }),
    body: text({ as: "example_body" }),
    at: timestamp(),
    count: integer(),
    shown: boolean({ required: true }),
    rows: json(list({ label: string({ required: "non-empty" }), value: string() }), { required: true }),
    image: file(),
    owner: one("integer -> people", { id: id(), name: string({ required: true }), avatar: file({ required: true }) }),
    items: many("block_example_items", item, { sort: ["sort"], filter: "{ status: { _eq: $status } }", required: true }),
    form: one("integer -> forms", given("form")),
  },
  block_example_items: item,
};
const formSchema = z.object({ key: z.string() });
const derived = fromCms("block_example", fields, { given: { form: { select: "key", schema: formSchema } } });

const valid = {
  id: 7,
  headline: "Headline",
  text: null,
  kind: "a",
  email: "team@example.com",
  example_body: "Body",
  at: "2026-01-01T00:00:00",
  count: 3,
  shown: false,
  rows: [{ label: "Label", value: "" }],
  image: null,
  owner: { id: "1", name: "", avatar: { id: "f", title: null, filename_download: "a.png", modified_on: null, width: 1, height: 2 } },
  items: [{ id: 2, title: "", href: null }],
  form: { key: "contact" },
};

describe("block fields declared once", () => {
  it("derives the page query's selection: fields in order, CMS-only ones left out, aliases, relations, files, given selections", () => {
    expect(derived.collection).toBe("block_example");
    expect(derived.fields).toBe(
      "id headline text kind email example_body: body at count shown rows image { ...FileFields } " +
        "owner { id name avatar { ...FileFields } } " +
        'items(filter: { status: { _eq: $status } }, sort: ["sort"]) { id title href } form { key }',
    );
    expect(
      selectionOf(
        { blocks: many("sections_blocks", given("placements"), { sort: ["sort"] }) },
        { placements: { filter: "$shown", select: "id", schema: z.unknown() } },
      ),
    ).toBe('blocks(filter: $shown, sort: ["sort"]) { id }');
  });

  it("derives the schema: what is required, non-empty, one of the values, an email; ids as strings", () => {
    const parsed = derived.schema.parse(valid);
    expect(parsed.id).toBe("7");
    expect(parsed.items[0]!.id).toBe("2");
    expect(parsed.owner?.id).toBe("1");
    expect(parsed).toMatchObject({ example_body: "Body", form: { key: "contact" }, rows: [{ label: "Label", value: "" }] });

    const fails = (change: Record<string, unknown>) => !derived.schema.safeParse({ ...valid, ...change }).success;
    // Optional fields take null or nothing.
    for (const key of ["text", "email", "example_body", "at", "count", "image", "owner", "form"]) {
      expect(fails({ [key]: null }), key).toBe(false);
      expect(fails({ [key]: undefined }), key).toBe(false);
    }
    // Required ones do not; "non-empty" refuses "" too, `required: true` does not.
    for (const key of ["id", "headline", "kind", "shown", "rows", "items"]) expect(fails({ [key]: null }), key).toBe(true);
    expect(fails({ headline: "" })).toBe(true);
    expect(fails({ items: [{ id: 2, title: "" }] })).toBe(false);
    expect(fails({ rows: [{ label: "" }] })).toBe(true);
    expect(fails({ kind: "c" })).toBe(true);
    expect(fails({ email: "not an address" })).toBe(true);
    expect(fails({ count: "3" })).toBe(true);
    expect(fails({ owner: { id: 1, name: "x", avatar: null } })).toBe(true);
    expect(fails({ form: { key: 1 } })).toBe(true);
    // The alias is the key: the field's own name is not read.
    expect(derived.schema.parse({ ...valid, example_body: undefined, body: "x" })).not.toHaveProperty("body");
  });

  it("types the data as precisely as a hand-written schema", () => {
    type Data = z.infer<typeof derived.schema>;
    expectTypeOf<Data["id"]>().toEqualTypeOf<string>();
    expectTypeOf<Data["headline"]>().toEqualTypeOf<string>();
    expectTypeOf<Data["kind"]>().toEqualTypeOf<"a" | "b">();
    expectTypeOf<Data["text"]>().toEqualTypeOf<string | null | undefined>();
    expectTypeOf<Data["rows"]>().toEqualTypeOf<{ label: string; value?: string | null | undefined }[]>();
    expectTypeOf<Data["form"]>().toEqualTypeOf<{ key: string } | null | undefined>();
    expectTypeOf<Data>().not.toHaveProperty("status");
    expectTypeOf<Data>().not.toHaveProperty("body");
    expectTypeOf(objectSchema(item).shape.title).toEqualTypeOf<z.ZodMiniString<string>>();
  });

  it("the snapshot's field types follow from the same declaration", () => {
    expect(cmsFieldsOf(fields)).toEqual({
      block_example: {
        id: "integer",
        status: "string",
        headline: "string",
        text: "text",
        kind: "string",
        email: "string",
        body: "text",
        at: "timestamp",
        count: "integer",
        shown: "boolean",
        rows: "json",
        image: "uuid -> directus_files",
        owner: "integer -> people",
        items: "alias",
        form: "integer -> forms",
      },
      block_example_items: { id: "integer", block: "integer -> block_example", sort: "integer", title: "string", href: "string" },
    });
  });

  it("a declaration the helpers do not know fails where it is loaded, and so does a missing given", () => {
    expect(() => string({ required: "nonempty" } as never)).toThrow(/required/);
    expect(() => integer({ required: "non-empty" } as never)).toThrow(/required/);
    expect(() => text({ requried: true } as never)).toThrow(/requried/);
    expect(() => one("plans", {})).toThrow(/integer -> plans/);
    expect(() => many("prices", {}, { sort: "sort" } as never)).toThrow(/sort/);
    expect(() => (fromCms as (...args: unknown[]) => unknown)("block_example", fields)).toThrow(/form/);
  });
});
