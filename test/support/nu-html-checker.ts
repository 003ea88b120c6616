// The W3C Nu HTML Checker (vnu-jar from npm, run by the system's Java) over a set of documents.
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";

export interface HtmlDocument {
  /** What the document is, in messages: a path such as `/blog` or `/blog (preview)`. */
  name: string;
  html: string;
}

export interface HtmlProblem {
  document: string;
  line?: number;
  message: string;
  extract?: string;
}

/** The package exports the jar's path as a String object. */
const vnuJar = (): string => String(createRequire(import.meta.url)("vnu-jar"));

/** True when a Java runtime answers (`.ci/run` installs one where it is missing). */
export const hasJava = (): boolean => spawnSync("java", ["-version"], { stdio: "ignore" }).status === 0;

/**
 * Validates every document in one run of the checker (one JVM start) and returns its errors:
 * type "error" and "non-document-error" (warnings and info messages are advice, not invalid HTML).
 */
export function validateHtml(documents: HtmlDocument[]): HtmlProblem[] {
  const dir = mkdtempSync(join(tmpdir(), "vnu-"));
  try {
    const files = documents.map((document, index) => {
      const file = join(dir, `${index}.html`);
      writeFileSync(file, document.html);
      return file;
    });
    const byFile = new Map(files.map((file, index) => [`file:${file}`, documents[index]!.name]));
    const run = spawnSync("java", ["-jar", vnuJar(), "--format", "json", "--exit-zero-always", ...files], {
      encoding: "utf8",
      maxBuffer: 64 * 1024 * 1024,
    });
    if (run.status !== 0) throw new Error(`the Nu HTML Checker did not run (exit ${run.status}): ${run.stderr || run.error}`);
    // The JSON report arrives on stderr.
    const report = JSON.parse(run.stderr) as {
      messages: { type: string; url?: string; lastLine?: number; message: string; extract?: string }[];
    };
    return report.messages
      .filter((message) => message.type === "error" || message.type === "non-document-error")
      .map((message) => ({
        document: byFile.get(message.url ?? "") ?? message.url ?? "?",
        line: message.lastLine,
        message: message.message,
        extract: message.extract?.trim(),
      }));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
