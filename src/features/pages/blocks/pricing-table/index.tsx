import { t } from "../../../../i18n";
import { useEditable } from "../../../../ui/editable";
import { defineBlock } from "../define";
import { collection, fields } from "./cms.mjs";
import { fromCms } from "../derive";
import { BlockFrame, BlockTitle, ButtonLink, titleIdOf } from "../parts";
import { formatAmount, priceWords, reshapePrices } from "../pricing";

/** The offers of a price list as cards: name, price and unit, summary, main features, button. */
export const pricingTableBlock = defineBlock({
  ...fromCms(collection, fields),
  reshape: (raw) => ({ title: raw.title ?? null, text: raw.text ?? null, prices: reshapePrices(raw.plan) }),
  searchText: (raw) => [raw.title, raw.text, ...priceWords(raw.plan)],
  View({ data, placement }) {
    const edit = useEditable();
    return (
      <BlockFrame id={placement.anchor} labelledBy={titleIdOf(placement, data.title)}>
        <BlockTitle placement={placement} title={data.title} />
        {data.text && <p className="text-ink-muted mt-4 max-w-2xl text-lg">{data.text}</p>}
        <ul className={`mt-10 grid gap-4 md:grid-cols-2 ${data.prices.length === 4 ? "lg:grid-cols-4" : "lg:grid-cols-3"}`}>
          {data.prices.map((price) => (
            <li
              key={price.id}
              className={`bg-surface flex flex-col rounded-xl border p-6 ${price.highlighted ? "border-accent ring-accent ring-1" : "border-line"}`}
              {...edit(["name", "summary", "amount", "unit", "features"], { collection: "prices", item: price.id })}
            >
              <h3 className="text-lg font-semibold tracking-tight">{price.name}</h3>
              <p className="mt-4 flex items-baseline gap-2">
                <span className="text-3xl font-semibold tracking-tight tabular-nums">
                  {formatAmount(price) ?? t("pages.price_on_request")}
                </span>
                {price.amount && price.unit && <span className="text-ink-muted text-sm">{price.unit}</span>}
              </p>
              {price.summary && <p className="text-ink-muted mt-3 text-[0.9375rem]">{price.summary}</p>}
              {price.features.length > 0 && (
                <ul className="border-line mt-5 space-y-2 border-t pt-5 text-[0.9375rem]">
                  {price.features.slice(0, 5).map((row) => (
                    <li key={row.feature} className="flex justify-between gap-4">
                      <span className="text-ink-muted">{row.feature}</span>
                      <span className="text-right font-medium">{row.value}</span>
                    </li>
                  ))}
                </ul>
              )}
              {price.cta && (
                <div className="mt-auto pt-6">
                  <ButtonLink link={price.cta} primary={price.highlighted} />
                </div>
              )}
            </li>
          ))}
        </ul>
      </BlockFrame>
    );
  },
});
