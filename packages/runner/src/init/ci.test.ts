import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { validateWorkflow } from "@action-validator/core";
import { afterEach, describe, expect, it } from "vitest";
import { parse } from "yaml";
import { CI_FILE, CI_SHARDS, ciFile } from "./ci.js";
import type { PackageManager } from "./guess.js";
import { initProject } from "./init.js";

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function repo(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), "verify-init-ci-"));
  dirs.push(dir);
  for (const [path, text] of Object.entries(files)) writeFileSync(join(dir, path), text);
  return dir;
}

const MANAGERS: readonly PackageManager[] = ["npm", "pnpm", "yarn", "bun"];
const BIN: Record<PackageManager, string> = {
  npm: "npx --no-install",
  pnpm: "pnpm exec",
  yarn: "yarn",
  bun: "bunx",
};
const INSTALL: Record<PackageManager, string> = {
  npm: "npm ci",
  pnpm: "pnpm install --frozen-lockfile",
  yarn: "yarn install --frozen-lockfile",
  bun: "bun install --frozen-lockfile",
};

interface Step {
  uses?: string;
  run?: string;
  if?: string;
  with?: Record<string, unknown>;
  "continue-on-error"?: unknown;
}
interface Job {
  needs?: string | string[];
  if?: string;
  strategy?: { matrix: { shard: number[] } };
  steps: Step[];
}

describe("init --ci github", () => {
  it.each(MANAGERS)(
    "%s: the workflow is valid against GitHub's workflow schema (SchemaStore's, via action-validator)",
    (manager) => {
      const state = validateWorkflow(ciFile("github", manager));
      expect(state.errors).toEqual([]);
    },
  );

  it.each(MANAGERS)(
    "%s: installs, runs the flows in shards, merges, uploads HTML + JUnit, fails on red",
    (manager) => {
      const workflow = parse(ciFile("github", manager)) as { jobs: Record<string, Job> };
      const flows = workflow.jobs.flows as Job;
      const report = workflow.jobs.report as Job;
      const runs = (job: Job) => job.steps.flatMap((step) => (step.run ? [step.run] : []));
      expect(flows.strategy?.matrix.shard).toEqual(
        Array.from({ length: CI_SHARDS }, (_, i) => i + 1),
      );
      expect(runs(flows)).toEqual([
        INSTALL[manager],
        `${BIN[manager]} playwright install --with-deps chromium`,
        `${BIN[manager]} verify-manager run --all --shard \${{ matrix.shard }}/${CI_SHARDS} --reporter json=verify-report-\${{ matrix.shard }}.json`,
      ]);
      expect(report.needs).toBe("flows");
      expect(report.if).toBe("${{ !cancelled() }}");
      expect(runs(report)).toEqual([
        INSTALL[manager],
        `${BIN[manager]} verify-manager merge-reports verify-shards/*/verify-report-*.json --reporter html=verify-html-report --reporter junit=verify-junit.xml`,
      ]);
      const uploads = (job: Job) =>
        job.steps.filter((step) => step.uses?.startsWith("actions/upload-artifact@"));
      expect(uploads(flows)[0]?.with?.path).toMatch(
        /verify-report-\$\{\{ matrix\.shard \}\}\.json/,
      );
      expect(uploads(report)[0]?.with?.path).toBe("verify-html-report/\nverify-junit.xml\n");
      // A red run fails the job: nothing swallows the manager's exit code.
      for (const step of [...flows.steps, ...report.steps]) {
        expect(step["continue-on-error"]).toBeUndefined();
        expect(step.run ?? "").not.toMatch(/\|\|\s*true|; *exit 0|set \+e/);
      }
    },
  );
});

describe("init --ci gitlab", () => {
  it.each(MANAGERS)(
    "%s: parallel shards, the merge job, HTML + JUnit artifacts, fails on red",
    (manager) => {
      const pipeline = parse(ciFile("gitlab", manager)) as Record<string, Record<string, unknown>>;
      expect(pipeline.stages).toEqual(["verify", "report"]);
      const flows = pipeline["verify-flows"] as {
        parallel: number;
        script: string[];
        artifacts: { when: string; reports: { junit: string } };
      };
      const merge = pipeline["verify-report"] as {
        when: string;
        needs: string[];
        script: string[];
        artifacts: { paths: string[]; reports: { junit: string } };
      };
      expect(flows.parallel).toBe(CI_SHARDS);
      expect(flows.script).toContain(INSTALL[manager]);
      expect(flows.script).toContain(
        `${BIN[manager]} verify-manager run --all --shard "$CI_NODE_INDEX/$CI_NODE_TOTAL" --reporter "json=verify-report-$CI_NODE_INDEX.json" --reporter "junit=verify-junit-$CI_NODE_INDEX.xml"`,
      );
      expect(flows.artifacts).toMatchObject({
        when: "always",
        reports: { junit: "verify-junit-*.xml" },
      });
      expect([merge.when, merge.needs]).toEqual(["always", ["verify-flows"]]);
      expect(merge.script.at(-1)).toBe(
        `${BIN[manager]} verify-manager merge-reports verify-report-*.json --reporter html=verify-html-report --reporter junit=verify-junit.xml`,
      );
      expect(merge.artifacts).toMatchObject({
        paths: ["verify-html-report/"],
        reports: { junit: "verify-junit.xml" },
      });
      for (const job of [flows, merge]) {
        expect(job).not.toHaveProperty("allow_failure");
        for (const line of job.script) expect(line).not.toMatch(/\|\|\s*true|set \+e/);
      }
    },
  );
});

describe("initProject and --ci", () => {
  it("writes nothing for CI without the flag", () => {
    const dir = repo({ "index.html": "<title>x</title>" });
    const report = initProject({ dir });
    for (const file of Object.values(CI_FILE)) {
      expect(existsSync(join(dir, file)), file).toBe(false);
      expect(report.created).not.toContain(file);
    }
  });

  it("writes the workflow for the repo's package manager, and keeps one that exists", () => {
    const dir = repo({ "index.html": "<title>x</title>", "pnpm-lock.yaml": "" });
    const first = initProject({ dir, ci: "github" });
    expect(first.created).toContain(".github/workflows/verify.yml");
    const written = readFileSync(join(dir, ".github/workflows/verify.yml"), "utf8");
    expect(written).toBe(ciFile("github", "pnpm"));
    expect(existsSync(join(dir, ".gitlab-ci.yml"))).toBe(false);

    writeFileSync(join(dir, ".github/workflows/verify.yml"), "# mine\n");
    const again = initProject({ dir, ci: "github" });
    expect(again.kept).toContain(".github/workflows/verify.yml");
    expect(readFileSync(join(dir, ".github/workflows/verify.yml"), "utf8")).toBe("# mine\n");

    const gitlab = initProject({ dir, ci: "gitlab" });
    expect(gitlab.created).toEqual([".gitlab-ci.yml"]);
    expect(parse(readFileSync(join(dir, ".gitlab-ci.yml"), "utf8"))).toHaveProperty("verify-flows");
  });
});
