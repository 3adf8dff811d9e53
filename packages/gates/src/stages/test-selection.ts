import type { GatesContext } from "../context.js";
import { changeDocReaders } from "../diff/doc-readers.js";
import { heldOutRoots } from "../held-out/sources.js";
import { importGraph } from "../diff/import-graph.js";
import { nodeTestWords } from "../diff/runner-flags.js";
import { relatedTests, scopedPaths, widenReason, type TestScope } from "../diff/test-scope.js";
import type { Oracle } from "../oracle/index.js";
import { nodeTestFiles } from "../oracle/node-test-files.js";
import type { ToolCommand } from "../tools/command.js";
import { programOf } from "../tools/known.js";
import { isTestFile, isUnderTests } from "../catalogue/test-files.js";

const isNodeTest = (c: ToolCommand) => programOf(c) === "node" && c.args.includes("--test");

/**
 * Which tests this run runs (issue 36 §4, issue 46 §3): the whole suite unless the run asks for
 * related tests (the Stop hook, `--test-scope related`) and nothing widens it; then the test files
 * that import a changed module, as the import graph of the tree the tests run in (`dir`) shows,
 * the oracle test files the change edited (in both versions: `aliases`, the copy's change
 * versions → their paths) and the tests that read a changed documentation file.
 */
export async function chooseTestScope(
  ctx: GatesContext,
  oracle: Oracle,
  dir: string,
  commands: readonly ToolCommand[],
  aliases: ReadonlyMap<string, string> = new Map(),
): Promise<TestScope> {
  const configs = new Map<string, string>();
  for (const path of [...oracle.paths("test-config"), ...oracle.paths("package")])
    configs.set(path, (await oracle.read(path)) ?? "");
  const acceptance = ctx.task?.tests ?? [];
  const docReaders = await changeDocReaders(ctx.root, ctx.change, oracle);
  const why = widenReason({
    wanted: ctx.testScope,
    files: ctx.change.files,
    oraclePaths: new Set(oracle.paths()),
    commands,
    testConfigs: configs,
    acceptance,
    heldOut: heldOutRoots(ctx).length > 0,
    docReaders,
  });
  if (why !== undefined) return wholeSuite(why);
  const graph = await importGraph(dir);
  const nodeFiles = new Set(
    commands.filter(isNodeTest).flatMap((c) => nodeTestFiles(c, graph.files)),
  );
  // A change version of an edited oracle test runs beside it, never counted as a test of its own.
  const isTest = (path: string) =>
    !aliases.has(path) && (isTestFile(path) || isUnderTests(path) || nodeFiles.has(path));
  const named = acceptance.flatMap((e) => (e.action === "keep" && e.file ? [e.file] : []));
  const scope = relatedTests(graph, scopedPaths(ctx.change.files), isTest, named, docReaders);
  const edited = new Set(aliases.values());
  const both = scope.files.filter((f) => edited.has(f));
  return both.length > 0 ? { ...scope, bothVersions: both } : scope;
}

/** The files a related run gives its runner: each edited oracle test file with its change version beside it. */
export function filesToRun(scope: TestScope, aliases: ReadonlyMap<string, string>): TestScope {
  if (scope.scope === "full") return scope;
  const versions = [...aliases].filter(([, path]) => scope.files.includes(path));
  return { ...scope, files: [...scope.files, ...versions.map(([alias]) => alias)] };
}

/** The changed modules whose coverage a related run measures (not the tests themselves). */
export const coveredFiles = (ctx: GatesContext) =>
  ctx.change.files
    .filter((f) => f.status !== "deleted" && /\.[cm]?[jt]sx?$/.test(f.path) && !isTestFile(f.path))
    .map((f) => f.path);

/** vitest's arguments for a related run: the test files as filters, coverage of the changed modules. */
export function vitestScopeArgs(scope: TestScope, covered: readonly string[]): string[] {
  if (scope.scope === "full") return [];
  return ["--passWithNoTests", ...covered.map((f) => `--coverage.include=${f}`), ...scope.files];
}

/** jest's arguments for a related run: exactly these test files, coverage of the changed modules. */
export function jestScopeArgs(scope: TestScope, covered: readonly string[]): string[] {
  if (scope.scope === "full") return [];
  return [
    "--passWithNoTests",
    ...covered.map((f) => `--collectCoverageFrom=${f}`),
    "--runTestsByPath",
    ...scope.files,
  ];
}

/** A `node --test` command narrowed to the related files among those it runs, or undefined when it runs none. */
export function nodeTestScoped(command: ToolCommand, scope: TestScope): ToolCommand | undefined {
  if (scope.scope === "full") return command;
  const chosen = nodeTestFiles(command, scope.files);
  if (chosen.length === 0) return undefined;
  const at = command.args.indexOf("--test");
  const head = command.args.slice(0, at + 1);
  // Its flags after `--test` stay, each with its value; its paths give way to the chosen files.
  const { flags } = nodeTestWords(command.args.slice(at));
  return { ...command, args: [...head, ...flags.flat(), ...chosen] };
}

export const wholeSuite = (reason: string): TestScope => ({
  scope: "full",
  reason,
  files: [],
  unrelated: 0,
});
