// Flows and page objects import the runner's API from here when the app installed only
// `agent-verify` (under pnpm that is the only name its node_modules shows).
export * from "@agent-verify/runner";
