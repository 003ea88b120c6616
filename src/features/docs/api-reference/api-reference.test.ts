import { beforeEach, describe, expect, it } from "vitest";
import { processApiDocument } from "../../../../cms/extensions/api-reference/process.mjs";
import { hostilePatterns, withoutBacktracking } from "../../../../test/support/hostile-patterns";
import { openApiDocument, processed } from "../../../../test/worker/fixtures/api-reference";
import { mockDirectus, request, resetContentState, textOf } from "../../../../test/worker/helpers";

beforeEach(resetContentState);

const methods = ["get", "post", "put", "patch", "delete"];

/** Follows a local `$ref` in the seeded document. */
function resolve(node: any): any {
  let current = node;
  while (current && typeof current.$ref === "string") {
    current = current.$ref
      .slice(2)
      .split("/")
      .reduce((value: any, key: string) => value[key.replace(/~1/g, "/")], openApiDocument);
  }
  return current;
}

/** The top-level field names of a schema, allOf parts merged. */
function fieldNames(schema: any): string[] {
  const resolved = resolve(schema);
  if (!resolved) return [];
  const own = Object.keys(resolved.properties ?? {});
  return [...new Set([...own, ...(resolved.allOf ?? []).flatMap((part: any) => fieldNames(part))])];
}

/** Every operation of the seeded document, read from it: method, path, parameters, body fields, response statuses. */
const documentOperations = Object.entries(openApiDocument.paths).flatMap(([path, item]) =>
  methods
    .filter((method) => item[method])
    .map((method) => {
      const operation = item[method];
      const parameters = [...(item.parameters ?? []), ...(operation.parameters ?? [])].map(
        (parameter: any) => resolve(parameter).name as string,
      );
      const bodySchema = operation.requestBody ? resolve(operation.requestBody).content["application/json"].schema : null;
      return {
        id: operation.operationId as string,
        method: method.toUpperCase(),
        path,
        summary: operation.summary as string,
        parameters: [...new Set(parameters)],
        bodyFields: bodySchema ? fieldNames(bodySchema) : [],
        alternatives: bodySchema ? Boolean(resolve(bodySchema).oneOf) : false,
        statuses: Object.keys(operation.responses),
        // The document's own samples first, then the generated ones in the languages it leaves out.
        sampleLabels: (() => {
          const written = (operation["x-codeSamples"] ?? []) as { lang: string; label?: string }[];
          const covered = new Set(written.map((sample) => sample.lang.toLowerCase()));
          const generated = [
            ["curl", "cURL"],
            ["python", "Python"],
            ["typescript", "TypeScript"],
            ["go", "Go"],
          ].filter(([lang]) => !covered.has(lang!));
          return [...written.map((sample) => sample.label ?? sample.lang), ...generated.map(([, label]) => label!)];
        })(),
        successExample: (() => {
          const [status, response] = Object.entries(operation.responses).find(([code]) => code.startsWith("2"))!;
          return { status: Number(status), example: resolve(response).content?.["application/json"]?.example };
        })(),
      };
    }),
);

/** The page of an operation: its tag and slug from the stored navigation. */
function pageOf(operationId: string): string {
  for (const tag of processed.navigation.tags) {
    const found = tag.operations.find((operation) => operation.id === operationId);
    if (found) return `/docs/api/${tag.slug}/${found.slug}`;
  }
  throw new Error(`no page for ${operationId}`);
}

const attributeValues = (body: string, attribute: string) =>
  [...body.matchAll(new RegExp(`${attribute}="([^"]+)"`, "g"))].map((match) => match[1]!);
/** The texts of the elements carrying a bare attribute (`<label data-tab-label>cURL</label>`). */
const attributeTexts = (body: string, attribute: string) =>
  [...body.matchAll(new RegExp(`${attribute}>([^<]+)<`, "g"))].map((match) => match[1]!);

