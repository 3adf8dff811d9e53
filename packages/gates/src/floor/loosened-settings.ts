import type { GateFinding } from "@agent-verify/contract";
import { finding } from "../context.js";
import { oracleKind } from "../oracle/index.js";
import { configValues, type ConfigValue } from "./config-values.js";
import type { JudgedFile } from "./judged-files.js";

const HINT = "a change must not lower the bar that judges it; revert this configuration change";

/** Lists where a new entry leaves files out: ignore and exclude lists of runners, linters, formatters, tsc. */
const EXCLUDE_KEYS = new Set([
  "exclude",
  "ignores",
  "ignore",
  "ignorePatterns",
  "testPathIgnorePatterns",
  "coveragePathIgnorePatterns",
  "modulePathIgnorePatterns",
  "forceExclude",
]);
/** Lists where a removed entry leaves files out: what the tools look at. */
const INCLUDE_KEYS = new Set(["include", "testMatch", "roots", "projects", "files", "testRegex"]);
/** Settings that let a run pass with fewer tests run, once set. */
const PERMISSIVE_KEYS = new Set([
  "passWithNoTests",
  "bail",
  "testNamePattern",
  "grep",
  "allowOnly",
  "dangerouslyIgnoreUnhandledErrors",
]);
/** Biome 2's `files.includes`: a `!` entry excludes. */
const isNegated = (entry: string) => entry.startsWith("!");
const isOn = (value: string | undefined) =>
  value !== undefined && !["false", "0", "undefined", "null", ""].includes(value);

const lastKey = (path: string) => path.split(".").at(-1) ?? "";

function grouped(
  values: readonly ConfigValue[],
): Map<string, { entries: string[]; line: number; isList: boolean }> {
  const out = new Map<string, { entries: string[]; line: number; isList: boolean }>();
  for (const v of values) {
    const seen = out.get(v.path);
    if (seen) seen.entries.push(...v.entries);
    else out.set(v.path, { entries: [...v.entries], line: v.line, isList: v.isList });
  }
  return out;
}

const minus = (a: readonly string[], b: readonly string[]) => {
  const left = [...b];
  return a.filter((x) => {
    const i = left.indexOf(x);
    if (i >= 0) left.splice(i, 1);
    return i < 0;
  });
};

/** Only the `jest` section of a package.json is runner config; its scripts are test-script's. */
const relevant = (file: JudgedFile, path: string) =>
  !/(?:^|\/)package\.json$/.test(file.path) ||
  path.startsWith("jest.") ||
  path.startsWith("eslintConfig.");

/**
 * A change to an oracle config (runner, linter, formatter, tsconfig) that leaves something out:
 * a file added to an ignore or exclude list, an include narrowed, `passWithNoTests`/`bail` or a
 * name filter turned on. Settings of a config the oracle did not have are the change's own.
 */
export async function loosenedSettings(file: JudgedFile): Promise<GateFinding[]> {
  if (!file.isOracle || file.before === undefined || file.after === undefined) return [];
  const kind = oracleKind(file.path);
  if (kind === undefined || kind === "test" || kind === "test-support" || kind === "gates-config")
    return [];
  const was = grouped(await configValues(file.oldPath ?? file.path, file.before));
  const now = grouped(await configValues(file.path, file.after));
  const out: GateFinding[] = [];
  const add = (line: number, message: string) =>
    out.push(finding("floor", file.path, line, "loosened-config", message, HINT));
  for (const [path, value] of now) {
    if (!relevant(file, path)) continue;
    const key = lastKey(path);
    const before = was.get(path);
    if (EXCLUDE_KEYS.has(key)) {
      for (const entry of minus(value.entries, before?.entries ?? []))
        add(value.line, `'${entry}' added to ${path}: the tools no longer look at it`);
    } else if (key === "includes") {
      for (const entry of minus(value.entries, before?.entries ?? []).filter(isNegated))
        add(value.line, `'${entry}' added to ${path}: the tools no longer look at it`);
    } else if (PERMISSIVE_KEYS.has(key) && isOn(value.entries[0]) && !isOn(before?.entries[0])) {
      add(
        value.line,
        `${path} turned on (${value.entries.join(", ")}): a run can now pass without running every test`,
      );
    }
  }
  for (const [path, value] of was) {
    if (!relevant(file, path)) continue;
    const key = lastKey(path);
    if (!INCLUDE_KEYS.has(key) && key !== "includes") continue;
    const kept = now.get(path)?.entries ?? [];
    const gone = minus(value.entries, kept).filter((e) => !isNegated(e));
    for (const entry of gone)
      add(
        now.get(path)?.line ?? file.diff.newLineOf(value.line),
        `'${entry}' removed from ${path}: narrowed, less is looked at`,
      );
  }
  return out;
}
