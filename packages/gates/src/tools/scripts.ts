import { parseCommand, splitCommand, type ToolCommand } from "./command.js";
import { programIndex, programOf, wordsOf } from "./known.js";

export type ScriptStage = "typecheck" | "lint" | "format" | "test";

/** Scripts whose unknown commands still belong to a stage, by the script's name. */
const STAGE_BY_NAME: ReadonlyArray<readonly [RegExp, ScriptStage]> = [
  [/^(?:typecheck|type-check|check-types|check:types|types|test:types|lint:types)$/, "typecheck"],
  [/^lint$/, "lint"],
  [/^(?:format:check|fmt:check|check:format|format-check)$/, "format"],
  [/^(?:test|test:unit)$/, "test"],
];

/** Programs that hand the work to other scripts or packages: what they run is found elsewhere. */
const DELEGATES = [
  "turbo",
  "nx",
  "lerna",
  "run-s",
  "run-p",
  "npm-run-all",
  "concurrently",
  "wireit",
];
/** Launchers whose next word names a script of package.json. */
const RUNNERS: ReadonlyArray<readonly string[]> = [
  ["npm", "run"],
  ["npm", "run-script"],
  ["pnpm", "run"],
  ["yarn", "run"],
  ["bun", "run"],
  ["pnpm"],
  ["yarn"],
];
/** Programs that build the package (bundlers, compilers that emit): what runs after them tests the build. */
const BUILDERS = new Set([
  "tsup",
  "tsdown",
  "rollup",
  "rolldown",
  "webpack",
  "esbuild",
  "unbuild",
  "pkgroll",
  "microbundle",
  "babel",
  "swc",
  "parcel",
]);
/** A script that builds, by its name (`build`, `build:esm`, `compile`, `bundle`). */
const BUILD_SCRIPT = /^(?:build|compile|bundle|prepack)(?::|$)/;

/** Whether a segment builds: a build script, a bundler, `vite build`, or tsc that emits. */
function isBuildStep(command: ToolCommand, script: string | undefined): boolean {
  if (script !== undefined) return BUILD_SCRIPT.test(script);
  const program = programOf(command);
  if (BUILDERS.has(program)) return true;
  if (program === "vite") return wordsOf(command)[programIndex(command) + 1] === "build";
  return ["tsc", "tsgo"].includes(program) && !has(command, "--noEmit");
}

