import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import {
  BdCommentInputSchema,
  BdIssueInputSchema,
  type BdIssueInput,
} from "@agent-verify/contract";
import { createRedactor, secretEnvValues, type Redactor } from "@agent-verify/contract/redact";
import { ManagerError, ManagerErrorCode } from "../errors.js";
import { msFromEnv } from "../supervise/env-ms.js";
import { bdCallError, errorText, parseBdJson, quoteOutput, unexpectedOutput } from "./bd-errors.js";
import { execBd, type BdCallResult } from "./bd-exec.js";
import { SerialQueue } from "./serial.js";
import { PENDING_WRITE_ENV, PendingWrite } from "./pending-write.js";
import type { Tracker, TrackerIssue, TrackerListFilter, TrackerUpdate } from "./tracker.js";

export interface BdTrackerOptions {
  /** The folder bd runs in (tracker discovery walks up from it unless BEADS_DIR is set). */
  cwd: string;
  env?: NodeJS.ProcessEnv | undefined;
  /** Defaults to VERIFY_BD, then `bd` on PATH. */
  bin?: string | undefined;
  timeoutMs?: number | undefined;
  killGraceMs?: number | undefined;
  /**
   * A file naming the bd write in flight. A manager killed mid-write leaves bd running;
   * the next manager waits for that bd before it reads, so it never repeats the write.
   */
  pendingWriteFile?: string | undefined;
}

const CLOSE_HINT =
  "resolve the blockers bd names (bd dep list <id>), then run verify-manager issue again; the flows passed";

/** The bd metadata key that carries the attempt marker of a status change. */
export const MARKER_KEY = "verify_manager_attempt";

/** Calls to one tracker are serialised across every BdTracker in this process. */
const queue = new SerialQueue();

/** `blocks` dependencies that are not closed; one whose status bd did not give still blocks. */
function openBlockers(issue: BdIssueInput): string[] {
  return issue.dependencies
    .filter((d) => (d.dependency_type ?? d.type) === "blocks" && d.status !== "closed")
    .map((d) => d.id ?? d.depends_on_id ?? "(unknown)");
}

function toTrackerIssue(issue: BdIssueInput): TrackerIssue {
  return {
    openBlockers: openBlockers(issue),
    id: issue.id,
    title: issue.title,
    status: issue.status,
    description: issue.description,
    acceptanceCriteria: issue.acceptance_criteria,
    notes: issue.notes,
    closeReason: issue.close_reason ?? null,
    type: issue.issue_type,
    labels: [...issue.labels],
    statusMarker:
      typeof issue.metadata?.[MARKER_KEY] === "string"
        ? (issue.metadata[MARKER_KEY] as string)
        : null,
    comments: [...issue.comments]
      .sort(
        (a, b) =>
          (a.created_at ?? "").localeCompare(b.created_at ?? "") ||
          String(a.id ?? "").localeCompare(String(b.id ?? "")),
      )
      .map((c) => ({ author: c.author ?? "", text: c.text, createdAt: c.created_at ?? "" })),
  };
}

export class BdTracker implements Tracker {
  readonly name = "bd";
  readonly bin: string;
  private readonly cwd: string;
  private readonly env: NodeJS.ProcessEnv;
  private readonly timeoutMs: number;
  private readonly killGraceMs: number;
  private readonly pending: PendingWrite | null;
  private settled: Promise<void> | null = null;
  /** bd 1.1 answers `show --include-comments`; an older bd says "unknown flag" once, then not asked. */
  private includeComments = true;
  /** Every text written to the tracker passes it: this process's and bd's secret env values. */
  private readonly redactor: Redactor;

  constructor(options: BdTrackerOptions) {
    // The user's bd settings are kept (BD_READONLY makes writes fail loudly;
    // BD_JSON_ENVELOPE output is unwrapped below).
    this.env = { ...(options.env ?? process.env) };
    this.bin = options.bin ?? (this.env.VERIFY_BD || "bd");
    this.cwd = options.cwd;
    this.timeoutMs = options.timeoutMs ?? msFromEnv(this.env, "VERIFY_BD_TIMEOUT_MS") ?? 120_000;
    this.killGraceMs =
      options.killGraceMs ?? msFromEnv(this.env, "VERIFY_BD_KILL_GRACE_MS") ?? 10_000;
    this.pending = options.pendingWriteFile ? new PendingWrite(options.pendingWriteFile) : null;
    this.redactor = createRedactor({ values: secretEnvValues(this.env) });
  }

