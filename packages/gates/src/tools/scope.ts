// The runners' adapters take it; diff/test-scope.ts decides it from the change.
/** Which tests a run runs: the whole suite, or the test files related to the change. */
export type TestScopeKind = "related" | "full";

export interface TestScope {
  scope: TestScopeKind;
  /** Why this scope: what widened the run, or what the related tests are related to. */
  reason: string;
  /** The related test files (repository paths), for a related run. */
  files: string[];
  /** How many test files a related run leaves out. */
  unrelated: number;
  /** Oracle test files the change edited, run as the oracle has them and as the change has them. */
  bothVersions?: string[];
}
