// The page templates the benchmarks look at, found on the running site itself (so they follow
// the seeded content): home, blog list, the first article, careers with filters that match at
// least one role, the first event, the most code-heavy doc page, and two pages built from CMS
// blocks: /pricing and the first product page the header's menu links to; an API operation and /contact-sales (a CMS form).

const hrefs = (html, pattern) => [...html.matchAll(/href="([^"#?]+)"/g)].map((m) => m[1]).filter((href) => pattern.test(href));

async function get(base, path) {
  const response = await fetch(base + path, { headers: { accept: "text/html" } });
  const html = await response.text();
  if (response.status !== 200) throw new Error(`GET ${path}: ${response.status}`);
  return html;
}

/** Values of `<select name="…">`'s options, empty ("all") left out. */
function selectOptions(html, name) {
  const select = html.match(new RegExp(`<select[^>]*name="${name}"[^>]*>([\\s\\S]*?)</select>`));
  if (!select) return [];
  return [...select[1].matchAll(/<option[^>]*value="([^"]*)"/g)].map((m) => m[1]).filter(Boolean);
}

const unescapeHtml = (value) => value.replaceAll("&amp;", "&").replaceAll("&quot;", '"').replaceAll("&#x27;", "'").replaceAll("&#39;", "'");
const jobLinks = (html) => new Set(hrefs(html, /^\/careers\/[^/.]+$/)).size;

/**
 * @param {string} base a URL that reaches the worker
 * @returns {Promise<{ name: string, path: string }[]>}
 */
export async function discoverPages(base, { only } = {}) {
  const blog = await get(base, "/blog");
  const article = hrefs(blog, /^\/blog\/(?!authors\/)[^/.]+$/)[0];
  if (!article) throw new Error("no article link on /blog");
  const events = await get(base, "/events");
  const event = hrefs(events, /^\/events\/[^/.]+$/)[0];
  if (!event) throw new Error("no event link on /events");

  // Careers with two filters set, chosen so the list is not empty (bounded: at most 12 tries).
  const careers = await get(base, "/careers");
  const departments = selectOptions(careers, "department").map(unescapeHtml);
  const locations = selectOptions(careers, "location").map(unescapeHtml);
  let careersPath = null;
  let tries = 0;
  for (const department of departments.slice(0, 3)) {
    for (const location of locations.slice(0, 4)) {
      const path = `/careers?${new URLSearchParams({ department, location })}`;
      if (++tries > 12) break;
      if (jobLinks(await get(base, path)) > 0) {
        careersPath = path;
        break;
      }
    }
    if (careersPath) break;
  }
  careersPath ??= departments[0] ? `/careers?${new URLSearchParams({ department: departments[0] })}` : "/careers";

  // The doc page with the most code blocks (highlighted on the server, cached by content hash).
  // llms-full.txt is the index of the full docs' parts: the sections' parts hold the doc pages.
  const parts = [...(await get(base, "/llms-full.txt")).matchAll(/\]\(https?:\/\/[^/]+(\/llms-full\/(?!api)[^)\s]+\.txt)\)/g)];
  const docsText = (await Promise.all(parts.map((part) => get(base, part[1])))).join("\n---\n");
  const docPages = docsText.split("\n---\n").map((part) => ({
    path: /^Source: https?:\/\/[^/]+(\/docs\/\S+)$/m.exec(part)?.[1],
    fences: (part.match(/^```/gm) ?? []).length,
  }));
  // Doc pages written in the CMS; the API reference's pages (also in the file) have their own template.
  const doc = docPages.filter((page) => page.path && !page.path.startsWith("/docs/api")).sort((a, b) => b.fences - a.fences)[0]?.path;
  if (!doc) throw new Error("no doc page in /llms-full.txt");

  const home = await get(base, "/");
  const product = hrefs(home, /^\/products\/[^/.]+$/)[0];
  if (!product) throw new Error("no product page linked from /");

  const pages = [
    { name: "home", path: "/" },
    { name: "blog", path: "/blog" },
    { name: "article", path: article },
    { name: "careers", path: careersPath },
    { name: "event", path: event },
    { name: "doc", path: doc },
    { name: "pricing", path: "/pricing" },
    { name: "product", path: product },
    // An API operation page: schema trees, examples and four generated samples in tabs.
    { name: "api-operation", path: "/docs/api/clusters/create-cluster" },
    // The form built in the CMS: its fields, Turnstile's script and the contact details.
    { name: "contact-sales", path: "/contact-sales" },
  ];
  return only ? pages.filter((page) => only.includes(page.name)) : pages;
}
