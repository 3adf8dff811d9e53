import { isScriptFile } from "../catalogue/test-files.js";
import { argvWith, type ToolAdapter } from "./adapter.js";
import { eslintFindings } from "./eslint.js";

/**
 * xo, the ESLint wrapper with its own config (package.json's `xo` key, `xo.config.*`): on the
 * changed files, with ESLint's JSON formatter (`--reporter=json`), read as ESLint's report.
 * The ESLint inside it is xo's own: gates never lints such a repository with bare eslint.
 */
export const XO: ToolAdapter = {
  name: "xo",
  pkg: "xo",
  reads: "its JSON report (--reporter=json)",
  scope: "files",
  accepts: isScriptFile,
  argv: (command, files) =>
    argvWith(command, { drop: ["--reporter"], add: ["--reporter=json"] }, files),
  parse: eslintFindings,
};
