import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { FlowListSchema, RunResultSchema } from "@agent-verify/contract";
import { beforeAll, describe, expect, it } from "vitest";
import {
  freePort,
  isPortFree,
  makeProject,
  processesWithMarker,
  runRunner,
  uniqueMarker,
} from "./helpers.js";
import { TODO_FILES } from "./todo-app.js";

// A host repo as a user has it: CommonJS (no "type"), no .verify/package.json, its own
// TypeScript helper in src/ and an npm package in node_modules, a static app in public/.
const PAGE_OBJECT = `
import { step, type Page } from "@agent-verify/runner";
import plural from "tiny-plural";
import { itemsLeft } from "../../../src/format";

export class TodoPage {
  readonly input;
  readonly status;
  constructor(readonly page: Page) {
    this.input = page.getByRole("textbox", { name: "New todo" });
    this.status = page.getByRole("status");
  }
  open() {
    return step("open", () => this.page.goto("/"));
  }
  add(title: string) {
    return step(\`add \${title}\`, async () => {
      await this.input.fill(title);
      await this.input.press("Enter");
    });
  }
  complete(title: string) {
    return step(\`complete \${title}\`, () => this.page.getByRole("checkbox", { name: title }).check());
  }
  expectedStatus(left: number): string {
    return itemsLeft(left, plural);
  }
}
`;

const ADD_FLOW = `
import { defineFlow } from "@agent-verify/runner";
import { TodoPage } from "../pages/todo-page";

export default defineFlow({
  name: "add-and-complete",
  steps: ["open", "add milk", "add eggs", "complete milk", "count"],
  async run({ page, step, expect }) {
    const todos = new TodoPage(page);
    await todos.open();
    await todos.add("milk");
    await todos.add("eggs");
    await todos.complete("milk");
    await step("count", () => expect(todos.status).toHaveText(todos.expectedStatus(1)));
  },
});
`;

const JS_FLOW = `
import { defineFlow } from "@agent-verify/runner";
export default defineFlow({
  name: "plain-js",
  steps: ["title"],
  async run({ page, step, expect }) {
    await step("title", async () => {
      await page.goto("/");
      await expect(page).toHaveTitle("Todos");
    });
  },
});
`;

describe("flows in a CommonJS host with a static app", () => {
  let dir: string;
  let port: number;
  const marker = uniqueMarker();

  beforeAll(async () => {
    port = await freePort();
    const files: Record<string, string> = {
      "package.json": '{ "name": "todo-host", "version": "1.0.0", "private": true }\n',
      "src/format.ts":
        "export function itemsLeft(count: number, plural: (word: string, n: number) => string): string {\n" +
        '  return `${count} ${plural("item", count)} left`;\n}\n',
      ".verify/workflows.yaml": [
        "version: 1",
        'runner_command: "npx verify-runner {flow}"',
        "web_server:",
        "  static: public",
        `  port: ${port}`,
        "flows:",
        "  - name: add-and-complete",
        "  - name: plain-js",
      ].join("\n"),
      ".verify/src/pages/todo-page.ts": PAGE_OBJECT,
      ".verify/src/flows/add-and-complete.ts": ADD_FLOW,
      ".verify/src/flows/plain-js.js": JS_FLOW,
    };
    for (const [name, text] of Object.entries(TODO_FILES)) files[`public/${name}`] = text;
    dir = makeProject(files);
    const pkg = join(dir, "node_modules", "tiny-plural");
    mkdirSync(pkg, { recursive: true });
    writeFileSync(join(pkg, "package.json"), '{ "name": "tiny-plural", "main": "index.js" }\n');
    writeFileSync(
      join(pkg, "index.js"),
      'module.exports = (word, n) => (n === 1 ? word : word + "s");\n',
    );
  });

  it("--list --steps loads the TypeScript flow and the .js flow", async () => {
    const run = await runRunner(["--list", "--steps"], { cwd: dir });
    expect(run.exitCode).toBe(0);
    const list = FlowListSchema.parse(run.json);
    expect(list.warnings).toBeUndefined();
    expect(list.flows.map((flow) => [flow.name, flow.steps])).toEqual([
      ["add-and-complete", ["open", "add milk", "add eggs", "complete milk", "count"]],
      ["plain-js", ["title"]],
    ]);
  });

  it("runs a page object that imports the app's TypeScript and an npm package, served statically", async () => {
    const run = await runRunner(["add-and-complete"], { cwd: dir, env: { [marker]: "1" } });
    expect(run.stderr).not.toContain("Cannot require() ES Module");
    const result = RunResultSchema.parse(run.json);
    expect(result).toMatchObject({ status: "pass" });
    expect(result.steps.map((step) => step.name)).toEqual([
      "open",
      "add milk",
      "add eggs",
      "complete milk",
      "count",
    ]);
    expect(run.exitCode).toBe(0);
    expect(processesWithMarker(marker)).toEqual([]);
    expect(await isPortFree(port)).toBe(true);
  });

  it("runs a .js flow with import syntax", async () => {
    const run = await runRunner(["plain-js"], { cwd: dir });
    expect(run.json).toMatchObject({ status: "pass", steps: [{ name: "title", status: "pass" }] });
  });
});
