import { isFlowName } from "@agent-verify/contract";
import type { ListedFlow } from "./list.js";

export interface Selection {
  names?: readonly string[] | undefined;
  /** Each entry is a comma-separated AND group; entries are ORed (Checkly's rule). */
  tags?: readonly string[] | undefined;
  all?: boolean | undefined;
}

export function tagGroups(tags: readonly string[]): string[][] {
  return tags
    .map((spec) =>
      spec
        .split(",")
        .map((tag) => tag.trim())
        .filter((tag) => tag !== ""),
    )
    .filter((group) => group.length > 0);
}

export function matchesTags(flowTags: readonly string[], groups: readonly string[][]): boolean {
  return groups.some((group) => group.every((tag) => flowTags.includes(tag)));
}

/** The flow names to run, in a stable order: explicit names first, then tag or --all matches. */
export function selectFlows(listed: readonly ListedFlow[], selection: Selection): string[] {
  const out: string[] = [];
  const add = (name: string) => {
    if (!out.includes(name)) out.push(name);
  };
  for (const name of selection.names ?? []) add(name);
  const groups = tagGroups(selection.tags ?? []);
  for (const flow of listed) {
    if (selection.all || (groups.length > 0 && matchesTags(flow.tags, groups))) add(flow.name);
  }
  return out;
}

export type Admission =
  | { kind: "run"; flow: ListedFlow }
  | { kind: "unknown_flow"; reason: string }
  | { kind: "not_implemented"; reason: string };

/** A name from a user or an issue is data: it runs only when it is a valid, listed, implemented flow. */
export function admitFlow(name: string, listed: readonly ListedFlow[]): Admission {
  if (!isFlowName(name)) {
    return { kind: "unknown_flow", reason: `${JSON.stringify(name)} is not a valid flow name` };
  }
  const flow = listed.find((entry) => entry.name === name);
  if (!flow)
    return { kind: "unknown_flow", reason: `flow '${name}' is not in the runner's --list` };
  if (!flow.implemented) {
    return { kind: "not_implemented", reason: `flow '${name}' is declared but not implemented` };
  }
  return { kind: "run", flow };
}