describe("the API reference pages", () => {
  it("has 25 or more operations in the seeded document, each on its own page", () => {
    expect(documentOperations.length).toBeGreaterThanOrEqual(25);
    expect(new Set(documentOperations.map((operation) => pageOf(operation.id))).size).toBe(documentOperations.length);
  });

  it("shows every operation with the parameters, body fields and responses its document gives", async () => {
    for (const operation of documentOperations) {
      const response = await request(pageOf(operation.id));
      expect(response.status, operation.id).toBe(200);
      const body = await response.text();
      const text = textOf(body);
      expect(body, operation.id).toContain(`data-operation="${operation.id}"`);
      expect(text).toContain(`${operation.method} ${operation.path}`);
      expect(body).toContain(`<h1 class="text-[2.125rem]`);
      expect(text).toContain(operation.summary);
      expect(attributeValues(body, "data-param").sort(), operation.id).toEqual([...operation.parameters].sort());
      const topFields = attributeValues(body, "data-field").filter((field) => !field.includes(".") && !field.includes("["));
      if (operation.alternatives) expect(body).toContain('data-alternatives="oneOf"');
      else
        expect(new Set(topFields.filter((field) => operation.bodyFields.includes(field))), operation.id).toEqual(
          new Set(operation.bodyFields),
        );
      expect(attributeValues(body, "data-response"), operation.id).toEqual(operation.statuses);
      // Samples in four languages at least: the document's own first, the generated ones for the rest.
      expect(attributeTexts(body, "data-tab-label"), operation.id).toEqual(operation.sampleLabels);
      expect(text).toContain(`curl -X ${operation.method}`);
      // Try it is a button; its form's code is not part of the page.
      expect(body).toContain("data-try-it-open");
      expect(body).not.toContain("data-try-it-form");
    }
  }, 60_000); // 33 pages, the first ones highlight their samples with a cold Shiki

  it("folds nested objects and shows alternatives, required fields, defaults, enums and limits", async () => {
    const body = await (await request(pageOf("createCluster"))).text();
    const text = textOf(body);
    expect(body).toMatch(/<details class="mt-2 group"><summary[^>]*>Show \d+ fields of each item<\/summary>/);
    expect(body).toContain('data-field="node_pools.scaling"');
    expect(body).toContain('data-alternatives="oneOf"');
    expect(text).toContain("Fixed size");
    expect(text).toContain("Autoscaled");
    expect(text).toContain("required");
    expect(text).toContain('Default: "1.33"');
    expect(text).toContain('One of: "1.32", "1.33", "1.34"');
    expect(text).toContain("3 to 40 characters");
  });

  it("renders the overview with base URL, authentication, errors, pagination and rate limits", async () => {
    const response = await request("/docs/api");
    expect(response.status).toBe(200);
    const body = await response.text();
    for (const id of ["base-url", "authentication", "errors", "pagination", "rate-limits"])
      expect(body).toMatch(new RegExp(`<h2 id="[^"]*${id}"`));
    expect(body).toContain(openApiDocument.servers[0]!.url);
    for (const tag of processed.navigation.tags) expect(body).toContain(`href="/docs/api/${tag.slug}"`);
  });

  it("lists a tag's operations with their methods and paths", async () => {
    const response = await request("/docs/api/clusters");
    expect(response.status).toBe(200);
    const text = textOf(await response.text());
    for (const operation of documentOperations.filter(
      (candidate) => openApiDocument.paths[candidate.path]![candidate.method.toLowerCase()].tags[0] === "Clusters",
    )) {
      expect(text).toContain(`${operation.method} ${operation.path}`);
    }
  });

  it("answers 404 for an unknown tag or operation", async () => {
    expect((await request("/docs/api/nope")).status).toBe(404);
    expect((await request("/docs/api/clusters/nope")).status).toBe(404);
  });

  it("puts the API in the docs sidebar, the tag being read with its operations and their methods", async () => {
    const doc = await (await request("/docs/getting-started/quickstart")).text();
    expect(doc).toContain('href="/docs/api"');
    for (const tag of processed.navigation.tags) expect(doc).toContain(`href="/docs/api/${tag.slug}"`);
    const body = await (await request(pageOf("createCluster"))).text();
    expect(body).toContain(`href="${pageOf("listClusters")}"`);
    expect(body).toMatch(/>POST<\/span><span class="min-w-0">Create a cluster<\/span>/);
    expect(body).toMatch(/>DELETE<\/span><span class="min-w-0">Delete a cluster<\/span>/);
  });

  it("shows the docs sections beside the API, carrying the sidebar in its payload and not the whole docs tree", async () => {
    const body = await (await request(pageOf("createCluster"))).text();
    expect(body).toContain('href="/docs/getting-started"');
    const state = JSON.parse(/<script id="__STATE__"[^>]*>(.*?)<\/script>/s.exec(body)![1]!);
    const queries = Object.keys(state.queries).map((key) => key.split(":")[0]);
    expect(queries).toContain("DocsNavigation");
    expect(queries).not.toContain("DocsTree");
  });
});

