import { describe, expect, it } from "vitest";
import { parseUnifiedDiff } from "./unified-diff.js";

const DIFF = [
  "diff --git a/src/a.ts b/src/a.ts",
  "index 1..2 100644",
  "--- a/src/a.ts",
  "+++ b/src/a.ts",
  "@@ -2,0 +3,2 @@ header",
  "+added three",
  "+added four",
  "@@ -10,3 +12 @@",
  "-gone",
  "-gone",
  "-changed",
  "+changed now",
  "diff --git a/old.ts b/new.ts",
  "similarity index 90%",
  "rename from old.ts",
  "rename to new.ts",
  "--- a/old.ts",
  "+++ b/new.ts",
  "@@ -1 +1 @@",
  "-x",
  "+y",
  "diff --git a/gone.ts b/gone.ts",
  "deleted file mode 100644",
  "--- a/gone.ts",
  "+++ /dev/null",
  "@@ -1,2 +0,0 @@",
  "-a",
  "-b",
  "",
].join("\n");

describe("parseUnifiedDiff", () => {
  it("finds added lines at their working-tree line numbers, renames and deletions", () => {
    const [a, renamed, gone] = parseUnifiedDiff(DIFF);
    expect([...(a?.added ?? [])]).toEqual([
      [3, "added three"],
      [4, "added four"],
      [12, "changed now"],
    ]);
    expect(a?.deleted).toBe(3);
    expect(renamed).toMatchObject({ path: "new.ts", oldPath: "old.ts" });
    expect(gone).toMatchObject({ path: "gone.ts", deleted: 2 });
  });
});
