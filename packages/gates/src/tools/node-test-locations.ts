import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";

// Node 20's TAP names the file and line of a failing test only: a passing one could not be
// tied to its file, so an oracle file with one failing test had its passing tests "missing".
// A second reporter, gates' own (written outside the tree, into the run's folder), writes one
// JSON line per test result with the file and line node knows for every test.

const REPORTER = `export default async function* locations(source) {
  for await (const event of source) {
    if (event.type !== "test:pass" && event.type !== "test:fail") continue;
    const { name, nesting, file, line } = event.data;
    yield JSON.stringify({ name, nesting, file: file ?? null, line: line ?? null }) + "\\n";
  }
}
`;

export interface TestLocation {
  name: string;
  nesting: number;
  file: string | null;
  line: number | null;
}

/** The reporter flags to add (after TAP's), the reporter written into `runDir`. */
export async function locationReporter(runDir: string): Promise<{ argv: string[]; out: string }> {
  const reporter = join(runDir, "node-test-locations.mjs");
  const out = join(runDir, "node-test-locations.jsonl");
  await writeFile(reporter, REPORTER);
  return { argv: [`--test-reporter=${reporter}`, `--test-reporter-destination=${out}`], out };
}

/** The locations the reporter wrote, in the order of the results (none when it wrote none). */
export async function readLocations(out: string): Promise<TestLocation[]> {
  const text = await readFile(out, "utf8").catch(() => "");
  const locations: TestLocation[] = [];
  for (const line of text.split("\n")) {
    if (line.trim() === "") continue;
    try {
      const value = JSON.parse(line) as Partial<TestLocation>;
      if (typeof value.name === "string" && typeof value.nesting === "number")
        locations.push({
          name: value.name,
          nesting: value.nesting,
          file: typeof value.file === "string" ? value.file : null,
          line: typeof value.line === "number" ? value.line : null,
        });
    } catch {
      // A line cut short by a killed run: the TAP still decides what ran.
    }
  }
  return locations;
}
