#!/usr/bin/env node
// Ask the docs: how well questions find their passages on the seeded content
// (src/features/ask/questions.json): recall@5, MRR, refusal and false-refusal rates, on the
// tuning, held-out and external splits separately. `--misses` also lists the questions that missed,
// the unanswerable ones answered and the answerable ones refused (with the topic words the best
// passages lack: what the confidence gate counted against them).
//   node scripts/bench/ask-retrieval.mjs [--misses]
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { root } from "../lib/processes.mjs";

const esbuild = await import("esbuild");
const dir = mkdtempSync(join(tmpdir(), "ask-bench-"));
try {
  const outfile = join(dir, "evaluate.mjs");
  await esbuild.build({
    entryPoints: [join(root, "test/support/ask-evaluate.ts")],
    bundle: true,
    platform: "node",
    format: "esm",
    outfile,
    logLevel: "error",
  });
  const { evaluate, seededPassageIndex } = await import(pathToFileURL(outfile).href);
  const index = await seededPassageIndex();
  console.log(`passages: ${index.passages.length}`);
  const percent = (x) => `${(x * 100).toFixed(1)} %`;
  for (const split of ["tuning", "heldout", "external"]) {
    const s = evaluate(index, split);
    console.log(
      `${split.padEnd(8)} answerable ${s.answerable}, unanswerable ${s.unanswerable}: recall@5 ${s.recallAt5.toFixed(3)}, MRR ${s.mrr.toFixed(3)}, ` +
        `refused ${percent(s.refusalRate)} of unanswerable, ${percent(s.falseRefusalRate)} of answerable`,
    );
    if (process.argv.includes("--misses")) {
      for (const miss of s.misses)
        console.log(`  miss: ${miss.question}\n    expected ${miss.expected.join(" ")}\n    got ${miss.got.join(" ")}`);
      for (const wrong of s.wrongAnswers) console.log(`  answered: ${wrong.question} → ${wrong.got}`);
      for (const refused of s.falseRefusals)
        console.log(`  refused: ${refused.question} (lacks ${refused.uncovered.join(" ") || "nothing"})`);
    }
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
