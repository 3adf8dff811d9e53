import { describe, expect, it } from "vitest";
import {
  guessApp,
  guessPackageManager,
  guessPort,
  runnerCommand,
  scriptCommand,
  type RepoFacts,
} from "./guess.js";

describe("guessPackageManager", () => {
  it.each([
    [["pnpm-lock.yaml", "package.json"], undefined, "pnpm"],
    [["yarn.lock"], undefined, "yarn"],
    [["bun.lock"], undefined, "bun"],
    [["bun.lockb"], undefined, "bun"],
    [["package-lock.json"], undefined, "npm"],
    [["npm-shrinkwrap.json"], undefined, "npm"],
    [["package.json"], undefined, "npm"],
    [["package.json"], "pnpm@9.1.0", "pnpm"],
    [["package.json"], "yarn@4.2.0", "yarn"],
    [["package-lock.json"], "pnpm@9.1.0", "npm"],
    [[], "something-else@1", "npm"],
  ])("%j with packageManager %s → %s", (files, field, manager) => {
    expect(guessPackageManager(new Set(files), field)).toBe(manager);
  });
});

describe("runnerCommand and scriptCommand", () => {
  it.each([
    ["npm", "npx --no-install verify-runner {flow}", "npm run dev"],
    ["pnpm", "pnpm exec verify-runner {flow}", "pnpm dev"],
    ["yarn", "node_modules/.bin/verify-runner {flow}", "yarn dev"],
    ["bun", "bunx verify-runner {flow}", "bun run dev"],
  ] as const)("%s", (manager, runner, script) => {
    expect(runnerCommand(manager)).toBe(runner);
    expect(scriptCommand(manager, "dev")).toBe(script);
  });
});

describe("guessPort", () => {
  it.each([
    ["vite", 5173],
    ["vite --host", 5173],
    ["vite preview", 4173],
    ["vite build && vite preview", 4173],
    ["vite --port 3001", 3001],
    ["vite --port=3002", 3002],
    ["next dev", 3000],
    ["next dev -p 4000", 4000],
    ["next start", 3000],
    ["react-scripts start", 3000],
    ["PORT=3005 react-scripts start", 3005],
    ["craco start", 3000],
    ["astro dev", 4321],
    ["astro preview", 4321],
    ["nuxt dev", 3000],
    ["nuxi dev", 3000],
    ["remix dev", 3000],
    ["ng serve", 4200],
    ["ember serve", 4200],
    ["vue-cli-service serve", 8080],
    ["webpack serve --mode development", 8080],
    ["webpack-dev-server", 8080],
    ["gatsby develop", 8000],
    ["gatsby serve", 9000],
    ["parcel index.html", 1234],
    ["docusaurus start", 3000],
    ["eleventy --serve", 8080],
    ["http-server -c-1", 8080],
    ["serve dist", 3000],
    ["node server.js", undefined],
    ["nodemon src/index.ts", undefined],
    ["tsc -w", undefined],
    ["vite --port 99999", 5173],
  ])("%s → %s", (command, port) => {
    expect(guessPort(command)).toBe(port);
  });
});

const facts = (
  scripts: Record<string, string>,
  indexDirs: string[] = [],
  manager: RepoFacts["manager"] = "npm",
): RepoFacts => ({ scripts, indexDirs: new Set(indexDirs), manager });

describe("guessApp", () => {
  it.each([
    [
      "a vite dev script",
      facts({ dev: "vite", build: "vite build", preview: "vite preview" }),
      { kind: "command", script: "dev", command: "npm run dev", port: 5173, portKnown: true },
    ],
    [
      "dev before start before preview",
      facts({ start: "next start", dev: "next dev" }, [], "pnpm"),
      { kind: "command", script: "dev", command: "pnpm dev", port: 3000, portKnown: true },
    ],
    [
      "a known start script when dev is unknown",
      facts({ dev: "nodemon server.js", start: "react-scripts start" }, [], "yarn"),
      { kind: "command", script: "start", command: "yarn start", port: 3000, portKnown: true },
    ],
    [
      "preview alone",
      facts({ preview: "vite preview" }),
      {
        kind: "command",
        script: "preview",
        command: "npm run preview",
        port: 4173,
        portKnown: true,
      },
    ],
    [
      "an index.html at the root beats an unknown script",
      facts({ start: "node server.js" }, ["."]),
      { kind: "static", dir: ".", port: 4173 },
    ],
    [
      "dist/ before public/",
      facts({}, ["public", "dist"]),
      { kind: "static", dir: "dist", port: 4173 },
    ],
    ["public/", facts({}, ["public"]), { kind: "static", dir: "public", port: 4173 }],
    ["build/", facts({ build: "tsc" }, ["build"]), { kind: "static", dir: "build", port: 4173 }],
    [
      "an unknown script on a guessed port",
      facts({ start: "node server.js" }),
      { kind: "command", script: "start", command: "npm run start", port: 3000, portKnown: false },
    ],
    ["nothing at all", facts({ build: "tsc", test: "vitest" }), { kind: "none" }],
  ])("%s", (_name, given, expected) => {
    expect(guessApp(given)).toEqual(expected);
  });
});
