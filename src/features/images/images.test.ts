import { env } from "cloudflare:test";
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { createApp } from "../../app/create-app";
import { allowedWidths, deviceWidths, imageUrl } from "../../config/images";
import { directusAssetAuthorization, imageCsp, imageTransformCount, type ImageOptions, type TransformRecord } from "./handler.server";
import { originsFrom, parseImageParams } from "./params";
import { sniffImageType } from "./sniff";
import { Image } from "../../ui/Image";
import { deferred, mockDirectus, request, testSecrets } from "../../../test/worker/helpers";

const api = env.API_BASE_URL.replace(/\/$/, "");
const acceptAll = "image/avif,image/webp,image/apng,image/*,*/*;q=0.8";
const streamOf = (bytes: Uint8Array<ArrayBuffer> | string) => new Blob([bytes]).stream();

/** Test pictures, drawn from an SVG by the Images binding itself (1000 x 500). */
const sourceWidth = 1000;
const sourceHeight = 500;
const picture = {} as Record<"png" | "jpeg" | "webp", Uint8Array<ArrayBuffer>>;
const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${sourceWidth}" height="${sourceHeight}"><rect width="100%" height="100%" fill="#1b3a8c"/><circle cx="500" cy="250" r="180" fill="#f5c518"/></svg>`;

beforeAll(async () => {
  for (const format of ["png", "jpeg", "webp"] as const) {
    const result = await env.IMAGES.input(streamOf(svg)).output({ format: `image/${format}` });
    picture[format] = new Uint8Array(await result.response().arrayBuffer());
  }
});

type Route = (request: Request) => Response | Promise<Response>;

/** A mock image host on the Directus origin: answers by path, records every call. */
function upstream(routes: Record<string, Route>) {
  const calls: Request[] = [];
  const fetchImpl = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const req = new Request(input, init);
    calls.push(req);
    const url = new URL(req.url);
    const route = routes[url.pathname];
    if (!route) return new Response("not found", { status: 404 });
    return route(req);
  }) as typeof fetch;
  return { fetch: fetchImpl, calls };
}

const image =
  (bytes: Uint8Array<ArrayBuffer>, contentType = "image/png"): Route =>
  () =>
    new Response(bytes, { headers: { "Content-Type": contentType } });

/** An app with the mock host, short limits and its own transform log. */
function imageApp(routes: Record<string, Route>, options: ImageOptions = {}) {
  const host = upstream(routes);
  const transforms: TransformRecord[] = [];
  const app = createApp({
    pageCache: false,
    content: { fetch: mockDirectus().fetch },
    images: { fetch: host.fetch, timeoutMs: 300, onTransform: (t) => transforms.push(t), ...options },
  });
  const get = (query: string, accept?: string) =>
    request(`/_next/image?${query}`, { app, headers: accept === undefined ? {} : { Accept: accept } });
  return { app, host, transforms, get };
}

/** A fresh Directus file URL, so no test reuses another's cache entry. */
const fileId = () => crypto.randomUUID();
const q = (url: string, w: number | string = 640, quality?: number) =>
  `url=${encodeURIComponent(url)}&w=${w}${quality === undefined ? "" : `&q=${quality}`}`;

/** Width of a PNG from its IHDR chunk; any other format through the binding's own reader. */
async function widthOf(bytes: Uint8Array<ArrayBuffer>): Promise<number> {
  if (bytes[1] === 0x50 && bytes[2] === 0x4e && bytes[3] === 0x47) {
    return new DataView(bytes.buffer, bytes.byteOffset).getUint32(16);
  }
  const info = await env.IMAGES.info(streamOf(bytes));
  if (!("width" in info)) throw new Error("no width");
  return info.width;
}

/** A 1 x 1 GIF, byte by byte. */
const gif = new Uint8Array([
  0x47, 0x49, 0x46, 0x38, 0x39, 0x61, 0x01, 0x00, 0x01, 0x00, 0x80, 0x00, 0x00, 0xff, 0xff, 0xff, 0x00, 0x00, 0x00, 0x21, 0xf9, 0x04, 0x01,
  0x00, 0x00, 0x00, 0x00, 0x2c, 0x00, 0x00, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00, 0x02, 0x02, 0x44, 0x01, 0x00, 0x3b,
]);

