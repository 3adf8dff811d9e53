// Which files are code, tests and scripts: the one list every check reads (issue 47).

const CODE =
  /\.(?:[cm]?[jt]sx?|vue|svelte|astro|py|pyi|rs|go|rb|java|kts?|swift|c|cc|cpp|h|hpp|cs|php|scala|css|scss|less|html)$/;
const TEST_FILE = [
  /\.(?:test|spec)\.[cm]?[jt]sx?$/,
  /(?:^|\/)__tests__\/.*\.[cm]?[jt]sx?$/,
  /(?:^|\/)test_[^/]*\.py$/,
  /_test\.(?:py|go)$/,
];

// Type tests: their assertions are types, checked by a compiler, never run. tstyche (`*.tst.*`,
// `__typetests__/`, `typetests/`), tsd (`*.test-d.ts`, `test-d/`), vitest typecheck (`*.{test,spec}-d.*`).
const TYPE_TEST_FILE = [
  /\.tst\.[cm]?[jt]sx?$/,
  /(?:^|\/)(?:__typetests__|typetests)\/.*\.(?:test|spec)\.[cm]?[jt]sx?$/,
  /\.(?:test|spec)-d\.[cm]?[jt]sx?$/,
  /(?:^|\/)test-d\/.*\.[cm]?tsx?$/,
];

/** Source code of any language gates knows (the floor's suppressions apply to it). */
export const isCodeFile = (path: string) => CODE.test(path);
/** A test file of a JS/TS runner, pytest or `go test`. */
export const isTestFile = (path: string) => TEST_FILE.some((pattern) => pattern.test(path));
/** A JS/TS file, which the TypeScript parser reads. */
export const isScriptFile = (path: string) => /\.[cm]?[jt]sx?$/.test(path);
/** A file under a tests folder (`test/`, `tests/`, `__tests__/`, `spec/`): a test, or what tests use. */
export const isUnderTests = (path: string) => /(?:^|\/)(?:tests?|__tests__|specs?)\//.test(path);
/** A test's side of a repository: a test file, a file under a tests folder, a `test.js` of its own. */
export const isTestSide = (path: string) =>
  isTestFile(path) || isUnderTests(path) || /(?:^|\/)tests?\.[cm]?[jt]sx?$/.test(path);
/** A type test (tstyche, tsd, vitest typecheck): in it, an expected-error directive is an assertion. */
export const isTypeTestFile = (path: string) =>
  TYPE_TEST_FILE.some((pattern) => pattern.test(path));