/** Flags of a command that writes, fixes or watches: never a check gates may run. */
const WRITES = /^(?:--write|-w|--fix|--fix-dry-run|--watch|--unsafe|--apply)$/;
const SHELL = /[|><$`()*]/;
/** Shell builtins: a segment that starts with one means nothing outside a shell. */
const BUILTINS = new Set(["cd", "exit", "export", "source", ".", "set", "unset", "eval", ":"]);
/** `npm init`'s `test` script: the package has no tests. */
const NPM_PLACEHOLDER = /^echo\s+(["'])Error: no test specified\1\s*&&\s*exit 1$/;

/** Whether a script is npm's placeholder (`echo "Error: no test specified" && exit 1`). */
export const isNpmPlaceholder = (script: string | undefined) =>
  script !== undefined && NPM_PLACEHOLDER.test(script.trim());

/** A segment gates cannot run without a shell: shell syntax, or a builtin as its program. */
const needsShell = (text: string) => SHELL.test(text) || BUILTINS.has(splitCommand(text)[0] ?? "");

const has = (command: ToolCommand, ...flags: string[]) =>
  command.args.some((a) => flags.includes(a.split("=")[0] ?? ""));

/** `c8 --reporter=text node --test` → `node --test`: gates collects V8 coverage itself. */
function withoutC8(command: ToolCommand): ToolCommand {
  const words = wordsOf(command);
  if (programOf(command) !== "c8") return command;
  const node = words.findIndex((w) => w === "node");
  return node < 0 ? command : parseCommand(words.slice(node).join(" "));
}

/** `vitest` alone watches in a terminal: gates always asks for one run. */
function vitestRun(command: ToolCommand): ToolCommand | undefined {
  const at = programIndex(command);
  const words = wordsOf(command);
  const sub = words[at + 1];
  if (sub === "run") return command;
  if (sub && ["watch", "dev", "bench", "list", "related", "init"].includes(sub)) return undefined;
  return parseCommand([...words.slice(0, at + 1), "run", ...words.slice(at + 1)].join(" "));
}

/** The stage a command checks, by the tool it runs; undefined: gates does not know the tool. */
export function stageOfCommand(
  raw: ToolCommand,
): { stage: ScriptStage; command: ToolCommand } | undefined {
  const command = withoutC8(raw);
  const program = programOf(command);
  const at = (stage: ScriptStage, c: ToolCommand = command) => ({ stage, command: c });
  if (["tsc", "tsgo", "vue-tsc"].includes(program))
    return has(command, "--noEmit") ? at("typecheck") : undefined;
  if (program === "eslint" || program === "oxlint" || program === "xo") return at("lint");
  if (program === "biome") {
    const sub = wordsOf(command)[programIndex(command) + 1];
    if (sub === "format") return at("format");
    return sub === "lint" || sub === "check" || sub === "ci" ? at("lint") : undefined;
  }
  if (program === "prettier")
    return has(command, "--check", "-c", "--list-different", "-l") ? at("format") : undefined;
  if (program === "oxfmt")
    return has(command, "--check", "--list-different") ? at("format") : undefined;
  if (program === "vitest") {
    const run = vitestRun(command);
    return run ? at("test", run) : undefined;
  }
  if (program === "jest") return at("test");
  if (program === "node" && has(command, "--test")) return at("test");
  return undefined;
}

/** The script a segment runs (`pnpm lint`, `npm run test:unit`), when it names one. */
function scriptOf(words: string[], scripts: Record<string, string>): string | undefined {
  if (words[0] === "npm" && (words[1] === "test" || words[1] === "t")) return "test";
  for (const runner of RUNNERS) {
    if (!runner.every((w, i) => words[i] === w)) continue;
    const name = words[runner.length];
    if (name !== undefined && scripts[name] !== undefined) return name;
  }
  return undefined;
}

/**
 * The checks package.json's scripts run, per stage, as shell-free commands: each script is
 * cut at `&&`, `||` and `;`, scripts that run other scripts are followed, and commands that
 * write, fix or watch are left out. A command in a script named for a stage (`lint`,
 * `typecheck`, `test`) whose tool gates does not know is that stage's plain command; when such
 * a script runs no tool gates knows and needs a shell (a pipe, a redirect, `cd`), it runs whole
 * as the user's own `npm run` runs it (a shell, node_modules/.bin on PATH), judged by its exit code. npm's
 * placeholder `test` script means no tests.
 */
export function scriptCommands(
  scripts: Record<string, string> | undefined,
): Partial<Record<ScriptStage, string[]>> {
  const out: Partial<Record<ScriptStage, string[]>> = {};
  if (!scripts) return out;
  const add = (stage: ScriptStage, text: string) => {
    const list = (out[stage] ??= []);
    if (!list.includes(text)) list.push(text);
  };
  // `afterBuild`: the script runs after a build step of the script that called it.
  const visit = (name: string, seen: Set<string>, afterBuild = false) => {
    if (seen.has(name) || seen.size > 8) return;
    seen.add(name);
    const byName = STAGE_BY_NAME.find(([pattern]) => pattern.test(name))?.[1];
    if (isNpmPlaceholder(scripts[name])) return;
    const segments = (scripts[name] ?? "").split(/&&|\|\||;/).map((s) => s.trim());
    // Only when gates reads no tool in it: `jest && cat lcov.info | coveralls` stays jest's.
    const known = segments.some((text) => stageOfCommand(parseCommand(text)));
    if (byName && !known && segments.some(needsShell))
      return add(byName, `npm run --silent ${name}`);
    // Tests after a build step (`build && vitest --config vitest.dist.ts`) test the build's
    // output, which gates does not make: they are left out (the tests of the sources still run).
    let built = afterBuild;
    for (const text of segments) {
      if (text === "" || SHELL.test(text)) continue;
      const words = splitCommand(text).filter(
        (w, i, all) => !all.slice(0, i + 1).every((x) => /^\w+=/.test(x)),
      );
      const target = scriptOf(words, scripts);
      const command = parseCommand(words.join(" "));
      if (isBuildStep(command, target)) {
        built = true;
        continue;
      }
      if (target !== undefined) {
        visit(target, seen, built);
        continue;
      }
      if (command.args.some((a) => WRITES.test(a)) || DELEGATES.includes(programOf(command)))
        continue;
      const known = stageOfCommand(command);
      if (known && known.stage === "test" && built) continue;
      if (known) add(known.stage, known.command.text);
      else if (byName) add(byName, command.text);
    }
  };
  for (const name of Object.keys(scripts)) {
    if (/^(?:pre|post)|^(?:prepare|build|dev|start|serve|release|publish|deploy)(?::|$)/.test(name))
      continue;
    visit(name, new Set());
  }
  return out;
}
