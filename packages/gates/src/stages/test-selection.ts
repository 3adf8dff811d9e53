import type { GatesContext } from "../context.js";
import { heldOutRoots } from "../held-out/sources.js";
import { importGraph } from "../diff/import-graph.js";
import { relatedTests, widenReason, type TestScope } from "../diff/test-scope.js";
import type { Oracle } from "../oracle/index.js";
import { nodeTestFiles } from "../oracle/node-test-files.js";
import type { ToolCommand } from "../tools/command.js";
import { programOf } from "../tools/known.js";
import { isTestFile } from "../catalogue/test-files.js";

const isNodeTest = (c: ToolCommand) => programOf(c) === "node" && c.args.includes("--test");

/**
 * Which tests this run runs (issue 36 §4): the whole suite unless the run asks for related tests
 * (the Stop hook, `--test-scope related`) and nothing widens it; then the test files that import
 * a changed module, as the import graph of the tree the tests run in (`dir`) shows.
 */
export async function chooseTestScope(
  ctx: GatesContext,
  oracle: Oracle,
  dir: string,
  commands: readonly ToolCommand[],
): Promise<TestScope> {
  const configs = new Map<string, string>();
  for (const path of [...oracle.paths("test-config"), ...oracle.paths("package")])
    configs.set(path, (await oracle.read(path)) ?? "");
  const acceptance = ctx.task?.tests ?? [];
  const why = widenReason({
    wanted: ctx.testScope,
    files: ctx.change.files,
    oraclePaths: new Set(oracle.paths()),
    commands,
    testConfigs: configs,
    acceptance,
    heldOut: heldOutRoots(ctx).length > 0,
  });
  if (why !== undefined) return wholeSuite(why);
  const graph = await importGraph(dir);
  const nodeFiles = new Set(
    commands.filter(isNodeTest).flatMap((c) => nodeTestFiles(c, graph.files)),
  );
  const isTest = (path: string) =>
    isTestFile(path) || UNDER_TESTS.test(path) || nodeFiles.has(path);
  const named = acceptance.flatMap((e) => (e.action === "keep" && e.file ? [e.file] : []));
  return relatedTests(
    graph,
    ctx.change.files.map((f) => f.path),
    isTest,
    named,
  );
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
  const flags = command.args.slice(at + 1).filter((a) => a.startsWith("-"));
  return { ...command, args: [...head, ...flags, ...chosen] };
}

export const wholeSuite = (reason: string): TestScope => ({
  scope: "full",
  reason,
  files: [],
  unrelated: 0,
});

/** A file under a tests folder may be a test of a runner whose config names its own tests. */
const UNDER_TESTS = /(?:^|\/)(?:tests?|__tests__|specs?)\//;
