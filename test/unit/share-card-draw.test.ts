import { describe, expect, it } from "vitest";
import { drawShareCard } from "../../cms/extensions/share-cards/draw.mjs";

/** Width and height from a PNG's IHDR chunk, after checking the signature. */
function pngSize(bytes: Uint8Array) {
  expect([...bytes.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  expect(new TextDecoder().decode(bytes.subarray(12, 16))).toBe("IHDR");
  return { width: view.getUint32(16), height: view.getUint32(20) };
}

// The share card the CMS draws when content is published (cms/extensions/share-cards), on its own.
describe("a share card", () => {
  it("is a 1280×640 PNG, and two titles give two different cards", async () => {
    const first = await drawShareCard({ title: "Quickstart: launch your first GPU cluster", kind: "Docs" });
    const second = await drawShareCard({ title: "List GPU instances", kind: "Docs" });
    expect(pngSize(first)).toEqual({ width: 1280, height: 640 });
    expect(pngSize(second)).toEqual({ width: 1280, height: 640 });
    expect(Buffer.from(first).equals(Buffer.from(second))).toBe(false);
  });

  it("keeps its size with a title too long for three lines", async () => {
    const card = await drawShareCard({ title: "A very long changelog title ".repeat(20), kind: "Changelog", detail: "New · GPU clusters" });
    expect(pngSize(card)).toEqual({ width: 1280, height: 640 });
  });
});
