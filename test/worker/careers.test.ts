import { beforeEach, describe, expect, it } from "vitest";
import { createApp } from "../../src/app";
import { mockDirectus, request, resetContentState, textOf } from "./helpers";

const jsonLd = (html: string) =>
  [...html.matchAll(/<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g)].map((m) => JSON.parse(m[1]!));
const optionsOf = (html: string, name: string) => {
  const select = new RegExp(`<select[^>]*name="${name}"[^>]*>([\\s\\S]*?)</select>`).exec(html)![1]!;
  return [...select.matchAll(/<option value="([^"]*)"[^>]*>([^<]*)<\/option>/g)].map((m) => [m[1], m[2]]);
};
const jobLinks = (html: string) => [...html.matchAll(/<h3[^>]*><a href="(\/careers\/[^"]+)"/g)].map((m) => m[1]);

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
    expect(html).not.toContain("<script>");
    expect(html).toContain('<meta name="robots" content="noindex, nofollow">');
  });

  it("reads all jobs with one cached query and filters in the loader", async () => {
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