const bytesOf = async (response: Response) => new Uint8Array(await response.arrayBuffer());

describe("/_next/image refuses bad input with a 400 naming the parameter", () => {
  const widths = "16, 32, 48, 64, 96, 128, 256, 384, 640, 750, 828, 1080, 1200, 1920, 2048, 3840";
  const ok = `${api}/assets/cover`;
  const cases: [name: string, query: string, message: string][] = [
    ["url missing", "w=640", 'The "url" parameter is required: the address of the image to resize.'],
    ["url empty", "url=&w=640", 'The "url" parameter is required: the address of the image to resize.'],
    ["url twice", `${q(ok)}&url=${encodeURIComponent(ok)}`, 'The "url" parameter must be given only once.'],
    ["url too long", q(`/${"a".repeat(3072)}`), 'The "url" parameter is longer than 3072 characters.'],
    [
      "url protocol-relative",
      q("//evil.example/cat.png"),
      'The "url" parameter must not be protocol-relative (starting with //): use a path on this site or an https URL.',
    ],
    [
      "url protocol-relative with a backslash",
      q("/\\evil.example/cat.png"),
      'The "url" parameter must not be protocol-relative (starting with //): use a path on this site or an https URL.',
    ],
    ["url javascript:", q("javascript:alert(1)"), 'The "url" parameter must be an http or https URL, not javascript:.'],
    ["url data:", q("data:image/png;base64,iVBORw0KGgo="), 'The "url" parameter must be an http or https URL, not data:.'],
    ["url ftp:", q("ftp://127.0.0.1:8055/cat.png"), 'The "url" parameter must be an http or https URL, not ftp:.'],
    [
      "url off the allowlist",
      q("https://evil.example/cat.png"),
      'The "url" parameter points at evil.example, which is not an allowed image host.',
    ],
    [
      "url on the allowed host but another port",
      q("http://127.0.0.1:9999/cat.png"),
      'The "url" parameter points at 127.0.0.1:9999, which is not an allowed image host.',
    ],
    ["url with credentials", q(`http://user:pw@127.0.0.1:8055/assets/x`), 'The "url" parameter must not contain a user name or password.'],
    ["url not a URL", q("cat.png"), 'The "url" parameter must be a path on this site (starting with /) or an absolute http(s) URL.'],
    ["url pointing at /_next/image", q(`/_next/image?${q("/favicon.svg")}`), 'The "url" parameter must not point at /_next/image itself.'],
    [
      "url pointing at /_next/image, escaped",
      q("/%5Fnext/image?url=/favicon.svg&w=640"),
      'The "url" parameter must not point at /_next/image itself.',
    ],
    [
      "url pointing at /_next/image on the site's origin",
      q("http://localhost:3000/_next/image?url=/favicon.svg&w=640"),
      'The "url" parameter must not point at /_next/image itself.',
    ],
    ["w missing", `url=${encodeURIComponent(ok)}`, `The "w" parameter is required: one of ${widths}.`],
    ["w not allowed", q(ok, 100), `The "w" parameter must be one of ${widths}; 100 is not.`],
    ["w not an integer", q(ok, "640.5"), `The "w" parameter must be a whole number: one of ${widths}.`],
    ["w not a number", q(ok, "wide"), `The "w" parameter must be a whole number: one of ${widths}.`],
    ["w negative", q(ok, "-640"), `The "w" parameter must be a whole number: one of ${widths}.`],
    ["w twice", `${q(ok, 640)}&w=750`, 'The "w" parameter must be given only once.'],
    ["q 0", q(ok, 640, 0), 'The "q" parameter must be a whole number from 1 to 100.'],
    ["q 101", q(ok, 640, 101), 'The "q" parameter must be a whole number from 1 to 100.'],
    ["q 1.5", `${q(ok)}&q=1.5`, 'The "q" parameter must be a whole number from 1 to 100.'],
    ["q abc", `${q(ok)}&q=abc`, 'The "q" parameter must be a whole number from 1 to 100.'],
    ["q empty", `${q(ok)}&q=`, 'The "q" parameter must be a whole number from 1 to 100.'],
    ["q twice", `${q(ok, 640, 75)}&q=80`, 'The "q" parameter must be given only once.'],
  ];

  it.each(cases)("%s", async (_name, query, message) => {
    const { get, host, transforms } = imageApp({});
    const response = await get(query);
    expect(response.status).toBe(400);
    expect(response.headers.get("content-type")).toBe("text/plain; charset=utf-8");
    expect(await response.text()).toBe(message);
    expect(host.calls).toHaveLength(0);
    expect(transforms).toHaveLength(0);
  });
});

