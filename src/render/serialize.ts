import { keptPerObject } from "../lib/kept-per-object";
const scriptUnsafe = /[<>&\u2028\u2029]/g;
const scriptEscapes: Record<string, string> = {
  "<": "\\u003c",
  ">": "\\u003e",
  "&": "\\u0026",
  "\u2028": "\\u2028",
  "\u2029": "\\u2029",
};

/**
 * JSON for an inline <script type="application/json">. Escapes every character that could
 * close the script element or break the HTML parser, so CMS content cannot inject markup.
 * One pass over the JSON: it runs on every page render.
 */
export function serializeForScript(value: unknown): string {
  return JSON.stringify(value).replace(scriptUnsafe, (character) => scriptEscapes[character]!);
}

/**
 * Each query result's escaped JSON, kept per result object. A warm page's results are the very
 * objects the content cache holds in the isolate's memory, read again on every request, and
 * their JSON was the largest part of writing the page's payload; content read from the cache
 * is never changed in place (a newer read is a new object), so the text stays true.
 */
const resultJson = keptPerObject<object, string>();

function keptJson(value: unknown): string {
  if (value === null || typeof value !== "object") return serializeForScript(value);
  return resultJson(value, "", () => serializeForScript(value));
}

/** `{"key":value,…}` as JSON.stringify writes an object (undefined and functions left out), each value by `write`. */
function objectJson(object: object, write: (key: string, value: unknown) => string): string {
  const members: string[] = [];
  for (const [key, value] of Object.entries(object)) {
    if (value === undefined || typeof value === "function" || typeof value === "symbol") continue;
    members.push(`${serializeForScript(key)}:${write(key, value)}`);
  }
  return `{${members.join(",")}}`;
}

/**
 * `serializeForScript(payload)`, letter for letter, with the JSON of the query results and of the
 * shell's data (reshaped once per read, src/content/site-chrome.ts) kept per object (escaping is
 * per character, so escaped pieces join to the escaped whole).
 */
export function serializePayloadForScript(payload: { queries: Record<string, unknown> }): string {
  return objectJson(payload, (key, value) => {
    if (key === "site") return keptJson(value);
    return key === "queries" && value && typeof value === "object" && !Array.isArray(value)
      ? objectJson(value, (_, result) => keptJson(result))
      : serializeForScript(value);
  });
}

/** Escapes text for XML, dropping the characters XML 1.0 does not allow. */
export function escapeXml(value: string): string {
  return value
    .replace(/[^\u0009\u000a\u000d\u0020-\ud7ff\ue000-\ufffd\u{10000}-\u{10ffff}]/gu, "")
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&apos;");
}

/** ` nonce="…"` for a script element, or nothing when the page's policy trusts by hash (`nonce` ""). */
export function nonceAttribute(nonce: string | undefined): string {
  return nonce ? ` nonce="${nonce}"` : "";
}
