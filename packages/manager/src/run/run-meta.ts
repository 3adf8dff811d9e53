import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import { join, relative, sep } from "node:path";
import type { FlowOutcome, Manifest, RunMeta, RunReport } from "@agent-verify/contract";
import type { ListedFlow } from "../flows/list.js";

type CiBuild = NonNullable<RunMeta["ci_build"]>;

/** The CI build a run belongs to, from the environment each CI sets (absent outside CI). */
export function ciBuildFrom(env: NodeJS.ProcessEnv): CiBuild | undefined {
  const github = env.GITHUB_RUN_ID;
  if (github) {
    const server = env.GITHUB_SERVER_URL ?? "https://github.com";
    const url = env.GITHUB_REPOSITORY
      ? `${server}/${env.GITHUB_REPOSITORY}/actions/runs/${github}`
      : undefined;
    return { provider: "github", id: github, ...(url ? { url } : {}) };
  }
  if (env.CI_JOB_ID || env.CI_JOB_URL) {
    const id = env.CI_JOB_ID ?? env.CI_PIPELINE_ID ?? "";
    return { provider: "gitlab", id, ...(env.CI_JOB_URL ? { url: env.CI_JOB_URL } : {}) };
  }
  if (env.BUILD_URL || env.BUILD_NUMBER) {
    const id = env.BUILD_NUMBER ?? "";
    return { provider: "jenkins", id, ...(env.BUILD_URL ? { url: env.BUILD_URL } : {}) };
  }
  return undefined;
}

/** `git rev-parse HEAD`; undefined outside a git repository or without git. */
export function gitCommit(dir: string): string | undefined {
  try {
    const out = execFileSync("git", ["rev-parse", "HEAD"], {
      cwd: dir,
      encoding: "utf8",
      stdio: ["ignore", "pipe", "ignore"],
      timeout: 5000,
    }).trim();
    return /^[0-9a-f]{7,64}$/.test(out) ? out : undefined;
  } catch {
    return undefined;
  }
}

/** Whether the work tree has uncommitted changes (untracked files too); undefined without git. */
export function gitDirty(dir: string): boolean | undefined {
  try {
    const out = execFileSync("git", ["status", "--porcelain"], {
      cwd: dir,
      encoding: "utf8",
      stdio: ["ignore", "pipe", "ignore"],
      timeout: 5000,
    });
    return out.trim() !== "";
  } catch {
    return undefined;
  }
}

export function runMeta(options: {
  dir: string;
  env: NodeJS.ProcessEnv;
  startedAt: Date;
  wallMs: number;
  workers: number;
}): RunMeta {
  const commit = gitCommit(options.dir);
  const ci = ciBuildFrom(options.env);
  return {
    started_at: options.startedAt.toISOString(),
    wall_ms: Math.round(options.wallMs),
    workers: options.workers,
    ...(commit ? { git_commit: commit } : {}),
    ...(commit && gitDirty(options.dir) ? { git_dirty: true } : {}),
    ...(ci ? { ci_build: ci } : {}),
  };
}

const FLOW_EXTENSIONS = [".ts", ".mts", ".js", ".mjs"];

/** The flow's module relative to the project, where the runner looks for it by name. */
export function flowFile(dir: string, manifest: Manifest, name: string): string | undefined {
  const folder = join(dir, manifest.flows_dir ?? join(".verify", "src", "flows"));
  for (const extension of FLOW_EXTENSIONS) {
    const path = join(folder, `${name}${extension}`);
    if (!existsSync(path)) continue;
    const rel = relative(dir, path);
    return rel.startsWith("..") ? undefined : rel.split(sep).join("/");
  }
  return undefined;
}

/** What the catalog says of the flow, on its outcome: description, tags, module. */
export function withDeclared(
  outcome: FlowOutcome,
  listed: ListedFlow | undefined,
  file: string | undefined,
): FlowOutcome {
  const description = listed?.description ?? "";
  const tags = listed?.tags ?? [];
  return {
    ...outcome,
    ...(description ? { description } : {}),
    ...(tags.length > 0 ? { tags } : {}),
    ...(file ? { file } : {}),
  };
}

/**
 * Shards' metadata as one: the earliest start, wall time from it to the last shard's end,
 * workers added up; commit and CI build when the shards agree.
 */
export function mergeMeta(reports: readonly RunReport[]): RunMeta | undefined {
  const metas = reports.map((r) => r.meta).filter((m): m is RunMeta => m !== undefined);
  if (metas.length === 0) return undefined;
  const timed = metas.filter((m) => m.started_at !== undefined && m.wall_ms !== undefined);
  const starts = timed.map((m) => Date.parse(m.started_at as string));
  const ends = timed.map((m, i) => (starts[i] as number) + (m.wall_ms as number));
  const start = starts.length > 0 ? Math.min(...starts) : undefined;
  const same = <T>(values: T[]): T | undefined =>
    values.length > 0 && values.every((v) => JSON.stringify(v) === JSON.stringify(values[0]))
      ? values[0]
      : undefined;
  const commit = same(metas.map((m) => m.git_commit));
  const ci = same(metas.map((m) => m.ci_build));
  const workers = metas.reduce((sum, m) => sum + (m.workers ?? 0), 0);
  return {
    ...(start !== undefined
      ? { started_at: new Date(start).toISOString(), wall_ms: Math.max(...ends) - start }
      : {}),
    ...(workers > 0 ? { workers } : {}),
    ...(commit ? { git_commit: commit } : {}),
    ...(commit && metas.some((m) => m.git_dirty === true) ? { git_dirty: true } : {}),
    ...(ci ? { ci_build: ci } : {}),
  };
}
