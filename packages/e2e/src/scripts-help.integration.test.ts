// Every script in scripts/ answers --help (and -h) with its usage and does nothing else:
// `node scripts/pack.mjs --help` used to build and pack.
import { spawnSync } from "node:child_process";
import { readdirSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const root = fileURLToPath(new URL("../../../", import.meta.url));
const scripts = readdirSync(join(root, "scripts")).filter((name) => /\.(?:mjs|sh)$/.test(name));

describe("scripts answer --help", () => {
  it("finds the scripts", () => {
    expect(scripts).toEqual(expect.arrayContaining(["pack.mjs", "setup.sh", "test.sh"]));
  });

  for (const name of scripts) {
    for (const flag of ["--help", "-h"]) {
      it(`${name} ${flag}: its usage on stdout, nothing run, exit 0`, () => {
        const [command, args] = name.endsWith(".mjs")
          ? [process.execPath, [join(root, "scripts", name), flag]]
          : ["sh", ["-c", `"$0" ${flag}`, join(root, "scripts", name)]];
        const run = spawnSync(command, args, { cwd: root, encoding: "utf8", timeout: 30_000 });
        expect(run.stderr).toBe("");
        expect(run.status).toBe(0);
        const usage = run.stdout.trim();
        expect(usage.split("\n").length).toBeGreaterThan(1);
        expect(usage).not.toMatch(/^#|^\/\//m);
      });
    }
  }
});
