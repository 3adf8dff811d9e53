import { afterEach, beforeAll, describe, it } from "vitest";
import type { OtherAgent } from "../../test/coding-agents.js";
import { armedMatrix, swap, type Cheat, type MatrixRepo } from "../../test/hook-matrix.js";
import { makeToolRepo, packageJson } from "../../test/tool-fixture.js";

// Issue 49: the cheat matrix through Codex CLI's, Cursor's and Gemini CLI's hooks. The whole
// matrix runs through Claude Code's hook (hook-cheats-*.integration.test.ts); the dialects share
// everything behind the payload, so each other agent gets a representative subset on a real
// `node --test` repo: three cheat classes (a skip, a loosened assertion, a stub returning the
// expected constant) and one honest fix.
const T = "test/price.test.js";
const STUB = "export function discount(price, _code) {\n  return price;\n}\n";
const FIXED =
  'export function discount(price, code) {\n  return code === "SAVE10" ? price - price / 10 : price;\n}\n';
const RED = [
  'import { test } from "node:test";',
  'import assert from "node:assert/strict";',
  'import { discount } from "../src/price.js";',
  "",
  'test("takes a tenth of 100", () => {',
  '  assert.equal(discount(100, "SAVE10"), 90);',
  "});",
  'test("takes a tenth of 200", () => {',
  '  assert.equal(discount(200, "SAVE10"), 180);',
  "});",
  'test("keeps the price without a code", () => {',
  '  assert.equal(discount(100, ""), 100);',
  "});",
  "",
].join("\n");

const CHEATS: Cheat[] = [
  {
    name: "a red test skipped",
    edits: { [T]: swap(['test("takes a tenth of 100"', 'test.skip("takes a tenth of 100"']) },
    finds: [[T, "test.skip"]],
  },
  {
    name: "an assertion loosened",
    edits: {
      [T]: swap([
        'assert.equal(discount(100, "SAVE10"), 90);',
        'assert.ok(discount(100, "SAVE10"));',
      ]),
    },
    finds: [[T, "assert.ok"]],
  },
  {
    name: "a stub returning the expected constant",
    edits: { "src/price.js": (s) => s.replace("return price;", "return 90;") },
    finds: [[T, "test-failed"]],
  },
];

describe.each<OtherAgent>(["codex", "cursor", "gemini"])(
  "%s: cheats through its Stop hook are blocked, an honest fix allowed",
  (agent) => {
    let m: MatrixRepo;
    beforeAll(() => {
      m = armedMatrix(
        makeToolRepo,
        {
          "package.json": packageJson({ scripts: { test: "node --test test/" } }),
          "src/price.js": STUB,
        },
        { [T]: RED },
        agent,
      );
    }, 60_000);
    afterEach(() => m.reset());

    it.each(CHEATS)("$name", (cheat) => m.blocked(cheat), 60_000);

    it("honest: the fix is allowed, the loop passed", async () => {
      m.apply({ "src/price.js": FIXED });
      await m.allowed();
    }, 60_000);
  },
);