  private get trackerKey(): string {
    return this.env.BEADS_DIR ? resolve(this.env.BEADS_DIR) : resolve(this.cwd);
  }

  private describe(args: readonly string[]): string {
    return ["bd", ...args.map((a) => (/^[\w./:=@-]+$/.test(a) ? a : JSON.stringify(a)))].join(" ");
  }

  private async call(
    args: readonly string[],
    failureHint?: string,
    isWrite = false,
  ): Promise<BdCallResult> {
    const pending = this.pending;
    if (pending) {
      this.settled ??= pending.settle(this.timeoutMs);
      await this.settled;
    }
    const result = await queue.run(this.trackerKey, () => {
      // A write is named before bd starts: a kill right after the spawn still leaves a trace.
      const token = isWrite && pending ? pending.begin() : null;
      return execBd({
        bin: this.bin,
        args,
        cwd: this.cwd,
        env: token === null ? this.env : { ...this.env, [PENDING_WRITE_ENV]: token },
        timeoutMs: this.timeoutMs,
        killGraceMs: this.killGraceMs,
        onSpawn: token !== null && pending ? (pid) => pending.record(token, pid) : undefined,
        onExit: token !== null && pending ? () => pending.clear() : undefined,
      });
    });
    const error = bdCallError(this.describe(args), this.bin, result, this.timeoutMs, failureHint);
    if (error !== null) throw error;
    return result;
  }

  private unexpected(args: readonly string[], what: string): ManagerError {
    return unexpectedOutput(this.describe(args), what);
  }

  async show(id: string): Promise<TrackerIssue> {
    const { args, result } = await this.showCall([id]);
    const value = parseBdJson(result.stdout);
    if (!Array.isArray(value))
      throw this.unexpected(args, `expected a JSON array, got ${quoteOutput(result.stdout)}`);
    const entries = value.map((entry) => BdIssueInputSchema.safeParse(entry));
    const exact = entries.find((entry) => entry.success && entry.data.id === id);
    if (exact?.success) {
      const raw = value.find((entry) => (entry as { id?: unknown }).id === id) as Record<
        string,
        unknown
      >;
      return toTrackerIssue({ ...exact.data, comments: await this.commentsOf(raw, exact.data) });
    }
    const other = entries.find((entry) => entry.success);
    if (other?.success)
      throw this.unexpected(args, `bd resolved '${id}' to a different issue '${other.data.id}'`);
    throw this.unexpected(args, `no issue '${id}' in the output`);
  }

  /**
   * `bd show … --json --include-comments`: the issues and their comments in one bd process
   * (each bd call starts its database engine: ~0.2 s of CPU). A bd that does not know the flag
   * fails with "unknown flag"; it is then shown without it, for good.
   */
  private async showCall(
    ids: readonly string[],
  ): Promise<{ args: readonly string[]; result: BdCallResult }> {
    const plain = ["show", ...ids, "--json"];
    if (this.includeComments) {
      const args = [...plain, "--include-comments"];
      try {
        return { args, result: await this.call(args) };
      } catch (error) {
        if (!/unknown flag: --include-comments/.test(String((error as Error).message))) throw error;
        this.includeComments = false;
      }
    }
    return { args: plain, result: await this.call(plain) };
  }

  /**
   * Without --include-comments, bd 1.1 leaves comments out of `show` (only comment_count);
   * read them separately, unless bd counts none.
   */
  private async commentsOf(
    raw: Record<string, unknown>,
    issue: BdIssueInput,
  ): Promise<BdIssueInput["comments"]> {
    if ("comments" in raw) return issue.comments;
    if (raw.comment_count === 0) return [];
    return this.comments(issue.id);
  }

