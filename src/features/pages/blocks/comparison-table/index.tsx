import { t } from "../../../../i18n";
import { defineBlock } from "../define";
import { collection, fields } from "./cms.mjs";
import { fromCms } from "../derive";
import { BlockFrame, BlockTitle, titleIdOf } from "../parts";
import { formatAmount, priceWords, reshapePrices } from "../pricing";

/** The offers of a price list side by side: one column each, one row per feature. */
export const comparisonTableBlock = defineBlock({
  ...fromCms(collection, fields),
  reshape: (raw) => {
    const prices = reshapePrices(raw.plan);
    const features = [...new Set(prices.flatMap((price) => price.features.map((row) => row.feature)))];
    return {
      title: raw.title ?? null,
      text: raw.text ?? null,
      prices: prices.map((price) => ({ id: price.id, name: price.name, amount: formatAmount(price), unit: price.unit })),
      rows: features.map((feature) => ({
        feature,
        values: prices.map((price) => price.features.find((row) => row.feature === feature)?.value ?? "—"),
      })),
    };
  },
  searchText: (raw) => [raw.title, raw.text, ...priceWords(raw.plan)],
  View({ data, placement }) {
    return (
      <BlockFrame id={placement.anchor} labelledBy={titleIdOf(placement, data.title)}>
        <BlockTitle placement={placement} title={data.title} />
        {data.text && <p className="text-ink-muted mt-4 max-w-2xl text-lg">{data.text}</p>}
        <div
          className="border-line mt-10 overflow-x-auto rounded-xl border"
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a table that scrolls sideways must be reachable with the keyboard
          tabIndex={0}
        >
          {/* Named by the block's title; the section around it is the landmark, not this scroller. */}
          <table
            className="w-full min-w-[640px] border-collapse text-left text-[0.9375rem]"
            aria-labelledby={titleIdOf(placement, data.title)}
          >
            <thead className="bg-surface-muted">
              <tr>
                <th scope="col" className="p-4 font-semibold">
                  {t("pages.feature")}
                </th>
                {data.prices.map((price) => (
                  <th key={price.id} scope="col" className="p-4 align-bottom font-semibold">
                    {price.name}
                    <span className="text-ink-muted block text-sm font-normal">
                      {price.amount ? `${price.amount}${price.unit ? ` ${price.unit}` : ""}` : t("pages.price_on_request")}
                    </span>
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {data.rows.map((row) => (
                <tr key={row.feature} className="border-line border-t">
                  <th scope="row" className="text-ink-muted p-4 font-normal">
                    {row.feature}
                  </th>
                  {row.values.map((value, index) => (
                    <td key={data.prices[index]!.id} className="p-4">
                      {value}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </BlockFrame>
    );
  },
});
