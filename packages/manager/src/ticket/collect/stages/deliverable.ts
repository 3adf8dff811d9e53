import { readRepoText, repoLines, reviewDeliverable } from "@agent-verify/contract";
import type { Collector } from "../evidence.js";

/** A discovery, design or doc ticket: its deliverable through the seed's inline rubric (in contract). */
export const deliverable: Collector = async (ctx, evidence) => {
  const wanted = ctx.plan.deliverable;
  if (!wanted) return;
  const text = readRepoText(ctx.dir, wanted.file);
  const { review, findings } = reviewDeliverable({
    file: wanted.file,
    kind: wanted.kind,
    text: text === "outside" ? null : text,
    description: ctx.issue.description,
    read: repoLines(ctx.dir),
  });
  evidence.deliverableReview = review;
  evidence.failures.deliverable_findings = findings;
};
