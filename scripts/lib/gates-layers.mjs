// The layers of packages/gates/src, as its README.md writes them down (the ```layers block, top
// layer first), and the lint rule that keeps imports pointing down them. Read by eslint.config.js
// and scripts/gates-imports.mjs.
import { readFileSync } from "node:fs";
import { dirname, join, normalize, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";

export const GATES_SRC = resolve(
  dirname(fileURLToPath(import.meta.url)),
  "../../packages/gates/src",
);

/** Room name → layer index (0 = the top), and the layers' names. */
export function readLayers(src = GATES_SRC) {
  const text = readFileSync(join(src, "README.md"), "utf8");
  const block = /```layers\n([\s\S]*?)```/.exec(text);
  if (!block) throw new Error(`${join(src, "README.md")}: no \`\`\`layers block`);
  const layers = new Map();
  const names = [];
  for (const line of block[1].split("\n")) {
    const m = /^\s*([\w-]+):\s*(.*)$/.exec(line);
    if (!m) continue;
    names.push(m[1]);
    for (const room of m[2].split(/\s+/).filter(Boolean)) layers.set(room, names.length - 1);
  }
  return { layers, names };
}

/** The room of a file under `src`: its folder, or the file itself at the top of src/. */
export const roomOf = (src, path) => relative(src, path).split("/")[0];

/**
 * Arrows that run back up today, to be taken out one by one (issue 47): a new one fails the lint.
 * `node scripts/gates-imports.mjs` lists them with an example import each.
 */
export const KNOWN_BACK_EDGES = new Set([
  "cheats>loop",
  "diff>loop",
  "floor>stages",
  "oracle>diff",
  "oracle>context.ts",
  "oracle>stages",
  "stages>verdict",
  "stamp.ts>loop",
  "tools>loop",
  "tools>oracle",
  "tools>diff",
]);

/** The room an import of `spec` from `file` lands in, or undefined outside `src` (or not relative). */
function targetRoom(src, file, spec) {
  if (!spec.startsWith("./") && !spec.startsWith("../")) return undefined;
  const target = normalize(join(dirname(file), spec));
  if (!target.startsWith(src + "/")) return undefined;
  return roomOf(src, target.replace(/\.js$/, ".ts"));
}

let cached;

/**
 * ESLint rule: gates' rooms import downward only (tests left out), and the catalogue (tests too)
 * imports no other room. A room no layer names is not judged: the script lists it.
 */
export const importDownward = {
  meta: {
    type: "problem",
    docs: { description: "packages/gates/src: import only rooms on the same layer or below" },
    schema: [],
  },
  create(context) {
    const src = GATES_SRC;
    const file = resolve(context.filename);
    if (!file.startsWith(src + "/")) return {};
    const { layers, names } = (cached ??= readLayers(src));
    const from = roomOf(src, file);
    // A test may reach up to what it needs (a diff test through a stage); the catalogue's may not.
    const isTest = /\.test\.ts$/.test(file);
    const check = (node) => {
      const spec = node.source?.value;
      if (typeof spec !== "string") return;
      const to = targetRoom(src, file, spec);
      if (to === undefined || to === from) return;
      if (from === "catalogue") {
        context.report({
          node: node.source,
          message: `catalogue/ imports nothing else in gates (it is the bottom layer): not ${to}`,
        });
        return;
      }
      if (isTest) return;
      const a = layers.get(from);
      const b = layers.get(to);
      if (a === undefined || b === undefined || b >= a) return;
      if (KNOWN_BACK_EDGES.has(`${from}>${to}`)) return;
      context.report({
        node: node.source,
        message: `${from} (layer ${names[a]}) must not import ${to} (layer ${names[b]}, above it): see packages/gates/src/README.md`,
      });
    };
    return {
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
      ImportExpression: check,
    };
  },
};
