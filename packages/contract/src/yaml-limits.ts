import {
  isAlias,
  isCollection,
  isMap,
  isPair,
  isScalar,
  visit,
  type Alias,
  type Document,
  type YAMLMap,
} from "yaml";

/** Deeper than any config needs; shallow enough that no recursive reader overflows. */
export const MAX_YAML_DEPTH = 64;
/** Aliases may expand a document to twice its written values, plus this many. */
export const ALIAS_EXPANSION_SLACK = 10_000;

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
function aliasTargets(doc: Document): { targets: Map<Alias, unknown>; written: number } {
  const targets = new Map<Alias, unknown>();
  const anchors = new Map<string, unknown>();
  let written = 0;
  visit(doc, {
    Node: (_key, node) => {
      written++;
      if (isAlias(node)) targets.set(node, anchors.get(node.source));
      else if ((isScalar(node) || isCollection(node)) && node.anchor)
        anchors.set(node.anchor, node);
    },
  });
  return { targets, written };
}

/**
 * The first repeated scalar key of a mapping. The yaml library's own `uniqueKeys`
 * compares each key with every earlier one: 20,000 keys took it 30 s here.
 */
function duplicateKey(map: YAMLMap): unknown {
  const seen = new Set<string>();
  for (const item of map.items) {
    if (!isScalar(item.key)) continue;
    const id = `${typeof item.key.value}:${String(item.key.value)}`;
    if (seen.has(id)) return item.key;
    seen.add(id);
  }
  return undefined;
}

/**
 * Refuse what no config needs and an attacker uses: nesting past MAX_YAML_DEPTH,
 * aliases that expand it past twice its written size (the "billion laughs" bomb), and (linear
 * time) repeated keys in a mapping. Walks the
 * tree as it would expand, aliases followed, with an explicit stack and a budget, so
 * the check is linear in the budget and cannot overflow the call stack.
 */
export function checkYamlShape(doc: Document): ShapeProblem | undefined {
  const stack: Array<{ node: unknown; depth: number; via: unknown }> = [
    { node: doc.contents, depth: 0, via: undefined },
  ];
  let aliases: ReturnType<typeof aliasTargets> | undefined;
  let budget = Infinity;
  let values = 0;
  while (stack.length > 0) {
    const { node, depth, via } = stack.pop() as (typeof stack)[number];
    if (isAlias(node)) {
      if (!aliases) {
        aliases = aliasTargets(doc);
        budget = 2 * aliases.written + ALIAS_EXPANSION_SLACK;
      }
      const target = aliases.targets.get(node);
      if (target) stack.push({ node: target, depth, via: via ?? node });
      continue;
    }
    if (++values > budget) {
      return {
        message: `aliases expand this file to more than ${budget} values: write the values out`,
        offset: offsetOf(via ?? node),
      };
    }
    if (!isCollection(node)) continue;
    // A map reached through an alias was checked where it is written.
    const duplicate = via === undefined && isMap(node) ? duplicateKey(node) : undefined;
    if (duplicate !== undefined) {
      return { message: "Map keys must be unique", offset: offsetOf(duplicate) };
    }
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
