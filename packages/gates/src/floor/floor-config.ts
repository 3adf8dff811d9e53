import type { GatesConfig, GateFinding } from "@agent-verify/contract";
import { finding } from "../context.js";
import { TOOL_STAGES, type ToolStage } from "../tools/detect.js";
import { parseJsonc as parseJsoncText } from "../jsonc.js";

const LEVEL: Record<string, number> = { off: 0, "0": 0, warn: 1, "1": 1, error: 2, "2": 2 };
const RULE_LEVEL =
  /(["']?)(@?[\w-]+(?:\/[\w-]+)*)\1\s*:\s*\[?\s*(?:(["'])(off|warn|error)\3|([012])\b)/g;
const HINT = "a change must not lower the bar that judges it; revert this configuration change";

export const isEslintConfig = (path: string) =>
  /(?:^|\/)(?:eslint\.config\.[cm]?[jt]s|\.eslintrc(?:\.\w+)?)$/.test(path);
export const isTsconfig = (path: string) => /(?:^|\/)tsconfig[\w.-]*\.json$/.test(path);
export const isCoverageConfig = (path: string) =>
  /(?:^|\/)(?:vitest|vite|jest)\.config\.[cm]?[jt]s$|(?:^|\/)\.(?:nycrc|c8rc)(?:\.json)?$|(?:^|\/)package\.json$/.test(
    path,
  );
export const isSuppressionsFile = (path: string) => /(?:^|\/)eslint-suppressions\.json$/.test(path);

function lineAt(text: string, index: number): number {
  let line = 1;
  for (let i = 0; i < index; i++) if (text.charCodeAt(i) === 10) line++;
  return line;
}

function ruleLevels(text: string): Map<string, Array<{ level: number; line: number }>> {
  const out = new Map<string, Array<{ level: number; line: number }>>();
  for (const match of text.matchAll(RULE_LEVEL)) {
    const rule = match[2] ?? "";
    const level = LEVEL[match[4] ?? match[5] ?? ""] ?? 0;
    const list = out.get(rule) ?? [];
    list.push({ level, line: lineAt(text, match.index) });
    out.set(rule, list);
  }
  return out;
}

/** A lint rule turned off or demoted, or removed, or a shared config dropped. */
export function loosenedEslint(path: string, base: string, working: string): GateFinding[] {
  const before = ruleLevels(base);
  const after = ruleLevels(working);
  const findings: GateFinding[] = [];
  const count = (list: Array<{ level: number }> | undefined, level: number) =>
    list?.filter((e) => e.level === level).length ?? 0;
  for (const [rule, entries] of after) {
    for (const level of [0, 1]) {
      if (count(entries, level) > count(before.get(rule), level)) {
        const line = entries.filter((e) => e.level === level).at(-1)?.line ?? 1;
        const word = level === 0 ? "turned off" : "demoted to warn";
        findings.push(
          finding("floor", path, line, "loosened-config", `lint rule '${rule}' ${word}`, HINT),
        );
        break;
      }
    }
  }
  for (const [rule, entries] of before) {
    const was = Math.max(...entries.map((e) => e.level));
    const now = Math.max(0, ...(after.get(rule) ?? []).map((e) => e.level));
    if (was > 0 && now < was && !findings.some((f) => f.message.includes(`'${rule}'`))) {
      findings.push(
        finding(
          "floor",
          path,
          1,
          "loosened-config",
          `lint rule '${rule}' removed or weakened`,
          HINT,
        ),
      );
    }
  }
  const presets = (text: string) => text.match(/\bconfigs\.[\w-]+/g)?.length ?? 0;
  if (presets(working) < presets(base)) {
    findings.push(
      finding(
        "floor",
        path,
        1,
        "loosened-config",
        "a shared lint config (configs.*) was removed",
        HINT,
      ),
    );
  }
  return findings;
}

/** A tsconfig's settings (JSON with comments and trailing commas). */
function parseJsonc(text: string): Record<string, unknown> | undefined {
  return parseJsoncText(text) as Record<string, unknown> | undefined;
}

const STRICT_FAMILY = [
  "noImplicitAny",
  "strictNullChecks",
  "strictFunctionTypes",
  "strictBindCallApply",
  "strictPropertyInitialization",
  "strictBuiltinIteratorReturn",
  "noImplicitThis",
  "alwaysStrict",
  "useUnknownInCatchVariables",
];
const EXTRA_FLAGS = [
  "noUncheckedIndexedAccess",
  "exactOptionalPropertyTypes",
  "noImplicitReturns",
  "noFallthroughCasesInSwitch",
  "noUnusedLocals",
  "noUnusedParameters",
  "noImplicitOverride",
  "noPropertyAccessFromIndexSignature",
  "checkJs",
];

function effectiveFlags(json: Record<string, unknown> | undefined): Map<string, boolean> {
  const options = (json?.compilerOptions ?? {}) as Record<string, unknown>;
  const strict = options.strict === true;
  const flags = new Map<string, boolean>([["strict", strict]]);
  for (const flag of STRICT_FAMILY)
    flags.set(flag, typeof options[flag] === "boolean" ? (options[flag] as boolean) : strict);
  for (const flag of EXTRA_FLAGS) flags.set(flag, options[flag] === true);
  flags.set("skipLibCheck=false", options.skipLibCheck !== true);
  return flags;
}

export function loosenedTsconfig(path: string, base: string, working: string): GateFinding[] {
  const before = effectiveFlags(parseJsonc(base));
  const after = effectiveFlags(parseJsonc(working));
  const findings: GateFinding[] = [];
  for (const [flag, was] of before) {
    if (!was || after.get(flag)) continue;
    const name = flag.replace("=false", "");
    const index = working.indexOf(`"${name}"`);
    const line = index >= 0 ? lineAt(working, index) : 1;
    const what = flag.endsWith("=false")
      ? "skipLibCheck turned on"
      : `compiler flag '${flag}' turned off`;
    findings.push(finding("floor", path, line, "loosened-config", what, HINT));
  }
  return findings;
}

const THRESHOLD =
  /["']?\b(lines|branches|functions|statements|perFile)["']?\s*:\s*(\d+(?:\.\d+)?|true|false)/g;

function thresholds(text: string): Map<string, { value: number; line: number }> {
  const out = new Map<string, { value: number; line: number }>();
  for (const match of text.matchAll(THRESHOLD)) {
    const key = match[1] ?? "";
    if (out.has(key)) continue;
    const raw = match[2] ?? "0";
    const value = raw === "true" ? 1 : raw === "false" ? 0 : Number(raw);
    out.set(key, { value, line: lineAt(text, match.index) });
  }
  return out;
}

export function loweredCoverage(path: string, base: string, working: string): GateFinding[] {
  const before = thresholds(base);
  const after = thresholds(working);
  const findings: GateFinding[] = [];
  for (const [key, { value }] of before) {
    const now = after.get(key);
    if (now && now.value >= value) continue;
    const what = now ? `lowered from ${value} to ${now.value}` : `removed (was ${value})`;
    findings.push(
      finding(
        "floor",
        path,
        now?.line ?? 1,
        "loosened-config",
        `coverage threshold '${key}' ${what}`,
        HINT,
      ),
    );
  }
  return findings;
}

function suppressionCount(text: string): number {
  return [...text.matchAll(/"count"\s*:\s*(\d+)/g)].reduce(
    (sum, match) => sum + Number(match[1]),
    0,
  );
}

export function grownSuppressions(path: string, base: string, working: string): GateFinding[] {
  const before = suppressionCount(base);
  const after = suppressionCount(working);
  if (after <= before) return [];
  return [
    finding(
      "floor",
      path,
      1,
      "loosened-config",
      `ESLint suppressions grew from ${before} to ${after}`,
      HINT,
    ),
  ];
}

function yamlLine(text: string | undefined, key: string): number {
  if (!text) return 1;
  const index = text.search(new RegExp(`^\\s*${key}\\s*:`, "m"));
  return index < 0 ? 1 : lineAt(text, index);
}

const added = (before: readonly string[], after: readonly string[]) =>
  after.filter((entry) => !before.includes(entry));

/** A stage's commands as the config says them, or as detected when it says nothing; false: off. */
export type ResolvedCommands = (config: GatesConfig, stage: ToolStage) => string[] | false;

const words = (text: string) => text.trim().split(/\s+/).join(" ");
const quoted = (texts: readonly string[]) => texts.map((t) => `'${t}'`).join(", ");

/** A stage whose commands the change replaced (not only added to): a move of tools, or a loosening. */
export interface CommandChange {
  stage: ToolStage;
  before: string[];
  after: string[];
  /** The base named no commands: they were detected from package.json. */
  detected: boolean;
  line: number;
}

/** Stricter only provably: every command of the base is still run, word for word (more may be added). */
export function commandChanges(
  base: GatesConfig,
  working: GatesConfig,
  text: string | undefined,
  resolve: ResolvedCommands,
): CommandChange[] {
  const out: CommandChange[] = [];
  for (const stage of TOOL_STAGES) {
    if (working.commands[stage] === false) continue;
    const before = resolve(base, stage);
    const after = resolve(working, stage);
    if (before === false || after === false) continue;
    const kept = after.map(words);
    if (before.every((command) => kept.includes(words(command)))) continue;
    const detected = base.commands[stage] === undefined;
    out.push({ stage, before, after, detected, line: yamlLine(text, stage) });
  }
  return out;
}

/** The floor's finding for a command change that was not shown to be a move of tools. */
export function commandChangeFinding(change: CommandChange, why: string): GateFinding {
  const { stage, before, after } = change;
  const message = `commands.${stage} changed from ${quoted(before)}${change.detected ? " (detected)" : ""} to ${quoted(after)}: not provably stricter (keep every command of the base; add, do not replace)`;
  return finding(
    "floor",
    ".verify/gates.yaml",
    change.line,
    "loosened-config",
    `${message}; ${why}`,
    "to move tools, make this config change on the base branch itself, or replace the base's command only while it passes on the base, with a tool gates has an adapter for",
  );
}

function turnedOff(
  base: GatesConfig,
  working: GatesConfig,
  add: (key: string, message: string) => void,
): void {
  for (const stage of TOOL_STAGES) {
    if (working.commands[stage] === false && base.commands[stage] !== false)
      add(stage, `commands.${stage} turned off`);
  }
}

/** The gates config may only get stricter in a change (replaced commands: `commandChanges`). */
export function loosenedGates(
  base: GatesConfig,
  working: GatesConfig,
  text: string | undefined,
): GateFinding[] {
  const path = ".verify/gates.yaml";
  const out: GateFinding[] = [];
  const add = (key: string, message: string) =>
    out.push(finding("floor", path, yamlLine(text, key), "loosened-config", message, HINT));
  if (working.crap_threshold > base.crap_threshold) {
    add(
      "crap_threshold",
      `crap_threshold raised from ${base.crap_threshold} to ${working.crap_threshold}`,
    );
  }
  if (base.diff_budget !== undefined && (working.diff_budget ?? Infinity) > base.diff_budget) {
    add(
      "diff_budget",
      `diff_budget raised from ${base.diff_budget} to ${working.diff_budget ?? "unlimited"}`,
    );
  }
  const minBefore = base.coverage.changed_lines_min;
  if (minBefore !== undefined && (working.coverage.changed_lines_min ?? 0) < minBefore) {
    add("changed_lines_min", `coverage.changed_lines_min lowered from ${minBefore}`);
  }
  for (const glob of added(working.scope.block, base.scope.block))
    add("block", `scope.block entry '${glob}' removed`);
  if (base.scope.allow !== undefined) {
    const widened =
      working.scope.allow === undefined
        ? ["(everything)"]
        : added(base.scope.allow, working.scope.allow);
    for (const glob of widened) add("allow", `scope.allow widened with '${glob}'`);
  }
  for (const entry of added(base.secrets.allow, working.secrets.allow))
    add("secrets", `secrets.allow entry '${entry}' added`);
  for (const glob of added(base.exclude, working.exclude))
    add("exclude", `exclude entry '${glob}' added`);
  if (base.judge && !working.judge) add("judge", "judge removed");
  turnedOff(base, working, add);
  return out;
}
