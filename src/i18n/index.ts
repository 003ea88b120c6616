import en from "../../locales/en.json";

/**
 * Translation set: namespace -> key -> string (nesting depth 1, spec section 9).
 * Keys are typed from locales/en.json, so a missing key fails the type check.
 */
type Messages = typeof en;
type Namespace = keyof Messages;
export type MessageKey = {
  [N in Namespace]: `${N}.${keyof Messages[N] & string}`;
}[Namespace];
export type Params = Record<string, string | number>;

const messages: Messages = en;

/**
 * Marks a message text that the browser build inlined in place of its key
 * (scripts/vite/plugins.ts, inlineMessages): the browser then ships only the texts it shows.
 */
const inlinedText = "\uE000";

/**
 * Every message under its full key, built once: a page render calls `t` hundreds of times, and
 * one Map read of the (constant) key is cheaper than slicing it and reading two objects by the
 * sliced names.
 */
const byKey = new Map<string, string>(
  Object.entries(messages).flatMap(([namespace, names]) =>
    Object.entries(names as Record<string, string>).map(([name, text]): [string, string] => [`${namespace}.${name}`, text]),
  ),
);

/** Looks up `namespace.key` and fills `{name}` placeholders. Unknown placeholders stay visible. */
export function t(key: MessageKey, params?: Params): string {
  const template = key.startsWith(inlinedText) ? key.slice(inlinedText.length) : (byKey.get(key) ?? key);
  return params ? interpolate(template, params) : template;
}

export function interpolate(template: string, params: Params): string {
  return template.replace(/\{(\w+)\}/g, (match, name: string) => (Object.hasOwn(params, name) ? String(params[name]) : match));
}
