import { execFileSync } from "node:child_process";
import {
  chmodSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { PRODUCT_GITIGNORE_LINES } from "@agent-verify/contract/product-files";

const ROOT = fileURLToPath(new URL("../../../../", import.meta.url));
const MODULES = join(ROOT, "node_modules");
const RUNNER_BIN = join(ROOT, "packages", "runner", "bin", "verify-runner.cjs");
export const GATES_BIN = join(ROOT, "packages", "gates", "bin", "verify-gates.js");

/** A flow over the app's own code (no browser): the cart must count every item. */
const CART_FLOW = `
import { pathToFileURL } from "node:url";
import { join } from "node:path";
import { defineFlow } from "@agent-verify/runner";
export default defineFlow({
  name: "cart-count",
  steps: ["count-items"],
  async run({ step }) {
    await step("count-items", async () => {
      const { cartCount } = await import(pathToFileURL(join(process.cwd(), "src", "cart.js")).href);
      const got = cartCount(["apple", "pear", "plum"]);
      if (got !== 3) throw new Error("expected 3 items, got " + got);
    });
  },
});
`;

/** Fails while a counter file (outside the repo) is below FLAKY_FAILS, then passes. */
const FLAKY_FLOW = `
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { defineFlow } from "@agent-verify/runner";
export default defineFlow({
  name: "flaky-checkout",
  steps: ["pay"],
  async run({ step }) {
    await step("pay", async () => {
      const file = process.env.FLAKY_COUNTER;
      const seen = file && existsSync(file) ? Number(readFileSync(file, "utf8")) : 0;
      if (file) writeFileSync(file, String(seen + 1));
      if (seen < Number(process.env.FLAKY_FAILS ?? 1)) throw new Error("payment service timed out");
    });
  },
});
`;

const BUGGY_CART = "export function cartCount(items) {\n  return items.length - 1;\n}\n";
export const FIXED_CART = "export function cartCount(items) {\n  return items.length;\n}\n";

const CART_TEST = `import { expect, it } from "vitest";
import { cartCount } from "./cart.js";

it("counts an empty cart", () => {
  expect(cartCount([]) >= -1).toBe(true);
});
`;

export interface AppRepo {
  dir: string;
  write(path: string, text: string): void;
  read(path: string): string;
  commit(message: string): void;
  cleanup(): void;
}

function git(cwd: string, ...args: string[]): string {
  return execFileSync("git", args, { cwd, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });
}

function tool(modules: string, name: string, target: string): void {
  const file = join(modules, ".bin", name);
  writeFileSync(file, `#!/bin/sh\nexec ${JSON.stringify(target)} "$@"\n`);
  chmodSync(file, 0o755);
}

/**
 * A small app in a real git repo: a buggy cart on `main`, a `feature` branch checked out,
 * flows run by the real verify-runner, gates by the real verify-gates (when `gates`). Its
 * .gitignore lists agent-verify's files as `init` writes them, unless `ignoresProductFiles` is
 * false (a repo that installed gates without `init`).
 */
export function makeAppRepo(options: { gates: boolean; ignoresProductFiles?: boolean }): AppRepo {
  const dir = mkdtempSync(join(tmpdir(), "vm-app-"));
  const write = (path: string, text: string) => {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  };
  const modules = join(dir, "node_modules");
  mkdirSync(join(modules, ".bin"), { recursive: true });
  for (const entry of readdirSync(MODULES)) {
    if (entry !== ".bin" && !entry.startsWith("."))
      symlinkSync(join(MODULES, entry), join(modules, entry));
  }
  tool(modules, "vitest", join(MODULES, ".bin", "vitest"));
  write(
    "package.json",
    `${JSON.stringify({ name: "app", private: true, type: "module", devDependencies: { vitest: "*", "@vitest/coverage-istanbul": "*" } }, null, 2)}\n`,
  );
  write(
    ".gitignore",
    [
      "node_modules",
      "coverage",
      ...(options.ignoresProductFiles === false ? [] : PRODUCT_GITIGNORE_LINES),
      "",
    ].join("\n"),
  );
  write(
    "vitest.config.ts",
    'import { defineConfig } from "vitest/config";\nexport default defineConfig({ test: { include: ["src/**/*.test.ts"] } });\n',
  );
  write("src/cart.js", BUGGY_CART);
  write("src/cart.test.ts", CART_TEST);
  write(".verify/src/flows/cart-count.ts", CART_FLOW);
  write(".verify/src/flows/flaky-checkout.ts", FLAKY_FLOW);
  write(
    ".verify/workflows.yaml",
    [
      "version: 1",
      `runner_command: ${JSON.stringify(`node ${RUNNER_BIN} {flow}`)}`,
      "tickets:",
      `  gates_command: ${JSON.stringify(`node ${GATES_BIN}`)}`,
      "flows:",
      "  - name: cart-count",
      "    description: The cart counts every item.",
      "    timeout_s: 30",
      "  - name: flaky-checkout",
      "    description: Checkout pays (its payment service is flaky).",
      "    timeout_s: 30",
      "",
    ].join("\n"),
  );
  if (options.gates) {
    write(
      ".verify/gates.yaml",
      "base: main\ncommands:\n  typecheck: false\n  lint: false\n  format: false\n",
    );
  }
  git(dir, "init", "-q", "-b", "main");
  git(dir, "config", "user.email", "t@example.com");
  git(dir, "config", "user.name", "t");
  const commit = (message: string) => {
    git(dir, "add", "-A");
    git(dir, "commit", "-q", "--allow-empty", "-m", message);
  };
  commit("base");
  git(dir, "checkout", "-q", "-b", "feature");
  return {
    dir,
    write,
    read: (path) => readFileSync(join(dir, path), "utf8"),
    commit,
    cleanup: () => rmSync(dir, { recursive: true, force: true }),
  };
}
