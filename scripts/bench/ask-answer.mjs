#!/usr/bin/env node
// Ask the docs: how long the extractive answer takes on the seeded question set
// (src/features/ask/questions.json), in process, around the functions POST /api/ask runs: the
// retrieval, the extractive sentences and their checks (the stream's first sentence goes out
// then), then the answer composed. Median and p95 over every question, after a warm-up round;
// the index is the isolate's memoised one, and its cold load from KV's JSON is timed apart.
// No network, no model: the model path's budget is in decision 031.
//   node scripts/bench/ask-answer.mjs [--rounds 5]
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { parseArgs } from "node:util";
import { root } from "../lib/processes.mjs";

const { values } = parseArgs({ options: { rounds: { type: "string", default: "5" } } });
const rounds = Math.max(1, Number(values.rounds) || 5);

const esbuild = await import("esbuild");
const dir = mkdtempSync(join(tmpdir(), "ask-answer-bench-"));
try {
  const outfile = join(dir, "answer.mjs");
  await esbuild.build({
    stdin: {
      contents: [
        'export { questions, seededPassageIndex } from "./test/support/ask-evaluate";',
        'export { retrieve, serializePassageIndex, loadPassageIndex } from "./src/features/ask/retrieval";',
        'export { checkedSentences, composeAnswer, extractiveSentences, refusal } from "./src/features/ask/answer";',
      ].join("\n"),
      resolveDir: root,
      loader: "ts",
    },
    bundle: true,
    platform: "node",
    format: "esm",
    outfile,
    logLevel: "error",
  });
  const m = await import(pathToFileURL(outfile).href);
  const index = await m.seededPassageIndex();
  const siteOrigin = "https://www.meridian.example";

  // One question as the endpoint answers it without a model (src/features/ask/routes/api.server.ts).
  const answerOnce = (question) => {
    const start = performance.now();
    const retrieval = m.retrieve(index, question);
    if (!retrieval.confident) {
      m.refusal(retrieval);
      const end = performance.now();
      return { first: null, total: end - start };
    }
    const passages = retrieval.results.map((r) => r.passage);
    const kept = m.checkedSentences(m.extractiveSentences(retrieval), passages, siteOrigin);
    const first = kept.length ? performance.now() - start : null;
    JSON.stringify(kept.length ? m.composeAnswer(kept, passages, { quoted: true }) : m.refusal(retrieval));
    return { first, total: performance.now() - start };
  };

  for (const { question } of m.questions) answerOnce(question);
  const firsts = [];
  const totals = [];
  for (let round = 0; round < rounds; round += 1) {
    for (const { question } of m.questions) {
      const { first, total } = answerOnce(question);
      if (first !== null) firsts.push(first);
      totals.push(total);
    }
  }
  const quantile = (xs, q) => {
    const sorted = [...xs].sort((a, b) => a - b);
    return sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)];
  };
  const ms = (x) => `${x.toFixed(2)} ms`;
  const line = (name, xs) =>
    console.log(
      `${name.padEnd(30)} median ${ms(quantile(xs, 0.5))}, p95 ${ms(quantile(xs, 0.95))}, max ${ms(Math.max(...xs))} (n ${xs.length})`,
    );
  console.log(`questions: ${m.questions.length} × ${rounds} rounds, passages: ${index.passages.length}`);
  line("first sentence (answered)", firsts);
  line("whole answer (all questions)", totals);

  const json = m.serializePassageIndex(index);
  const loads = [];
  for (let i = 0; i < 10; i += 1) {
    const start = performance.now();
    m.loadPassageIndex(json);
    loads.push(performance.now() - start);
  }
  line(`index load from KV JSON (${Math.round(json.length / 1024)} kB)`, loads);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
