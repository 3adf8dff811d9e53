import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { changedProjects, nearestProject, projectCommand } from "./tsconfig-projects.js";

const root = mkdtempSync(join(tmpdir(), "gates-projects-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));
const write = (path: string, text: string) => {
  mkdirSync(dirname(join(root, path)), { recursive: true });
  writeFileSync(join(root, path), text);
};
write("tsconfig.json", "{}\n");
write(".verify/tsconfig.json", '{ "include": ["src/**/*.ts"] }\n');
write("packages/a/tsconfig.json", "{ /* a comment */ }\n");
write(
  "packages/b/tsconfig.json",
  '{\n  // JSONC, as tsc reads it\n  "references": [{ "path": "../a" },],\n}\n',
);

describe("the tsconfig projects of a change", () => {
  it("each file's nearest tsconfig.json, up to the root's", () => {
    expect(nearestProject(root, ".verify/src/flows/add-one.ts")).toBe(".verify/tsconfig.json");
    expect(nearestProject(root, "packages/a/src/deep/x.ts")).toBe("packages/a/tsconfig.json");
    expect(nearestProject(root, "src/app.ts")).toBe("tsconfig.json");
    expect(nearestProject(root, "app.ts")).toBe("tsconfig.json");
  });

  it("script files only, each project once, in the order met", () => {
    expect(
      changedProjects(root, [
        "packages/a/src/x.ts",
        "README.md",
        ".verify/src/pages/p.ts",
        "packages/a/src/y.mts",
        "packages/a/tsconfig.json",
      ]),
    ).toEqual(["packages/a/tsconfig.json", ".verify/tsconfig.json"]);
  });

  it("a project with references is built; any other is checked with --noEmit", () => {
    expect(projectCommand("tsc", root, "packages/b/tsconfig.json")).toBe(
      "tsc -b packages/b/tsconfig.json",
    );
    expect(projectCommand("tsgo", root, "packages/a/tsconfig.json")).toBe(
      "tsgo --noEmit -p packages/a/tsconfig.json",
    );
  });
});