describe("samples the document wrote (x-codeSamples)", () => {
  it("are shown first on the page, in its Markdown and to AI tools, and the note says which are written", async () => {
    const written = openApiDocument.paths["/v1/instances"]!.get["x-codeSamples"] as { label: string; source: string }[];
    expect(written.length).toBeGreaterThan(0);
    const firstLine = written[0]!.source.split("\n")[0]!;
    const body = await (await request(pageOf("listInstances"))).text();
    expect(textOf(body)).toContain(`${written.map((sample) => sample.label).join(", ")}: written for this operation`);
    expect(body).toContain("<code>MERIDIAN_TOKEN</code>");
    expect(textOf(body)).toContain(firstLine);
    const markdown = await (await request(`${pageOf("listInstances")}.md`)).text();
    expect(markdown.indexOf(firstLine)).toBeGreaterThan(-1);
    expect(markdown.indexOf(firstLine)).toBeLessThan(markdown.indexOf("curl -X GET"));
    const mcp = await request("/mcp", {
      method: "POST",
      headers: { "Content-Type": "application/json", Accept: "application/json, text/event-stream" },
      body: JSON.stringify({
        jsonrpc: "2.0",
        id: 1,
        method: "tools/call",
        params: { name: "get_api_operation", arguments: { operation: "listInstances" } },
      }),
    });
    const { result } = (await mcp.json()) as { result: { structuredContent: { samples: { label: string; origin: string }[] } } };
    expect(result.structuredContent.samples.map((sample) => [sample.label, sample.origin])).toEqual([
      ...written.map((sample) => [sample.label, "document"]),
      ["cURL", "generated"],
      ["Go", "generated"],
    ]);
    // An operation without any: every tab generated, and the note says so.
    expect(textOf(await (await request(pageOf("listRegions"))).text())).toContain(
      "Generated from this operation; the key is read from MERIDIAN_TOKEN.",
    );
  });
});

