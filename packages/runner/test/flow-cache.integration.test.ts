import { existsSync, mkdirSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { RunResultSchema } from "@agent-verify/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fixtureProject } from "./fixture-project.js";
import { freePort, runRunner } from "./helpers.js";

// HTTP only (no browser): the flow checks /health's body against what its page object says.
const flow = (stepName: string) => `
import { defineFlow } from "@agent-verify/runner";
import { PATH, WANT } from "../pages/target.ts";
export default defineFlow({
  name: "cached",
  async run({ request, step }) {
    await step(${JSON.stringify(stepName)}, async () => {
      const body = await (await request.get(PATH)).text();
      if (body !== WANT) throw new Error("got " + body + ", want " + WANT);
    });
  },
});
`;
const target = (want: string) =>
  `export const PATH = "/health";\nexport const WANT: string = ${JSON.stringify(want)};\n`;

describe("flows compiled once per content hash", () => {
  let dir: string;
  let env: Record<string, string>;
  let cacheRoot: string;
  beforeAll(async () => {
    ({ dir } = fixtureProject({
      port: await freePort(),
      flows: { cached: flow("check") },
      manifestFlows: "  - name: cached",
    }));
    mkdirSync(join(dir, ".verify/src/pages"));
    writeFileSync(join(dir, ".verify/src/pages/target.ts"), target("ok"));
    cacheRoot = join(dir, "state", "agent-verify", "flow-cache");
    env = { XDG_STATE_HOME: join(dir, "state"), VERIFY_STATE_DIR: "" };
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  /** The compiled outputs in the cache (one folder per content key). */
  const outputs = () =>
    readdirSync(cacheRoot).flatMap((project) =>
      readdirSync(join(cacheRoot, project)).filter((name) => /^[0-9a-f]{32}$/.test(name)),
    );
  const run = async () => {
    const result = await runRunner(["cached"], { cwd: dir, env });
    return RunResultSchema.parse(result.json);
  };

  it("compiles into the state folder, and a run with nothing changed reuses it", async () => {
    expect((await run()).status).toBe("pass");
    expect(outputs()).toHaveLength(1);
    expect((await run()).status).toBe("pass");
    expect(outputs()).toHaveLength(1);
  });

  it("uses VERIFY_STATE_DIR when it is set, the manager's state folder", async () => {
    const state = join(dir, "manager-state");
    const result = await runRunner(["cached"], {
      cwd: dir,
      env: { ...env, VERIFY_STATE_DIR: state },
    });
    expect(RunResultSchema.parse(result.json).status).toBe("pass");
    expect(readdirSync(join(state, "flow-cache"))).toHaveLength(1);
  });

  it("never runs a stale page object or flow: a change is recompiled", async () => {
    writeFileSync(join(dir, ".verify/src/pages/target.ts"), target("nope"));
    const failed = await run();
    expect(failed.status).toBe("fail");
    expect(failed.steps[0]?.error).toBe("got ok, want nope");
    writeFileSync(join(dir, ".verify/src/flows/cached.ts"), flow("check-again"));
    const renamed = await run();
    expect(renamed.steps.map((step) => step.name)).toEqual(["check-again"]);
    writeFileSync(join(dir, ".verify/src/pages/target.ts"), target("ok"));
    expect((await run()).status).toBe("pass");
  });

  it("VERIFY_FLOW_CACHE=0 loads the sources with tsx and writes nothing", async () => {
    rmSync(cacheRoot, { recursive: true, force: true });
    const result = await runRunner(["cached"], {
      cwd: dir,
      env: { ...env, VERIFY_FLOW_CACHE: "0" },
    });
    expect(result.json.status).toBe("pass");
    expect(existsSync(cacheRoot)).toBe(false);
  });

  it("a page object's error names its TypeScript file and line through the cache", async () => {
    writeFileSync(
      join(dir, ".verify/src/pages/target.ts"),
      `export const PATH = "/health";\n\nexport const WANT: string = (null as unknown as { x: string }).x;\n`,
    );
    const result = await run();
    expect(result.status).toBe("error");
    expect(result.error_code).toBe("flow_error");
    expect(result.error).toMatch(/TypeError: .* at \.verify\/src\/pages\/target\.ts:3/);
    expect(outputs().length).toBeGreaterThan(0);
  });
});
