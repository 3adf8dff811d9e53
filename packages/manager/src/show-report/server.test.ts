import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { openCommand } from "./open.js";
import { fileUnder } from "./server.js";

const root = mkdtempSync(join(tmpdir(), "vm-serve-"));
mkdirSync(join(root, "report", "flows"), { recursive: true });
writeFileSync(join(root, "report", "index.html"), "<!doctype html>");
writeFileSync(join(root, "report", "flows", "a b.png"), "png");
writeFileSync(join(root, "secret.txt"), "secret");
symlinkSync(join(root, "secret.txt"), join(root, "report", "link.txt"));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe("show-report's files", () => {
  const report = join(root, "report");
  it("serves files inside the report folder, a folder as its index.html", () => {
    expect(fileUnder(report, "/")).toBe(join(report, "index.html"));
    expect(fileUnder(report, "/flows/a%20b.png")).toBe(join(report, "flows", "a b.png"));
  });

  it("never a path that leaves it, by .., encoding or a symlink", () => {
    for (const path of ["/../secret.txt", "/..%2Fsecret.txt", "/link.txt", "/%E0%A4%A", "/nope"])
      expect(fileUnder(report, path)).toBe(undefined);
  });

  it("opens a browser only where there is a screen", () => {
    expect(openCommand("linux", {})).toBe(null);
    expect(openCommand("linux", { DISPLAY: ":0", CI: "1" })).toBe(null);
    expect(openCommand("linux", { DISPLAY: ":0" })).toEqual({ command: "xdg-open", args: [] });
    expect(openCommand("darwin", {})).toEqual({ command: "open", args: [] });
  });
});
