import { writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import type { ToolCommand } from "./command.js";
import { programIndex, wordsOf } from "./known.js";
import { toolLaunch } from "./package-bin.js";
import { requireVersion, toolVersion } from "./tool-version.js";

/**
 * jest's own JSON report and istanbul coverage, into `outDir` as vitest's are. `--bail=0`: a
 * configured `bail` ends the run at the first failing file, before the report is written, and
 * gates' canaries always fail.
 */
export function jestArgs(outDir: string): string[] {
  return [
    "--ci",
    "--bail=0",
    "--json",
    `--outputFile=${join(outDir, "jest.json")}`,
    "--testLocationInResults",
    "--coverage",
    "--coverageReporters=json",
    `--coverageDirectory=${join(outDir, "coverage")}`,
  ];
}

/**
 * Runs the repository's jest (`run` of its package, which jest 29 and 30 export) with gates'
 * flags, after putting back the argv its own command gives: jest hands `process.argv` to the
 * tests it runs in band, and a test that read it saw `--ci --json ...`. Its bin's one other
 * step, NODE_ENV=test, is kept. Arguments: jest's package directory, gates' flags as JSON,
 * then the command's own arguments.
 */
const LAUNCHER = `"use strict";
const { join } = require("node:path");
const [jestDir, gatesArgs, ...own] = process.argv.slice(2);
process.argv = [process.argv[0], join(jestDir, "bin", "jest.js"), ...own];
if (process.env.NODE_ENV == null) process.env.NODE_ENV = "test";
require(jestDir).run([...own, ...JSON.parse(gatesArgs)]);
`;

export interface Launch {
  command: ToolCommand;
  argv: string[];
}

/**
 * How gates runs a jest command: node on a launcher written to `outDir`, the repository's jest
 * (29 or newer) reporting into `outDir`. The command keeps its text for messages.
 */
export async function jestLaunch(
  dir: string,
  command: ToolCommand,
  outDir: string,
  env: NodeJS.ProcessEnv,
  extra: readonly string[] = [],
): Promise<Launch> {
  // Missing unless its package is installed, whatever node_modules/.bin holds.
  toolLaunch(dir, "jest", "tests", env);
  requireVersion("tests", toolVersion(dir, "jest"), 29);
  const jestDir = dirname(createRequire(join(dir, "package.json")).resolve("jest/package.json"));
  const launcher = join(outDir, "jest-launcher.cjs");
  await writeFile(launcher, LAUNCHER);
  const own = wordsOf(command).slice(programIndex(command) + 1);
  const argv = [launcher, jestDir, JSON.stringify([...jestArgs(outDir), ...extra]), ...own];
  return { command: { text: command.text, tool: "node", args: [] }, argv };
}
