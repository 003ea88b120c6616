import { execFile, spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
// Plain ES modules of the CMS: the seeded document and the processing its hook runs.
import { processApiDocument } from "../../../../cms/extensions/api-reference/process.mjs";
import { apiReferenceDocument } from "../cms/seed/api-reference.mjs";
import { mockPrefix, mockRoutes } from "./mock.server";
import { codeSamples, generatedSamples, keyVariable, writtenSamples } from "./samples";
import { docsPages } from "../cms/seed/docs.mjs";
import type { ApiReference } from "./types";
import type { AppEnv } from "../../../env";

/*
 * The code samples, run for real. Generated ones: curl (through sh) and TypeScript (Node strips the
 * types) against the mock API served over HTTP on 127.0.0.1, each must print the operation's
 * documented example; Python must parse (python3's ast) and Go must parse (gofmt -e) and, when
 * a Go toolchain is installed, compile. Samples written in the document (`x-codeSamples`) are held
 * to the same: run against the mock where their language runs here, parsed where it does not.
 */

const { reference } = processApiDocument(apiReferenceDocument) as { reference: ApiReference };
const documentPaths = apiReferenceDocument.paths as Record<string, Record<string, any>>;
const key = "mrd_test_samples";

function resolve(node: any): any {
  let current = node;
  while (current && typeof current.$ref === "string") {
    current = current.$ref
      .slice(2)
      .split("/")
      .reduce((value: any, segment: string) => value[segment], apiReferenceDocument);
  }
  return current;
}

/** The documented example of an operation's first success response, read from the document. */
function documentedExample(method: string, path: string): unknown {
  const responses = documentPaths[path]![method.toLowerCase()].responses as Record<string, unknown>;
  const [, response] = Object.entries(responses).find(([status]) => status.startsWith("2"))!;
  return resolve(response).content?.["application/json"]?.example;
}

/** Asynchronous: the mock answers from this same process, so a blocking call would wait for itself. */
const run = promisify(execFile);

const has = (command: string) => spawnSync("sh", ["-c", `command -v ${command}`]).status === 0;

let server: Server;
let baseUrl: string;
let dir: string;

beforeAll(async () => {
  const app = new Hono<AppEnv>()
    .use(async (c, next) => {
      c.set("content", { query: async () => ({ api_reference: { reference, date_updated: null } }) } as never);
      await next();
    })
    .route(mockPrefix, mockRoutes);
  server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = chunks.length ? Buffer.concat(chunks) : undefined;
    const request = new Request(`http://127.0.0.1${req.url}`, {
      method: req.method,
      headers: Object.entries(req.headers).flatMap(([name, value]) =>
        typeof value === "string" ? [[name, value] as [string, string]] : [],
      ),
      body: req.method === "GET" || req.method === "HEAD" ? undefined : body,
    });
    const response = await app.fetch(request);
    res.writeHead(response.status, Object.fromEntries(response.headers));
    res.end(Buffer.from(await response.arrayBuffer()));
  });
  await new Promise<void>((ready) => server.listen(0, "127.0.0.1", ready));
  const address = server.address();
  baseUrl = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}${mockPrefix}`;
  dir = mkdtempSync(join(tmpdir(), "api-samples-"));
});

afterAll(() => {
  server?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

const parsedOutput = (output: string) => (output.trim() ? JSON.parse(output) : undefined);

describe("generated code samples", () => {
  it("has an operation for every sample run below", () => {
    expect(reference.operations.length).toBeGreaterThanOrEqual(25);
  });

  it("curl gets each operation's documented example from the mock", { skip: !has("curl"), timeout: 60_000 }, async () => {
    for (const operation of reference.operations) {
      const sample = generatedSamples(operation, baseUrl).find((candidate) => candidate.language === "curl")!;
      const { stdout: output } = await run("sh", ["-c", `${sample.code} --silent --show-error --fail-with-body`], {
        env: { ...process.env, [keyVariable]: key },
        encoding: "utf8",
      });
      expect(parsedOutput(output), operation.id).toEqual(documentedExample(operation.method, operation.path));
    }
  });

  it("TypeScript gets each operation's documented example from the mock", { timeout: 120_000 }, async () => {
    for (const operation of reference.operations) {
      const sample = generatedSamples(operation, baseUrl).find((candidate) => candidate.language === "typescript")!;
      const file = join(dir, `${operation.id}.mts`);
      // The sample prints what it got with console.log: as JSON here, to compare it.
      writeFileSync(file, sample.code.replace("console.log(text ? JSON.parse(text) : response.status);", "console.log(text || '');"));
      const { stdout: output } = await run(process.execPath, [file], { env: { ...process.env, [keyVariable]: key }, encoding: "utf8" });
      expect(parsedOutput(output), operation.id).toEqual(documentedExample(operation.method, operation.path));
    }
  });

  it("Python parses", { skip: !has("python3"), timeout: 60_000 }, () => {
    // One interpreter for all samples: it prints the operations whose sample does not parse.
    const samples = reference.operations.map((operation) => [
      operation.id,
      generatedSamples(operation, baseUrl).find((candidate) => candidate.language === "python")!.code,
    ]);
    const check =
      "import ast, json, sys\nfor name, code in json.load(sys.stdin):\n    try:\n        ast.parse(code)\n    except SyntaxError as error:\n        print(name, error)";
    const result = spawnSync("python3", ["-c", check], { input: JSON.stringify(samples), encoding: "utf8" });
    expect(result.status, result.stderr).toBe(0);
    expect(result.stdout.trim()).toBe("");
  });

  it("Go parses (gofmt -e)", { skip: !has("gofmt") }, () => {
    for (const operation of reference.operations) {
      const sample = generatedSamples(operation, baseUrl).find((candidate) => candidate.language === "go")!;
      const file = join(dir, `${operation.id}.go`);
      writeFileSync(file, sample.code);
      const result = spawnSync("gofmt", ["-e", "-l", file], { encoding: "utf8" });
      expect(result.status, `${operation.id}: ${result.stderr}`).toBe(0);
      // -l lists files whose formatting differs: the samples are gofmt-formatted already.
      expect(result.stdout.trim(), operation.id).toBe("");
    }
  });

  it("Go compiles: a GET, a POST with a body and a DELETE", { skip: !has("go"), timeout: 120_000 }, () => {
    for (const id of ["listRegions", "createCluster", "deleteBucket"]) {
      const operation = reference.operations.find((candidate) => candidate.id === id)!;
      const file = join(dir, `${id}-build.go`);
      writeFileSync(file, generatedSamples(operation, baseUrl).find((candidate) => candidate.language === "go")!.code);
      const result = spawnSync("go", ["build", "-o", join(dir, `${id}-bin`), file], {
        encoding: "utf8",
        env: { ...process.env, GOFLAGS: "-mod=mod", GOCACHE: join(dir, "go-cache"), GOPATH: join(dir, "go-path"), GO111MODULE: "off" },
      });
      expect(result.status, `${id}: ${result.stderr}`).toBe(0);
    }
  });
});

/** The written samples of the seeded document, by operation, with the API's address swapped for the mock's. */
const writtenAgainstMock = () =>
  reference.operations.flatMap((operation) =>
    writtenSamples(operation).map((sample) => ({
      operation,
      sample,
      code: reference.servers.reduce((code, server) => code.replaceAll(server.url, baseUrl), sample.code),
    })),
  );

/** Languages a written sample may be in: those this test can run or parse. */
const checkedLanguages = ["curl", "typescript", "javascript", "python", "go"];

describe("samples written in the document (x-codeSamples)", () => {
  it("come first, and replace the generated sample of their language", () => {
    const operation = reference.operations.find((candidate) => candidate.id === "listInstances")!;
    const samples = codeSamples(operation, reference.servers[0]!.url);
    expect(samples.map((sample) => [sample.label, sample.origin])).toEqual([
      ["TypeScript (every page)", "document"],
      ["Python (every page)", "document"],
      ["cURL", "generated"],
      ["Go", "generated"],
    ]);
    // An operation without any: the four generated ones.
    const other = reference.operations.find((candidate) => candidate.id === "listRegions")!;
    expect(codeSamples(other, baseUrl)).toEqual(generatedSamples(other, baseUrl));
  });

  it("are each in a language checked here", () => {
    expect(writtenAgainstMock().length).toBeGreaterThan(0);
    for (const { operation, sample } of writtenAgainstMock())
      expect(checkedLanguages, `${operation.id}: ${sample.label}`).toContain(sample.language);
  });

  it("run against the mock without an error where their language runs here (curl, TypeScript, JavaScript)", {
    timeout: 60_000,
  }, async () => {
    const runnable = writtenAgainstMock().filter(({ sample }) => ["curl", "typescript", "javascript"].includes(sample.language));
    expect(runnable.length).toBeGreaterThan(0);
    for (const [index, { operation, sample, code }] of runnable.entries()) {
      const env = { ...process.env, [keyVariable]: key };
      if (sample.language === "curl") {
        if (!has("curl")) continue;
        await run("sh", ["-ec", code], { env, encoding: "utf8" });
      } else {
        const file = join(dir, `written-${index}.${sample.language === "typescript" ? "mts" : "mjs"}`);
        writeFileSync(file, code);
        const { stdout } = await run(process.execPath, [file], { env, encoding: "utf8" });
        expect(stdout.trim(), `${operation.id}: ${sample.label}`).not.toBe("");
      }
    }
  });

  it("parse where their language does not run here (Python, Go)", { skip: !has("python3") }, () => {
    for (const { operation, sample, code } of writtenAgainstMock()) {
      if (sample.language === "python") {
        const result = spawnSync("python3", ["-c", "import ast, sys\nast.parse(sys.stdin.read())"], { input: code, encoding: "utf8" });
        expect(result.status, `${operation.id}: ${sample.label}: ${result.stderr}`).toBe(0);
      }
      if (sample.language === "go" && has("gofmt")) {
        const file = join(dir, `written-${operation.id}.go`);
        writeFileSync(file, code);
        expect(spawnSync("gofmt", ["-e", "-l", file], { encoding: "utf8" }).status, `${operation.id}: ${sample.label}`).toBe(0);
      }
    }
  });

  it("are refused when malformed, with a message naming the operation", () => {
    const broken = structuredClone(apiReferenceDocument) as unknown as { paths: Record<string, Record<string, Record<string, unknown>>> };
    broken.paths["/v1/regions"]!.get!["x-codeSamples"] = [{ lang: "Python" }];
    expect(() => processApiDocument(broken)).toThrow("x-codeSamples[0] of GET /v1/regions needs a lang and a source");
    broken.paths["/v1/regions"]!.get!["x-codeSamples"] = "curl …";
    expect(() => processApiDocument(broken)).toThrow("x-codeSamples of GET /v1/regions must be a list");
  });
});

describe("the docs' quickstart", () => {
  it("calls the API the way the reference shows: its tabs are the reference's samples for List regions", () => {
    const quickstart = docsPages.find((page: { path: string }) => page.path === "getting-started/quickstart")!.body as string;
    const tabs = [...quickstart.matchAll(/^```(\S+) tab="([^"]+)"\n([\s\S]*?)\n```$/gm)].map(([, , label, code]) => ({
      label,
      code: `${code}\n`,
    }));
    const listRegions = reference.operations.find((candidate) => candidate.id === "listRegions")!;
    const reference_ = codeSamples(listRegions, reference.servers[0]!.url).map(({ label, code }) => ({
      label,
      code: code.endsWith("\n") ? code : `${code}\n`,
    }));
    expect(tabs).toEqual(reference_);
    expect(quickstart).toContain(`export ${keyVariable}=`);
    expect(quickstart).toContain("(/docs/api/regions/list-regions)");
  });
});
