import { describe, expect, it } from "vitest";
import { exportTargets, problemsOf } from "./published-files.js";
import type { VersionDoc } from "./publish.js";

const manifest = (extra: Partial<VersionDoc>): VersionDoc => ({
  name: "pkg",
  version: "1.0.0",
  files: ["dist", "!dist/**/*.map", "bin"],
  bin: { tool: "./bin/tool.js" },
  exports: {
    ".": { types: "./dist/index.d.ts", default: "./dist/index.js" },
    "./schema/*": "./schema/*",
  },
  dist: { tarball: "", integrity: "" },
  ...extra,
});

describe("problemsOf", () => {
  it("passes a tarball that is its manifest", () => {
    const files = ["package.json", "README.md", "bin/tool.js", "dist/index.js", "dist/index.d.ts"];
    expect(
      problemsOf(
        manifest({ exports: { ".": { types: "./dist/index.d.ts", default: "./dist/index.js" } } }),
        files,
      ),
    ).toEqual([]);
  });

  it("names every way a published package goes wrong", () => {
    const files = [
      "package.json",
      "dist/index.js",
      "dist/index.test.js",
      "dist/index.js.map",
      "dist/fixtures/app.html",
      "dist/src.ts",
      "notes.txt",
    ];
    expect(
      problemsOf(
        manifest({
          dependencies: { "@x/contract": "workspace:*", zod: "^4.0.0" },
          peerDependencies: { lib: "file:../lib" },
        }),
        files,
      ),
    ).toEqual([
      "dependency @x/contract: workspace:*",
      "dependency lib: file:../lib",
      "bin tool: ./bin/tool.js is not in the tarball",
      "export target ./dist/index.d.ts is not in the tarball",
      "export target ./schema/* is not in the tarball",
      "dist/index.test.js is a test file",
      "dist/index.js.map is a source map (its sources are not shipped)",
      "dist/fixtures/app.html is a dev-only folder",
      "dist/src.ts is a TypeScript source",
      'notes.txt is outside "files"',
    ]);
  });

  it("flattens conditional exports", () => {
    expect(
      exportTargets({ ".": { types: "./a.d.ts", import: { default: "./a.js" } }, "./p": "./p.js" }),
    ).toEqual(["./a.d.ts", "./a.js", "./p.js"]);
  });
});
