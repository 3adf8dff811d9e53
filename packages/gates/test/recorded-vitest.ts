import { spawnSync } from "node:child_process";
import { chmodSync, mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { vitestArgs } from "../src/tools/vitest.js";
import { makeRepo, type Repo } from "./fixture.js";

const REPLAYER = join(dirname(fileURLToPath(import.meta.url)), "replay-vitest.mjs");

/**
 * Run the repo's real vitest once, as gates runs it (`vitest run` + gates' flags), and keep what
 * it wrote and printed. A recording made in the test run that uses it cannot drift from the tool.
 */
export function recordVitest(repo: Repo): string {
  const dir = mkdtempSync(join(tmpdir(), "gates-vitest-recording-"));
  const out = join(dir, "out");
  mkdirSync(out);
  const vitest = join(repo.dir, "node_modules", ".bin", "vitest");
  const result = spawnSync(vitest, ["run", ...vitestArgs(out, "istanbul")], {
    cwd: repo.dir,
    encoding: "utf8",
  });
  const { status, stdout, stderr } = result;
  writeFileSync(
    join(dir, "recording.json"),
    JSON.stringify({ root: repo.dir, out, status, stdout, stderr }),
  );
  return dir;
}

let fixture: string | undefined;

/**
 * The recording of the fixture's own tests (`makeRepo()`'s), made once per test worker: the
 * files that replay it (crap, crap-base, crap-report) share one module graph (isolate: false),
 * and the recording is only read. A file run alone still makes it, once.
 */
export function fixtureRecording(): string {
  fixture ??= recordVitest(makeRepo());
  return fixture;
}

/** From now on the repo's `vitest` replays the recording instead of running the tests. */
export function replayVitest(repo: Repo, recording: string): void {
  const bin = join(repo.dir, "node_modules", ".bin", "vitest");
  writeFileSync(bin, `#!/bin/sh\nexec "${process.execPath}" "${REPLAYER}" "${recording}" "$@"\n`);
  chmodSync(bin, 0o755);
}
