import { describe, expect, it } from "vitest";
import { linearPattern } from "../../lib/linear-regexp";
import { formErrors, formInput, formValuesSchema, reshapeForm, uploadCeilingMb, type RawForm } from "./form-schema";

const raw: RawForm = {
  id: 7,
  key: "contact",
  title: "Write to us",
  submit_label: null,
  success_message: null,
  fields: [
    { name: "name", type: "text", label: "Name", required: true, min_length: 2, max_length: 80 },
    { name: "email", type: "email", label: "Work e-mail", required: true },
    { name: "company", type: "text", label: "Company" },
    { name: "gpus", type: "text", label: "GPUs", pattern: "[0-9]{1,5}", pattern_message: "A number of GPUs, like 64" },
    {
      name: "topic",
      type: "select",
      label: "Topic",
      required: true,
      choices: [
        { value: "capacity", text: "Capacity" },
        { value: "pricing", text: "Pricing" },
      ],
    },
    { name: "contact_by", type: "radio", label: "Reply by", choices: [{ value: "email", text: "E-mail" }] },
    { name: "message", type: "textarea", label: "Message", required: true },
    { name: "consent", type: "checkbox", label: "I agree", required: true },
    { name: "newsletter", type: "checkbox", label: "Also the newsletter" },
    { name: "campaign", type: "hidden", label: "Campaign", default_value: "contact-page" },
    { name: "Bad Name", type: "text" },
    { name: "weird", type: "signature" },
  ],
};
const form = reshapeForm(raw);
const valid = {
  name: "Ada Lovelace",
  email: "ada@example.com",
  topic: "capacity",
  message: "We need 64 GPUs in March.",
  consent: true,
  campaign: "contact-page",
};

describe("forms built in the CMS", () => {
  it("keeps the usable fields with defaults and drops unknown types and bad names", () => {
    expect(form.fields.map((field) => field.name)).toEqual([
      "name",
      "email",
      "company",
      "gpus",
      "topic",
      "contact_by",
      "message",
      "consent",
      "newsletter",
      "campaign",
    ]);
    expect(form.fields.find((field) => field.name === "message")?.maxLength).toBe(5000);
    expect(form.fields.find((field) => field.name === "company")?.maxLength).toBe(200);
  });

  it("accepts valid values, trims text and fills optional fields", () => {
    const parsed = formValuesSchema(form, linearPattern).safeParse({ ...valid, name: "  Ada Lovelace " });
    expect(parsed.success).toBe(true);
    expect(parsed.data).toMatchObject({ name: "Ada Lovelace", company: "", gpus: "", newsletter: false, consent: true });
  });

  it.each([
    ["nothing", {}, { name: "This field is required", email: "This field is required", consent: "This field is required" }],
    ["blank text", { ...valid, name: "   " }, { name: "This field is required" }],
    ["too short", { ...valid, name: "A" }, { name: "Invalid value" }],
    ["too long", { ...valid, name: "A".repeat(81) }, { name: "Invalid value" }],
    ["a malformed e-mail", { ...valid, email: "ada@" }, { email: "Invalid value" }],
    ["an unknown choice", { ...valid, topic: "crypto" }, { topic: "Invalid value" }],
    ["the editor's pattern", { ...valid, gpus: "lots" }, { gpus: "A number of GPUs, like 64" }],
    ["an unchecked required checkbox", { ...valid, consent: false }, { consent: "This field is required" }],
    ["a changed hidden value", { ...valid, campaign: "other" }, { campaign: "Invalid value" }],
  ])("refuses %s with the site's messages", (_name, values, expected) => {
    const parsed = formValuesSchema(form, linearPattern).safeParse(values);
    expect(parsed.success).toBe(false);
    const errors = formErrors(parsed.error!);
    for (const [field, message] of Object.entries(expected)) expect(errors[field]).toBe(message);
  });

  it("reads a plain form post: first values, checkboxes checked when sent", () => {
    expect(formInput(form, { name: ["Ada", "Eve"], consent: "on", email: "a@b.c" })).toMatchObject({
      name: "Ada",
      consent: true,
      newsletter: false,
      email: "a@b.c",
      company: undefined,
    });
  });
});

