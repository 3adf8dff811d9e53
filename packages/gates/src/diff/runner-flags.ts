/**
 * The flags of a configured test command that gates can keep while it adds a file filter (issue
 * 46 §3): a documented allow-list per runner. A flag on it narrows or tunes the run the same way
 * with a filter as without one (`vitest run --project zod`, `jest --selectProjects api`,
 * `node --test --import tsx`); a flag that chooses its own tests (a shard, changed files, a name
 * pattern), sets a coverage threshold over the whole suite, or is not on the list keeps the whole
 * suite, and the note names it.
 */

/** How a flag takes its value: a switch, the next word, every word up to the next flag (jest's arrays), or the next word when it is one of `maybe`'s values. */
type Takes = "none" | "one" | "many" | { maybe: readonly string[] };

interface FlagTable {
  /** Allowed flags by name (vitest and jest: camelCase, node: as written), with what they take. */
  flags: Readonly<Record<string, Takes>>;
  /** Short flags → their names. */
  short: Readonly<Record<string, string>>;
  /** Dotted families (`coverage.provider`): the last parts that are switches; any other takes one word. */
  families: Readonly<Record<string, readonly string[]>>;
  /** Known flags that keep the whole suite, with why (a prefix of a dotted name counts). */
  whole: Readonly<Record<string, string>>;
  /** Kebab-case spellings are the same flag (vitest's cac, jest's yargs). */
  camel: boolean;
}

const BOOL = { maybe: ["true", "false"] } as const;

/** vitest 0.34–4 (`vitest --help`). */
const VITEST: FlagTable = {
  flags: {
    run: "none",
    root: "one",
    config: "one",
    dir: "one",
    project: "one",
    workspace: "one",
    configLoader: "one",
    mode: "one",
    environment: "one",
    pool: "one",
    execArgv: "one",
    vmMemoryLimit: "one",
    maxWorkers: "one",
    minWorkers: "one",
    maxConcurrency: "one",
    fileParallelism: BOOL,
    isolate: BOOL,
    globals: BOOL,
    dom: "none",
    reporter: "one",
    outputFile: "one",
    silent: { maybe: ["true", "false", "passed-only"] },
    hideSkippedTests: "none",
    color: "none",
    clearScreen: BOOL,
    logHeapUsage: "none",
    detectAsyncLeaks: "none",
    printConsoleTrace: "none",
    disableConsoleIntercept: "none",
    includeTaskLocation: "none",
    expandSnapshotDiff: "none",
    passWithNoTests: "none",
    allowOnly: BOOL,
    dangerouslyIgnoreUnhandledErrors: "none",
    strictTags: BOOL,
    update: { maybe: ["true", "false", "new", "all", "none"] },
    testTimeout: "one",
    hookTimeout: "one",
    teardownTimeout: "one",
    slowTestThreshold: "one",
    bail: "one",
    retry: "one",
    exclude: "one",
    attachmentsDir: "one",
    coverage: BOOL,
    typecheck: BOOL,
    browser: { maybe: ["true", "false", "chromium", "firefox", "webkit"] },
    cache: BOOL,
  },
  short: { r: "root", c: "config", u: "update" },
  families: {
    coverage: [
      "enabled",
      "all",
      "clean",
      "cleanOnRerun",
      "reportOnFailure",
      "allowExternal",
      "skipFull",
      "excludeAfterRemap",
      "ignoreEmptyLines",
    ],
    typecheck: ["enabled", "only", "allowJs", "ignoreSourceErrors"],
    sequence: ["shuffle", "files", "tests", "concurrent"],
    browser: ["enabled", "headless", "isolate", "ui", "fileParallelism", "trackUnhandledErrors"],
    poolOptions: ["singleThread", "singleFork", "isolate", "useAtomics"],
    retry: [],
    expect: ["requireAssertions"],
    diff: ["expand", "includeChangeCounts", "omitAnnotationLines", "printBasicPrototype"],
    cache: [],
  },
  whole: {
    "coverage.thresholds": "sets a coverage threshold over the whole suite",
    shard: "runs one shard of the suite",
    changed: "picks the tests of changed files itself",
    related: "picks related tests itself",
    testNamePattern: "filters tests by name",
    t: "filters tests by name",
    tagsFilter: "filters tests by tag",
    watch: "watches for changes",
    w: "watches for changes",
    standalone: "runs no tests",
    mergeReports: "runs no tests",
    listTags: "runs no tests",
    clearCache: "runs no tests",
  },
  camel: true,
};

