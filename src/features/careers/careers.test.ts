import { beforeEach, describe, expect, it } from "vitest";
import { createApp } from "../../app/create-app";
import { consentStateScript } from "../../render/consent-state";
import { manyCareersJobs } from "../../../test/worker/fixtures/careers";
import { mockDirectus, request, resetContentState, textOf, type UpstreamCall } from "../../../test/worker/helpers";

const jsonLd = (html: string) =>
  [...html.matchAll(/<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g)].map((m) => JSON.parse(m[1]!));
const optionsOf = (html: string, name: string) => {
  const select = new RegExp(`<select[^>]*name="${name}"[^>]*>([\\s\\S]*?)</select>`).exec(html)![1]!;
  return [...select.matchAll(/<option value="([^"]*)"[^>]*>([^<]*)<\/option>/g)].map((m) => [m[1], m[2]]);
};
const jobLinks = (html: string) => [...html.matchAll(/<h3[^>]*><a href="(\/careers\/[^"]+)"/g)].map((m) => m[1]);
const payloadOf = (html: string) => JSON.parse(/<script id="__STATE__"[^>]*>([\s\S]*?)<\/script>/.exec(html)![1]!);
const pageLinks = (html: string) => {
  const nav = /<nav aria-label="Open role pages"[^>]*>([\s\S]*?)<\/nav>/.exec(html)?.[1] ?? "";
  return {
    prev: /<a href="([^"]*)" rel="prev"/.exec(nav)?.[1]?.replace(/&amp;/g, "&") ?? null,
    next: /<a href="([^"]*)" rel="next"/.exec(nav)?.[1]?.replace(/&amp;/g, "&") ?? null,
    current: /<a href="[^"]*" aria-label="Page (\d+)" aria-current="page"/.exec(nav)?.[1] ?? null,
  };
};
/** An app whose Directus has `count` roles (manyCareersJobs), 500 a query from `$offset`. */
const appWith = (count: number) => {
  const jobs = manyCareersJobs(count);
  const chunk = (call: UpstreamCall) => {
    const offset = Number(call.variables.offset ?? 0);
    return { jobs: jobs.slice(offset, offset + 500) };
  };
  const directus = mockDirectus({ CareersJobs: chunk });
  return { directus, app: createApp({ pageCache: false, content: { fetch: directus.fetch } }) };
};

beforeEach(resetContentState);

