import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../../src/app/create-app";
import { bucketOf } from "../../src/features/experiments/assignment";
import { memoryPageVariant } from "../../src/features/experiments/index.server";
import { surelyNotRedirected } from "../../src/features/redirects/store.server";
import { servePageFromMemory } from "../../src/middleware/page-cache";
import { previewCookieValue } from "../../src/middleware/preview";
import { cmsPage, pageAnswer, placement } from "./fixtures/pages";
import { mockDirectus, request, resetContentState, testSecrets, type UpstreamCall } from "./helpers";

/*
 * What a shared cache in front of the site (an edge that caches everything, a company's proxy)
 * may do: keep an answer whose Cache-Control lets it (public, no Vary on Cookie) and hand it to
 * every later request for the same address, whatever cookies that request carries. So, for every
 * kind of page and every cookie a visitor or an editor may send:
 * - an answer a shared cache may keep sets or clears no cookie;
 * - an answer a shared cache may keep is the page (status, headers, bytes) every visitor gets:
 *   any visitor whose cookies (consent, experiments) would change it must not be handed it, so
 *   then none of that page's answers may be kept;
 * - an editor's preview is never kept (an editor handed the public page sees no draft; the
 *   other way round, a draft would reach visitors).
 * Each answer is checked as the app renders it, as the page cache gives it (a miss, then a hit)
 * and as the memory hit before the app gives it.
 */

const controlHeadline = "Prices per GPU-hour, billed by the second";
const variantHeadline = "GPUs from $0.99 an hour, no minimum term";
const hero = (id: number, headline: string) => ({
  id: String(id),
  blocks: [placement(id, "block_hero", { id: String(id), headline, image: null })],
});
const variants = [
  { key: "control", weight: 50, is_control: true },
  { key: "lowest-price", weight: 50, is_control: false },
];
const contactForm = {
  id: 3,
  key: "contact-sales",
  title: "Tell us about your workload",
  submit_label: "Send",
  success_message: "Thanks.",
  fields: [{ name: "email", type: "email", label: "Work e-mail", required: true }],
};

/** Pages built from blocks: the main page, a plain one, one an experiment stands on, one with a form (its outside script keeps a nonce). */
const pages: Record<string, unknown> = {
  "/products": cmsPage("/products", [placement(2, "block_cta", { id: "2", title: "Talk to an engineer" })]),
  "/pricing": cmsPage("/pricing", [
    placement(1, "block_experiment", {
      id: "1",
      experiment: {
        key: "pricing-hero",
        status: "running",
        start_at: null,
        stop_at: null,
        winner: null,
        variants: [
          { ...variants[0], section: hero(11, controlHeadline) },
          { ...variants[1], section: hero(12, variantHeadline) },
        ],
      },
    }),
  ]),
  "/contact-sales": cmsPage("/contact-sales", [
    placement(3, "block_form", { id: "9", kind: "contact_sales", title: "Write to us", text: null, email: null, form: contactForm }),
  ]),
};

const directus = () =>
  mockDirectus({
    Page: (call: UpstreamCall) =>
      pages[call.variables.path as string] ? { pages: [pages[call.variables.path as string]] } : pageAnswer(call),
    FormByKey: (call: UpstreamCall) => ({ forms: call.variables.key === "contact-sales" ? [contactForm] : [] }),
    // The pricing page's experiment runs; its goal is the contact page.
    LiveExperiments: {
      experiments: [
        {
          key: "pricing-hero",
          status: "running",
          start_at: null,
          stop_at: null,
          winner: null,
          goal: "page_reached",
          goal_form: null,
          goal_path: "/contact-sales",
          variants,
        },
      ],
      experiment_blocks: [{ pages_id: { path: "/pricing" }, item: { experiment: { key: "pricing-hero" } } }],
    },
  });

/** One address of each kind of page the site has. */
const templates = [
  "/",
  "/products",
  "/pricing",
  "/contact-sales",
  "/blog",
  "/blog/blog-post-1",
  "/blog/authors/1",
  "/careers",
  "/careers/gpu-scheduler-amsterdam",
  "/events",
  "/events/ai-infra-summit-berlin",
  "/docs/getting-started/quickstart",
  "/docs/api",
  "/docs/api/clusters",
  "/changelog",
  "/changelog/b200-reserved-clusters",
  "/search?q=gpu",
  "/no/such/page",
  "/blog/rss.xml",
];

/** A visitor id in the experiment's control half, or in its variant's. */
const idIn = (variant: "control" | "lowest-price") => {
  for (let i = 0; ; i += 1) {
    const id = `visitor${i.toString().padStart(12, "0")}`;
    if (bucketOf(id, "pricing-hero") < 0.5 === (variant === "control")) return id;
  }
};

