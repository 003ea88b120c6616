import { interpolate, t, type MessageKey } from ".";

/** Both forms of a plural that the browser build inlined in place of its prefix (scripts/vite/plugins.ts). */
const inlinedPlural = "\uE001";

/** English plural choice: `{prefix}_one` for 1, `{prefix}_other` otherwise, with {count}. */
export function plural(prefix: string, count: number): string {
  if (prefix.startsWith(inlinedPlural)) {
    const [, one = "", other = ""] = prefix.split(inlinedPlural);
    return interpolate(count === 1 ? one : other, { count });
  }
  return t(`${prefix}_${count === 1 ? "one" : "other"}` as MessageKey, { count });
}
