import { env } from "cloudflare:test";
import { it } from "vitest";

const svg = (w: number, h: number) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}"><rect width="100%" height="100%" fill="#3355aa"/><circle cx="${w / 2}" cy="${h / 2}" r="${h / 3}" fill="#ffcc00"/></svg>`;
const stream = (bytes: Uint8Array | string) => new Blob([bytes]).stream();

it("probe", async () => {
  const info = await env.IMAGES.info(stream(svg(1600, 900)));
  console.log("svg info", JSON.stringify(info));
  const png = new Uint8Array(await (await env.IMAGES.input(stream(svg(1600, 900))).output({ format: "image/png" })).response().arrayBuffer());
  console.log("png bytes", png.length, JSON.stringify(await env.IMAGES.info(stream(png))));
  const jpg = new Uint8Array(await (await env.IMAGES.input(stream(png)).output({ format: "image/jpeg" })).response().arrayBuffer());
  console.log("jpg", jpg.length, Array.from(jpg.slice(0, 4)));
  for (const format of ["image/avif", "image/webp", "image/jpeg", "image/png"] as const) {
    for (const width of [640, 1080, 3000]) {
      const t0 = Date.now();
      const result = await env.IMAGES.input(stream(jpg)).transform({ width }).output({ format, quality: 75 });
      const out = new Uint8Array(await result.response().arrayBuffer());
      const i = await env.IMAGES.info(stream(out));
      console.log(format, width, "->", result.contentType(), out.length, "bytes", JSON.stringify(i), Date.now() - t0, "ms");
    }
  }
  try {
    await env.IMAGES.info(stream("hello world not an image"));
  } catch (e) {
    console.log("info err", String(e), (e as any).code);
  }
  try {
    const r = await env.IMAGES.input(stream("hello world")).transform({ width: 10 }).output({ format: "image/png" });
    console.log("transform nonimage ok?", r.contentType());
  } catch (e) {
    console.log("transform err", String(e), (e as any).code);
  }
  const a = await env.ASSETS.fetch(new Request("http://localhost/favicon.svg"));
  console.log("asset", a.status, a.headers.get("content-type"));
}, 120_000);
