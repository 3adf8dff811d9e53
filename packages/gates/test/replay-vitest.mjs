// Stands in for vitest in a fixture repo: writes the JSON report and coverage a real vitest
// run wrote when it was recorded (test/recorded-vitest.ts), moved to this repository, prints
// its output and exits with its code. Usage: replay-vitest.mjs RECORDING [vitest args…]
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";

const [recording = "", ...args] = process.argv.slice(2);
const meta = JSON.parse(readFileSync(join(recording, "recording.json"), "utf8"));
const flag = (name) => args.find((a) => a.startsWith(`${name}=`))?.slice(name.length + 1);
// The recorded paths hold nothing JSON escapes (temp dirs), so a plain replace is exact.
const moved = (text) => text.split(meta.root).join(process.cwd());
const reportFile = flag("--outputFile");
const coverageDir = flag("--coverage.reportsDirectory");
if (!reportFile || !coverageDir) {
  process.stderr.write(`replay-vitest: not called as gates calls vitest: ${args.join(" ")}\n`);
  process.exit(3);
}
writeFileSync(reportFile, moved(readFileSync(join(meta.out, "vitest.json"), "utf8")));
mkdirSync(coverageDir, { recursive: true });
const coverage = readFileSync(join(meta.out, "coverage", "coverage-final.json"), "utf8");
writeFileSync(join(coverageDir, "coverage-final.json"), moved(coverage));
process.stdout.write(moved(meta.stdout));
process.stderr.write(moved(meta.stderr));
process.exitCode = meta.status;