/** What visitors send: cookie choices, experiment cookies (counted, new, forged, left behind), other sites' cookies. */
const visitorCookies: Record<string, string> = {
  "no cookie": "",
  "consent all": "meridian_consent=all",
  "consent necessary": "meridian_consent=necessary",
  "consent unreadable": "meridian_consent=maybe",
  "consent all, in the experiment's control": `meridian_consent=all; meridian_exp=${idIn("control")}:pricing-hero:`,
  "consent all, in the experiment's variant": `meridian_consent=all; meridian_exp=${idIn("lowest-price")}:pricing-hero:`,
  "consent all, in the variant, goal reached": `meridian_consent=all; meridian_exp=${idIn("lowest-price")}:pricing-hero:pricing-hero`,
  "consent all, an id not yet counted": `meridian_consent=all; meridian_exp=${idIn("lowest-price")}::`,
  "consent all, a forged experiment cookie": "meridian_consent=all; meridian_exp=..%2F<script>:pricing-hero:",
  "an experiment cookie left without consent": `meridian_exp=${idIn("lowest-price")}:pricing-hero:`,
  "consent necessary, an experiment cookie left": `meridian_consent=necessary; meridian_exp=${idIn("lowest-price")}:pricing-hero:`,
  "a forged experiment cookie without consent": "meridian_exp=forged",
  "another site's cookies": "_ga=GA1.2.3.4; theme=dark",
};

/** What editors send: a preview session, a stale one, a version cookie alone. */
const editorCookies = async (): Promise<Record<string, string>> => ({
  "preview session": `meridian_preview=${await previewCookieValue(testSecrets.DIRECTUS_PREVIEW_TOKEN)}`,
  "preview session, consent all": `meridian_preview=${await previewCookieValue(testSecrets.DIRECTUS_PREVIEW_TOKEN)}; meridian_consent=all`,
  "stale preview session": "meridian_preview=not-the-digest",
  "a version cookie alone": "meridian_preview_version=pages%3A1%3Amain",
});

const browser = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36";

/** Headers that are per request, or the cache policy itself: not part of what a page is. */
const perRequest = new Set(["set-cookie", "cache-control", "x-page-cache", "server-timing", "date"]);

interface Answer {
  state: string;
  how: string;
  editor: boolean;
  status: number;
  cacheControl: string;
  vary: string;
  setCookies: string[];
  /** Status, headers and bytes, without what differs per request. */
  page: string;
}

/**
 * A page's text without what differs per request: the nonce of a page with an outside script,
 * search scores (they decay with the time), the order of the payload's query results (the order
 * in which the reads came back).
 */
const withoutPerRequest = (text: string) =>
  text
    .replace(/nonce="[^"]*"/g, 'nonce=""')
    .replace(/'nonce-[^']*'/g, "'nonce-'")
    .replace(/"score":[0-9.e+-]+/g, '"score":0')
    .replace(/(<script id="__STATE__"[^>]*>)(.*?)(<\/script>)/s, (_all, open: string, json: string, close: string) => {
      const payload = JSON.parse(json) as { queries?: Record<string, unknown> };
      const queries = Object.fromEntries(Object.entries(payload.queries ?? {}).sort(([a], [b]) => (a < b ? -1 : 1)));
      return open + JSON.stringify({ ...payload, queries }) + close;
    });

async function answerOf(response: Response, state: string, how: string, editor: boolean): Promise<Answer> {
  const headers = [...response.headers]
    .filter(([name]) => !perRequest.has(name))
    .map(([name, value]) => `${name}: ${withoutPerRequest(value)}`);
  return {
    state,
    how,
    editor,
    status: response.status,
    cacheControl: response.headers.get("cache-control") ?? "",
    vary: response.headers.get("vary") ?? "",
    setCookies: response.headers.getSetCookie(),
    page: [response.status, ...headers.sort(), withoutPerRequest(await response.text())].join("\n"),
  };
}

/** Where two pages part, a little of each. */
function firstDifference(a: string, b: string): string {
  let at = 0;
  while (at < a.length && a[at] === b[at]) at += 1;
  return `${JSON.stringify(a.slice(Math.max(0, at - 40), at + 60))} / ${JSON.stringify(b.slice(Math.max(0, at - 40), at + 60))}`;
}

/** Whether a shared cache may keep the answer: not private or no-store, and not varying on the cookies. */
const shared = (answer: Answer) =>
  !/\b(private|no-store)\b/i.test(answer.cacheControl) && !/(^|,)\s*(cookie|\*)\s*(,|$)/i.test(answer.vary);

