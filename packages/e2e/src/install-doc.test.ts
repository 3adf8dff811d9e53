import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { PACKAGES, REPO_ROOT } from "./pack.js";

const read = (path: string) => readFileSync(join(REPO_ROOT, path), "utf8");
/** pnpm's tarball name: the npm name without "@", "/" as "-". */
const tarball = (name: string) => `${name.replace(/^@/, "").replace("/", "-")}-0.1.0.tgz`;

describe("docs/install-from-tarballs.md tells one story with the README", () => {
  const doc = read("docs/install-from-tarballs.md");

  it("counts the tarballs `pnpm run pack` writes, and npm installs every one of them", () => {
    expect(doc).toContain(`writes ${PACKAGES.length === 5 ? "five" : PACKAGES.length} tarballs`);
    const npm = /npm install -D ([^`]*?)\n```/.exec(doc)?.[1] ?? "";
    for (const name of PACKAGES) expect(npm).toContain(`$AV/${tarball(name)}`);
  });

  it("explains the agent-verify package the README installs and imports from", () => {
    expect(read("README.md")).toContain("npm install -D agent-verify");
    expect(doc).toContain('import { defineFlow } from "agent-verify"');
  });

  it("says what npm's install-scripts warning for esbuild means, in the README too", () => {
    expect(doc).toContain("npm warn install-scripts");
    expect(read("README.md")).toMatch(/install-scripts` warning names esbuild/);
  });
});
