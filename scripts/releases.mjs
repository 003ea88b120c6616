#!/usr/bin/env node
// `npm run releases`: the CMS's releases that need someone: upcoming (approved or scheduled, by
// publish time), in review, and failed (with why), from the releases extension's report
// (GET {CMS_URL}/releases/report, cms/extensions/releases).
//   npm run releases                      the local CMS (http://127.0.0.1:8055, the admin's dev token)
//   CMS_URL=https://cms.example CMS_TOKEN=… npm run releases
//   npm run releases -- --json            the report as JSON
import { parseArgs } from "node:util";
import { DEFAULTS } from "../cms/scripts/lib.mjs";

const { values } = parseArgs({ options: { json: { type: "boolean", default: false } } });
const cms = (process.env.CMS_URL ?? "http://127.0.0.1:8055").replace(/\/+$/, "");
const token = process.env.CMS_TOKEN ?? DEFAULTS.DIRECTUS_ADMIN_TOKEN;

/** The report's text: a heading per group, a line per release. */
export function formatReport(report, { now = Date.now() } = {}) {
  const when = (value) => {
    if (!value) return "no publish time";
    const at = Date.parse(value);
    const minutes = Math.round((at - now) / 60_000);
    const relative = minutes >= 0 ? `in ${minutes} min` : `${-minutes} min ago`;
    return `${new Date(at).toISOString().replace(".000Z", "Z")} (${relative})`;
  };
  const count = (n) => `${n} change${n === 1 ? "" : "s"}`;
  const line = (release) =>
    `  #${release.id} ${release.name} · ${release.state} · ${when(release.publish_at)} · ${count(release.changes?.length ?? 0)}` +
    (release.failure ? `\n      ${release.failure}` : "");
  const group = (title, list) => [`${title} (${list.length})`, ...(list.length ? list.map(line) : ["  none"])].join("\n");
  return [group("Upcoming", report.upcoming), group("In review", report.in_review), group("Failed", report.failed)].join("\n\n");
}

if (import.meta.url === `file://${process.argv[1]}`) {
  let response;
  try {
    response = await fetch(`${cms}/releases/report`, { headers: { Authorization: `Bearer ${token}` } });
  } catch (error) {
    console.error(`releases: the CMS at ${cms} did not answer (${error.message}); start it (npm start) or set CMS_URL.`);
    process.exit(1);
  }
  const body = await response.json().catch(() => null);
  if (!response.ok || !body?.data) {
    console.error(`releases: ${cms}/releases/report answered ${response.status}: ${body?.errors?.[0]?.message ?? "no report"}`);
    process.exit(1);
  }
  console.log(values.json ? JSON.stringify(body.data, null, 2) : formatReport(body.data));
}
