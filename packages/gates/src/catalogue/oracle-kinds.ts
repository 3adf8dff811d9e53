import { isTestFile } from "./test-files.js";

/**
 * What part of the oracle a file is: the tests and everything that decides how they and the
 * other tools run. A file of none of these kinds is the change's to edit freely.
 */
export type OracleFileKind =
  | "test"
  | "test-config"
  | "test-support"
  | "package"
  | "tsconfig"
  | "lint-config"
  | "format-config"
  | "gates-config";

const TEST_CONFIG =
  /(?:^|\/)(?:vitest\.(?:config|workspace|projects)|vite\.config|jest\.config|playwright\.config|ava\.config|\.mocharc|\.c8rc|\.nycrc)(?:\.[\w-]+)*(?:\.[cm]?[jt]s|\.json|\.ya?ml)?$/;
/** Helpers, fixtures, setup files and mocks that live beside or under the tests. */
const TEST_SUPPORT =
  /(?:^|\/)(?:tests?|__tests__|__mocks__|__fixtures__|fixtures|__snapshots__|test-utils|testing)\//;
const SNAPSHOT = /\.snap$/;
const PACKAGE = /(?:^|\/)package\.json$/;
const TSCONFIG = /(?:^|\/)[jt]sconfig[\w.-]*\.json$/;
const LINT_CONFIG =
  /(?:^|\/)(?:eslint\.config\.[cm]?[jt]s|\.eslintrc(?:\.[\w]+)?|\.eslintignore|eslint-suppressions\.json|\.oxlintrc\.json|oxlint(?:rc)?\.json|oxlint\.config\.[cm]?[jt]s|biome\.jsonc?)$/;
const FORMAT_CONFIG =
  /(?:^|\/)(?:\.prettierrc(?:\.[\w]+)?|prettier\.config\.[cm]?[jt]s|\.prettierignore|\.oxfmtrc(?:\.jsonc?)?|oxfmt\.config\.[cm]?[jt]s|\.editorconfig)$/;
const GATES_CONFIG = /^\.verify\/gates\.ya?ml$/;

/** The oracle kind of a repository-relative path, or undefined when the file is not the oracle's. */
export function oracleKind(path: string): OracleFileKind | undefined {
  if (path.split("/").includes("node_modules")) return undefined;
  if (GATES_CONFIG.test(path)) return "gates-config";
  if (isTestFile(path)) return "test";
  if (TEST_CONFIG.test(path)) return "test-config";
  if (PACKAGE.test(path)) return "package";
  if (TSCONFIG.test(path)) return "tsconfig";
  if (LINT_CONFIG.test(path)) return "lint-config";
  if (FORMAT_CONFIG.test(path)) return "format-config";
  if (TEST_SUPPORT.test(path) || SNAPSHOT.test(path)) return "test-support";
  return undefined;
}