describe("/_next/image resizing", () => {
  it.each([
    ["WebP first when both are accepted (a browser's usual Accept)", acceptAll, "image/webp"],
    ["AVIF when accepted and WebP is not", "image/avif,image/png,*/*;q=0.8", "image/avif"],
    ["WebP when AVIF is not accepted", "image/webp,*/*", "image/webp"],
    ["AVIF when WebP is refused with q=0", "image/webp;q=0, image/avif", "image/avif"],
    ["the source format when neither is accepted", "*/*", "image/jpeg"],
    ["the source format without an Accept header", undefined, "image/jpeg"],
  ])("negotiates %s", async (_name, accept, contentType) => {
    const id = fileId();
    const { get, transforms } = imageApp({ [`/assets/${id}`]: image(picture.jpeg, "image/jpeg") });
    const response = await get(q(`${api}/assets/${id}`), accept);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe(contentType);
    expect(response.headers.get("vary")).toBe("Accept");
    const bytes = await bytesOf(response);
    const info = await env.IMAGES.info(streamOf(bytes));
    expect(info.format).toBe(contentType);
    expect(transforms).toEqual([{ source: `${api}/assets/${id}`, width: 640, quality: 75, format: contentType }]);
  });

  it("resizes to the requested width and never upscales", async () => {
    const id = fileId();
    const { get } = imageApp({ [`/assets/${id}`]: image(picture.png) });
    for (const [w, expected] of [
      [384, 384],
      [640, 640],
      [1080, sourceWidth],
      [3840, sourceWidth],
    ] as const) {
      const response = await get(q(`${api}/assets/${id}`, w));
      expect(response.headers.get("content-type")).toBe("image/png");
      expect(await widthOf(await bytesOf(response)), `w=${w}`).toBe(expected);
    }
  });

  it("reads the source type from the bytes, not the upstream's Content-Type", async () => {
    const jpegId = fileId();
    const htmlId = fileId();
    const { get } = imageApp({
      [`/assets/${jpegId}`]: image(picture.jpeg, "image/png"),
      [`/assets/${htmlId}`]: () => new Response("<!doctype html><p>not an image</p>", { headers: { "Content-Type": "image/png" } }),
    });
    const jpeg = await get(q(`${api}/assets/${jpegId}`));
    expect(jpeg.status).toBe(200);
    expect(jpeg.headers.get("content-type")).toBe("image/jpeg");
    const html = await get(q(`${api}/assets/${htmlId}`));
    expect(html.status).toBe(415);
    expect(await html.text()).toBe('The "url" parameter does not point at a JPEG, PNG, WebP, AVIF, GIF or SVG image.');
  });

  it("serves a WebP source as PNG to a client that takes neither AVIF nor WebP", async () => {
    const id = fileId();
    const { get } = imageApp({ [`/assets/${id}`]: image(picture.webp, "image/webp") });
    const response = await get(q(`${api}/assets/${id}`), "image/png,*/*");
    expect(response.headers.get("content-type")).toBe("image/png");
    expect(await widthOf(await bytesOf(response))).toBe(640);
  });

  it("answers 404 for a file the site does not have", async () => {
    const { get } = imageApp({});
    const missing = await get(q("/illustrations/no-such-file.png"));
    expect(missing.status).toBe(404);
    expect(await missing.text()).toBe('The "url" parameter names a file this site does not have.');
  });
});

