// The packages verify-gates loads at run time from where it is installed, not from its bundle
// (scripts/bundle.mjs leaves exactly these out): in a user's repository they sit in the working
// tree's node_modules, where the agent being judged can edit them. `loop install` records their
// files beside verify-gates' own, and the hook checks both before any of them is loaded.
export const RUNTIME_PACKAGES = [
  "typescript",
  "@secretlint/core",
  "@secretlint/secretlint-rule-preset-recommend",
  "istanbul-lib-coverage",
  "v8-to-istanbul",
] as const;