  /**
   * Several issues in one `bd show a b … --json` (the batch's plan). Should bd not answer
   * every id exactly, that id is shown alone (should it fail, all are): the same issues, the same
   * errors as one `show` after another.
   */
  async showMany(ids: readonly string[]): Promise<TrackerIssue[]> {
    const one = async () => {
      const out: TrackerIssue[] = [];
      for (const id of ids) out.push(await this.show(id));
      return out;
    };
    if (ids.length < 2) return one();
    let value: unknown;
    try {
      value = parseBdJson((await this.showCall(ids)).result.stdout);
    } catch {
      return one();
    }
    if (!Array.isArray(value)) return one();
    const out: TrackerIssue[] = [];
    for (const id of ids) {
      const raw = value.find((entry) => (entry as { id?: unknown } | null)?.id === id) as
        Record<string, unknown> | undefined;
      const parsed = BdIssueInputSchema.safeParse(raw);
      // Not answered exactly (unknown, or resolved loosely): shown alone, for show's own error.
      if (raw === undefined || !parsed.success) {
        out.push(await this.show(id));
        continue;
      }
      out.push(
        toTrackerIssue({ ...parsed.data, comments: await this.commentsOf(raw, parsed.data) }),
      );
    }
    return out;
  }

  private async comments(id: string): Promise<BdIssueInput["comments"]> {
    const args = ["comments", id, "--json"];
    const result = await this.call(args);
    const value = parseBdJson(result.stdout) ?? [];
    const parsed = BdCommentInputSchema.array().safeParse(value);
    if (!parsed.success) throw this.unexpected(args, "expected a JSON array of comments");
    return parsed.data;
  }

  async comment(id: string, text: string): Promise<void> {
    // The text goes through a file: no argv size limit, and a leading '-' is not a flag.
    const folder = await mkdtemp(join(tmpdir(), "verify-manager-comment-"));
    const file = join(folder, "comment.md");
    try {
      await writeFile(file, this.redactor.text(text), "utf8");
      const args = ["comments", "add", id, "--file", file, "--json"];
      const result = await this.call(args, undefined, true);
      const parsed = BdCommentInputSchema.safeParse(parseBdJson(result.stdout));
      if (!parsed.success) throw this.unexpected(args, "no comment object in the output");
      if (parsed.data.issue_id !== undefined && parsed.data.issue_id !== id) {
        throw this.unexpected(args, `comment landed on '${parsed.data.issue_id}', not '${id}'`);
      }
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  }

  async close(id: string, reason: string): Promise<void> {
    const args = ["close", id, "--reason", this.redactor.text(reason), "--json"];
    const result = await this.call(args, CLOSE_HINT, true);
    const value = parseBdJson(result.stdout);
    const closed = Array.isArray(value) ? value.map((v) => BdIssueInputSchema.safeParse(v)) : [];
    const mine = closed.find((entry) => entry.success && entry.data.id === id);
    if (!mine) {
      // bd exits 0 when it skipped the issue (open blockers, epic children, pinned).
      throw new ManagerError(
        ManagerErrorCode.BdFailed,
        `${this.describe(args)} did not close '${id}': ${errorText(result)}`,
        {
          hint: CLOSE_HINT,
        },
      );
    }
  }

  async update(id: string, change: TrackerUpdate): Promise<void> {
    const args = ["update", id];
    const clean = (text: string) => this.redactor.text(text);
    if (change.status !== undefined) args.push("--status", clean(change.status));
    for (const label of change.addLabels ?? []) args.push("--add-label", clean(label));
    if (args.length === 2) return;
    if (change.marker !== undefined)
      args.push("--set-metadata", `${MARKER_KEY}=${clean(change.marker)}`);
    args.push("--json");
    const result = await this.call(args, undefined, true);
    const value = parseBdJson(result.stdout);
    const updated = Array.isArray(value) ? value.map((v) => BdIssueInputSchema.safeParse(v)) : [];
    if (!updated.some((entry) => entry.success && entry.data.id === id)) {
      throw this.unexpected(args, `bd did not report '${id}' as updated: ${errorText(result)}`);
    }
  }

  async list(filter: TrackerListFilter): Promise<string[]> {
    // bd hides closed issues and caps the list at 50 unless told otherwise.
    const args = ["list", "--json", "--status", filter.status, "--limit", String(filter.limit)];
    if (filter.labels.length > 0) args.push("--label", filter.labels.join(","));
    if (filter.parent !== undefined) args.push("--parent", filter.parent);
    const result = await this.call(args);
    const value = parseBdJson(result.stdout) ?? [];
    if (!Array.isArray(value)) throw this.unexpected(args, "expected a JSON array of issues");
    return value.map((entry) => {
      const parsed = BdIssueInputSchema.safeParse(entry);
      if (!parsed.success) throw this.unexpected(args, "an entry without an id");
      return parsed.data.id;
    });
  }
}