describe("/careers", () => {
  it("lists every open role with the count, the filters and the head", async () => {
    const response = await request("/careers");
    expect(response.status).toBe(200);
    const html = await response.text();
    const text = textOf(html);
    expect(html.match(/<h1[\s>]/g)).toHaveLength(1);
    expect(html).toContain("<title>Careers | Meridian Cloud</title>");
    expect(html).toContain('<link rel="canonical" href="http://localhost:3000/careers">');
    expect(text).toContain("6 open roles");
    expect(jobLinks(html)).toHaveLength(6);
    expect(html).toContain('href="/careers/gpu-scheduler-amsterdam"');
    // Each row: role, sub-team, department, location, category.
    expect(text).toContain(
      "Senior Software Engineer, GPU Scheduler Sub-team Scheduling Department GPU Platform Location Amsterdam, Netherlands Category Engineering",
    );
    const [itemList] = jsonLd(html);
    expect(itemList).toMatchObject({ "@type": "ItemList", numberOfItems: 6 });
  });

  it("has a plain GET form with labelled selects, the exact placeholders and facets from the jobs", async () => {
    const html = await (await request("/careers")).text();
    const form = /<form aria-label="Filter open roles"[^>]*>/.exec(html)![0];
    expect(form).toContain('action="/careers"');
    expect(form).toContain('method="get"');
    for (const name of ["category", "department", "location"]) {
      expect(html).toMatch(new RegExp(`<label for="filter-${name}"[^>]*>`));
      expect(html).toMatch(new RegExp(`<select id="filter-${name}" name="${name}"`));
    }
    expect(optionsOf(html, "category")).toEqual([
      ["", "All categories"],
      ["Engineering", "Engineering"],
      ["Go-to-market", "Go-to-market"],
      ["Operations", "Operations"],
      ["Research", "Research"],
    ]);
    expect(optionsOf(html, "department")[0]).toEqual(["", "All departments"]);
    expect(optionsOf(html, "department").map(([value]) => value)).toEqual([
      "",
      "Data Centre Operations",
      "GPU Platform",
      "Research",
      "Sales",
    ]);
    expect(optionsOf(html, "location")[0]).toEqual(["", "All locations"]);
    expect(optionsOf(html, "location")).toHaveLength(6); // 5 distinct locations + placeholder
    expect(html).toMatch(/<button type="submit"[^>]*>Show roles<\/button>/);
  });

  it("renders the filters from the query string on the server", async () => {
    const html = await (await request("/careers?category=Research")).text();
    const text = textOf(html);
    expect(text).toContain("2 open roles");
    expect(jobLinks(html)).toEqual(["/careers/research-engineer-london", "/careers/research-scientist-remote"]);
    expect(html).toMatch(/<option value="Research" selected="">Research<\/option>/);
    expect(text).toContain("Clear filters");
    // The canonical page is the unfiltered list.
    expect(html).toContain('<link rel="canonical" href="http://localhost:3000/careers">');
  });

  it("combines filters and says '1 open role'", async () => {
    const html = await (await request("/careers?category=Engineering&department=&location=Remote+(EU)")).text();
    expect(textOf(html)).toContain("1 open role");
    expect(textOf(html)).not.toContain("1 open roles");
    expect(jobLinks(html)).toEqual(["/careers/cluster-health-remote"]);
  });

  it("treats an unknown filter value as matching nothing, with a reset link", async () => {
    const response = await request("/careers?department=Nope&location=%3Cscript%3E");
    expect(response.status).toBe(200);
    const html = await response.text();
    const text = textOf(html);
    expect(text).toContain("0 open roles");
    expect(text).toContain("No open roles match these filters");
    expect(html).toMatch(/<a href="\/careers"[^>]*>Show all open roles<\/a>/);
    // The value comes back escaped wherever it is shown, never as markup: the one bare
    // `<script>` is the head's constant consent script.
    expect(html).toContain('<option value="&lt;script&gt;" selected="">&lt;script&gt;</option>');
    expect(html.split("<script>")).toHaveLength(2);
    expect(html).toContain(`<script>${consentStateScript}</script>`);
    expect(html).toContain('<meta name="robots" content="noindex, nofollow">');
  });

  it("reads all jobs with one cached query and filters them on the server", async () => {
    const directus = mockDirectus();
    const app = createApp({ pageCache: false, content: { fetch: directus.fetch } });
    await request("/careers?category=Research", { app });
    await request("/careers?category=Operations", { app });
    await request("/careers", { app });
    expect(directus.count("CareersJobs")).toBe(1);
    expect(directus.calls.find((call) => call.operationName === "CareersJobs")!.variables).toEqual({
      status: ["published"],
      now: expect.stringMatching(/:00\.000Z$/),
    });
  });
});

