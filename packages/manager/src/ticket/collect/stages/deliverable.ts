import { readFileSync, realpathSync, statSync } from "node:fs";
import { isAbsolute, join, relative } from "node:path";
import type { ReadLines } from "../../deliverable/citations.js";
import { reviewDeliverable } from "../../deliverable/rubric.js";
import type { Collector } from "../evidence.js";

/** Files the review may read are the repository's own: no absolute paths, `..`, or symlinks out. */
function inside(dir: string, file: string): string | null {
  if (isAbsolute(file) || file.split(/[\\/]/).includes("..")) return null;
  const path = join(dir, file);
  try {
    const real = realpathSync(path);
    const rel = relative(realpathSync(dir), real);
    return rel.startsWith("..") || isAbsolute(rel) ? null : real;
  } catch {
    return path; // does not exist: the caller says so
  }
}

function readText(dir: string, file: string): string | null | "outside" {
  const path = inside(dir, file);
  if (path === null) return "outside";
  try {
    if (!statSync(path).isFile()) return null;
    return readFileSync(path, "utf8");
  } catch {
    return null;
  }
}

const linesOf =
  (dir: string): ReadLines =>
  (file) => {
    const text = readText(dir, file);
    if (text === "outside") return `${file} is outside the repository`;
    if (text === null) return `${file} does not exist`;
    const lines = text.split("\n");
    if (lines.at(-1) === "") lines.pop();
    return lines;
  };

/** A discovery, design or doc ticket: its deliverable through the seed's inline rubric. */
export const deliverable: Collector = async (ctx, evidence) => {
  const wanted = ctx.plan.deliverable;
  if (!wanted) return;
  const text = readText(ctx.dir, wanted.file);
  const { review, findings } = reviewDeliverable({
    file: wanted.file,
    kind: wanted.kind,
    text: text === "outside" ? null : text,
    description: ctx.issue.description,
    read: linesOf(ctx.dir),
  });
  evidence.deliverableReview = review;
  evidence.failures.deliverable_findings = findings;
};
