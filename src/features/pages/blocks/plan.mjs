// The price list both table blocks read (`plan`: a `plans` item and its `prices`), declared once
// like a block's fields (fields.mjs), in plain JavaScript for the blocks' cms.mjs.
import { boolean, id, json, list, many, one, string, text } from "./fields.mjs";

/** A price list and its published prices, in the editors' order. */
export const plan = one("integer -> plans", {
  id: id(),
  name: string({ required: true }),
  prices: many(
    "prices",
    {
      id: id(),
      name: string({ required: true }),
      summary: text(),
      amount: string(),
      currency: string(),
      unit: string(),
      highlighted: boolean(),
      cta_label: string(),
      cta_href: string(),
      features: json(list({ feature: string({ required: true }), value: string({ required: true }) })),
    },
    { filter: "{ status: { _in: $status } }", sort: ["sort"], required: true },
  ),
});