/** jest 29–30 (`jest --help`): its yargs types, arrays take every word up to the next flag. */
const JEST: FlagTable = {
  flags: {
    ci: "none",
    silent: "none",
    verbose: "none",
    coverage: "none",
    collectCoverage: "none",
    runInBand: "none",
    forceExit: "none",
    detectOpenHandles: "none",
    detectLeaks: "none",
    logHeapUsage: "none",
    passWithNoTests: "none",
    cache: "none",
    color: "none",
    colors: "none",
    errorOnDeprecated: "none",
    clearMocks: "none",
    resetMocks: "none",
    restoreMocks: "none",
    resetModules: "none",
    injectGlobals: "none",
    json: "none",
    useStderr: "none",
    noStackTrace: "none",
    expand: "none",
    testLocationInResults: "none",
    runTestsByPath: "none",
    updateSnapshot: "none",
    randomize: "none",
    showSeed: "none",
    bail: "none",
    waitForUnhandledRejections: "none",
    workerThreads: "none",
    watchman: "none",
    automock: "none",
    config: "one",
    rootDir: "one",
    maxWorkers: "one",
    maxConcurrency: "one",
    testTimeout: "one",
    openHandlesTimeout: "one",
    workerGracefulExitTimeout: "one",
    seed: "one",
    testEnvironment: "one",
    env: "one",
    testEnvironmentOptions: "one",
    testRunner: "one",
    runner: "one",
    testSequencer: "one",
    testFailureExitCode: "one",
    coverageProvider: "one",
    coverageDirectory: "one",
    collectCoverageFrom: "one",
    outputFile: "one",
    cacheDirectory: "one",
    workerIdleMemoryLimit: "one",
    preset: "one",
    resolver: "one",
    globals: "one",
    moduleNameMapper: "one",
    transform: "one",
    prettierPath: "one",
    haste: "one",
    selectProjects: "many",
    ignoreProjects: "many",
    projects: "many",
    roots: "many",
    reporters: "many",
    coverageReporters: "many",
    coveragePathIgnorePatterns: "many",
    testPathIgnorePatterns: "many",
    modulePathIgnorePatterns: "many",
    moduleDirectories: "many",
    moduleFileExtensions: "many",
    modulePaths: "many",
    setupFiles: "many",
    setupFilesAfterEnv: "many",
    snapshotSerializers: "many",
    transformIgnorePatterns: "many",
    unmockedModulePathPatterns: "many",
    watchPathIgnorePatterns: "many",
  },
  short: {
    c: "config",
    w: "maxWorkers",
    i: "runInBand",
    e: "expand",
    u: "updateSnapshot",
    b: "bail",
  },
  families: {},
  whole: {
    testNamePattern: "filters tests by name",
    t: "filters tests by name",
    testPathPattern: "filters test files itself",
    testPathPatterns: "filters test files itself",
    testMatch: "chooses its own test files",
    testRegex: "chooses its own test files",
    findRelatedTests: "picks related tests itself",
    onlyChanged: "picks the tests of changed files itself",
    o: "picks the tests of changed files itself",
    onlyFailures: "reruns failed tests only",
    f: "reruns failed tests only",
    changedSince: "picks the tests of changed files itself",
    changedFilesWithAncestor: "picks the tests of changed files itself",
    lastCommit: "picks the tests of changed files itself",
    shard: "runs one shard of the suite",
    coverageThreshold: "sets a coverage threshold over the whole suite",
    filter: "filters test files itself",
    listTests: "runs no tests",
    showConfig: "runs no tests",
    clearCache: "runs no tests",
    watch: "watches for changes",
    watchAll: "watches for changes",
  },
  camel: true,
};

/** node 18–24 (`node --help`): the flags a `node --test` command commonly carries. */
const NODE: FlagTable = {
  flags: {
    test: "none",
    import: "one",
    require: "one",
    loader: "one",
    "experimental-loader": "one",
    conditions: "one",
    "env-file": "one",
    "env-file-if-exists": "one",
    "input-type": "one",
    "experimental-default-type": "one",
    "disable-warning": "one",
    "max-old-space-size": "one",
    "stack-size": "one",
    "test-reporter": "one",
    "test-reporter-destination": "one",
    "test-concurrency": "one",
    "test-timeout": "one",
    "test-isolation": "one",
    "experimental-test-isolation": "one",
    "test-coverage-include": "one",
    "test-coverage-exclude": "one",
    "experimental-test-coverage": "none",
    "experimental-test-module-mocks": "none",
    "experimental-test-snapshots": "none",
    "test-update-snapshots": "none",
    "test-force-exit": "none",
    "experimental-strip-types": "none",
    "experimental-transform-types": "none",
    "experimental-detect-module": "none",
    "experimental-require-module": "none",
    "experimental-vm-modules": "none",
    "experimental-wasm-modules": "none",
    "experimental-json-modules": "none",
    "enable-source-maps": "none",
    "expose-gc": "none",
    "preserve-symlinks": "none",
    "preserve-symlinks-main": "none",
    warnings: "none",
    deprecation: "none",
    "trace-warnings": "none",
    "trace-deprecation": "none",
    "trace-uncaught": "none",
    "pending-deprecation": "none",
    "throw-deprecation": "none",
    "frozen-intrinsics": "none",
  },
  short: { r: "require", C: "conditions" },
  families: {},
  whole: {
    "test-name-pattern": "filters tests by name",
    "test-skip-pattern": "filters tests by name",
    "test-only": "runs only the tests marked only",
    "test-shard": "runs one shard of the suite",
    "test-coverage-lines": "sets a coverage threshold over the whole suite",
    "test-coverage-branches": "sets a coverage threshold over the whole suite",
    "test-coverage-functions": "sets a coverage threshold over the whole suite",
    watch: "watches for changes",
    "watch-path": "watches for changes",
  },
  camel: false,
};

