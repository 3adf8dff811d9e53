// One lint setup for the whole repo. The import rules enforce the package graph:
// contract is a leaf; runner, manager and gates import contract and never each other.
import js from "@eslint/js";
import globals from "globals";
import tseslint from "typescript-eslint";
import { importDownward } from "./scripts/lib/gates-layers.mjs";

const otherPackages = (self) =>
  ["runner", "manager", "gates"]
    .filter((name) => name !== self)
    .map((name) => ({
      group: [`@agent-verify/${name}`, `@agent-verify/${name}/*`, `**/packages/${name}/**`],
      message: `packages/${self} must not import @agent-verify/${name}: talk to it through its bin and the contract.`,
    }));

export default tseslint.config(
  {
    ignores: [
      "**/dist/**",
      "**/node_modules/**",
      "**/coverage/**",
      ".verify/artifacts/**",
      "**/fixtures/**",
      "bench/results/**",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_" },
      ],
    },
  },
  {
    // CommonJS on purpose: a bin that starts without the ESM loader (the runner's `--list`).
    files: ["**/*.cjs"],
    languageOptions: { sourceType: "commonjs" },
    rules: { "@typescript-eslint/no-require-imports": "off" },
  },
  {
    files: ["packages/contract/**/*.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: ["@agent-verify/*", "**/packages/*/src/**"],
              message: "contract is a leaf package: it imports only zod and yaml.",
            },
          ],
        },
      ],
    },
  },
  ...["runner", "manager", "gates"].map((self) => ({
    files: [`packages/${self}/**/*.ts`],
    rules: { "no-restricted-imports": ["error", { patterns: otherPackages(self) }] },
  })),
  {
    // gates' rooms import downward only (packages/gates/src/README.md); the catalogue imports none.
    files: ["packages/gates/src/**/*.ts"],
    plugins: { "gates-layers": { rules: { "import-downward": importDownward } } },
    rules: { "gates-layers/import-downward": "error" },
  },
  {
    // Exactly one stdout write in the runner: only output.ts may touch stdout.
    files: ["packages/runner/src/**/*.ts"],
    ignores: ["packages/runner/src/**/*.test.ts", "packages/runner/src/output.ts"],
    rules: {
      "no-console": "error",
      "no-restricted-properties": [
        "error",
        { object: "process", property: "stdout", message: "Only src/output.ts writes to stdout." },
      ],
    },
  },
);
