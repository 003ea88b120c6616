// The share card drawing on its own (no Directus): its size, its format, and that it shows the title.
import assert from "node:assert/strict";
import { test } from "node:test";
import { drawShareCard } from "../extensions/share-cards/draw.mjs";

/** Width and height from a PNG's IHDR chunk, after checking the signature. */
function pngSize(bytes) {
  assert.deepEqual([...bytes.subarray(0, 8)], [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], "a PNG signature");
  assert.equal(bytes.subarray(12, 16).toString("ascii"), "IHDR");
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

test("a card is a 1280×640 PNG, and two titles give two different cards", async () => {
  const first = await drawShareCard({ title: "Quickstart: launch your first GPU cluster", kind: "Docs" });
  const second = await drawShareCard({ title: "List GPU instances", kind: "Docs" });
  assert.deepEqual(pngSize(first), { width: 1280, height: 640 });
  assert.deepEqual(pngSize(second), { width: 1280, height: 640 });
  assert.notDeepEqual(first, second);
});

test("a title too long for three lines still gives a card of the same size", async () => {
  const card = await drawShareCard({ title: "A very long changelog title ".repeat(20), kind: "Changelog", detail: "New · GPU clusters" });
  assert.deepEqual(pngSize(card), { width: 1280, height: 640 });
});
