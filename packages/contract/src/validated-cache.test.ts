import { copyFileSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, expect, it } from "vitest";
import { cachedParse, validatedCacheFolder } from "./validated-cache.js";

let state: string;
const saved = process.env.VERIFY_STATE_DIR;
beforeEach(() => {
  state = mkdtempSync(join(tmpdir(), "validated-cache-"));
  process.env.VERIFY_STATE_DIR = state;
});
afterEach(() => {
  if (saved === undefined) delete process.env.VERIFY_STATE_DIR;
  else process.env.VERIFY_STATE_DIR = saved;
  rmSync(state, { recursive: true, force: true });
});

const parseCounting = (calls: string[]) => (text: string | undefined) => ({
  kind: "manifest",
  text,
  validators: ["manifest.js"],
  parse: () => {
    calls.push(String(text));
    return { parsed: text ?? null };
  },
});

it("validates a text once, and again only when the text changes", async () => {
  const calls: string[] = [];
  const options = parseCounting(calls);
  expect(await cachedParse(options("a: 1"))).toEqual({ parsed: "a: 1" });
  expect(await cachedParse(options("a: 1"))).toEqual({ parsed: "a: 1" });
  expect(await cachedParse(options("a: 2"))).toEqual({ parsed: "a: 2" });
  expect(await cachedParse(options(undefined))).toEqual({ parsed: null });
  expect(await cachedParse(options(undefined))).toEqual({ parsed: null });
  expect(calls).toEqual(["a: 1", "a: 2", "undefined"]);
});

it("never serves an entry under another text's name: the file name is only an index", async () => {
  const calls: string[] = [];
  const options = parseCounting(calls);
  await cachedParse(options("block: [src/math.ts]"));
  const [blocking] = readdirSync(validatedCacheFolder());
  await cachedParse(options("block: []"));
  const open = readdirSync(validatedCacheFolder()).find((name) => name !== blocking);
  // The entry validated for one text, copied under the name the other text indexes to.
  copyFileSync(join(validatedCacheFolder(), blocking!), join(validatedCacheFolder(), open!));
  expect(await cachedParse(options("block: []"))).toEqual({ parsed: "block: []" });
  expect(calls).toEqual(["block: [src/math.ts]", "block: []", "block: []"]);
});

it("keeps no cache, and still answers, when the state folder cannot be written", async () => {
  // A file where the folder should be: nothing can be made under it.
  const file = join(state, "not-a-folder");
  writeFileSync(file, "");
  process.env.VERIFY_STATE_DIR = file;
  const calls: string[] = [];
  expect(await cachedParse(parseCounting(calls)("a: 1"))).toEqual({ parsed: "a: 1" });
  expect(await cachedParse(parseCounting(calls)("a: 1"))).toEqual({ parsed: "a: 1" });
  expect(calls).toEqual(["a: 1", "a: 1"]);
});
