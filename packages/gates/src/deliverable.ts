import { readFile } from "node:fs/promises";
import { relative, resolve } from "node:path";
import type { DeliverableKind, DeliverableResult } from "@agent-verify/contract";
import { gitTry } from "./git.js";
import { GatesError, GatesErrorCode } from "./errors.js";

export type { DeliverableResult };

export interface DeliverableOptions {
  file: string;
  minLines?: number;
  /**
   * The rubric's structure check; absent: the kind the document's structure shows (findings:
   * discovery, a decisions heading: design, headings: doc), else a usage error asking for it.
   */
  kind?: DeliverableKind;
  /** The ticket's description, when there is a ticket: a vague one asks for assumptions. */
  description?: string | null | undefined;
  cwd?: string;
}

/**
 * A document deliverable through the manager's rubric (seed 000, in contract): it exists with
 * enough lines, has the structure its kind asks for, sizes effort S/M/L/XL (no time estimates),
 * every `file:line` citation holds what it names, and a vague ticket's assumptions are stated.
 */
export async function checkDeliverable(options: DeliverableOptions): Promise<DeliverableResult> {
  const contract = await import("@agent-verify/contract");
  const { contentLines, repoLines, reviewDeliverable } = contract;
  const cwd = options.cwd ?? process.cwd();
  const text = await readFile(resolve(cwd, options.file), "utf8").catch(() => null);
  const kind = options.kind ?? (text === null ? "doc" : contract.inferDeliverableKind(text));
  if (kind === null) {
    throw new GatesError(
      GatesErrorCode.Usage,
      `deliverable ${options.file}: cannot tell its kind (${contract.unknownKindReason(text ?? "")}): pass --kind discovery, design or doc`,
    );
  }
  const top = await gitTry(cwd, ["rev-parse", "--show-toplevel"]);
  const root = top.ok ? top.stdout.trim() : cwd;
  const { review, findings } = reviewDeliverable({
    file: options.file,
    // Its links are relative to where it is in the repository.
    path: relative(root, resolve(cwd, options.file)).split("\\").join("/"),
    kind,
    text,
    description: options.description ?? null,
    // Citations name repository paths: read from the repository's top, never outside it.
    read: repoLines(root),
    minLines: options.minLines,
  });
  return {
    schema_version: 1,
    file: options.file,
    status: review.pass ? "pass" : "fail",
    lines: text === null ? 0 : contentLines(text),
    citations: review.citations_total,
    findings,
    review,
  };
}
