import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { runCliInProcess } from "../../test/cli-in-process.js";
import { debug, makeRepo, runCli } from "../../test/fixture.js";

// Built from pieces so no secret-shaped literal sits in this file.
const TOKEN = "ghp_" + "a1B2c3D4e5F6g7H8i9J0" + "k1L2m3N4o5P6q7R8";
const KEY = "Zx9Qw8Er7Ty6" + "Ui5Op4As3Df2";

describe("secrets", () => {
  it("an untracked file with a secret → exit 1, masked in stdout, stderr, gates.json and summary.txt", () => {
    const repo = makeRepo();
    repo.write(
      "src/config.ts",
      `export const token = "${TOKEN}";\n\nexport const apiKey = "${KEY}";\n`,
    );
    const result = runCli(repo.dir, ["--only", "secrets"]);
    expect(result.code, debug(result)).toBe(1);
    const rules = result.report?.findings.map((f) => `${f.file}:${f.line} ${f.rule}`);
    expect(rules).toEqual(["src/config.ts:1 secretlint/github", "src/config.ts:3 keyword-entropy"]);
    const json = runCli(repo.dir, ["--only", "secrets", "--json"]);
    for (const text of [
      result.stdout,
      result.stderr,
      result.summary ?? "",
      JSON.stringify(result.report),
      json.stdout,
    ]) {
      expect(text).not.toContain(TOKEN);
      expect(text).not.toContain(KEY);
      expect(text).not.toContain(TOKEN.slice(4, 20));
    }
    expect(result.stdout).toContain("ghp********");
    expect(readFileSync(join(repo.dir, ".verify", "gates.json"), "utf8")).not.toContain(KEY);
  });

  it("a finding is keyed by file + rule + hash, not by line; the base's allow list accepts it", async () => {
    const repo = makeRepo();
    repo.write("src/config.ts", `export const apiKey = "${KEY}";\n`);
    const first = await runCliInProcess(repo.dir, ["--only", "secrets"]);
    repo.write("src/config.ts", `// moved down\n\nexport const apiKey = "${KEY}";\n`);
    const second = await runCliInProcess(repo.dir, ["--only", "secrets"]);
    const hash = /sha256:([0-9a-f]+)/.exec(first.report?.findings[0]?.message ?? "")?.[1];
    expect(hash).toMatch(/^[0-9a-f]{16}$/);
    expect(second.report?.findings[0]?.line).toBe(3);
    expect(second.report?.findings[0]?.message).toContain(`sha256:${hash}`);

    const allowed = makeRepo({ ".verify/gates.yaml": `secrets:\n  allow: ["sha256:${hash}"]\n` });
    allowed.write("src/config.ts", `export const apiKey = "${KEY}";\n`);
    const result = await runCliInProcess(allowed.dir, ["--only", "secrets"]);
    expect(result.code, debug(result)).toBe(0);
  });

  it("an allow entry added by the change itself does not count and is a floor finding", async () => {
    const repo = makeRepo();
    repo.write("src/config.ts", `export const apiKey = "${KEY}";\n`);
    const hash = /sha256:([0-9a-f]+)/.exec(
      (await runCliInProcess(repo.dir, ["--only", "secrets"])).report?.findings[0]?.message ?? "",
    )?.[1];
    repo.write(".verify/gates.yaml", `secrets:\n  allow: ["sha256:${hash}"]\n`);
    const result = await runCliInProcess(repo.dir, ["--only", "floor,secrets"]);
    expect(result.code, debug(result)).toBe(1);
    expect(result.report?.findings.map((f) => f.stage).sort()).toEqual(["floor", "secrets"]);
  });

  it("placeholders and low-entropy values are not secrets", async () => {
    const repo = makeRepo();
    repo.write(
      "src/config.ts",
      'export const password = "changeme";\nexport const token = "aaaaaaaaaaaaaaaa";\n',
    );
    const result = await runCliInProcess(repo.dir, ["--only", "secrets"]);
    expect(result.code, debug(result)).toBe(0);
  });
});
