/**
 * Formatting shared by server and client. Fixed locale and time zone, so both renders
 * produce the same text and hydration never mismatches.
 *
 * Written out rather than through `Intl`: a page's first `Intl` formatter costs the browser
 * 25–40 ms of ICU set-up (more on a phone), one long task while the page hydrates, for a few
 * dates. The output is Intl's own for these options (en-GB dates in UTC, en-US numbers with two
 * decimals); `format.test.ts` compares the two.
 */
const monthsLong = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
] as const;
// CLDR's en-GB abbreviations ("Sept", not "Sep").
const monthsShort = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sept", "Oct", "Nov", "Dec"] as const;

/** The date of an ISO string; an invalid one throws, as Intl does. */
function dateOf(iso: string): Date {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) throw new RangeError(`Invalid time value: ${iso}`);
  return date;
}

const twoDigits = (n: number) => String(n).padStart(2, "0");

/** 1234567 → 1,234,567 */
function grouped(integer: string): string {
  let out = integer.slice(0, integer.length % 3 || 3);
  for (let at = out.length; at < integer.length; at += 3) out += `,${integer.slice(at, at + 3)}`;
  return out;
}

/** Rounds a non-negative decimal string (as `String(number)` writes it) to two places, half away from zero, as Intl does. */
function twoPlaces(decimal: string): string {
  const [whole = "0", fraction = ""] = decimal.split(".");
  const digits = whole + (fraction + "000").slice(0, 3);
  let cents = BigInt(digits.slice(0, -1));
  if (Number(digits.at(-1)) >= 5) cents += 1n;
  const text = cents.toString().padStart(3, "0");
  const integer = grouped(text.slice(0, -2));
  return `${integer}.${text.slice(-2)}`;
}

/** en-US with two decimals: 1,234.50 (Intl's shortest decimal of the number, rounded half away from zero). */
function formatTwoDecimals(value: number): string {
  if (!Number.isFinite(value)) return Number.isNaN(value) ? "NaN" : `${value < 0 ? "-" : ""}∞`;
  const sign = value < 0 || Object.is(value, -0) ? "-" : "";
  const magnitude = Math.abs(value);
  // String() writes very large and very small numbers with an exponent.
  if (magnitude >= 1e21) return sign + twoPlaces(BigInt(magnitude).toString());
  if (magnitude < 1e-6) return `${sign}0.00`;
  return sign + twoPlaces(String(magnitude));
}

export const formatPrice = (value: number) => formatTwoDecimals(value);
export const formatChange = (percent: number) => `${percent >= 0 ? "+" : "−"}${formatTwoDecimals(Math.abs(percent))}%`;
/** 5 Sept, 00:07 UTC */
export const formatDateTime = (iso: string) => {
  const date = dateOf(iso);
  return `${date.getUTCDate()} ${monthsShort[date.getUTCMonth()]}, ${twoDigits(date.getUTCHours())}:${twoDigits(date.getUTCMinutes())} UTC`;
};
/** 5 September 2026 */
export const formatDate = (iso: string) => {
  const date = dateOf(iso);
  return `${date.getUTCDate()} ${monthsLong[date.getUTCMonth()]} ${date.getUTCFullYear()}`;
};
