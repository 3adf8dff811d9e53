import { describe, expect, it } from "vitest";
import {
  isProductFile,
  PRODUCT_FILES,
  PRODUCT_GITIGNORE_LINES,
  productFileGlobs,
} from "./product-files.js";

describe("isProductFile", () => {
  it.each([
    ".verify/log.jsonl",
    ".verify/loop-status.json",
    ".verify/loop-status.json.4242.ab12.tmp",
    ".verify/loop.lock",
    ".verify/loop.lock.4242.ab12.stale",
    ".verify/.tracker-write.json",
    ".verify/.tracker-write.json.4242.tmp",
    ".verify/escalations/bd-12.md",
    ".verify/.tracker/.beads/issues.jsonl",
    ".verify/artifacts/checkout/run-1/trace.zip",
    ".verify/gates.json",
    ".verify/summary.txt",
    ".verify/green",
    ".verify/crap.json",
    ".verify/cache/base.json",
    ".verify/agent-loops/current-session.json",
    ".verify/agent-loops/s.abc@agent.json",
    ".verify/agent-loop.json",
    ".verify/agent-loop.json.4242.ab12.tmp",
    ".verify/agent-loop.log.jsonl",
    "node_modules/.cache/agent-verify/config.json",
  ])("%s is agent-verify's", (path) => {
    expect(isProductFile(path)).toBe(true);
  });

  it("in a project folder below the repository's top, with any separator", () => {
    expect(isProductFile("apps/web/.verify/log.jsonl")).toBe(true);
    expect(isProductFile("./.verify/green")).toBe(true);
    expect(isProductFile("apps\\web\\.verify\\escalations\\x.md")).toBe(true);
  });

  it.each([
    ".verify/workflows.yaml",
    ".verify/gates.yaml",
    ".verify/src/flows/checkout.ts",
    ".verify/pages/cart.ts",
    ".verify/log.jsonl.md",
    ".verify/green-notes.txt",
    ".verify/escalations",
    ".verify/agent-loops",
    "verify/log.jsonl",
    "src/.verify-log.jsonl",
    "docs/crap.json",
    "my.verify/gates.json",
    "node_modules/.cache/other/x.json",
  ])("%s is the user's", (path) => {
    expect(isProductFile(path)).toBe(false);
  });
});

describe("the list's other forms", () => {
  it("one .gitignore line per product file", () => {
    expect(PRODUCT_GITIGNORE_LINES).toEqual(PRODUCT_FILES.map((f) => f.pattern));
    expect(new Set(PRODUCT_GITIGNORE_LINES).size).toBe(PRODUCT_FILES.length);
  });

  it("globs that match at any depth, folders with all they hold", () => {
    const globs = productFileGlobs();
    expect(globs).toContain("**/.verify/log.jsonl");
    expect(globs).toContain("**/.verify/escalations/**");
    expect(globs).toHaveLength(PRODUCT_FILES.length);
  });
});
