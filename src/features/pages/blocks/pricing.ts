import type * as z from "zod/mini";
import type { FieldSchema } from "./derive";
import { linkOf, type LinkData } from "./parts";
import type { plan } from "./plan.mjs";

/** A price list as its block's schema passes it (`plan`, declared in plan.mjs). */
type Plan = z.infer<FieldSchema<typeof plan>>;

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

export function reshapePrices(plan: Plan): Price[] {
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

export const priceWords = (plan: Plan) =>
  (plan?.prices ?? []).flatMap((price) => [
    price.name,
    price.summary,
    ...(price.features ?? []).map((row) => `${row.feature} ${row.value}`),
  ]);