describe("/careers, paged", () => {
  it("shows 24 roles a page, the total count, and page links with rel prev/next", async () => {
    const { app } = appWith(30);
    const first = await (await request("/careers", { app })).text();
    expect(textOf(first)).toContain("30 open roles");
    expect(jobLinks(first)).toHaveLength(24);
    expect(jobLinks(first)[0]).toBe("/careers/role-001");
    expect(pageLinks(first)).toEqual({ prev: null, next: "/careers?page=2", current: "1" });
    expect(first).toContain('<link rel="canonical" href="http://localhost:3000/careers">');

    // In production, where pages are indexed at all: the unfiltered pages are.
    const response = await request("/careers?page=2", { app, env: { ENVIRONMENT: "prod" } });
    expect(response.status).toBe(200);
    const second = await response.text();
    expect(textOf(second)).toContain("30 open roles");
    expect(jobLinks(second)).toEqual([
      "/careers/role-025",
      "/careers/role-026",
      "/careers/role-027",
      "/careers/role-028",
      "/careers/role-029",
      "/careers/role-030",
    ]);
    expect(pageLinks(second)).toEqual({ prev: "/careers", next: null, current: "2" });
    expect(second).toContain("<title>Careers, page 2 | Meridian Cloud</title>");
    expect(second).toContain('<link rel="canonical" href="http://localhost:3000/careers?page=2">');
    expect(second).not.toContain('name="robots"');
    const [itemList] = jsonLd(second);
    expect(itemList).toMatchObject({ "@type": "ItemList", numberOfItems: 6 });
    expect(itemList.itemListElement[0]).toEqual({
      "@type": "ListItem",
      position: 25,
      url: "http://localhost:3000/careers/role-025",
      name: "Role 025",
    });
  });

  it("pages the filtered list: the count is of every match, page links keep the filters", async () => {
    const { app } = appWith(80); // 60 in Engineering, 40 of them in Amsterdam
    const path = "/careers?location=Amsterdam%2C+Netherlands&category=Engineering&page=2";
    const html = await (await request(path, { app, env: { ENVIRONMENT: "prod" } })).text();
    expect(textOf(html)).toContain("40 open roles");
    expect(jobLinks(html)).toHaveLength(16);
    expect(pageLinks(html)).toEqual({
      prev: "/careers?category=Engineering&location=Amsterdam%2C+Netherlands",
      next: null,
      current: "2",
    });
    expect(html).toMatch(/<option value="Engineering" selected="">Engineering<\/option>/);
    // The facets are every role's, whatever the selection.
    expect(optionsOf(html, "category").map(([value]) => value)).toEqual(["", "Engineering", "Research"]);
    // A filtered view past its first page repeats roles found elsewhere: not indexed.
    expect(html).toContain('<meta name="robots" content="noindex, nofollow">');
    expect(html).toContain('<link rel="canonical" href="http://localhost:3000/careers">');
    const first = await (await request("/careers?category=Engineering", { app, env: { ENVIRONMENT: "prod" } })).text();
    expect(first).not.toContain('name="robots"');
    expect(pageLinks(first)).toEqual({ prev: null, next: "/careers?category=Engineering&page=2", current: "1" });
    // A changed selection starts again on page 1: the form sends no page.
    expect(/<form aria-label="Filter open roles"[^>]*>[\s\S]*?<\/form>/.exec(html)![0]).not.toContain('name="page"');
  });

  it("answers 404 for a page past the last one or a page number that is not one", async () => {
    const { app } = appWith(30);
    for (const path of [
      "/careers?page=3",
      "/careers?page=0",
      "/careers?page=-1",
      "/careers?page=1.5",
      "/careers?page=two",
      "/careers?page=",
      "/careers?category=Research&page=2", // 7 matches: one page
      "/careers?category=Nope&page=2",
    ]) {
      const response = await request(path, { app });
      expect(response.status, path).toBe(404);
      expect(textOf(await response.text()), path).toContain("Page doesn't exist");
    }
    // An empty selection still has its first page.
    expect((await request("/careers?category=Nope&page=1", { app })).status).toBe(200);
  });

  it("hands the browser one page of roles, not all of them", async () => {
    const { app, directus } = appWith(525);
    const html = await (await request("/careers?page=3", { app })).text();
    expect(textOf(html)).toContain("525 open roles");
    expect(jobLinks(html)).toHaveLength(24);
    const payload = payloadOf(html);
    expect(Object.keys(payload.queries)).toEqual(['CareersRoles:{"page":3}']);
    const roles = payload.queries['CareersRoles:{"page":3}'].careersRoles;
    expect(roles).toMatchObject({ total: 525, page: 3, totalPages: 22 });
    expect(roles.jobs).toHaveLength(24);
    expect(html).not.toContain('role-100"');
    // 500 roles in one page were over 1 MB; one page of them stays small.
    expect(html.length).toBeLessThan(120_000);
    // Directus answers 500 rows a query at most: two chunks, each cached.
    expect(directus.calls.filter((call) => call.operationName === "CareersJobs").map((call) => call.variables.offset)).toEqual([
      undefined,
      500,
    ]);
    const last = await (await request("/careers?page=22", { app })).text();
    expect(jobLinks(last)).toHaveLength(21); // 525 - 21 × 24
    expect(jobLinks(last)[0]).toBe("/careers/role-505");
    expect(jobLinks(last).at(-1)).toBe("/careers/role-525");
    expect(directus.count("CareersJobs")).toBe(2);
  });

  it("answers a client navigation's CareersRoles through /graphql, and not the query of every role", async () => {
    const { app } = appWith(30);
    const { careersRolesQuery } = await import("./roles");
    const post = (body: unknown) =>
      request("/graphql", { app, method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
    const response = await post({
      operationName: "CareersRoles",
      query: careersRolesQuery.document,
      variables: { category: "Research", page: 1 },
    });
    expect(response.status).toBe(200);
    const { data } = (await response.json()) as { data: { careersRoles: { total: number; jobs: { slug: string }[] } } };
    expect(data.careersRoles.total).toBe(7);
    expect(data.careersRoles.jobs.map((job) => job.slug)[0]).toBe("role-004");
    const everything = await post({ operationName: "CareersJobs", query: "query CareersJobs { jobs { id } }" });
    expect(everything.status).toBe(400);
  });
});

describe("/careers/:slug", () => {
  it("shows the role, the five labels, the sanitised description and the Apply button", async () => {
    const response = await request("/careers/gpu-scheduler-amsterdam");
    expect(response.status).toBe(200);
    const html = await response.text();
    const text = textOf(html);
    expect(html).toMatch(/<h1[^>]*>Senior Software Engineer, GPU Scheduler<\/h1>/);
    expect(html.match(/<h1[\s>]/g)).toHaveLength(1);
    expect(html).toContain("<title>Senior Software Engineer, GPU Scheduler | Meridian Cloud</title>");
    expect(html).toContain('<link rel="canonical" href="http://localhost:3000/careers/gpu-scheduler-amsterdam">');
    expect(html).toContain('<meta name="description" content="Work on the scheduler that places training jobs across thousands of GPUs.">');
    for (const label of ["Role", "Sub-team", "Department", "Category", "Location"]) expect(html).toContain(`>${label}</dt>`);
    expect(text).toContain("Sub-team Scheduling Department GPU Platform Category Engineering Location Amsterdam, Netherlands");
    expect(html).toContain("<h2>What you will do</h2>");
    expect(html).toContain("<li>Design placement features in Go.</li>");
    expect(html).toContain("<strong>two weeks</strong>");
    const page = html.slice(0, html.indexOf('<script id="__STATE__"'));
    expect(page).not.toContain('alert("job")');
    expect(page).not.toContain("onclick");
    expect(html).toMatch(/<a href="https:\/\/jobs\.meridian\.example\/gpu-scheduler-amsterdam\/apply"[^>]*>Apply/);
    expect(html).toContain('<a href="/careers"');
  });

  it("describes the role as a JobPosting", async () => {
    const html = await (await request("/careers/gpu-scheduler-amsterdam")).text();
    const posting = jsonLd(html).find((item) => item["@type"] === "JobPosting");
    expect(posting).toMatchObject({
      "@context": "https://schema.org",
      title: "Senior Software Engineer, GPU Scheduler",
      url: "http://localhost:3000/careers/gpu-scheduler-amsterdam",
      hiringOrganization: { "@type": "Organization", name: "Meridian Cloud" },
      jobLocation: { "@type": "Place", address: { addressLocality: "Amsterdam", addressCountry: "Netherlands" } },
    });
    expect(posting.description).toContain("<p>Work on the scheduler");
    expect(posting.description).not.toContain("<script");
  });

  it("marks remote roles as telecommute and drops an unsafe apply link", async () => {
    const html = await (await request("/careers/research-scientist-remote")).text();
    const posting = jsonLd(html).find((item) => item["@type"] === "JobPosting");
    expect(posting).toMatchObject({ jobLocationType: "TELECOMMUTE", applicantLocationRequirements: { name: "EU" } });
    expect(posting.jobLocation).toBeUndefined();
    expect(html.slice(0, html.indexOf('<script id="__STATE__"'))).not.toContain("javascript:");
    expect(textOf(html)).not.toMatch(/\bApply\b/);
  });

  it("answers 404 for an unknown or unpublished role", async () => {
    const response = await request("/careers/no-such-role");
    expect(response.status).toBe(404);
    expect(textOf(await response.text())).toContain("Page doesn't exist");
  });
});
