import { describe, expect, it } from "vitest";
import { FIXTURES, usedFixtures } from "./fixtures.js";

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
