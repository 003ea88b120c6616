import { describe, expect, it } from "vitest";
import { formErrors, formInput, formValuesSchema, reshapeForm, type RawForm } from "./form-schema";

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
    { name: "weird", type: "file" },
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
    const parsed = formValuesSchema(form).safeParse({ ...valid, name: "  Ada Lovelace " });
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
    const parsed = formValuesSchema(form).safeParse(values);
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