/** Every answer of `path` for every cookie: rendered, through the page cache (miss, hit), from memory. */
async function answersFor(path: string, editors: Record<string, string>): Promise<Answer[]> {
  await resetContentState();
  const upstream = directus();
  const rendering = createApp({ pageCache: false, content: { fetch: upstream.fetch } });
  const caching = createApp({ pageCache: true, content: { fetch: upstream.fetch } });
  const answers: Answer[] = [];
  const states = [
    ...Object.entries(visitorCookies).map(([state, cookie]) => ({ state, cookie, editor: false })),
    ...Object.entries(editors).map(([state, cookie]) => ({ state, cookie, editor: true })),
  ];
  const headersOf = (cookie: string): Record<string, string> => ({ "User-Agent": browser, ...(cookie ? { Cookie: cookie } : {}) });
  // Twice round: the page cache's first answers are misses, its later ones hits (of any state's render).
  for (const round of [1, 2]) {
    for (const { state, cookie, editor } of states) {
      const headers = headersOf(cookie);
      if (round === 1) answers.push(await answerOf(await request(path, { app: rendering, headers }), state, "rendered", editor));
      answers.push(await answerOf(await request(path, { app: caching, headers }), state, `page cache, round ${round}`, editor));
    }
  }
  const workerEnv = { ...env, ...testSecrets };
  for (const { state, cookie, editor } of states) {
    const incoming = new Request(new URL(path, "http://localhost:3000"), { headers: headersOf(cookie) });
    const fast = servePageFromMemory(incoming, workerEnv, surelyNotRedirected, Date.now(), memoryPageVariant);
    if (fast) answers.push(await answerOf(fast, state, "memory hit before the app", editor));
  }
  return answers;
}

let editors: Record<string, string>;
beforeAll(async () => {
  editors = await editorCookies();
});

describe("what a shared cache may keep", () => {
  it.each(templates)("%s: every visitor's page, no cookie set, no preview kept", async (path) => {
    const answers = await answersFor(path, editors);
    const problems: string[] = [];
    const name = (answer: Answer) => `${answer.state} (${answer.how}, ${answer.status}, ${answer.cacheControl || "no Cache-Control"})`;
    for (const answer of answers.filter(shared)) {
      if (answer.setCookies.length)
        problems.push(`${name(answer)} may be kept by a shared cache and sets ${answer.setCookies.join(" | ")}`);
      for (const visitor of answers.filter((other) => !other.editor)) {
        if (visitor.page !== answer.page) {
          problems.push(
            `${name(answer)} may be kept by a shared cache and handed to "${visitor.state}", who gets another page (${visitor.how}): ${firstDifference(answer.page, visitor.page)}`,
          );
          break;
        }
      }
    }
    for (const answer of answers.filter((answer) => answer.editor && /^preview session/.test(answer.state))) {
      if (!/\bno-store\b/.test(answer.cacheControl)) problems.push(`${name(answer)}: an editor's preview that a cache may keep`);
    }
    expect(problems).toEqual([]);
  });

  it("the checks see what they look for: a page that differs by consent, an experiment, a cookie on a public answer", async () => {
    // The pricing page differs by visitor (the variant's headline), and the app says so.
    const answers = await answersFor("/pricing", editors);
    const rendered = (state: string) => answers.find((answer) => answer.state === state && answer.how === "rendered")!;
    expect(rendered("consent all, in the experiment's variant").page).toContain(variantHeadline);
    expect(rendered("no cookie").page).toContain(controlHeadline);
    expect(answers.filter((answer) => !answer.editor).every((answer) => !shared(answer))).toBe(true);
    // A cookie left without consent is cleared, on an answer no shared cache keeps.
    const left = answers.find((answer) => answer.state === "an experiment cookie left without consent" && answer.how === "rendered")!;
    expect(left.setCookies).toEqual([expect.stringMatching(/^meridian_exp=; Max-Age=0; Path=\//)]);
    expect(left.cacheControl).toBe("private, max-age=0");
    // The blog differs by nothing a visitor sends: one page for all, which a shared cache may keep.
    const blog = await answersFor("/blog", editors);
    const visitors = blog.filter((answer) => !answer.editor && answer.setCookies.length === 0);
    expect(new Set(visitors.map((answer) => answer.page)).size).toBe(1);
    expect(visitors.every(shared)).toBe(true);
    expect(blog.find((answer) => answer.state === "stale preview session")).toMatchObject({ status: 401, cacheControl: "no-store" });
  });
});
