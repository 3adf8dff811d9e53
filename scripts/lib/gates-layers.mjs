// The layers of packages/gates/src, as its README.md writes them down (the ```layers block, top
// layer first), the import graph between its rooms, and the lint rule that keeps imports pointing
// down the layers with no two rooms importing each other. Read by eslint.config.js and
// scripts/gates-imports.mjs.
import { readdirSync, readFileSync } from "node:fs";
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
 * Arrows allowed to run back up while they are taken out (issue 47): none are left. A new one
 * fails the lint; `node scripts/gates-imports.mjs` lists what the code has.
 */
export const KNOWN_BACK_EDGES = new Set();

/** The room an import of `spec` from `file` lands in, or undefined outside `src` (or not relative). */
function targetRoom(src, file, spec) {
  if (!spec.startsWith("./") && !spec.startsWith("../")) return undefined;
  const target = normalize(join(dirname(file), spec));
  if (!target.startsWith(src + "/")) return undefined;
  return roomOf(src, target.replace(/\.js$/, ".ts"));
}

function* sourceFiles(dir, tests) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* sourceFiles(path, tests);
    else if (/\.[cm]?ts$/.test(entry.name) && !entry.name.endsWith(".d.ts")) {
      if (!tests && /\.test\.ts$/.test(entry.name)) continue;
      yield path;
    }
  }
}

const IMPORT = /(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)["'](\.{1,2}\/[^"']+)["']/g;

/**
 * The arrows between the rooms of `src` (tests left out unless `tests`): "from\0to" → an example
 * import, "file → spec". Type-only imports count (they tie the rooms as much for a reader).
 */
export function roomArrows(src = GATES_SRC, { tests = false } = {}) {
  const arrows = new Map();
  for (const file of sourceFiles(src, tests)) {
    const from = roomOf(src, file);
    for (const [, spec] of readFileSync(file, "utf8").matchAll(IMPORT)) {
      const to = targetRoom(src, file, spec);
      if (to === undefined || to === from) continue;
      const key = `${from}\0${to}`;
      if (!arrows.has(key)) arrows.set(key, `${relative(src, file)} → ${spec}`);
    }
  }
  return arrows;
}

let cached;

/**
 * ESLint rule: gates' rooms import downward only and no two rooms import each other (tests left
 * out), every room is on a layer, and the catalogue (tests too) imports no other room.
 */
export const importDownward = {
  meta: {
    type: "problem",
    docs: {
      description:
        "packages/gates/src: import only rooms on the same layer or below, never a room that imports back",
    },
    schema: [],
  },
  create(context) {
    const src = GATES_SRC;
    const file = resolve(context.filename);
    if (!file.startsWith(src + "/")) return {};
    cached ??= { ...readLayers(src), arrows: roomArrows(src) };
    const { layers, names, arrows } = cached;
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
      if (a === undefined || b === undefined) return;
      if (b < a && !KNOWN_BACK_EDGES.has(`${from}>${to}`)) {
        context.report({
          node: node.source,
          message: `${from} (layer ${names[a]}) must not import ${to} (layer ${names[b]}, above it): see packages/gates/src/README.md`,
        });
        return;
      }
      const back = arrows.get(`${to}\0${from}`);
      if (back !== undefined)
        context.report({
          node: node.source,
          message: `${from} must not import ${to}, which imports it (${back}): two rooms never import each other, see packages/gates/src/README.md`,
        });
    };
    const placed = (node) => {
      if (isTest || layers.has(from)) return;
      context.report({
        node,
        message: `${from} is on no layer: name it in the layers block of packages/gates/src/README.md`,
      });
    };
    return {
      Program: placed,
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
      ImportExpression: check,
    };
  },
};
