import { describe, expect, it } from "vitest";
import type { RepoFacts } from "./guess.js";
import { InitUsageError, planApp, type InitFlags } from "./plan.js";

const vite: RepoFacts = { scripts: { dev: "vite" }, indexDirs: new Set(), manager: "npm" };
const bare: RepoFacts = { scripts: {}, indexDirs: new Set(), manager: "pnpm" };
const staticRoot: RepoFacts = { scripts: {}, indexDirs: new Set(["."]), manager: "yarn" };

describe("planApp", () => {
  it.each<[string, RepoFacts, InitFlags, Record<string, unknown>]>([
    [
      "the guess: a vite dev script",
      vite,
      {},
      {
        runnerCommand: "npx --no-install verify-runner {flow}",
        baseUrl: "http://localhost:5173",
        webServer: {
          kind: "command",
          command: "npm run dev",
          url: "http://localhost:5173",
          timeout_s: 60,
        },
      },
    ],
    [
      "the guess: a static root",
      staticRoot,
      {},
      {
        runnerCommand: "node_modules/.bin/verify-runner {flow}",
        baseUrl: "http://127.0.0.1:4173",
        webServer: { kind: "static", dir: ".", port: 4173 },
      },
    ],
    [
      "--static overrides a dev script",
      vite,
      { staticDir: "dist" },
      { baseUrl: "http://127.0.0.1:4173", webServer: { kind: "static", dir: "dist", port: 4173 } },
    ],
    [
      "--static with --base-url takes the port from the URL",
      vite,
      { staticDir: ".", baseUrl: "http://127.0.0.1:8123" },
      { baseUrl: "http://127.0.0.1:8123", webServer: { kind: "static", dir: ".", port: 8123 } },
    ],
    [
      "--web-server with a known tool",
      bare,
      { webServer: "npx vite --port 5200" },
      {
        runnerCommand: "pnpm exec verify-runner {flow}",
        baseUrl: "http://localhost:5200",
        webServer: {
          kind: "command",
          command: "npx vite --port 5200",
          url: "http://localhost:5200",
        },
      },
    ],
    [
      "--web-server and --base-url",
      bare,
      { webServer: "node server.js", baseUrl: "http://127.0.0.1:9000/app/" },
      {
        baseUrl: "http://127.0.0.1:9000/app/",
        webServer: {
          kind: "command",
          command: "node server.js",
          url: "http://127.0.0.1:9000/app/",
        },
      },
    ],
    [
      "--base-url alone: no web_server",
      vite,
      { baseUrl: "http://127.0.0.1:8080/" },
      { baseUrl: "http://127.0.0.1:8080", webServer: undefined },
    ],
  ])("%s", (_name, facts, flags, expected) => {
    const plan = planApp(facts, flags);
    expect(plan).toMatchObject(expected);
    expect(plan.warning).toBeUndefined();
  });

  it.each<[string, RepoFacts, InitFlags, RegExp]>([
    ["nothing to serve", bare, {}, /set base_url/],
    [
      "--web-server on an unknown port",
      bare,
      { webServer: "node server.js" },
      /port 3000 is a guess/,
    ],
    [
      "an unknown start script",
      { ...bare, scripts: { start: "node app.js" } },
      {},
      /port 3000 is a guess for scripts.start/,
    ],
  ])("warns when the guess is weak: %s", (_name, facts, flags, warning) => {
    expect(planApp(facts, flags).warning).toMatch(warning);
  });

  it.each<[InitFlags, string]>([
    [{ baseUrl: "not a url" }, "--base-url not a url is not a URL (e.g. http://127.0.0.1:3000)"],
    [
      { baseUrl: "localhost:3000" },
      "--base-url localhost:3000 must be an http(s) URL (e.g. http://127.0.0.1:3000)",
    ],
    [{ staticDir: ".", webServer: "npm start" }, "give --static DIR or --web-server CMD, not both"],
  ])("rejects %j", (flags, message) => {
    expect(() => planApp(vite, flags)).toThrow(new InitUsageError(message));
  });
});
