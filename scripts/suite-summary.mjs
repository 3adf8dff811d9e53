#!/usr/bin/env node
// The end of scripts/test.sh's output, from the vitest JSON reports in one folder: the suite's wall
// time with the ten slowest test files, then every failed test (file > test, and the first line of
// its error) and every file that failed with no failed test (a hook, an import, an unhandled
// error). The end of the output is what a CI log shows, so a failure is named there.
//   node scripts/suite-summary.mjs <reports-dir> <wall-seconds>
import { readdirSync, readFileSync } from "node:fs";
import { exitOnHelp } from "./lib/usage.mjs";

exitOnHelp(import.meta.url);

const [dir, seconds] = process.argv.slice(2);
// eslint has no-control-regex on by default: build the pattern from a string instead.
const ANSI = new RegExp(String.fromCharCode(27) + "\\[[0-9;]*m", "g");
const firstLine = (text) =>
  String(text ?? "")
    .replace(ANSI, "")
    .trim()
    .split("\n")[0]
    .slice(0, 300);

const files = [];
const failures = [];
let names = [];
try {
  names = readdirSync(dir)
    .filter((n) => n.endsWith(".json"))
    .sort();
} catch {
  console.log("timings: none recorded");
}
for (const name of names) {
  let report;
  try {
    report = JSON.parse(readFileSync(`${dir}/${name}`, "utf8"));
  } catch {
    console.log(`timings: ${name} could not be read`);
    continue;
  }
  for (const file of report.testResults ?? []) {
    const path = file.name.replace(process.cwd() + "/", "");
    files.push([file.endTime - file.startTime, path]);
    const failed = (file.assertionResults ?? []).filter((t) => t.status === "failed");
    for (const t of failed)
      failures.push(`FAILED ${path} > ${t.fullName}\n  ${firstLine(t.failureMessages?.[0])}`);
    if (failed.length === 0 && file.status === "failed")
      failures.push(`FAILED ${path}\n  ${firstLine(file.message)}`);
  }
}
console.log(`suite wall time: ${seconds} s; slowest test files:`);
for (const [ms, file] of files.sort((a, b) => b[0] - a[0]).slice(0, 10))
  console.log(`  ${(ms / 1000).toFixed(1).padStart(6)} s  ${file}`);
for (const failure of failures) console.log(failure);
