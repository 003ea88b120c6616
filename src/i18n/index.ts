import en from "../../locales/en.json";

/**
 * Translation set: namespace -> key -> string (nesting depth 1, spec section 9).
 * Keys are typed from locales/en.json, so a missing key fails the type check.
 */
export type Messages = typeof en;
export type Namespace = keyof Messages;
export type MessageKey = {
  [N in Namespace]: `${N}.${keyof Messages[N] & string}`;
}[Namespace];
export type Params = Record<string, string | number>;

export const defaultLocale = "en" as const;
const messages: Messages = en;

/** Looks up `namespace.key` and fills `{name}` placeholders. Unknown placeholders stay visible. */
export function t(key: MessageKey, params?: Params): string {
  const dot = key.indexOf(".");
  const namespace = key.slice(0, dot) as Namespace;
  const name = key.slice(dot + 1);
  const template = (messages[namespace] as Record<string, string>)[name] ?? key;
  return params ? interpolate(template, params) : template;
}

export function interpolate(template: string, params: Params): string {
  return template.replace(/\{(\w+)\}/g, (match, name: string) =>
    Object.hasOwn(params, name) ? String(params[name]) : match,
  );
}
