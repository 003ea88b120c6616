/**
 * Formatting shared by server and client. Fixed locale and time zone, so both renders
 * produce the same text and hydration never mismatches.
 */
const numberFormat = new Intl.NumberFormat("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const dateTimeFormat = new Intl.DateTimeFormat("en-GB", {
  day: "numeric",
  month: "short",
  hour: "2-digit",
  minute: "2-digit",
  timeZone: "UTC",
  timeZoneName: "short",
});
const dateFormat = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" });

export const formatPrice = (value: number) => numberFormat.format(value);
export const formatChange = (percent: number) => `${percent >= 0 ? "+" : "−"}${numberFormat.format(Math.abs(percent))}%`;
export const formatDateTime = (iso: string) => dateTimeFormat.format(new Date(iso));
export const formatDate = (iso: string) => dateFormat.format(new Date(iso));
