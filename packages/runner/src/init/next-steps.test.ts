import { readFileSync } from "node:fs";
import type { InitReport } from "@agent-verify/contract";
import { describe, expect, it } from "vitest";
import { GETTING_STARTED_URL, nextSteps } from "./next-steps.js";

const pkg = JSON.parse(readFileSync(new URL("../../package.json", import.meta.url), "utf8")) as {
  repository: { url: string };
};

describe("init's next steps", () => {
  it("points to the getting-started guide by a link a user can open, in the package's own repository", () => {
    const report = {
      dir: "/app",
      created: [],
      kept: [],
      gitignore_added: [],
      base_url: "http://127.0.0.1:4173",
      app_source: "static",
      warnings: [],
      runner_command: "npx --no verify-runner {flow}",
    } as unknown as InitReport;
    const docs = nextSteps(report)
      .split("\n")
      .find((line) => line.trim().startsWith("Docs:"));
    expect(docs?.trim()).toBe(`Docs: ${GETTING_STARTED_URL}`);
    const repo = pkg.repository.url.replace(/^git\+/, "").replace(/\.git$/, "");
    expect(GETTING_STARTED_URL.startsWith(`${repo}/blob/main/docs/`)).toBe(true);
  });
});
