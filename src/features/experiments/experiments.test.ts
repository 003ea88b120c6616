import { env } from "cloudflare:test";
import { beforeEach, describe, expect, it } from "vitest";
import { createApp } from "../../app/create-app";
import { bucketOf } from "./assignment";
import { memoryPageVariant } from "./index.server";
import { surelyNotRedirected } from "../redirects/store.server";
import { servePageFromMemory } from "../../middleware/page-cache";
import { previewCookieValue } from "../../middleware/preview";
import { cmsPage, placement } from "../../../test/worker/fixtures/pages";
import { fakeSiteverify, turnstileTestKeys } from "../../../test/support/turnstile-fake";
import {
  mockDirectus,
  noExperimentsData,
  request,
  resetContentState,
  testSecrets,
  textOf,
  type UpstreamCall,
} from "../../../test/worker/helpers";

beforeEach(resetContentState);

const controlHeadline = "Prices per GPU-hour, billed by the second";
const variantHeadline = "GPUs from $0.99 an hour, no minimum term";

interface ExperimentFixture {
  status?: string;
  start_at?: string | null;
  stop_at?: string | null;
  winner?: string | null;
}

const variants = [
  { key: "control", weight: 50, is_control: true },
  { key: "lowest-price", weight: 50, is_control: false },
];

/** /pricing with its hero as an experiment of two variants (each a section with one hero). */
function pricingPage(experiment: ExperimentFixture) {
  const hero = (id: number, headline: string) => ({
    id: String(id),
    blocks: [placement(id, "block_hero", { id: String(id), headline, image: null })],
  });
  return cmsPage("/pricing", [
    placement(1, "block_experiment", {
      id: "1",
      experiment: {
        key: "pricing-hero",
        status: "running",
        start_at: null,
        stop_at: null,
        winner: null,
        ...experiment,
        variants: [
          { ...variants[0], section: hero(11, controlHeadline) },
          { ...variants[1], section: hero(12, variantHeadline) },
        ],
      },
    }),
    placement(2, "block_cta", { id: "2", title: "Talk to an engineer" }),
  ]);
}

/** The worker's list of running experiments: pricing-hero on /pricing, with this goal. */
const liveExperimentsWith = (goal: { goal: string; goal_form?: string; goal_path?: string }, experiment: ExperimentFixture = {}) => ({
  experiments: [
    {
      key: "pricing-hero",
      status: "running",
      start_at: null,
      stop_at: null,
      winner: null,
      ...experiment,
      goal_form: null,
      goal_path: null,
      ...goal,
      variants,
    },
  ],
  experiment_blocks: [{ pages_id: { path: "/pricing" }, item: { experiment: { key: "pricing-hero" } } }],
});

/** Directus with that page and, when it runs, the experiment in the worker's list (goal: /contact-sales reached). */
function directusWith(experiment: ExperimentFixture = {}) {
  const running = (experiment.status ?? "running") === "running";
  return mockDirectus({
    Page: (call: UpstreamCall) => ({
      pages:
        call.variables.path === "/pricing"
          ? [pricingPage(experiment)]
          : call.variables.path === "/contact-sales"
            ? [cmsPage("/contact-sales", [placement(3, "block_cta", { id: "3", title: "Contact sales" })])]
            : [],
    }),
    LiveExperiments: running ? liveExperimentsWith({ goal: "page_reached", goal_path: "/contact-sales" }, experiment) : noExperimentsData,
  });
}

/** Visitor ids whose bucket falls in the control's half and in the variant's. */
const idIn = (variant: "control" | "lowest-price", from = 0) => {
  for (let i = from; ; i += 1) {
    const id = `visitor${i.toString().padStart(12, "0")}`;
    if (bucketOf(id, "pricing-hero") < 0.5 === (variant === "control")) return id;
  }
};

function eventsSpy() {
  const points: AnalyticsEngineDataPoint[] = [];
  return { points, dataset: { writeDataPoint: (point: AnalyticsEngineDataPoint) => void points.push(point ?? {}) } };
}

