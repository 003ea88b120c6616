import { beforeEach, describe, expect, it } from "vitest";
import { createApp } from "../../../../app/create-app";
import { mockDirectus, request, resetContentState, type UpstreamCall } from "../../../../../test/worker/helpers";
import { cmsPage, placement } from "../../../../../test/worker/fixtures/pages";
import { illustrationNames } from "./illustrations";

beforeEach(resetContentState);

const hero = (fields: Record<string, unknown>) =>
  placement(1, "block_hero", { id: "1", headline: "A headline", eyebrow: null, text: null, image: null, ...fields });

/** The HTML of a page at `/about` whose only block is `block` (read anew: no cached answer of an earlier call). */
async function pageWith(block: unknown): Promise<string> {
  await resetContentState();
  const directus = mockDirectus({
    Page: (call: UpstreamCall) => ({ pages: call.variables.path === "/about" ? [cmsPage("/about", [block])] : [] }),
  });
  const response = await request("/about", { app: createApp({ pageCache: false, content: { fetch: directus.fetch } }) });
  expect(response.status).toBe(200);
  return response.text();
}

/** The hero's illustration element: its opening tag. */
const illustrationTag = (html: string) => /<svg[^>]*data-illustration="[^"]*"[^>]*>/.exec(html)?.[0] ?? null;

describe("hero illustration", () => {
  it("draws the illustration the editor picked: decorative, at a fixed size so nothing shifts", async () => {
    for (const name of illustrationNames) {
      const tag = illustrationTag(await pageWith(hero({ illustration: name })));
      expect(tag, name).toContain(`data-illustration="${name}"`);
      expect(tag).toContain('aria-hidden="true"');
      expect(tag).toContain('focusable="false"');
      expect(tag).toContain('width="560"');
      expect(tag).toContain('height="440"');
      expect(tag).toContain('viewBox="0 0 560 440"');
    }
  });

  it("draws different artwork for each choice, and ids of its own in each", async () => {
    const drawings: string[] = [];
    for (const name of illustrationNames)
      drawings.push(/<svg[^>]*data-illustration[\s\S]*?<\/svg>/.exec(await pageWith(hero({ illustration: name })))![0]);
    expect(new Set(drawings).size).toBe(illustrationNames.length);
    const ids = drawings.flatMap((svg) => [...svg.matchAll(/ id="([^"]+)"/g)].map((match) => match[1]));
    expect(new Set(ids).size).toBe(ids.length);
  });

  it("draws the first choice when none is set or the value is one the site does not draw", async () => {
    for (const illustration of [null, undefined, "", "hologram"]) {
      expect(illustrationTag(await pageWith(hero({ illustration }))), String(illustration)).toContain('data-illustration="stack"');
    }
  });

  it("shows the editor's own picture instead when one is set, with its size reserved", async () => {
    const image = { id: "file-1", title: "Our data centre", filename_download: "dc.png", modified_on: null, width: 1200, height: 900 };
    const html = await pageWith(hero({ illustration: "network", image }));
    expect(illustrationTag(html)).toBeNull();
    const img = /<img[^>]*file-1[^>]*>/.exec(html)![0];
    expect(img).toContain('width="1200"');
    expect(img).toContain('height="900"');
    expect(img).toContain('fetchPriority="high"');
  });
});
