#!/usr/bin/env node
// `npm run test:stress`: the whole of `npm test` with one core kept busy the whole time, as on a
// shared CI runner or a laptop doing something else. The suite must pass like this: nothing in it
// may depend on the machine's speed. STRESS_HOGS sets how many cores to keep busy (default 1).
import { spawn } from "node:child_process";
import { join } from "node:path";
import { root } from "./lib/processes.mjs";

const hogs = Number(process.env.STRESS_HOGS ?? 1);
// A plain busy loop at normal priority: it takes a core from everything the suite runs.
const spinners = Array.from({ length: hogs }, () => spawn(process.execPath, ["-e", "for (;;) {}"], { stdio: "ignore" }));
const stopHogs = () => {
  for (const spinner of spinners) spinner.kill("SIGKILL");
};
process.on("exit", stopHogs);
console.log(`== stress: ${hogs} busy loop(s) beside the whole suite (pids ${spinners.map((s) => s.pid).join(", ")})`);
const suite = spawn(process.execPath, [join(root, "scripts/test.mjs"), ...process.argv.slice(2)], { cwd: root, stdio: "inherit" });
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => suite.kill(signal));
suite.on("close", (code) => {
  stopHogs();
  process.exit(code ?? 1);
});