const headlineOf = (html: string) =>
  textOf(html).includes(variantHeadline) ? "lowest-price" : textOf(html).includes(controlHeadline) ? "control" : "none";
const experimentCookieOf = (response: Response) => response.headers.getSetCookie().find((cookie) => cookie.startsWith("meridian_exp="));
const consented = (extra = "") => ({ Cookie: `meridian_consent=all${extra}` });
const browser = { "User-Agent": "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36" };

describe("experiments at the edge", () => {
  it("shows the control without analytics consent and sets no cookie; the page is private all the same (not everyone sees the control)", async () => {
    const directus = directusWith();
    for (const cookie of [undefined, "meridian_consent=necessary"]) {
      const response = await request("/pricing", {
        options: { content: { fetch: directus.fetch } },
        headers: { ...browser, ...(cookie ? { Cookie: cookie } : {}) },
      });
      expect(response.status).toBe(200);
      expect(headlineOf(await response.text())).toBe("control");
      expect(response.headers.getSetCookie().some((c) => c.startsWith("meridian_exp"))).toBe(false);
      expect(response.headers.get("cache-control")).toBe("private, max-age=0");
    }
  });

  it("gives a consented visitor an id in a cookie, the variant its id falls in, the same one on every visit, and counts one exposure", async () => {
    const directus = directusWith();
    const events = eventsSpy();
    const app = createApp({ content: { fetch: directus.fetch }, pageCache: false });
    const seen = new Map<string, string>();
    for (let i = 0; i < 12; i += 1) {
      const first = await request("/pricing", {
        app,
        headers: { ...browser, ...consented() },
        env: { EXPERIMENT_EVENTS: events.dataset as never },
      });
      const cookie = experimentCookieOf(first)!;
      expect(cookie).toMatch(/^meridian_exp=[a-z0-9]{32}:pricing-hero:; Max-Age=15552000; Path=\/; SameSite=Lax$/);
      expect(first.headers.get("cache-control")).toBe("private, max-age=0");
      const id = cookie.slice("meridian_exp=".length, cookie.indexOf(":"));
      const variant = headlineOf(await first.text());
      expect(variant).toBe(bucketOf(id, "pricing-hero") < 0.5 ? "control" : "lowest-price");
      seen.set(id, variant);
      // Again with the cookie: the same variant, no second exposure, no new cookie.
      const again = await request("/pricing", {
        app,
        headers: { ...browser, ...consented(`; meridian_exp=${id}:pricing-hero:`) },
        env: { EXPERIMENT_EVENTS: events.dataset as never },
      });
      expect(headlineOf(await again.text())).toBe(variant);
      expect(experimentCookieOf(again)).toBeUndefined();
    }
    expect(events.points).toHaveLength(12);
    // One exposure per visitor, with the variant that visitor was shown.
    expect(events.points.map((point) => point.blobs!.slice(0, 4))).toEqual(
      [...seen.values()].map((variant) => ["exposure", "pricing-hero", variant, variant === "control" ? "control" : "variant"]),
    );
  });

  it("shows a crawler the control and gives it no cookie, even with a consent cookie", async () => {
    const directus = directusWith();
    const response = await request("/pricing", {
      options: { content: { fetch: directus.fetch } },
      headers: {
        "User-Agent": "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)",
        ...consented(`; meridian_exp=${idIn("lowest-price")}:pricing-hero:`),
      },
    });
    expect(headlineOf(await response.text())).toBe("control");
    expect(experimentCookieOf(response)).toBeUndefined();
  });

  it("removes the cookie once consent is withdrawn, and shows the control", async () => {
    const directus = directusWith();
    const response = await request("/pricing", {
      options: { content: { fetch: directus.fetch } },
      headers: { ...browser, Cookie: `meridian_consent=necessary; meridian_exp=${idIn("lowest-price")}:pricing-hero:` },
    });
    expect(headlineOf(await response.text())).toBe("control");
    expect(experimentCookieOf(response)).toMatch(/^meridian_exp=; Max-Age=0; Path=\//);
  });

  it("shows an editor's preview the variant it names (else the control), with no cookie and no cache", async () => {
    const directus = directusWith();
    const app = createApp({ content: { fetch: directus.fetch }, pageCache: true });
    const preview = { ...browser, "X-Preview-Token": testSecrets.DIRECTUS_PREVIEW_TOKEN };
    const named = await request("/pricing?variant=lowest-price", { app, headers: preview });
    expect(headlineOf(await named.text())).toBe("lowest-price");
    expect(named.headers.get("x-page-cache")).toBeNull();
    expect(headlineOf(await (await request("/pricing", { app, headers: preview })).text())).toBe("control");
    const withCookie = await request("/pricing?variant=control", {
      app,
      headers: { ...preview, ...consented(`; meridian_exp=${idIn("lowest-price")}:pricing-hero:`) },
    });
    expect(headlineOf(await withCookie.text())).toBe("control");
    expect(experimentCookieOf(withCookie)).toBeUndefined();
    // A visitor's ?variant= changes nothing.
    const visitor = await request("/pricing?variant=lowest-price", { app, headers: browser });
    expect(headlineOf(await visitor.text())).toBe("control");
  });

  it("keeps the page cache per variant: no bucket is ever served another's page, from the Cache API or from memory", async () => {
    const directus = directusWith();
    const app = createApp({ content: { fetch: directus.fetch }, pageCache: true });
    const workerEnv = { ...env, ...testSecrets };
    const visitors = [
      { name: "no consent", headers: browser, expected: "control" },
      { name: "control", headers: { ...browser, ...consented(`; meridian_exp=${idIn("control")}:pricing-hero:`) }, expected: "control" },
      {
        name: "variant",
        headers: { ...browser, ...consented(`; meridian_exp=${idIn("lowest-price")}:pricing-hero:`) },
        expected: "lowest-price",
      },
      {
        name: "another in the variant",
        headers: { ...browser, ...consented(`; meridian_exp=${idIn("lowest-price", 1000)}:pricing-hero:`) },
        expected: "lowest-price",
      },
    ];
    // Round after round, in turns: the first views render and are kept, the later ones are hits.
    for (let round = 0; round < 3; round += 1) {
      for (const visitor of visitors) {
        const response = await request("/pricing", { app, headers: visitor.headers });
        expect([visitor.name, round, headlineOf(await response.text())]).toEqual([visitor.name, round, visitor.expected]);
        if (round > 0) expect([visitor.name, response.headers.get("x-page-cache")]).toEqual([visitor.name, "HIT"]);
        const fast = servePageFromMemory(
          new Request("http://localhost:3000/pricing", { headers: visitor.headers }),
          workerEnv,
          surelyNotRedirected,
          Date.now(),
          memoryPageVariant,
        );
        expect([visitor.name, fast ? headlineOf(await fast.text()) : "app"]).toEqual([visitor.name, visitor.expected]);
        // A page an experiment stands on is no page for a shared cache, from the app or from memory: a
        // shared cache would hand the control's page to a visitor of the variant.
        expect([visitor.name, response.headers.get("cache-control"), fast?.headers.get("cache-control")]).toEqual([
          visitor.name,
          "private, max-age=0",
          "private, max-age=0",
        ]);
      }
    }
    // A new consented visitor (no cookie yet) and one not yet counted are left to the app.
    const at = (cookie: string) => new Request("http://localhost:3000/pricing", { headers: { ...browser, Cookie: cookie } });
    expect(servePageFromMemory(at("meridian_consent=all"), workerEnv, surelyNotRedirected, Date.now(), memoryPageVariant)).toBeNull();
    expect(
      servePageFromMemory(
        at(`meridian_consent=all; meridian_exp=${idIn("control")}::`),
        workerEnv,
        surelyNotRedirected,
        Date.now(),
        memoryPageVariant,
      ),
    ).toBeNull();
  });

  it("counts a conversion once when an exposed visitor reaches the goal page", async () => {
    const directus = directusWith();
    const events = eventsSpy();
    const app = createApp({ content: { fetch: directus.fetch }, pageCache: false });
    const id = idIn("lowest-price");
    const visit = (path: string, cookie: string) =>
      request(path, {
        app,
        headers: { ...browser, ...consented(`; meridian_exp=${cookie}`) },
        env: { EXPERIMENT_EVENTS: events.dataset as never },
      });
    // Not exposed: reaching the goal counts nothing.
    expect(experimentCookieOf(await visit("/contact-sales", `${id}::`))).toBeUndefined();
    expect(events.points).toHaveLength(0);
    const reached = await visit("/contact-sales", `${id}:pricing-hero:`);
    expect(experimentCookieOf(reached)).toMatch(new RegExp(`^meridian_exp=${id}:pricing-hero:pricing-hero;`));
    expect(events.points.map((point) => point.blobs!.slice(0, 4))).toEqual([["conversion", "pricing-hero", "lowest-price", "variant"]]);
    await visit("/contact-sales", `${id}:pricing-hero:pricing-hero`);
    expect(events.points).toHaveLength(1);
  });

  it("counts what the app's router showed from the analytics script's page view: a first exposure, and the goal page reached, each once", async () => {
    const directus = directusWith();
    const events = eventsSpy();
    const app = createApp({ content: { fetch: directus.fetch }, pageCache: false });
    const id = idIn("lowest-price");
    const pageView = (path: string, cookie: string, userAgent = browser["User-Agent"]) =>
      request("/api/collect", {
        app,
        method: "POST",
        env: { EXPERIMENT_EVENTS: events.dataset as never },
        headers: { "Content-Type": "application/json", "CF-Connecting-IP": "10.9.0.3", "User-Agent": userAgent, Cookie: cookie },
        body: JSON.stringify({ id: "aid", path, referrer: "" }),
      });
    const counted = () => events.points.map((point) => point.blobs!.slice(0, 4));
    // Without consent, without an id (the router showed the control) or from a crawler: nothing.
    expect(experimentCookieOf(await pageView("/pricing", `meridian_exp=${id}::`))).toBeUndefined();
    expect(experimentCookieOf(await pageView("/pricing", "meridian_consent=all"))).toBeUndefined();
    await pageView("/pricing", `meridian_consent=all; meridian_exp=${id}::`, "Googlebot/2.1 (+http://www.google.com/bot.html)");
    // Reaching the goal before any exposure counts nothing either.
    expect(experimentCookieOf(await pageView("/contact-sales", `meridian_consent=all; meridian_exp=${id}::`))).toBeUndefined();
    expect(counted()).toEqual([]);

    const shown = await pageView("/pricing", `meridian_consent=all; meridian_exp=${id}::`);
    expect(shown.status).toBe(204);
    expect(experimentCookieOf(shown)).toMatch(new RegExp(`^meridian_exp=${id}:pricing-hero:;`));
    expect(counted()).toEqual([["exposure", "pricing-hero", "lowest-price", "variant"]]);
    await pageView("/pricing", `meridian_consent=all; meridian_exp=${id}:pricing-hero:`);
    expect(counted()).toHaveLength(1);

    const reached = await pageView("/contact-sales", `meridian_consent=all; meridian_exp=${id}:pricing-hero:`);
    expect(experimentCookieOf(reached)).toMatch(new RegExp(`^meridian_exp=${id}:pricing-hero:pricing-hero;`));
    expect(counted()).toEqual([
      ["exposure", "pricing-hero", "lowest-price", "variant"],
      ["conversion", "pricing-hero", "lowest-price", "variant"],
    ]);
    // The page view that follows a page the server served (and counted) finds it in the cookie.
    await pageView("/contact-sales", `meridian_consent=all; meridian_exp=${id}:pricing-hero:pricing-hero`);
    expect(counted()).toHaveLength(2);
  });

  it("sends everyone back to the winner, else the control, once the experiment ends", async () => {
    const ids = [idIn("control"), idIn("lowest-price"), idIn("lowest-price", 1000)];
    const seenWith = async (experiment: ExperimentFixture) => {
      await resetContentState();
      const directus = directusWith(experiment);
      const app = createApp({ content: { fetch: directus.fetch }, pageCache: true });
      const seen = new Set<string>();
      for (const id of ids) {
        const response = await request("/pricing", { app, headers: { ...browser, ...consented(`; meridian_exp=${id}:pricing-hero:`) } });
        seen.add(headlineOf(await response.text()));
      }
      seen.add(headlineOf(await (await request("/pricing", { app, headers: browser })).text()));
      return [...seen].sort();
    };
    expect(await seenWith({})).toEqual(["control", "lowest-price"]);
    expect(await seenWith({ status: "stopped" })).toEqual(["control"]);
    expect(await seenWith({ status: "stopped", winner: "lowest-price" })).toEqual(["lowest-price"]);
    expect(await seenWith({ stop_at: "2020-01-01T00:00:00Z" })).toEqual(["control"]);
    expect(await seenWith({ stop_at: "2020-01-01T00:00:00Z", winner: "lowest-price" })).toEqual(["lowest-price"]);
    expect(await seenWith({ start_at: "2999-01-01T00:00:00Z" })).toEqual(["control"]);
  });

  it("counts a conversion once when an exposed visitor sends the form that is the goal", async () => {
    const form = {
      id: 3,
      key: "contact-sales",
      title: "Contact sales",
      submit_label: "Send",
      success_message: "Thanks.",
      fields: [{ name: "email", type: "email", label: "Work e-mail", required: true }],
    };
    const directus = mockDirectus({
      FormByKey: (call: UpstreamCall) => ({ forms: call.variables.key === "contact-sales" ? [form] : [] }),
      LiveExperiments: liveExperimentsWith({ goal: "form_submitted", goal_form: "contact-sales" }),
    });
    const fetchImpl = (async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(input instanceof Request ? input.url : String(input));
      if (url.pathname === "/items/form_submissions") return new Response(null, { status: 204 });
      return directus.fetch(input, init);
    }) as typeof fetch;
    const app = createApp({
      pageCache: false,
      content: { fetch: fetchImpl },
      forms: { fetch: fetchImpl, siteverifyFetch: fakeSiteverify().fetch },
    });
    const events = eventsSpy();
    const id = idIn("control");
    const send = (cookie: string) =>
      request("/api/forms/contact-sales", {
        app,
        method: "POST",
        env: { EXPERIMENT_EVENTS: events.dataset as never },
        headers: {
          "Content-Type": "application/x-www-form-urlencoded",
          Accept: "application/json",
          "CF-Connecting-IP": "10.9.0.1",
          Cookie: cookie,
        },
        body: new URLSearchParams([
          ["email", "ada@example.com"],
          ["source-page", "/pricing"],
          ["cf-turnstile-response", turnstileTestKeys.dummyToken],
        ]).toString(),
      });
    // Without consent, or never shown the experiment: nothing counted.
    expect((await send(`meridian_exp=${id}:pricing-hero:`)).status).toBe(200);
    expect((await send(`meridian_consent=all; meridian_exp=${id}::`)).status).toBe(200);
    expect(events.points).toHaveLength(0);
    const sent = await send(`meridian_consent=all; meridian_exp=${id}:pricing-hero:`);
    expect(sent.status).toBe(200);
    expect(experimentCookieOf(sent)).toMatch(new RegExp(`^meridian_exp=${id}:pricing-hero:pricing-hero;`));
    expect(events.points.map((point) => point.blobs!.slice(0, 5))).toEqual([
      ["conversion", "pricing-hero", "control", "control", "form_submitted"],
    ]);
    await send(`meridian_consent=all; meridian_exp=${id}:pricing-hero:pricing-hero`);
    expect(events.points).toHaveLength(1);
  });

  it("opens a variant's section in an editor's preview on its experiment's page as that variant, its content version included", async () => {
    const token = testSecrets.DIRECTUS_PREVIEW_TOKEN;
    const directus = mockDirectus({
      SectionPlacements: { pages_blocks: [] },
      VariantPlacements: (call: UpstreamCall) => ({
        experiment_variants: call.variables.section === "12" ? [{ key: "lowest-price", experiment: { key: "pricing-hero" } }] : [],
        pages_blocks: [{ pages_id: { path: "/pricing" }, item: { experiment: { key: "pricing-hero" } } }],
      }),
      Page: (call: UpstreamCall) => ({ pages: call.variables.path === "/pricing" ? [pricingPage({})] : [] }),
      SectionVersion: (call: UpstreamCall) => ({
        sections_by_id:
          call.variables.version === "spring"
            ? { id: "12", blocks: [placement(12, "block_hero", { id: "12", headline: "Spring variant headline", image: null })] }
            : null,
      }),
    });
    const app = createApp({ content: { fetch: directus.fetch }, pageCache: true });
    const opened = await request(`/api/preview?token=${token}&collection=sections&id=12&version=main`, { app, redirect: "manual" });
    expect(opened.status).toBe(302);
    expect(opened.headers.get("location")).toBe("/pricing?variant=lowest-price");
    // The variant's section in its version "spring", shown on the page as that variant.
    const cookie = `meridian_preview=${await previewCookieValue(token)}; meridian_preview_version=sections%3A12%3Aspring`;
    const html = await (await request("/pricing?variant=lowest-price", { app, headers: { ...browser, Cookie: cookie } })).text();
    expect(textOf(html)).toContain("Spring variant headline");
    expect(textOf(html)).not.toContain(controlHeadline);
    // Without ?variant= the preview shows the control: the version of another variant's section does not show.
    const control = await (await request("/pricing", { app, headers: { ...browser, Cookie: cookie } })).text();
    expect(headlineOf(control)).toBe("control");
  });

  it("counts a call-to-action goal once from the analytics beacon of a click on the variant's links, which stand in an element naming the experiment", async () => {
    const directus = mockDirectus({
      Page: (call: UpstreamCall) => ({ pages: call.variables.path === "/pricing" ? [pricingPage({})] : [] }),
      LiveExperiments: liveExperimentsWith({ goal: "cta_clicked" }),
    });
    const app = createApp({ content: { fetch: directus.fetch }, pageCache: false });
    const id = idIn("lowest-price");
    const html = await (
      await request("/pricing", { app, headers: { ...browser, ...consented(`; meridian_exp=${id}:pricing-hero:`) } })
    ).text();
    expect(html).toMatch(/<div class="contents" data-experiment="pricing-hero">[\s\S]*GPUs from \$0\.99/);
    const events = eventsSpy();
    const click = (cookie: string, body: unknown = { type: "experiment_click", experiment: "pricing-hero" }) =>
      request("/api/collect", {
        app,
        method: "POST",
        env: { EXPERIMENT_EVENTS: events.dataset as never },
        headers: { "Content-Type": "application/json", "CF-Connecting-IP": "10.9.0.2", Cookie: cookie },
        body: JSON.stringify(body),
      });
    expect((await click(`meridian_exp=${id}:pricing-hero:`)).status).toBe(204); // no consent: dropped
    expect((await click("meridian_consent=all", { type: "experiment_click" })).status).toBe(400);
    const clicked = await click(`meridian_consent=all; meridian_exp=${id}:pricing-hero:`);
    expect(clicked.status).toBe(204);
    expect(experimentCookieOf(clicked)).toMatch(new RegExp(`^meridian_exp=${id}:pricing-hero:pricing-hero;`));
    expect(events.points.map((point) => point.blobs!.slice(0, 5))).toEqual([
      ["conversion", "pricing-hero", "lowest-price", "variant", "cta_clicked"],
    ]);
    await click(`meridian_consent=all; meridian_exp=${id}:pricing-hero:pricing-hero`);
    expect(events.points).toHaveLength(1);
  });
});