export const RUNNER_FLAGS = { vitest: VITEST, jest: JEST, node: NODE } as const;
export type FlagRunner = keyof typeof RUNNER_FLAGS;

/** A command's words after its program, read against a runner's flags. */
export interface ReadFlags {
  /** The flags in order, each with the words of its value. */
  flags: string[][];
  /** The words that are neither a flag nor a flag's value: file filters, test paths, subcommands. */
  positional: string[];
  /** The first flag that keeps the whole suite, with why; undefined when every flag is allowed. */
  blocked: { flag: string; why: string } | undefined;
}

const camelCase = (name: string) => name.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase());

/** A flag's name as the table spells it, and whether it came as `--no-<name>`. */
function nameOf(word: string, table: FlagTable): { name: string; negated: boolean } {
  const dashes = word.startsWith("--") ? 2 : 1;
  let name = word.slice(dashes).split("=")[0] ?? "";
  if (dashes === 1) name = table.short[name] ?? name;
  const negated = name.startsWith("no-") || (table.camel && /^no[A-Z]/.test(name));
  if (negated && !(name in table.flags)) name = name.replace(/^no-?/, "");
  if (table.camel) name = camelCase(name);
  if (negated && table.camel) name = name.charAt(0).toLowerCase() + name.slice(1);
  return { name, negated };
}

/** What a flag takes, or why it keeps the whole suite. */
function takesOf(name: string, table: FlagTable): Takes | { why: string } {
  for (const [prefix, why] of Object.entries(table.whole))
    if (name === prefix || name.startsWith(`${prefix}.`)) return { why };
  const own = table.flags[name];
  if (own !== undefined) return own;
  const dot = name.indexOf(".");
  if (dot > 0) {
    const switches = table.families[name.slice(0, dot)];
    if (switches !== undefined) {
      const last = name.slice(name.lastIndexOf(".") + 1);
      return switches.includes(last) ? BOOL : "one";
    }
  }
  return { why: "is not a flag gates knows it can keep beside a file filter" };
}

/** Read a command's own words (after its program) against a runner's flags. */
export function readFlags(words: readonly string[], runner: FlagRunner): ReadFlags {
  const table = RUNNER_FLAGS[runner];
  const flags: string[][] = [];
  const positional: string[] = [];
  let blocked: ReadFlags["blocked"];
  for (let i = 0; i < words.length; i++) {
    const word = words[i] as string;
    if (!word.startsWith("-") || word === "-") {
      positional.push(word);
      continue;
    }
    if (word === "--") {
      positional.push(...words.slice(i + 1));
      break;
    }
    const { name, negated } = nameOf(word, table);
    const takes = takesOf(name, table);
    const group = [word];
    flags.push(group);
    if (typeof takes === "object" && "why" in takes) {
      blocked ??= { flag: word.split("=")[0] ?? word, why: takes.why };
      continue;
    }
    if (word.includes("=") || negated || takes === "none") continue;
    const next = () => words[i + 1];
    const bare = (w: string | undefined): w is string => w !== undefined && !w.startsWith("-");
    if (takes === "one") {
      if (bare(next())) group.push(words[++i] as string);
    } else if (takes === "many") {
      while (bare(next())) group.push(words[++i] as string);
    } else if (bare(next()) && takes.maybe.includes(next() as string)) {
      group.push(words[++i] as string);
    }
  }
  return { flags, positional, blocked };
}

/** A `node --test` command's words after `node`: its flags after `--test` (with their values) and the test paths it names. */
export function nodeTestWords(own: readonly string[]): {
  flags: string[][];
  paths: string[];
  /** A word before `--test` that is no flag's value: node runs it as a script. */
  script: string | undefined;
  blocked: ReadFlags["blocked"];
} {
  const at = own.indexOf("--test");
  const before = readFlags(own.slice(0, Math.max(0, at)), "node");
  const after = readFlags(own.slice(at + 1), "node");
  return {
    flags: after.flags,
    paths: after.positional,
    script: before.positional[0],
    blocked: before.blocked ?? after.blocked,
  };
}
