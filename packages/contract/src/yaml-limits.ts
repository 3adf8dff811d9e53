import { isAlias, isCollection, isPair, isScalar, visit, type Alias, type Document } from "yaml";

/** Deeper than any config needs; shallow enough that no recursive reader overflows. */
export const MAX_YAML_DEPTH = 64;
/** Values a document may expand to once aliases are followed (a 1 MiB manifest has fewer). */
export const MAX_YAML_VALUES = 500_000;

export interface ShapeProblem {
  message: string;
  /** Where in the text (a character offset), when known. */
  offset: number | undefined;
}

function offsetOf(node: unknown): number | undefined {
  return (node as { range?: [number] } | null | undefined)?.range?.[0];
}

/**
 * Each alias's target: the last node with its anchor before it. (Alias.resolve() walks
 * the whole document per call, which makes a document full of aliases quadratic.)
 */
function aliasTargets(doc: Document): Map<Alias, unknown> {
  const targets = new Map<Alias, unknown>();
  const anchors = new Map<string, unknown>();
  visit(doc, {
    Node: (_key, node) => {
      if (isAlias(node)) targets.set(node, anchors.get(node.source));
      else if ((isScalar(node) || isCollection(node)) && node.anchor)
        anchors.set(node.anchor, node);
    },
  });
  return targets;
}

/**
 * Refuse what no config needs and an attacker uses: nesting past MAX_YAML_DEPTH and
 * aliases that expand past MAX_YAML_VALUES (the "billion laughs" bomb). Walks the
 * tree as it would expand, aliases followed, with an explicit stack and a budget, so
 * the check is linear in the budget and cannot overflow the call stack.
 */
export function checkYamlShape(doc: Document): ShapeProblem | undefined {
  const stack: Array<{ node: unknown; depth: number; via: unknown }> = [
    { node: doc.contents, depth: 0, via: undefined },
  ];
  let targets: Map<Alias, unknown> | undefined;
  let values = 0;
  while (stack.length > 0) {
    const { node, depth, via } = stack.pop() as (typeof stack)[number];
    if (isAlias(node)) {
      targets ??= aliasTargets(doc);
      const target = targets.get(node);
      if (target) stack.push({ node: target, depth, via: via ?? node });
      continue;
    }
    if (++values > MAX_YAML_VALUES) {
      return {
        message: via
          ? `aliases expand to more than ${MAX_YAML_VALUES} values: write the values out`
          : `more than ${MAX_YAML_VALUES} values`,
        offset: offsetOf(via ?? node),
      };
    }
    if (!isCollection(node)) continue;
    if (depth >= MAX_YAML_DEPTH) {
      return {
        message: `nested more than ${MAX_YAML_DEPTH} levels deep`,
        offset: offsetOf(via ?? node),
      };
    }
    for (const item of node.items) {
      if (isPair(item)) stack.push({ node: item.value, depth: depth + 1, via });
      else stack.push({ node: item, depth: depth + 1, via });
    }
  }
  return undefined;
}
