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

const defaultLocale = "en" as const;
const messages: Messages = en;

/**
 * Marks a message text that the browser build inlined in place of its key
 * (scripts/vite/plugins.ts, inlineMessages): the browser then ships only the texts it shows.
 */
const inlinedText = "\uE000";

/** Looks up `namespace.key` and fills `{name}` placeholders. Unknown placeholders stay visible. */
export function t(key: MessageKey, params?: Params): string {
  let template: string;
  if (key.startsWith(inlinedText)) {
    template = key.slice(inlinedText.length);
  } else {
    const dot = key.indexOf(".");
    const namespace = key.slice(0, dot) as Namespace;
    const name = key.slice(dot + 1);
    template = (messages[namespace] as Record<string, string> | undefined)?.[name] ?? key;
  }
  return params ? interpolate(template, params) : template;
}

export function interpolate(template: string, params: Params): string {
  return template.replace(/\{(\w+)\}/g, (match, name: string) => (Object.hasOwn(params, name) ? String(params[name]) : match));
}
