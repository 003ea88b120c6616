import { type FileKind, fileKinds } from "../form-schema";

/**
 * A file's kind by its first bytes (its "magic number"), never by its name or the type the
 * browser declared: a renamed file is what its content says it is. Null when it is none of the
 * kinds forms accept.
 */
export function sniffFileKind(head: Uint8Array): FileKind | null {
  const startsWith = (bytes: readonly number[], offset = 0) => bytes.every((byte, i) => head[offset + i] === byte);
  const ascii = (text: string, offset = 0) =>
    startsWith(
      [...text].map((char) => char.charCodeAt(0)),
      offset,
    );
  if (ascii("%PDF-")) return "pdf";
  if (startsWith([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return "png";
  if (startsWith([0xff, 0xd8, 0xff])) return "jpeg";
  if (ascii("RIFF") && ascii("WEBP", 8)) return "webp";
  if (ascii("GIF87a") || ascii("GIF89a")) return "gif";
  return null;
}

/** How many leading bytes `sniffFileKind` reads. */
export const sniffLength = 12;

/** The content type a stored file is served with: the one its content showed. */
export const mimeOf = (kind: FileKind) => fileKinds[kind].mime;
