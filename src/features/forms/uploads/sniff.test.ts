import { describe, expect, it } from "vitest";
import { sniffFileKind } from "./sniff";

const bytes = (...parts: (string | number[])[]) =>
  new Uint8Array(parts.flatMap((part) => (typeof part === "string" ? [...part].map((char) => char.charCodeAt(0)) : part)));

describe("a file's kind from its content", () => {
  it.each([
    ["a PDF", bytes("%PDF-1.7\n"), "pdf"],
    ["a PNG", bytes([0x89], "PNG", [0x0d, 0x0a, 0x1a, 0x0a, 0, 0]), "png"],
    ["a JPEG", bytes([0xff, 0xd8, 0xff, 0xe0, 0, 0x10]), "jpeg"],
    ["a WebP", bytes("RIFF", [0x24, 0, 0, 0], "WEBPVP8 "), "webp"],
    ["a GIF", bytes("GIF89a", [1, 0]), "gif"],
  ])("knows %s", (_name, head, kind) => {
    expect(sniffFileKind(head)).toBe(kind);
  });

  it.each([
    ["an executable", bytes("MZ", [0x90, 0])],
    ["HTML", bytes("<!doctype html><script>")],
    ["an SVG", bytes('<svg xmlns="http://www.w3.org/2000/svg">')],
    ["a RIFF that is not WebP", bytes("RIFF", [0x24, 0, 0, 0], "WAVEfmt ")],
    ["a PDF header later in the file", bytes(" %PDF-1.7")],
    ["a few bytes", bytes([0x89, 0x50])],
    ["nothing", new Uint8Array()],
  ])("refuses %s", (_name, head) => {
    expect(sniffFileKind(head)).toBeNull();
  });
});