describe("/_next/image sources", () => {
  it("tells source types apart by their magic numbers", async () => {
    const avif = new Uint8Array(
      await (await env.IMAGES.input(streamOf(picture.png)).output({ format: "image/avif" })).response().arrayBuffer(),
    );
    expect(sniffImageType(picture.png)).toBe("image/png");
    expect(sniffImageType(picture.jpeg)).toBe("image/jpeg");
    expect(sniffImageType(picture.webp)).toBe("image/webp");
    expect(sniffImageType(avif)).toBe("image/avif");
    expect(sniffImageType(gif)).toBe("image/gif");
    expect(sniffImageType(new TextEncoder().encode(`\uFEFF<?xml version="1.0"?>\n<!-- logo -->\n${svg}`))).toBe("image/svg+xml");
    expect(sniffImageType(new TextEncoder().encode("<!doctype html><svg></svg>"))).toBeNull();
    expect(sniffImageType(new TextEncoder().encode("%PDF-1.7"))).toBeNull();
    expect(sniffImageType(new Uint8Array())).toBeNull();
  });

  it("passes a GIF through unchanged (it may be animated)", async () => {
    const id = fileId();
    const { get, transforms } = imageApp({ [`/assets/${id}`]: image(gif, "application/octet-stream") });
    const response = await get(q(`${api}/assets/${id}`), acceptAll);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("image/gif");
    expect(await bytesOf(response)).toEqual(gif);
    expect(transforms).toHaveLength(0);
  });

  it("refuses to decode a source beyond the pixel limit", async () => {
    const id = fileId();
    const { get, transforms } = imageApp({ [`/assets/${id}`]: image(picture.png) }, { maxPixels: 100_000 });
    const response = await get(q(`${api}/assets/${id}`));
    expect(response.status).toBe(502);
    expect(await response.text()).toBe("The image is too large to resize (0.5 megapixels).");
    expect(transforms).toHaveLength(0);
  });

  it("accepts the extra origins of IMAGE_ALLOWED_ORIGINS", async () => {
    const extra = upstream({ "/cat.png": image(picture.png) });
    const app = createApp({ pageCache: false, content: { fetch: mockDirectus().fetch }, images: { fetch: extra.fetch } });
    const url = `/_next/image?${q("https://images.example/cat.png")}`;
    expect((await request(url, { app })).status).toBe(400);
    const env = { IMAGE_ALLOWED_ORIGINS: "https://cdn.example, https://images.example/" } as Record<string, string>;
    const response = await request(url, { app, env });
    expect(response.status).toBe(200);
    expect(extra.calls.map((call) => call.url)).toEqual(["https://images.example/cat.png"]);
  });
});

describe("/_next/image and Directus' files", () => {
  const bearer = `Bearer ${testSecrets.DIRECTUS_READ_TOKEN}`;

  it("fetches a Directus file with the site's read token (the public reads no files)", async () => {
    const id = fileId();
    const { get, host } = imageApp({ [`/assets/${id}`]: image(picture.png) });
    const response = await get(q(`${api}/assets/${id}?v=1`), acceptAll);
    expect(response.status).toBe(200);
    expect(host.calls.map((call) => call.headers.get("authorization"))).toEqual([bearer]);
  });

  it("sends the token to no other Directus path, and not along a redirect to another host", async () => {
    const id = fileId();
    const { app, host } = imageApp({
      "/items/block_hero": image(picture.png),
      [`/assets/${id}`]: () => new Response(null, { status: 302, headers: { Location: "https://images.example/cat.png" } }),
      "/cat.png": image(picture.png),
    });
    const env = { IMAGE_ALLOWED_ORIGINS: "https://images.example" } as Record<string, string>;
    // Each URL its own cache key, so every one reaches the host.
    for (const url of [`${api}/items/block_hero?n=${id}`, `${api}/assets/${id}/../../items/block_hero?m=${id}`, `${api}/assets/${id}`]) {
      expect((await request(`/_next/image?${q(url)}`, { app, env })).status, url).toBe(200);
    }
    expect(host.calls.map((call) => [new URL(call.url).pathname, call.headers.get("authorization")])).toEqual([
      ["/items/block_hero", null],
      ["/items/block_hero", null],
      [`/assets/${id}`, bearer],
      ["/cat.png", null],
    ]);
  });

  it("knows Directus' files by its base URL, path prefix included", () => {
    const at = directusAssetAuthorization("https://cms.example/api/", "secret");
    expect(at(new URL("https://cms.example/api/assets/abc?width=640"))).toBe("Bearer secret");
    expect(at(new URL("https://cms.example/assets/abc"))).toBeUndefined();
    expect(at(new URL("https://cms.example/api/assets/abc/def"))).toBeUndefined();
    expect(at(new URL("https://cms.example/api/assets/"))).toBeUndefined();
    expect(at(new URL("https://other.example/api/assets/abc"))).toBeUndefined();
    expect(at(new URL("http://cms.example/api/assets/abc"))).toBeUndefined();
    expect(directusAssetAuthorization("https://cms.example", undefined)(new URL("https://cms.example/assets/abc"))).toBeUndefined();
  });
});

