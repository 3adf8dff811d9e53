import type { TaskTestEntry } from "@agent-verify/contract";
import { oracleKind } from "../catalogue/oracle-kinds.js";
import type { ToolCommand } from "../tools/command.js";
import type { TestScope, TestScopeKind } from "../tools/scope.js";
import { programIndex, programOf, wordsOf } from "../tools/known.js";
import type { FileChange } from "./change.js";
import { DOC } from "./doc-readers.js";
import { isTestFile } from "../catalogue/test-files.js";
import { importedBy, importersOf, type ImportGraph } from "./import-graph.js";
import { nodeTestWords, readFlags, type ReadFlags } from "./runner-flags.js";

export type { TestScope, TestScopeKind } from "../tools/scope.js";

const full = (reason: string): TestScope => ({ scope: "full", reason, files: [], unrelated: 0 });

const SCRIPT = /\.[cm]?[jt]sx?$/;
const LOCKFILE =
  /(?:^|\/)(?:pnpm-lock\.yaml|package-lock\.json|npm-shrinkwrap\.json|yarn\.lock|bun\.lockb?|\.pnpmfile\.cjs|\.npmrc|\.yarnrc(?:\.yml)?|pnpm-workspace\.yaml)$/;
/** A coverage threshold in a runner's config: judged over the whole suite, never over a part. */
const THRESHOLD =
  /threshold|\b(?:lines|branches|functions|statements|perFile)\s*:|["'](?:lines|branches|functions|statements)["']\s*:/i;

/** A snapshot file vitest or jest writes for one test file: `dir/__snapshots__/a.test.ts.snap`. */
const SNAPSHOT_OF = /^((?:.*\/)?)__snapshots__\/([^/]+)\.snap$/;

/** The test file a snapshot file belongs to, or undefined when it is not one test file's. */
export function snapshotOwner(path: string): string | undefined {
  const match = SNAPSHOT_OF.exec(path);
  const owner = match ? `${match[1]}${match[2]}` : undefined;
  return owner !== undefined && isTestFile(owner) ? owner : undefined;
}

/** The changed paths a related run starts from: a test file's snapshot stands for its test file. */
export const scopedPaths = (files: readonly Pick<FileChange, "path">[]) => [
  ...new Set(files.map((f) => snapshotOwner(f.path) ?? f.path)),
];

/**
 * Why a command cannot be narrowed to some test files, or undefined when it can: its flags must
 * all be on the runner's allow-list (runner-flags.ts), and it must name no test files of its own.
 */
export function unscopable(command: ToolCommand): string | undefined {
  const program = programOf(command);
  const own = wordsOf(command).slice(programIndex(command) + 1);
  const blocked = (b: NonNullable<ReadFlags["blocked"]>) =>
    `'${command.text}' has a flag that keeps the whole suite: ${b.flag} ${b.why}`;
  // A flag that keeps the whole suite is named first: a value of it is no file filter.
  if (program === "vitest" || program === "jest") {
    const read = readFlags(own, program);
    if (read.blocked) return blocked(read.blocked);
    // A word that is not a flag or a flag's value is a file filter: gates' filter would widen it.
    const extra = read.positional.filter(
      (w, i) => !(program === "vitest" && i === 0 && w === "run"),
    );
    return extra.length === 0
      ? undefined
      : `'${command.text}' has arguments of its own (${extra.join(" ")}): gates cannot add a file filter to them`;
  }
  if (program === "node" && command.args.includes("--test")) {
    const read = nodeTestWords(own);
    if (read.blocked) return blocked(read.blocked);
    if (read.script !== undefined) return `'${command.text}' runs ${read.script} as a script`;
    return read.paths.some((p) => /[*?[{]/.test(p))
      ? `'${command.text}' names its test files by a glob`
      : undefined;
  }
  return `'${command.text}' is not a test runner gates can narrow (vitest, jest, node --test)`;
}

export interface WidenInput {
  wanted: TestScopeKind;
  files: readonly Pick<FileChange, "path" | "oldPath" | "status">[];
  oraclePaths: ReadonlySet<string>;
  commands: readonly ToolCommand[];
  /** The oracle's test-runner configs and package.json files, read for coverage thresholds. */
  testConfigs: ReadonlyMap<string, string>;
  /** The task's `## TESTS` entries: an acceptance test named by its name alone can be anywhere. */
  acceptance: readonly TaskTestEntry[];
  heldOut: boolean;
  /** Documentation files of the change that a file names (doc-readers.ts): documentation file → reader. */
  docReaders?: ReadonlyMap<string, string>;
}

/**
 * Why the run must be the whole suite, or undefined when the related tests can do: what decides
 * how every test runs (a test config, a setup or support file, a package.json, anything else the
 * oracle holds but its test files), the lockfile, a file that is not a module the import graph
 * can follow (a data file a test may read), documentation a file other than a test reads, a
 * deleted or moved file, a command gates cannot narrow, a coverage threshold over the suite. An
 * oracle test file the change edits does not widen (issue 46 §3): it runs, in both its versions,
 * with the tests related to the rest of the change; nor does its snapshot file, which only that
 * test file reads (the floor judges what the snapshot's edit says).
 */
export function widenReason(input: WidenInput): string | undefined {
  if (input.wanted === "full")
    return "a full run (the Stop hook and --test-scope related narrow it)";
  const readers = input.docReaders ?? new Map<string, string>();
  for (const file of input.files) {
    const moved = file.status === "deleted" || file.status === "renamed";
    for (const path of file.oldPath ? [file.path, file.oldPath] : [file.path]) {
      const kind = oracleKind(path);
      if ((kind === "test" || snapshotOwner(path) !== undefined) && !moved) continue;
      if (input.oraclePaths.has(path)) return `the change touches ${path}, which the oracle holds`;
      if (kind !== undefined && kind !== "test")
        return `the change touches ${path} (${kind}), which decides how every test runs`;
      if (LOCKFILE.test(path)) return `the change touches ${path}: installed packages may differ`;
      if (DOC.test(path)) {
        const reader = readers.get(path);
        if (reader !== undefined && oracleKind(reader) !== "test")
          return `the change touches ${path}, which ${reader} names: a test may read it`;
        continue;
      }
      if (!SCRIPT.test(path))
        return `the change touches ${path}, not a JS/TS module: a test may read it`;
    }
    if (moved && !DOC.test(file.path))
      return `the change deletes or moves ${file.oldPath ?? file.path}: its importers must all run`;
  }
  for (const command of input.commands) {
    const why = unscopable(command);
    if (why) return why;
  }
  for (const [path, text] of input.testConfigs)
    if (THRESHOLD.test(text)) return `${path} sets a coverage threshold over the whole suite`;
  if (input.acceptance.some((e) => e.action === "keep" && e.file === null))
    return "the task names an acceptance test by its name only (## TESTS)";
  if (input.heldOut) return "held-out tests run with the whole suite";
  return undefined;
}

/**
 * The test files related to the change: each test file (`isTest`) that imports a changed module,
 * directly or through others, each changed or acceptance test file, and each test that reads a
 * changed documentation file (`readers`). Whole suite when the graph cannot say: a test reaches
 * a file that names a module by an expression or an import that resolves nowhere, or a changed
 * module no test imports (a test may run it as a process).
 */
export function relatedTests(
  graph: ImportGraph,
  changed: readonly string[],
  isTest: (path: string) => boolean,
  acceptance: readonly string[] = [],
  readers: ReadonlyMap<string, string> = new Map(),
): TestScope {
  const tests = graph.files.filter(isTest);
  const reached = importedBy(graph, tests);
  for (const [file, why] of graph.opaque)
    if (reached.has(file)) return full(`the import graph cannot be followed: ${why}`);
  const code = changed.filter((p) => SCRIPT.test(p));
  for (const path of code) {
    if (isTest(path)) continue;
    const importers = importersOf(graph, [path]);
    if (!tests.some((t) => importers.has(t)))
      return full(`no test imports ${path}: a test may run it some other way`);
  }
  const related = importersOf(graph, code);
  const read = [...readers].filter(([, reader]) => tests.includes(reader));
  const readBy = new Set(read.map(([, reader]) => reader));
  const files = tests.filter((t) => related.has(t) || acceptance.includes(t) || readBy.has(t));
  if (files.length === 0) return full("no test file relates to the change");
  const list = (paths: readonly string[]) =>
    paths.slice(0, 3).join(", ") + (paths.length > 3 ? ", …" : "");
  const modules = code.filter((p) => !isTest(p));
  const reasons = [
    ...(modules.length > 0 ? [`the tests that import ${list(modules)}`] : []),
    ...(read.length > 0 ? [`the tests that read ${list(read.map(([doc]) => doc))}`] : []),
  ];
  return {
    scope: "related",
    reason: reasons.length > 0 ? reasons.join(" and ") : "the change's own test files",
    files,
    unrelated: tests.length - files.length,
  };
}
