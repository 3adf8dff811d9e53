#!/usr/bin/env node
// The folder import graph of packages/gates/src against the layers written down in
// packages/gates/src/README.md (the ```layers block, top layer first): every room (a folder, or a
// file at the top of src/), the arrows that run back up (a room importing one on a higher layer),
// the pairs of rooms that import each other, and rooms no layer names. Tests are left out unless
// --tests is given; type-only imports count (they tie the rooms as much for a reader).
//   node scripts/gates-imports.mjs [--tests] [--json]
// Exit 0 always: it measures, the lint rule (eslint.config.js) enforces.
import { readdirSync } from "node:fs";
import { GATES_SRC, KNOWN_BACK_EDGES, readLayers, roomArrows } from "./lib/gates-layers.mjs";
import { exitOnHelp } from "./lib/usage.mjs";

exitOnHelp(import.meta.url);

const args = process.argv.slice(2);
const SRC = GATES_SRC;

const { layers, names } = readLayers();
const arrows = roomArrows(SRC, { tests: args.includes("--tests") }); // "from\0to" → "file → spec"

const rooms = new Set([...arrows.keys()].flatMap((k) => k.split("\0")));
for (const entry of readdirSync(SRC, { withFileTypes: true }))
  if (entry.isDirectory() || /\.ts$/.test(entry.name)) rooms.add(entry.name);
for (const room of [...rooms]) if (/\.test\.ts$|\.md$/.test(room)) rooms.delete(room);

const backEdges = [];
for (const [key, example] of arrows) {
  const [from, to] = key.split("\0");
  const a = layers.get(from);
  const b = layers.get(to);
  if (a !== undefined && b !== undefined && b < a)
    backEdges.push({ from, to, up: `${names[a]} → ${names[b]}`, example });
}
const mutual = [...arrows.keys()]
  .map((k) => k.split("\0"))
  .filter(([from, to]) => from < to && arrows.has(`${to}\0${from}`))
  .map(([a, b]) => ({ a, b, ab: arrows.get(`${a}\0${b}`), ba: arrows.get(`${b}\0${a}`) }));
const unplaced = [...rooms].filter((r) => !layers.has(r)).sort();

if (args.includes("--json")) {
  const out = { rooms: rooms.size, arrows: arrows.size, backEdges, mutual, unplaced };
  process.stdout.write(`${JSON.stringify(out, null, 2)}\n`);
} else {
  const lines = [
    `${rooms.size} rooms, ${arrows.size} arrows, ${backEdges.length} back up, ${mutual.length} mutual pairs`,
    "",
    "back-edges (a room importing one on a higher layer):",
    ...backEdges.map((e) => `  ${e.from} → ${e.to}  [${e.up}]  e.g. ${e.example}`),
    "",
    "mutual pairs:",
    ...mutual.map((m) => `  ${m.a} ↔ ${m.b}  e.g. ${m.ab}; ${m.ba}`),
  ];
  const gone = [...KNOWN_BACK_EDGES].filter(
    (k) => !backEdges.some((e) => `${e.from}>${e.to}` === k),
  );
  if (gone.length > 0)
    lines.push(
      "",
      `allowed back-edges no longer there (drop them from KNOWN_BACK_EDGES): ${gone.join(" ")}`,
    );
  if (unplaced.length > 0) lines.push("", `rooms no layer names: ${unplaced.join(" ")}`);
  process.stdout.write(`${lines.join("\n")}\n`);
}
