/** Image types the endpoint accepts as sources, told apart by their first bytes. */
export type SourceType = "image/jpeg" | "image/png" | "image/gif" | "image/webp" | "image/avif" | "image/svg+xml";

const ascii = (bytes: Uint8Array, start: number, text: string) =>
  text.length <= bytes.length - start && [...text].every((ch, i) => bytes[start + i] === ch.charCodeAt(0));

/**
 * The type of an image from its magic numbers, never from a Content-Type header (an upstream
 * may say anything). Null for anything else (HTML, HEIC, BMP, TIFF, ...).
 */
export function sniffImageType(bytes: Uint8Array): SourceType | null {
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return "image/jpeg";
  if (ascii(bytes, 0, "\x89PNG\r\n\x1a\n")) return "image/png";
  if (ascii(bytes, 0, "GIF87a") || ascii(bytes, 0, "GIF89a")) return "image/gif";
  if (ascii(bytes, 0, "RIFF") && ascii(bytes, 8, "WEBP")) return "image/webp";
  if (isAvif(bytes)) return "image/avif";
  if (isSvg(bytes)) return "image/svg+xml";
  return null;
}

/** ISO-BMFF `ftyp` box whose major or compatible brands include avif/avis. */
function isAvif(bytes: Uint8Array): boolean {
  if (!ascii(bytes, 4, "ftyp")) return false;
  const size = ((bytes[0]! << 24) | (bytes[1]! << 16) | (bytes[2]! << 8) | bytes[3]!) >>> 0;
  const end = Math.min(size, bytes.length);
  if (end < 16) return false;
  for (let offset = 8; offset + 4 <= end; offset += 4) {
    if (offset === 12) continue; // minor version, not a brand
    if (ascii(bytes, offset, "avif") || ascii(bytes, offset, "avis")) return true;
  }
  return false;
}

/** Text that starts (after a BOM, whitespace, an XML declaration, comments, a doctype) with <svg. */
function isSvg(bytes: Uint8Array): boolean {
  let text = new TextDecoder("utf-8", { fatal: false }).decode(bytes.subarray(0, 4096));
  text = text.replace(/^\uFEFF/, "");
  for (;;) {
    text = text.trimStart();
    const prolog = /^(<\?xml[\s\S]*?\?>|<!--[\s\S]*?-->|<!DOCTYPE\s+svg[^>]*>)/i.exec(text);
    if (!prolog) break;
    text = text.slice(prolog[0].length);
  }
  return /^<svg[\s>/]/.test(text);
}
