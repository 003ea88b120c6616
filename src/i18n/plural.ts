import { t, type MessageKey } from ".";

/** English plural choice: `{prefix}_one` for 1, `{prefix}_other` otherwise, with {count}. */
export function plural(prefix: string, count: number): string {
  return t(`${prefix}_${count === 1 ? "one" : "other"}` as MessageKey, { count });
}