describe("/_next/image and SVG", () => {
  it("serves an SVG of the site's own files as is, sandboxed", async () => {
    const asset = await env.ASSETS.fetch(new Request("http://localhost/illustrations/not-found.svg"));
    expect(asset.status).toBe(200);
    const original = await asset.text();
    const { get, transforms } = imageApp({});
    const response = await get(q("/illustrations/not-found.svg", 640), acceptAll);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("image/svg+xml");
    expect(response.headers.get("content-security-policy")).toBe(
      "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'; sandbox",
    );
    expect(imageCsp).toBe("default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'; sandbox");
    expect(response.headers.get("content-disposition")).toBe('inline; filename="not-found.svg"');
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(await response.text()).toBe(original);
    expect(transforms).toHaveLength(0);
  });

  it("treats an absolute URL on the site's own origin as its own file", async () => {
    const { get } = imageApp({});
    const response = await get(q("http://localhost:3000/illustrations/not-found.svg"));
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("image/svg+xml");
  });

  it("refuses an SVG from Directus, whatever its Content-Type says", async () => {
    const id = fileId();
    const { get, transforms } = imageApp({ [`/assets/${id}`]: image(new TextEncoder().encode(svg), "image/png") });
    const response = await get(q(`${api}/assets/${id}`));
    expect(response.status).toBe(415);
    expect(await response.text()).toBe(
      'The "url" parameter points at an SVG on another host; SVG images are served only from this site\'s own files.',
    );
    expect(transforms).toHaveLength(0);
  });
});