describe("the mock API", () => {
  const key = { Authorization: "Bearer mrd_test_example" };

  it("answers every operation's example request with its documented example", async () => {
    const { generatedSamples } = await import("./samples");
    for (const operation of processed.reference.operations) {
      const expected = documentOperations.find((candidate) => candidate.id === operation.id)!.successExample;
      const sample = generatedSamples(operation, "http://localhost:3000/api/mock").find(
        (candidate) => candidate.language === "typescript",
      )!;
      const url = /fetch\("([^"]+)"/.exec(sample.code)![1]!;
      const init: RequestInit = { method: operation.method, headers: { ...key, "Content-Type": "application/json" } };
      if (operation.requestBody?.example != null) init.body = JSON.stringify(operation.requestBody.example);
      const response = await request(url.replace("http://localhost:3000", ""), init);
      expect(response.status, operation.id).toBe(expected.status);
      if (expected.example !== undefined) expect(await response.json(), operation.id).toEqual(expected.example);
    }
  });

  it("refuses a bad request with a 400 naming the field", async () => {
    const createCluster = openApiDocument.paths["/v1/clusters"]!.post.requestBody.content["application/json"].example;
    const bad = structuredClone(createCluster);
    bad.node_pools[0].scaling.node_count = 500;
    const response = await request("/api/mock/v1/clusters", {
      method: "POST",
      headers: { ...key, "Content-Type": "application/json" },
      body: JSON.stringify(bad),
    });
    expect(response.status).toBe(400);
    const answer = (await response.json()) as { error: string; field: string };
    expect(answer.field).toBe("node_pools[0].scaling.node_count");
    expect(answer.error).toContain("at most 100");

    const missing = await request("/api/mock/v1/clusters", {
      method: "POST",
      headers: { ...key, "Content-Type": "application/json" },
      body: JSON.stringify({ region: "eu-central-1" }),
    });
    expect(missing.status).toBe(400);
    expect(((await missing.json()) as { field: string }).field).toBe("name");

    const limit = await request("/api/mock/v1/projects?limit=0", { headers: key });
    expect(limit.status).toBe(400);
    expect(((await limit.json()) as { field: string }).field).toBe("limit");

    const notJson = await request("/api/mock/v1/projects", {
      method: "POST",
      headers: { ...key, "Content-Type": "application/json" },
      body: "{",
    });
    expect(notJson.status).toBe(400);
  });

  it("checks fields named like what every object inherits (__proto__, constructor, toString) as the fields they are", async () => {
    const example = openApiDocument.paths["/v1/clusters"]!.post.requestBody.content["application/json"].example;
    const post = (text: string) =>
      request("/api/mock/v1/clusters", { method: "POST", headers: { ...key, "Content-Type": "application/json" }, body: text });
    const withBody = (extra: string) => JSON.stringify(example).replace(/}$/, `,${extra}}`);
    // A map's keys are checked against its value schema (labels: strings of at most 63 characters).
    for (const name of ["__proto__", "constructor", "toString"]) {
      const response = await post(withBody(`"labels":{${JSON.stringify(name)}:5}`));
      expect(response.status, name).toBe(400);
      expect(await response.json(), name).toMatchObject({ field: `labels.${name}`, error: `labels.${name} must be string` });
    }
    // Elsewhere they are what any other unknown field is, and never a server error.
    const ordinary = (await post(withBody('"unknown_field":1'))).status;
    expect(ordinary).toBeLessThan(500);
    for (const name of ["__proto__", "constructor", "toString"])
      expect((await post(withBody(`${JSON.stringify(name)}:{"type":"object"}`))).status, name).toBe(ordinary);
  });

  it.each(hostilePatterns)(
    "checks a document's $kind pattern ($pattern) on RE2: a 200-character value refused, a matching one accepted",
    async ({ pattern, hostile, matching }) => {
      const field = { type: "string", pattern: `^(?:${pattern})$` };
      const document = {
        openapi: "3.1.0",
        info: { title: "Codes", version: "1" },
        tags: [{ name: "codes" }],
        paths: {
          "/v1/codes/{code}": {
            post: {
              operationId: "createCode",
              tags: ["codes"],
              parameters: [{ name: "code", in: "path", required: true, schema: field }],
              requestBody: {
                required: true,
                content: { "application/json": { schema: { type: "object", required: ["label"], properties: { label: field } } } },
              },
              responses: { "201": { description: "Created", content: { "application/json": { example: { created: true } } } } },
            },
          },
        },
      };
      const { reference } = processApiDocument(document) as { reference: unknown };
      const directus = mockDirectus({
        ApiReference: { api_reference: { reference, version: "v1", date_updated: "2026-11-20T09:00:00.000Z" } },
      });
      const send = (code: string, label: string) =>
        request(`/api/mock/v1/codes/${encodeURIComponent(code)}`, {
          method: "POST",
          headers: { "Content-Type": "application/json" },
          body: JSON.stringify({ label }),
          options: { content: { fetch: directus.fetch } },
        });
      const answers = await withoutBacktracking(
        hostilePatterns.map((entry) => entry.pattern),
        async () => [await send(hostile, matching), await send(matching, hostile), await send(matching, matching)] as const,
      );
      const [badPath, badBody, good] = answers;
      expect(badPath.status).toBe(400);
      expect(await badPath.json()).toMatchObject({ field: "code" });
      expect(badBody.status).toBe(400);
      expect(await badBody.json()).toMatchObject({ field: "label" });
      expect(good.status).toBe(201);
      expect(await good.json()).toEqual({ created: true });
    },
  );

  it("asks for a key, and answers 404 and 405 for what the document does not have", async () => {
    expect((await request("/api/mock/v1/regions")).status).toBe(401);
    expect((await request("/api/mock/v1/nothing", { headers: key })).status).toBe(404);
    const wrong = await request("/api/mock/v1/regions", { method: "DELETE", headers: key });
    expect(wrong.status).toBe(405);
    // Exactly the methods the document has at that path.
    const documented = Object.keys(openApiDocument.paths["/v1/regions"]!).map((method) => method.toUpperCase());
    const allow = [...new Set(documented.flatMap((method) => (method === "GET" ? ["GET", "HEAD"] : [method])))].sort().join(", ");
    expect(wrong.headers.get("allow")).toBe(allow);
    expect(((await wrong.json()) as { error: string }).error).toBe(`DELETE is not an operation of /v1/regions: it takes ${allow}`);
  });
});

