// Bundles the CLI (dist/cli.js, compiled by tsc) into dist/bundle/: `verify-runner --list`, on
// a manager's hot path, loads a few files instead of one per module (issue 37 §3). Each command
// stays its own chunk, loaded when it runs. Playwright and tsx are the app's, resolved where the
// runner runs: never bundled. How: scripts/lib/bundle-cli.mjs.
import { fileURLToPath } from "node:url";
import { bundleCli } from "../../../scripts/lib/bundle-cli.mjs";

await bundleCli({
  root: fileURLToPath(new URL("..", import.meta.url)),
  external: ["playwright", "playwright-core", "@playwright/test", "tsx"],
  fastPaths: [{ entry: "list-cli.js", out: "list.cjs" }],
});
