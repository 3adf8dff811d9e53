import { execFileSync } from "node:child_process";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { makeRepo } from "../../test/fixture.js";
import { functionComplexities } from "./complexity.js";

const SAMPLE = [
  "export function plain(): number { return 1; }",
  "export function branches(a: number, b?: { c?: { d: number } }): number {",
  "  let y = 0;",
  "  if (a > 1 && a < 5) return 1;",
  "  else if (a === 7 || a === 8) return 2;",
  "  const x = b?.c?.d ?? 0;",
  "  y ||= x;",
  "  y &&= 1;",
  "  y ??= 2;",
  "  for (let i = 0; i < a; i++) y += i;",
  "  for (const k in b) y += k.length;",
  "  for (const v of [1, 2]) y += v;",
  "  while (y > 100) y -= 1;",
  "  do { y += 1; } while (y < 0);",
  "  try { y = y / a; } catch { y = 0; }",
  "  switch (a) { case 1: y = 1; break; case 2: y = 2; break; default: y = 3; }",
  "  return a > 0 ? y : -y;",
  "}",
  "export const arrow = (v: number, w = 2) => v > w ? v : w;",
  "export class K {",
  "  constructor(private n = 1) {}",
  "  method(v: number): number { return v > this.n ? 1 : 0; }",
  "  get value(): number { return this.n || 5; }",
  "  outer(): () => number {",
  "    const inner = () => (this.n ? 1 : 2);",
  "    return inner;",
  "  }",
  "}",
  "export function destructure({ a = 1, b = 2 }: { a?: number; b?: number }, [c = 3] = []): number { return a + b + c; }",
  "export function calls(f?: () => void, o?: { m?: () => void }): void { f?.(); o?.m?.(); }",
  "export const fn = function named(q: number) { return q && q > 1 ? 1 : 0; };",
  "",
].join("\n");

describe("cyclomatic complexity", () => {
  it("matches ESLint's complexity rule on every function of a sample", async () => {
    const repo = makeRepo({ "src/sample.ts": SAMPLE });
    const eslint = join(repo.dir, "node_modules", ".bin", "eslint");
    let stdout: string;
    try {
      stdout = execFileSync(
        eslint,
        ["-f", "json", "--rule", '{"complexity": ["error", 0]}', "src/sample.ts"],
        { cwd: repo.dir, encoding: "utf8" },
      );
    } catch (error) {
      stdout = (error as { stdout: string }).stdout;
    }
    const messages =
      (
        JSON.parse(stdout) as Array<{
          messages: Array<{ ruleId: string; line: number; message: string }>;
        }>
      )[0]?.messages ?? [];
    const fromEslint = messages
      .filter((m) => m.ruleId === "complexity")
      .map((m) => `${m.line}:${/complexity of (\d+)/.exec(m.message)?.[1]}`)
      .sort();
    const ours = (await functionComplexities("src/sample.ts", SAMPLE))
      .map((f) => `${f.line}:${f.complexity}`)
      .sort();
    expect(fromEslint.length).toBeGreaterThanOrEqual(11);
    expect(ours).toEqual(fromEslint);
  });
});