describe("the API reference in search, llms.txt and Markdown", () => {
  it("finds an operation by its method and path, and by its operation id", async () => {
    const { resetSearchIndexMemo } = await import("../../search/site-index.server");
    resetSearchIndexMemo();
    const search = async (q: string) =>
      ((await (await request(`/api/search?q=${encodeURIComponent(q)}`)).json()) as { results: { url: string }[] }).results;
    expect((await search("POST /v1/clusters"))[0]?.url).toBe(pageOf("createCluster"));
    expect((await search("createNodePool"))[0]?.url).toBe(pageOf("createNodePool"));
  });

  it("lists every operation in llms.txt with its Markdown page", async () => {
    const text = await (await request("/llms.txt")).text();
    expect(text).toContain("## API reference");
    for (const operation of documentOperations) expect(text).toContain(`http://localhost:3000${pageOf(operation.id)}.md`);
  });

  it("serves the overview, a tag and every operation as Markdown with its parameters, responses and samples", async () => {
    const overview = await request("/docs/api.md");
    expect(overview.status).toBe(200);
    expect(overview.headers.get("content-type")).toContain("text/markdown");
    expect(await overview.text()).toContain("## Rate limits");
    expect((await request("/docs/api/clusters.md")).status).toBe(200);
    for (const operation of documentOperations) {
      const response = await request(`${pageOf(operation.id)}.md`);
      expect(response.status, operation.id).toBe(200);
      const markdown = await response.text();
      expect(markdown).toContain(`\`${operation.method} ${operation.path}\``);
      for (const name of operation.parameters) expect(markdown, operation.id).toContain(`\`${name}\``);
      for (const status of operation.statuses) expect(markdown, operation.id).toContain(`### ${status}`);
      expect(markdown).toContain(`curl -X ${operation.method}`);
    }
    expect((await request("/docs/api/clusters/nope.md")).status).toBe(404);
  });
});

describe("the API reference in the sitemap", () => {
  it("lists the overview, every tag and every operation", async () => {
    const xml = await (await request("/sitemap.xml")).text();
    expect(xml).toContain("<loc>http://localhost:3000/docs/api</loc>");
    for (const tag of processed.navigation.tags) expect(xml).toContain(`<loc>http://localhost:3000/docs/api/${tag.slug}</loc>`);
    for (const operation of documentOperations) expect(xml).toContain(`<loc>http://localhost:3000${pageOf(operation.id)}</loc>`);
  });
});

describe("the API reference in the full docs", () => {
  it("has its overview in /llms-full/api.txt and every operation in its tag's part", async () => {
    const overview = await (await request("/llms-full/api.txt")).text();
    expect(overview).toContain("Source: http://localhost:3000/docs/api\n");
    const tags = processed.navigation.tags.map((tag) => `/llms-full/api/${tag.slug}.txt`);
    for (const tag of tags) expect(overview).toContain(`(http://localhost:3000${tag})`);
    const text = (await Promise.all(tags.map(async (path) => (await request(path)).text()))).join("\n");
    for (const operation of documentOperations) expect(text).toContain(`Source: http://localhost:3000${pageOf(operation.id)}\n`);
  });
});