describe("conditional fields", () => {
  const conditional = reshapeForm({
    id: 8,
    key: "sales",
    fields: [
      { name: "email", type: "email", label: "E-mail", required: true },
      {
        name: "company_size",
        type: "select",
        label: "Company size",
        choices: [
          { value: "1-50", text: "1-50" },
          { value: "51-500", text: "51-500" },
        ],
      },
      { name: "spend", type: "text", label: "Expected monthly spend", required: true, show_when_field: "company_size" },
      { name: "procurement", type: "text", label: "Procurement contact", show_when_field: "company_size", show_when_value: "51-500" },
      { name: "callback", type: "checkbox", label: "Call me back" },
      { name: "phone", type: "text", label: "Phone", required: true, show_when_field: "callback" },
      // Conditions the site cannot keep: on a later field, a text field, a conditional field, an unknown choice.
      { name: "early", type: "text", label: "Early", show_when_field: "late" },
      { name: "late", type: "select", label: "Late", choices: [{ value: "x", text: "X" }] },
      { name: "on_text", type: "text", label: "On text", show_when_field: "email" },
      { name: "chained", type: "text", label: "Chained", show_when_field: "phone" },
      { name: "unknown_choice", type: "text", label: "Unknown", show_when_field: "company_size", show_when_value: "5000+" },
    ],
  });
  const schema = formValuesSchema(conditional, linearPattern);

  it("keeps only conditions on an always-shown choice above the field, numbered in order", () => {
    const conditions = Object.fromEntries(conditional.fields.map((field) => [field.name, field.showWhen]));
    expect(conditions).toMatchObject({
      spend: { field: "company_size", value: null, index: 0 },
      procurement: { field: "company_size", value: "51-500", index: 1 },
      phone: { field: "callback", value: null, index: 2 },
      early: null,
      on_text: null,
      chained: null,
      unknown_choice: null,
    });
  });

  it("neither checks nor keeps a field while its condition is false", () => {
    const parsed = schema.safeParse({ email: "a@b.co", company_size: "", spend: "lots", procurement: "Bob", callback: false, phone: "" });
    expect(parsed.success).toBe(true);
    expect(parsed.data).not.toHaveProperty("spend");
    expect(parsed.data).not.toHaveProperty("procurement");
    expect(parsed.data).not.toHaveProperty("phone");
  });

  it("checks a shown field like any other, with the other fields' messages at once", () => {
    const parsed = schema.safeParse({ email: "", company_size: "51-500", spend: " ", callback: true, phone: "" });
    expect(parsed.success).toBe(false);
    expect(formErrors(parsed.error!)).toEqual({
      email: "This field is required",
      spend: "This field is required",
      phone: "This field is required",
    });
  });

  it("shows a field on any value or on its one value, and keeps it trimmed", () => {
    const small = schema.safeParse({ email: "a@b.co", company_size: "1-50", spend: " 5000 USD ", procurement: "Bob" });
    expect(small.data).toMatchObject({ spend: "5000 USD" });
    expect(small.data).not.toHaveProperty("procurement");
    const large = schema.safeParse({ email: "a@b.co", company_size: "51-500", spend: "9000", procurement: "Bob" });
    expect(large.data).toMatchObject({ spend: "9000", procurement: "Bob" });
  });
});

describe("file fields", () => {
  const withFile = reshapeForm({
    id: 9,
    key: "files",
    fields: [
      { name: "diagram", type: "file", label: "Diagram", accept: ["pdf", "png", "exe"], max_size_mb: 2 },
      { name: "huge", type: "file", label: "Huge", max_size_mb: 500 },
      { name: "third", type: "file", label: "Third", required: true },
      { name: "fourth", type: "file", label: "Fourth" },
    ],
  });
  const schema = formValuesSchema(withFile, linearPattern);
  const file = (bytes: number, name = "a.pdf") => new File([new Uint8Array(bytes)], name);

  it("keeps known kinds and caps sizes at the site's ceiling; a form takes three file fields", () => {
    expect(withFile.fields.map((field) => [field.name, field.accept, field.maxSizeMb])).toEqual([
      ["diagram", ["pdf", "png"], 2],
      ["huge", ["pdf"], uploadCeilingMb],
      ["third", ["pdf"], uploadCeilingMb],
    ]);
  });

  it("takes a file within its size, and none for an optional field", () => {
    const parsed = schema.safeParse(formInput(withFile, { diagram: file(1000), third: file(10) }));
    expect(parsed.success).toBe(true);
    expect(parsed.data?.diagram).toBeInstanceOf(File);
    expect(parsed.data?.huge).toBeNull();
  });

  it("refuses a missing required file and one over its size, in the site's words", () => {
    const parsed = schema.safeParse(formInput(withFile, { diagram: file(2 * 1024 * 1024 + 1), third: new File([], "") }));
    expect(formErrors(parsed.error!)).toEqual({ diagram: "The file is too large (max 2 MB)", third: "This field is required" });
  });
});
