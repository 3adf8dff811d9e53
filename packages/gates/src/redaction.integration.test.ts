import { describe, expect, it } from "vitest";
import { findLeaks, plantSecrets } from "@agent-verify/test-support/planted";
import { debug, makeRepo, runCli, type CliResult } from "../test/fixture.js";

// A judge that leaks every planted secret: in its evidence (fail), or as unparseable
// output (garbage), and on stderr either way.
const LEAKY_JUDGE = [
  "const texts = JSON.parse(process.env.PLANTED_JSON);",
  'process.stderr.write("judge stderr: " + texts.join("\\n") + "\\n");',
  'if (process.argv[2] === "garbage") process.stdout.write("not a verdict: " + texts.join(" | "));',
  'else process.stdout.write(JSON.stringify(texts.map((t, i) => ({ id: "AC-" + i, status: "FAIL", evidence: t }))));',
  "",
].join("\n");

function leakyRepo(answer: string, extra: Record<string, string> = {}) {
  const repo = makeRepo({
    "judge.mjs": LEAKY_JUDGE,
    ".verify/gates.yaml": `judge:\n  command: node judge.mjs ${answer}\n  max_requests: 5\n`,
  });
  for (const [path, text] of Object.entries(extra)) repo.write(path, text);
  repo.write(
    "src/math.ts",
    repo.read("src/math.ts") + "export const twice = (a: number) => add(a, a);\n",
  );
  return repo;
}

describe("no planted secret reaches a gates sink", () => {
  it("judge evidence, judge garbage, judge stderr and secrets found in the diff: 0 leaks in stdout, stderr, gates.json, summary.txt", () => {
    const plant = plantSecrets();
    const env = { ...plant.env, PLANTED_JSON: JSON.stringify(plant.planted.map((p) => p.text)) };
    const sinks: Record<string, string> = {};
    const keep = (name: string, result: CliResult) => {
      sinks[`${name} stdout`] = result.stdout;
      sinks[`${name} stderr`] = result.stderr;
      sinks[`${name} gates.json`] = JSON.stringify(result.report ?? null);
      sinks[`${name} summary.txt`] = result.summary ?? "";
      return result;
    };

    const fail = keep(
      "judge fail --json",
      runCli(leakyRepo("fail").dir, ["--only", "judge", "--json"], env),
    );
    expect(fail.code, debug(fail)).toBe(1);
    expect(fail.report?.findings.length).toBe(plant.planted.length);
    const text = keep("judge fail", runCli(leakyRepo("fail").dir, ["--only", "judge"], env));
    expect(text.code, debug(text)).toBe(1);
    const garbage = keep(
      "judge garbage",
      runCli(leakyRepo("garbage").dir, ["--only", "judge"], env),
    );
    expect(garbage.report?.status, debug(garbage)).toBe("needs_human");
    const source = plant.planted
      .map((p, i) => `export const planted${i} = ${JSON.stringify(p.text)};`)
      .join("\n");
    const secrets = keep(
      "secrets",
      runCli(
        leakyRepo("fail", { "src/planted.ts": `${source}\n` }).dir,
        ["--only", "secrets", "--json"],
        env,
      ),
    );
    expect(secrets.code, debug(secrets)).toBe(1);
    expect(secrets.report?.findings.length).toBeGreaterThan(0);
    expect(sinks["judge fail --json gates.json"]).toContain("[REDACTED]");

    const leaks = findLeaks(plant.planted, sinks);
    process.stderr.write(
      `redaction (gates): ${plant.planted.length} secrets planted, ${Object.keys(sinks).length} sinks read, ${leaks.length} leaks\n`,
    );
    expect(leaks).toEqual([]);
  });
});