describe("/_next/image upstream failures", () => {
  it("answers 404 when the upstream has no such file", async () => {
    const { get } = imageApp({});
    const response = await get(q(`${api}/assets/${fileId()}`));
    expect(response.status).toBe(404);
    expect(await response.text()).toBe("The image was not found on its host.");
    expect(response.headers.get("cache-control")).toBe("no-store");
  });

  it("answers 404 when the upstream forbids the file (Directus' answer for a missing file)", async () => {
    const id = fileId();
    const { get } = imageApp({ [`/assets/${id}`]: () => new Response('{"errors":[]}', { status: 403 }) });
    const response = await get(q(`${api}/assets/${id}`));
    expect(response.status).toBe(404);
    expect(await response.text()).toBe("The image was not found on its host, or is not public there (403).");
  });

  it("answers 502 when the upstream fails or cannot be reached", async () => {
    const failing = fileId();
    const { get } = imageApp({ [`/assets/${failing}`]: () => new Response("boom", { status: 503 }) });
    const response = await get(q(`${api}/assets/${failing}`));
    expect(response.status).toBe(502);
    expect(await response.text()).toBe("The image host failed (503).");

    const down = imageApp({}, { fetch: (async () => Promise.reject(new TypeError("connection refused"))) as typeof fetch });
    const unreachable = await down.get(q(`${api}/assets/${fileId()}`));
    expect(unreachable.status).toBe(502);
    expect(await unreachable.text()).toBe("The image host could not be reached.");
  });

  /**
   * One image request to `upstream` with a 0.3 s deadline, on fake timers: the deadline is
   * proven by the clock the handler reads, not by how long the test took. `upstreamSignal`
   * resolves with the upstream request's signal once the upstream is stuck.
   */
  async function answerAtDeadline(upstream: typeof fetch, upstreamSignal: Promise<AbortSignal>): Promise<Response> {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    try {
      const { get } = imageApp({}, { fetch: upstream, timeoutMs: 300 });
      const pending = get(q(`${api}/assets/${fileId()}`));
      const signal = await upstreamSignal;
      await vi.advanceTimersByTimeAsync(299);
      expect(signal.aborted, "aborted before the deadline").toBe(false);
      await vi.advanceTimersByTimeAsync(1);
      expect(signal.aborted, "aborted at the deadline").toBe(true);
      // The upstream never answers: only the handler's own deadline can end this request.
      const response = await pending;
      expect(response.status).toBe(504);
      expect(await response.text()).toBe("The image host did not answer within 0.3 s.");
      return response;
    } finally {
      vi.useRealTimers();
    }
  }

  it("answers 504 at the deadline when the upstream hangs, aborting the upstream request", async () => {
    const upstreamSignal = deferred<AbortSignal>();
    const hang = ((_input: RequestInfo | URL, init?: RequestInit) => {
      upstreamSignal.resolve(init!.signal!);
      return new Promise<Response>(() => {});
    }) as typeof fetch;
    const response = await answerAtDeadline(hang, upstreamSignal.promise);
    expect(response.headers.get("cache-control")).toBe("no-store");
  });

  it("answers 504 at the deadline when the upstream stalls in the middle of the body, and stops reading it", async () => {
    const bodyStarted = deferred<AbortSignal>();
    const cancelled = deferred();
    const stalled = ((_input: RequestInfo | URL, init?: RequestInit) => {
      const body = new ReadableStream({
        start(controller) {
          controller.enqueue(picture.png.slice(0, 100));
        },
        pull() {
          bodyStarted.resolve(init!.signal!); // the first chunk was read; the rest never comes
          return new Promise<void>(() => {});
        },
        cancel() {
          cancelled.resolve();
        },
      });
      return Promise.resolve(new Response(body));
    }) as typeof fetch;
    await answerAtDeadline(stalled, bodyStarted.promise);
    await cancelled.promise; // the stalled body is cancelled, not left open
  });

  it("caps the size while streaming, not only by Content-Length", async () => {
    const id = fileId();
    const chunked: Route = () =>
      new Response(
        new ReadableStream({
          pull(controller) {
            controller.enqueue(new Uint8Array(400));
          },
        }),
      );
    const declared = fileId();
    const { get } = imageApp(
      {
        [`/assets/${id}`]: chunked,
        [`/assets/${declared}`]: () => new Response(picture.png, { headers: { "Content-Length": String(picture.png.length) } }),
      },
      { maxBytes: 1000 },
    );
    const streamed = await get(q(`${api}/assets/${id}`));
    expect(streamed.status).toBe(502);
    expect(await streamed.text()).toBe("The image is larger than 1000 bytes.");
    const byHeader = await get(q(`${api}/assets/${declared}`));
    expect(byHeader.status).toBe(502);
  });

  it("follows a couple of redirects, only to allowed origins", async () => {
    const id = fileId();
    const to =
      (location: string): Route =>
      () =>
        new Response(null, { status: 302, headers: { Location: location } });
    const { get, host } = imageApp({
      [`/r1/${id}`]: to(`/r2/${id}`),
      [`/r2/${id}`]: to(`${api}/assets/${id}`),
      [`/assets/${id}`]: image(picture.png),
      [`/loop/${id}`]: to(`/r1/${id}`),
      [`/away/${id}`]: to("https://evil.example/cat.png"),
    });
    const followed = await get(q(`${api}/r1/${id}`));
    expect(followed.status).toBe(200);
    expect(host.calls.map((call) => new URL(call.url).pathname)).toEqual([`/r1/${id}`, `/r2/${id}`, `/assets/${id}`]);
    expect(host.calls.every((call) => call.redirect === "manual")).toBe(true);

    const tooMany = await get(q(`${api}/loop/${id}`));
    expect(tooMany.status).toBe(502);
    expect(await tooMany.text()).toBe("The image host redirected too many times.");
    const away = await get(q(`${api}/away/${id}`));
    expect(away.status).toBe(502);
    expect(await away.text()).toBe("The image host redirected to evil.example, which is not an allowed image host.");
  });
});

