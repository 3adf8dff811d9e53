// Which files are code, tests and scripts: the one list every check reads (issue 47).

const CODE =
  /\.(?:[cm]?[jt]sx?|vue|svelte|astro|py|pyi|rs|go|rb|java|kts?|swift|c|cc|cpp|h|hpp|cs|php|scala|css|scss|less|html)$/;
const TEST_FILE = [
  /\.(?:test|spec)\.[cm]?[jt]sx?$/,
  /(?:^|\/)__tests__\/.*\.[cm]?[jt]sx?$/,
  /(?:^|\/)test_[^/]*\.py$/,
  /_test\.(?:py|go)$/,
];

/** Source code of any language gates knows (the floor's suppressions apply to it). */
export const isCodeFile = (path: string) => CODE.test(path);
/** A test file of a JS/TS runner, pytest or `go test`. */
export const isTestFile = (path: string) => TEST_FILE.some((pattern) => pattern.test(path));
/** A JS/TS file, which the TypeScript parser reads. */
export const isScriptFile = (path: string) => /\.[cm]?[jt]sx?$/.test(path);
