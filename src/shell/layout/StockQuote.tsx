import { t } from "../../i18n";
import { formatChange, formatDateTime, formatPrice } from "../../ui/format";
import type { StockQuote as Quote } from "../../content/types/site";

/** `MRDN 84.12 USD +1.24%` with the 'Last update' label and its time. */
export function StockQuote({ quote, className = "" }: { quote: Quote; className?: string }) {
  const up = quote.changePercent >= 0;
  return (
    <div role="group" className={`flex flex-col leading-tight ${className}`} aria-label={t("stock.label")}>
      <p className="flex items-baseline gap-1.5 text-sm font-semibold tabular-nums">
        <span>{quote.ticker}</span>
        <span>{formatPrice(quote.value)}</span>
        <span className="text-ink-subtle font-medium">{quote.currency}</span>
        <span className={`rounded px-1 text-xs font-semibold ${up ? "bg-highlight text-ink" : "bg-negative/10 text-negative"}`}>
          {formatChange(quote.changePercent)}
        </span>
      </p>
      <p className="text-ink-subtle text-xs">
        {t("stock.last_update")} <time dateTime={quote.lastUpdate}>{formatDateTime(quote.lastUpdate)}</time>
      </p>
    </div>
  );
}