describe("/_next/image transforms once", () => {
  it("serves a second identical request from the cache without transforming again", async () => {
    const id = fileId();
    const url = `${api}/assets/${id}?v=mf3k2a`;
    const { get, transforms, host } = imageApp({ [`/assets/${id}`]: image(picture.png) });
    const before = imageTransformCount();

    const first = await get(q(url, 640), acceptAll);
    expect(first.status).toBe(200);
    expect(first.headers.get("x-image-cache")).toBe("MISS");
    const firstBytes = await bytesOf(first);

    const second = await get(q(url, 640), acceptAll);
    expect(second.status).toBe(200);
    expect(second.headers.get("x-image-cache")).toBe("HIT");
    expect(second.headers.get("content-type")).toBe("image/webp");
    expect(second.headers.get("vary")).toBe("Accept");
    expect(second.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(await bytesOf(second)).toEqual(firstBytes);

    expect(transforms).toHaveLength(1);
    expect(imageTransformCount() - before).toBe(1);
    expect(host.calls).toHaveLength(1);

    // Another format, width or quality is another variant: transformed once more each.
    expect((await get(q(url, 640), "image/avif")).headers.get("x-image-cache")).toBe("MISS");
    expect((await get(q(url, 750), acceptAll)).headers.get("x-image-cache")).toBe("MISS");
    expect((await get(q(url, 640, 50), acceptAll)).headers.get("x-image-cache")).toBe("MISS");
    expect((await get(q(url, 640), "image/avif")).headers.get("x-image-cache")).toBe("HIT");
    expect(transforms.map((t) => [t.width, t.quality, t.format])).toEqual([
      [640, 75, "image/webp"],
      [640, 75, "image/avif"],
      [750, 75, "image/webp"],
      [640, 50, "image/webp"],
    ]);
  });

  it("keeps unversioned sources for a day and versioned ones for a year", async () => {
    const id = fileId();
    const { get } = imageApp({ [`/assets/${id}`]: image(picture.png) });
    const unversioned = await get(q(`${api}/assets/${id}`));
    expect(unversioned.headers.get("cache-control")).toBe("public, max-age=86400");
    const versioned = await get(q(`${api}/assets/${id}?v=abc`));
    expect(versioned.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    const asset = await get(q("/illustrations/not-found.svg"));
    expect(asset.headers.get("cache-control")).toBe("public, max-age=86400");
  });
});

describe("<Image>", () => {
  const context = { siteOrigins: originsFrom(env.SITE_URL), allowedOrigins: originsFrom(env.API_BASE_URL) };

  /** Every URL the component writes (src and each srcset candidate) with its descriptor. */
  function urlsOf(html: string): { url: URL; descriptor: string }[] {
    const src = /\ssrc="([^"]+)"/.exec(html)![1]!;
    const srcSet = /\ssrcSet="([^"]+)"|\ssrcset="([^"]+)"/.exec(html)!;
    const candidates = (srcSet[1] ?? srcSet[2]!).split(", ").map((candidate) => candidate.split(" "));
    const decode = (value: string) => value.replace(/&amp;/g, "&");
    return [
      { url: new URL(decode(src), "http://localhost:3000"), descriptor: "src" },
      ...candidates.map(([url, descriptor]) => ({ url: new URL(decode(url!), "http://localhost:3000"), descriptor: descriptor! })),
    ];
  }

  const cover = { src: `${api}/assets/cover-id?v=abc`, width: 2400, height: 1350, alt: "A data centre aisle" };
  const cases = [
    ["responsive, large source", { image: cover, sizes: "(min-width: 1081px) 400px, 100vw" }],
    ["responsive, source between device widths", { image: { ...cover, width: 1000, height: 500 }, sizes: "100vw" }],
    ["responsive, source smaller than every device width", { image: { ...cover, width: 300, height: 300 }, sizes: "100vw" }],
    ["fixed 48 px avatar", { image: { ...cover, width: 400, height: 400 }, width: 48 }],
    ["fixed width wider than the source", { image: { ...cover, width: 500, height: 250 }, width: 700 }],
    ["fixed width beyond the largest allowed", { image: { ...cover, width: 5000, height: 2500 }, width: 4000 }],
    ["without sizes or width", { image: { ...cover, width: 333, height: 100 } }],
    ["a site asset", { image: { src: "/illustrations/not-found.svg", width: 320, height: 240, alt: "" }, width: 320 }],
  ] as const;

  it.each(cases)("%s: asks only for widths /_next/image accepts", (_name, props) => {
    const html = renderToString(createElement(Image, props));
    const urls = urlsOf(html);
    expect(urls.length).toBeGreaterThan(1);
    for (const { url, descriptor } of urls) {
      expect(url.pathname).toBe("/_next/image");
      const parsed = parseImageParams(url.searchParams, context);
      expect(parsed, `${url.search} (${descriptor})`).toMatchObject({ ok: true });
      if (!parsed.ok) continue;
      expect(allowedWidths).toContain(parsed.params.width);
      expect(parsed.params.quality).toBe(75);
      if (descriptor.endsWith("w")) expect(Number(descriptor.slice(0, -1))).toBe(parsed.params.width);
      expect(url.searchParams.get("url")).toBe(props.image.src);
    }
  });

  it("reserves the space, loads lazily and keeps the hero eager", () => {
    const html = renderToString(createElement(Image, { image: cover, sizes: "100vw" }));
    expect(html).toContain('width="2400"');
    expect(html).toContain('height="1350"');
    expect(html).toContain('alt="A data centre aisle"');
    expect(html).toContain('loading="lazy"');
    expect(html).toContain('decoding="async"');
    expect(html).toContain('sizes="100vw"');
    expect(html).not.toContain("fetchPriority");
    // Every device width up to the source's, and no tiny icon widths for a responsive image.
    const widths = urlsOf(html)
      .filter((entry) => entry.descriptor !== "src")
      .map((entry) => Number(entry.url.searchParams.get("w")));
    expect(widths).toEqual(deviceWidths.filter((w) => w <= 2400));

    const hero = renderToString(createElement(Image, { image: cover, sizes: "100vw", priority: true }));
    expect(hero).toContain('loading="eager"');
    expect(hero).toMatch(/fetchPriority="high"|fetchpriority="high"/);

    const avatar = renderToString(createElement(Image, { image: { ...cover, width: 400, height: 400 }, width: 48, alt: "" }));
    expect(avatar).toContain('width="48"');
    expect(avatar).toContain('height="48"');
    expect(avatar).toContain('alt=""');
    expect(avatar).toContain(`${imageUrl(cover.src, 48).replace(/&/g, "&amp;")} 1x`);
    expect(avatar).toContain(`${imageUrl(cover.src, 96).replace(/&/g, "&amp;")} 2x`);
  });

  it("its URLs are served by the endpoint", async () => {
    const id = fileId();
    const { app } = imageApp({ [`/assets/${id}`]: image(picture.png) });
    const html = renderToString(
      createElement(Image, { image: { src: `${api}/assets/${id}`, width: sourceWidth, height: sourceHeight, alt: "" }, sizes: "50vw" }),
    );
    for (const { url } of urlsOf(html)) {
      const response = await request(url.pathname + url.search, { app, headers: { Accept: acceptAll } });
      expect(response.status, url.search).toBe(200);
      expect(response.headers.get("content-type")).toBe("image/webp");
      await response.arrayBuffer();
    }
  });
});
