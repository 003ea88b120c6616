/**
 * `text` without what a terminal, a log viewer or a spreadsheet would act on instead of showing:
 * escape sequences (ESC [ … and the like) whole, and every other C0 and C1 control character and
 * DEL, except the newline and the tab. A CR (alone or before a LF) becomes a newline. Free of
 * imports and of TypeScript-only syntax, so `npm run feedback` (plain Node) imports it as well.
 */
export function withoutControlCharacters(text: string): string {
  return text
    .replace(/\r\n?/g, "\n")
    .replace(escapeSequence, "")
    .replace(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/g, "");
}

/** CSI (ESC [ or its C1 form) with its parameters; OSC (ESC ]) up to its end; any other ESC and what it introduces. */
const escapeSequence =
  /(?:\u001b\[|\u009b)[0-?]*[ -/]*[@-~]|(?:\u001b\]|\u009d)[^\u0007\u001b\u009c]*(?:\u0007|\u001b\\|\u009c)?|\u001b[ -/]*[0-~]/g;
