import { describe, expect, it } from "vitest";
import { FIXTURES, fixturesNamedInText, usedFixtures } from "./fixtures.js";

const names = (fn: (...args: never[]) => unknown) => [...usedFixtures(fn)].sort();

describe("usedFixtures", () => {
  it("reads destructured names from methods, arrows and functions", () => {
    const flow = {
      async run({ page, step }: { page: unknown; step: unknown }) {
        return [page, step];
      },
    };
    expect(names(flow.run)).toEqual(["page", "step"]);
    expect(names(async ({ request }: { request: unknown }) => request)).toEqual(["request"]);
    expect(
      names(function ({ expect: assert, log = () => {} }: { expect: unknown; log?: () => void }) {
        return [assert, log];
      }),
    ).toEqual(["expect", "log"]);
  });

  it("ignores names that are not fixtures and nested patterns", () => {
    expect(
      names(({ step, other }: { step: unknown; other: { page: unknown } }) => [step, other]),
    ).toEqual(["step"]);
  });

  it("gives every fixture to a plain or rest parameter, none to no parameter", () => {
    expect(names((ctx: unknown) => ctx)).toEqual([...FIXTURES].sort());
    expect(names(({ step, ...rest }: { step: unknown }) => [step, rest])).toEqual(
      [...FIXTURES].sort(),
    );
    expect(names(() => undefined)).toEqual([]);
  });
});

describe("fixturesNamedInText (the guess made before a flow module loads)", () => {
  const guess = (text: string) => [...fixturesNamedInText(text)].sort();

  it("reads the fixtures of a method, an arrow or a function, with TypeScript types", () => {
    expect(
      guess(`export default defineFlow({ name: "a", async run({ page, step }: Fixtures) { } });`),
    ).toEqual(["page", "step"]);
    expect(guess(`defineFlow({ name: "a", run: async ({ request, expect }) => {} })`)).toEqual([
      "expect",
      "request",
    ]);
    expect(guess(`defineFlow({ name: "a", run: async function ({ context }) {} })`)).toEqual([
      "context",
    ]);
  });

  it("ignores fixture names in comments, and a URL is not a comment", () => {
    const text = `// run({ page }) would start a browser
/** run: async ({ browser }) => {} */
const url = "http://127.0.0.1/run"; // run(
export default defineFlow({ name: "api", async run({ request }) {} });`;
    expect(guess(text)).toEqual(["request"]);
  });

  it("guesses every fixture for a plain parameter or when no run is found", () => {
    expect(guess(`defineFlow({ name: "a", run: async (fixtures) => fixtures.page })`)).toEqual(
      [...FIXTURES].sort(),
    );
    expect(guess(`export default makeFlow("a")`)).toEqual([...FIXTURES].sort());
    expect(guess(`defineFlow({ name: "a", run: async () => {} })`)).toEqual([]);
  });
});
