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
