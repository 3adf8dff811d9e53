// The calls that declare tests and groups of tests in the JS/TS runners (issue 47).

/** Calls that declare one test: `it("…", fn)` (mocha's `specify`, vitest's `bench` too). */
export const TEST_CALLS: readonly string[] = ["it", "test", "specify", "bench"];
/** Calls that declare a group of tests: `describe("…", fn)` (mocha's `context`, `suite` too). */
export const SUITE_CALLS: readonly string[] = ["describe", "suite", "context"];
