// Each runner's ways to skip, focus or expect a failure, written as a test file would write them
// (from each runner's documentation): the table the catalogue's and the floor's tests read.
import type { Runner } from "../src/catalogue/skip-forms.js";

export interface SkipSample {
  /** The form in the catalogue's words: "modifier skip", "shorthand xit", "option only", "context skip". */
  form: string;
  /** One test file line that uses it. */
  code: string;
}

const m = (name: string, code: string): SkipSample => ({ form: `modifier ${name}`, code });
const s = (name: string, code: string): SkipSample => ({ form: `shorthand ${name}`, code });
const o = (name: string, code: string): SkipSample => ({ form: `option ${name}`, code });
const c = (name: string, code: string): SkipSample => ({ form: `context ${name}`, code });

export const SKIP_SAMPLES: Record<Runner, readonly SkipSample[]> = {
  vitest: [
    m("skip", `it.skip("adds", () => {});`),
    m("only", `describe.only("price", () => {});`),
    m("todo", `test.todo("rounds");`),
    m("skipIf", `it.skipIf(process.env.CI)("adds", () => {});`),
    m("runIf", `test.runIf(isLinux)("adds", () => {});`),
    m("fails", `it.fails("adds", () => {});`),
    m("skip", `bench.skip("sum", () => {});`),
    o("skip", `it("adds", { skip: true }, () => {});`),
    o("only", `test("adds", { only: true }, () => {});`),
    o("fails", `it("adds", { fails: true }, () => {});`),
    c("skip", `it("adds", (ctx) => { ctx.skip(); });`),
  ],
  jest: [
    m("skip", `test.skip("adds", () => {});`),
    m("only", `it.only("adds", () => {});`),
    m("todo", `test.todo("rounds");`),
    m("failing", `test.failing("adds", () => {});`),
    s("xit", `xit("adds", () => {});`),
    s("xtest", `xtest("adds", () => {});`),
    s("xdescribe", `xdescribe("price", () => {});`),
    s("fit", `fit("adds", () => {});`),
    s("fdescribe", `fdescribe("price", () => {});`),
  ],
  jasmine: [
    s("xit", `xit("adds", () => {});`),
    s("xdescribe", `xdescribe("price", () => {});`),
    s("fit", `fit("adds", () => {});`),
    s("fdescribe", `fdescribe("price", () => {});`),
  ],
  mocha: [
    m("skip", `context.skip("when empty", () => {});`),
    m("only", `specify.only("adds", () => {});`),
    m("skip", `suite.skip("price", () => {});`),
    s("xit", `xit("adds", () => {});`),
    s("xdescribe", `xdescribe("price", () => {});`),
    s("xcontext", `xcontext("when empty", () => {});`),
    s("xspecify", `xspecify("adds", () => {});`),
    c("skip", `it("adds", function () { this.skip(); });`),
  ],
  "node:test": [
    m("skip", `test.skip("adds", () => {});`),
    m("only", `it.only("adds", () => {});`),
    m("todo", `describe.todo("price");`),
    o("skip", `test("adds", { skip: "flaky" }, () => {});`),
    o("todo", `test("adds", { todo: true }, () => {});`),
    o("only", `it("adds", { only: true }, () => {});`),
    c("skip", `test("adds", (t) => { t.skip(); });`),
    c("todo", `test("adds", (t) => { t.todo(); });`),
  ],
  ava: [
    m("skip", `test.skip("adds", (t) => {});`),
    m("only", `test.only("adds", (t) => {});`),
    m("todo", `test.todo("rounds");`),
    m("failing", `test.failing("adds", (t) => {});`),
  ],
  playwright: [
    m("skip", `test.describe.skip("cart", () => {});`),
    m("only", `test.only("buys", async ({ page }) => {});`),
    m("fixme", `test.fixme("buys", async ({ page }) => {});`),
    m("fail", `test.fail("buys", async ({ page }) => {});`),
    c("skip", `test("buys", async ({ page }, testInfo) => { testInfo.skip(); });`),
    c("fixme", `test("buys", async ({ page }, testInfo) => { testInfo.fixme(); });`),
    c("fail", `test("buys", async ({ page }, testInfo) => { testInfo.fail(); });`),
  ],
};
