import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { findFlowModule, flowModuleIndex } from "./discover.js";

describe("flowModuleIndex", () => {
  it("finds what findFlowModule finds, from one directory read", () => {
    const folder = mkdtempSync(join(tmpdir(), "flows-"));
    for (const file of ["a.ts", "a.js", "b.mjs", "c.mts", "c.js", "notes.txt", "d.test.ts"]) {
      writeFileSync(join(folder, file), "");
    }
    const index = flowModuleIndex(folder);
    for (const name of ["a", "b", "c", "d.test", "notes", "missing"]) {
      expect(index.get(name), name).toBe(findFlowModule(folder, name));
    }
    expect(index.get("a")).toBe(join(folder, "a.ts"));
    expect(index.get("c")).toBe(join(folder, "c.mts"));
  });

  it("is empty for a missing folder", () => {
    expect(flowModuleIndex(join(tmpdir(), "no-such-flows-folder")).size).toBe(0);
  });
});
