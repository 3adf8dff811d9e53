import { readFileSync } from "node:fs";
import { RunResultSchema } from "@agent-verify/contract";
import { beforeAll, describe, expect, it } from "vitest";
import { flowSource } from "./fixture-project.js";
import { freePort, makeProject, runRunner } from "./helpers.js";
import { TODO_FILES } from "./todo-app.js";

// What a new user's first runs go wrong with, each said plainly (issue 9 §5).
const TYPO_PAGE = `import type { Page } from "@agent-verify/runner";

export class TodoPage {
  constructor(readonly page: Page) {}
  async add(title: string) {
    const app = { add: async () => this.page.getByRole("textbox").fill(title) };
    await (app as unknown as { addd: () => Promise<void> }).addd();
  }
}
`;

const TYPO_LINE = TYPO_PAGE.split("\n").findIndex((line) => line.includes(".addd()")) + 1;

describe("first failures", () => {
  let dir: string;

  beforeAll(async () => {
    const port = await freePort();
    const files: Record<string, string> = {
      ".verify/workflows.yaml": [
        "version: 1",
        'runner_command: "verify-runner {flow}"',
        `base_url: "http://127.0.0.1:${port}/examples/app/"`,
        "web_server:",
        "  static: public",
        `  port: ${port}`,
        "flows:",
        "  - name: typo",
        "  - name: crash-and-miss",
        "    timeout_s: 20",
        "  - name: syntax",
      ].join("\n"),
      ".verify/src/pages/todo-page.ts": TYPO_PAGE,
      ".verify/src/flows/typo.ts": `import { TodoPage } from "../pages/todo-page.js";
${flowSource(
  "typo",
  `    await step("open", () => page.goto("/"));
    await step("add", () => new TodoPage(page).add("milk"));`,
  { steps: ["open", "add", "check"], params: "page, step" },
)}`,
      ".verify/src/flows/crash-and-miss.ts": flowSource(
        "crash-and-miss",
        `    await step("open", async () => {
      await page.goto("/");
      await expect(page).toHaveTitle("Todos");
    });
    await step("crash", () => page.getByRole("button", { name: "Crash" }).click());
    await step("missing", () => page.getByRole("button", { name: "Missing" }).click({ timeout: 1000 }));`,
        { params: "page, step, expect" },
      ),
      ".verify/secret.ts": "export {};\n",
      ".verify/src/pages/broken-page.ts": "export function open( {\n  return 1;\n}\n",
      ".verify/src/flows/syntax.ts": `import { open } from "../pages/broken-page.js";
${flowSource("syntax", `    await step("open", async () => open());`, { params: "step" })}`,
    };
    for (const [name, text] of Object.entries(TODO_FILES))
      files[`public/examples/app/${name}`] = text;
    dir = makeProject(files);
  });

  it("a TypeError in a page object is error/flow_error naming file:line, with the steps", async () => {
    const run = await runRunner(["typo"], { cwd: dir });
    expect(run.exitCode).toBe(2);
    const result = RunResultSchema.parse(run.json);
    expect(result).toMatchObject({ status: "error", error_code: "flow_error" });
    expect(result.error).toBe(
      `TypeError: app.addd is not a function at .verify/src/pages/todo-page.ts:${TYPO_LINE}`,
    );
    expect(result.hint).toMatch(/flow or a page object/);
    expect(result.steps.map((step) => [step.name, step.status])).toEqual([
      ["open", "pass"],
      ["add", "fail"],
      ["check", "not_run"],
    ]);
    expect(readFileSync(result.artifacts.error_context ?? "", "utf8")).toContain("addd");
  });

  it("goto('/') stays under base_url's path; an action timeout keeps its call log; page errors are evidence", async () => {
    const run = await runRunner(["crash-and-miss"], { cwd: dir });
    expect(run.exitCode).toBe(1);
    const result = RunResultSchema.parse(run.json);
    expect(result.steps.map((step) => [step.name, step.status])).toEqual([
      ["open", "pass"],
      ["crash", "pass"],
      ["missing", "fail"],
    ]);
    const error = result.steps[2]?.error ?? "";
    expect(error).toMatch(/^locator\.click: Timeout 1000ms exceeded\.\nCall log:\n/);
    expect(error).toContain("waiting for getByRole('button', { name: 'Missing' })");
    expect(result.artifacts.page_errors).toEqual([
      expect.stringMatching(
        /^TypeError: Cannot read properties of undefined \(reading 'theme'\) \(at http:\/\/127\.0\.0\.1:\d+\/examples\/app\/app\.js:\d+\)$/,
      ),
    ]);
    const context = readFileSync(result.artifacts.error_context ?? "", "utf8");
    expect(context).toMatch(/## Uncaught page errors\n\n- TypeError: Cannot read properties/);
    expect(run.stderr).toContain("has a path");
  });

  it("a syntax error in a page object is error/flow_error naming file:line", async () => {
    const run = await runRunner(["syntax"], { cwd: dir });
    expect(run.exitCode).toBe(2);
    expect(run.json).toMatchObject({ status: "error", error_code: "flow_error" });
    expect(String(run.json.error)).toMatch(
      /^cannot load flow module .*syntax\.ts: SyntaxError: .* at \.verify\/src\/pages\/broken-page\.ts:2$/,
    );
    expect(run.json.hint).toMatch(/flow or a page object/);
  });

  it("a flow name with a path says the same whether or not that file exists", async () => {
    const exists = await runRunner(["../../secret"], { cwd: dir });
    const missing = await runRunner(["../../nothing"], { cwd: dir });
    for (const run of [exists, missing]) {
      expect(run.exitCode).toBe(2);
      expect(run.json).toMatchObject({ status: "error", error_code: "unknown_flow" });
    }
    expect(String(exists.json.error).replace("../../secret", "NAME")).toBe(
      String(missing.json.error).replace("../../nothing", "NAME"),
    );
  });
});

describe("a base_url that does not answer, and no web_server", () => {
  it("is error/base_url_unreachable before any step, naming the URL and the fix", async () => {
    const port = await freePort();
    const dir = makeProject({
      ".verify/workflows.yaml": [
        "version: 1",
        'runner_command: "verify-runner {flow}"',
        `base_url: "http://127.0.0.1:${port}"`,
        "flows:",
        "  - name: open",
      ].join("\n"),
      ".verify/src/flows/open.ts": flowSource(
        "open",
        `    await step("open", () => page.goto("/"));`,
        {
          steps: ["open"],
          params: "page, step",
        },
      ),
    });
    const run = await runRunner(["open"], { cwd: dir });
    expect(run.exitCode).toBe(2);
    expect(RunResultSchema.parse(run.json)).toMatchObject({
      status: "error",
      error_code: "base_url_unreachable",
      error: `base_url http://127.0.0.1:${port} does not answer (ECONNREFUSED) and the manifest has no web_server`,
      hint: expect.stringContaining("add web_server"),
      steps: [],
    });
    const viaEnv = await runRunner(["open"], {
      cwd: dir,
      env: { VERIFY_BASE_URL: `http://127.0.0.1:${port}/app/` },
    });
    expect(String(viaEnv.json.error)).toMatch(
      /^VERIFY_BASE_URL http:\/\/127\.0\.0\.1:\d+\/app\/ does not answer/,
    );
  });
});
