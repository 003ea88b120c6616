import * as z from "zod/mini";
import { idSchema, linkOf, text, type LinkData } from "./parts";

/** The price list both table blocks read: `plans` and their `prices`. */
export const planSelection = `plan { id name prices(filter: { status: { _in: $status } }, sort: ["sort"]) { id name summary amount currency unit highlighted cta_label cta_href features } }`;

const priceSchema = z.object({
  id: idSchema,
  name: z.string(),
  summary: text,
  amount: text,
  currency: text,
  unit: text,
  highlighted: z.nullish(z.boolean()),
  cta_label: text,
  cta_href: text,
  features: z.nullish(z.array(z.object({ feature: z.string(), value: z.string() }))),
});
export const planSchema = z.nullish(z.object({ id: idSchema, name: z.string(), prices: z.array(priceSchema) }));

export interface Price {
  id: string;
  name: string;
  summary: string | null;
  /** "2.49", or null: on request. */
  amount: string | null;
  currency: string | null;
  unit: string | null;
  highlighted: boolean;
  cta: LinkData | null;
  features: { feature: string; value: string }[];
}

export function reshapePrices(plan: z.infer<typeof planSchema>): Price[] {
  return (plan?.prices ?? []).map((price) => ({
    id: price.id,
    name: price.name,
    summary: price.summary ?? null,
    amount: price.amount ?? null,
    currency: price.currency ?? null,
    unit: price.unit ?? null,
    highlighted: price.highlighted ?? false,
    cta: linkOf(price.cta_label, price.cta_href),
    features: price.features ?? [],
  }));
}

/** `$2.49` for USD, `2.49 EUR` otherwise. */
export function formatAmount(price: Pick<Price, "amount" | "currency">): string | null {
  if (!price.amount) return null;
  return price.currency === "USD" || !price.currency ? `$${price.amount}` : `${price.amount} ${price.currency}`;
}

export const priceWords = (plan: z.infer<typeof planSchema>) =>
  (plan?.prices ?? []).flatMap((price) => [
    price.name,
    price.summary,
    ...(price.features ?? []).map((row) => `${row.feature} ${row.value}`),
  ]);
