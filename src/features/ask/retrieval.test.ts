import { beforeAll, describe, expect, it } from "vitest";
import { docsPages } from "../docs/cms/seed/docs.mjs";
import { renderMarkdown } from "../../render/markdown/markdown.server";
import { extractiveAnswer } from "./answer";
import type { PassageIndex } from "./retrieval";
import { loadPassageIndex, retrieve, serializePassageIndex } from "./retrieval";
import { evaluate, questions, seededPassageIndex } from "../../../test/support/ask-evaluate";

let index: PassageIndex;
beforeAll(async () => {
  index = await seededPassageIndex();
});

describe("retrieval on the seeded docs", () => {
  it.each([
    // Used to list Get/Delete/Create a GPU instance API operations.
    ["how do I attach a volume to a GPU instance", /^\/docs\/(gpu-clusters\/create-a-cluster|cli\/compute#flags-of-clusters-create)/],
    // Used to list four cluster API operations.
    ["why is my cluster stuck provisioning", /^\/docs\/gpu-clusters\/create-a-cluster#with-the-cli$/],
    // Used to find one heading, "Key types".
    [
      "can I use terraform",
      /^\/docs\/(gpu-clusters\/create-a-cluster#with-terraform|getting-started\/authentication#using-keys-from-terraform)$/,
    ],
  ])("ranks the guide passage first for %j", (question, first) => {
    const { results, confident } = retrieve(index, question);
    expect(results[0]!.passage.id).toMatch(first);
    expect(results[0]!.passage.kind).toBe("guide");
    expect(confident).toBe(true);
  });

  it("prefers API operations when the question asks for one, and the latest version unless it names another", () => {
    expect(retrieve(index, "POST /v1/clusters").results[0]!.passage.id).toBe("/docs/api/clusters/create-cluster");
    expect(retrieve(index, "which endpoint lists regions").results[0]!.passage.id).toBe("/docs/api/regions/list-regions");
    expect(retrieve(index, "create a gpu instance with the v1 api").results[0]!.passage.id).toBe(
      "/docs/api/v1/gpu-instances/create-instance",
    );
    expect(retrieve(index, "create a gpu instance with the v1 api").results[0]!.passage.title).toBe("Create a GPU instance (API v1)");
  });

  it("forgives typos and uses the glossary", () => {
    expect(retrieve(index, "how do I rotate api kyes").results[0]!.passage.id).toBe("/docs/getting-started/authentication#rotating-keys");
    expect(retrieve(index, "k8s ingress cost").results[0]!.passage.id).toBe("/docs/kubernetes/ingress#costs");
  });

  it("meets its floors on the question set (measured values: scripts/bench/ask-retrieval.mjs)", () => {
    expect(questions.filter((q) => q.answers.length > 0).length).toBeGreaterThanOrEqual(150);
    expect(questions.filter((q) => q.answers.length === 0).length).toBeGreaterThanOrEqual(30);
    const heldout = evaluate(index, "heldout");
    const tuning = evaluate(index, "tuning");
    // Floors well below what is measured (held-out 0.98 / 0.92), so only a regression fails.
    expect(heldout.recallAt5).toBeGreaterThanOrEqual(0.85);
    expect(heldout.mrr).toBeGreaterThanOrEqual(0.75);
    expect(tuning.recallAt5).toBeGreaterThanOrEqual(0.85);
    expect(heldout.refusalRate + tuning.refusalRate).toBeGreaterThanOrEqual(1.6);
    expect(heldout.falseRefusalRate).toBeLessThanOrEqual(0.2);
    // Written by someone who never saw this code or the other questions (0.96 / 0.83 measured).
    // Its false refusals (54 % measured) are reported by the bench, not held to a floor yet.
    const external = evaluate(index, "external");
    expect(external.recallAt5).toBeGreaterThanOrEqual(0.9);
    expect(external.mrr).toBeGreaterThanOrEqual(0.75);
    expect(external.refusalRate).toBeGreaterThanOrEqual(0.9);
  });

  it("refuses what the docs do not say, with the closest pages", () => {
    const answer = extractiveAnswer(retrieve(index, "can I pay with bitcoin"));
    expect(answer.answered).toBe(false);
    expect(answer.citations.every((citation) => citation.quote === "")).toBe(true);
  });

  it("survives storage", () => {
    const loaded = loadPassageIndex(serializePassageIndex(index))!;
    expect(retrieve(loaded, "why is my cluster stuck provisioning").results.map((r) => r.passage.id)).toEqual(
      retrieve(index, "why is my cluster stuck provisioning").results.map((r) => r.passage.id),
    );
    expect(loadPassageIndex('{"version":0}')).toBeNull();
    expect(loadPassageIndex("not json")).toBeNull();
  });

  it("links only to anchors the rendered docs pages have", async () => {
    const anchors = new Set<string>();
    for (const page of docsPages as { path: string; status?: string; body: string }[]) {
      if (page.status === "draft") continue;
      const { headings } = await renderMarkdown(page.body, {
        siteUrl: "https://www.meridian.example",
        apiBaseUrl: "https://cms.meridian.example",
      });
      for (const heading of headings) anchors.add(`/docs/${page.path}#${heading.id}`);
    }
    const guides = index.passages.filter((p) => p.kind === "guide" && p.id.includes("#"));
    expect(guides.length).toBeGreaterThan(100);
    for (const passage of guides) expect(anchors, passage.id).toContain(passage.id);
  });
});
