import { beforeAll, describe, expect, it } from "vitest";
import { docsPages } from "../docs/cms/seed/docs.mjs";
import { renderMarkdown } from "../../render/markdown/markdown.server";
import { extractiveAnswer } from "./answer";
import type { PassageIndex } from "./retrieval";
import { loadPassageIndex, retrieve, serializePassageIndex } from "./retrieval";
import { isFormOf, isScaffolding, terms } from "./text";
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
    // Refusals: what is measured (tuning 95 %, held-out 100 %), and never under 90 % on a split.
    expect(tuning.refusalRate).toBeGreaterThanOrEqual(0.95);
    expect(heldout.refusalRate).toBeGreaterThanOrEqual(1);
    // False refusals: what is measured (3 of 112, 1 of 60).
    expect(tuning.falseRefusalRate).toBeLessThanOrEqual(0.027);
    expect(heldout.falseRefusalRate).toBeLessThanOrEqual(0.017);
    // Written by someone who never saw this code or the other questions (0.96 / 0.83 measured).
    // Never tuned against: these are its measured values (24 of 90 answerable refused, 2 of 20
    // unanswerable answered), held so that a change which loses readers' questions fails.
    const external = evaluate(index, "external");
    expect(external.recallAt5).toBeGreaterThanOrEqual(0.9);
    expect(external.mrr).toBeGreaterThanOrEqual(0.75);
    expect(external.refusalRate).toBeGreaterThanOrEqual(0.9);
    expect(external.falseRefusalRate).toBeLessThanOrEqual(0.267);
  });

  it("judges whether the docs answer on the question's topic, not on how it is asked", () => {
    const plain = retrieve(index, "how do I rotate api keys");
    const chatty = retrieve(index, "hi! quick question, is there actually a way to rotate api keys? what happens to the old ones? thanks");
    expect(plain.confident).toBe(true);
    expect(chatty.confident).toBe(true);
    expect(chatty.results[0]!.passage.id).toBe(plain.results[0]!.passage.id);
    expect(chatty.uncovered).toEqual([]);
    for (const word of ["much", "happens", "actually", "thanks", "isn", "included", "supported", "getting"])
      expect(terms(word).every(isScaffolding), word).toBe(true);
    for (const word of ["volume", "gpu", "cluster", "bitcoin", "start"]) expect(terms(word).some(isScaffolding), word).toBe(false);
  });

  it("counts a word the passage holds in another form", () => {
    const form = (question: string, passage: string, docsUseQuestionTerm = true) =>
      isFormOf(terms(question)[0]!, terms(passage)[0]!, { docsUseQuestionTerm });
    for (const [question, passage] of [
      ["created", "create"],
      ["deletion", "delete"],
      ["configure", "configuration"],
      ["gpus", "gpu"],
      ["h100s", "h100"],
      ["moved", "move"],
      ["cheapest", "cheap"],
      ["largest", "large"],
      ["embed", "embedding"],
    ])
      expect(form(question!, passage!), `${question} ${passage}`).toBe(true);
    // Abbreviations only for a word the docs never use, and never the start of another word.
    expect(form("repo", "repository", false)).toBe(true);
    expect(form("repo", "repository", true)).toBe(false);
    expect(form("port", "portion")).toBe(false);
    expect(form("provider", "provision")).toBe(false);
  });

  it("refuses on the words the docs never use, and says which", () => {
    const refused = retrieve(index, "can I pay with bitcoin");
    expect(refused.confident).toBe(false);
    expect(refused.uncovered).toEqual(["bitcoin"]);
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
