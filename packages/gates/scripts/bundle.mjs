// Bundles the CLI (dist/cli.js, compiled by tsc) into dist/bundle/: a Stop hook starts
// `verify-gates` at every stop, and a process that resolves and reads one file per module spends
// its start-up loading (issue 36 §4). Each command's and stage's module stays its own chunk,
// loaded when it runs. The tools gates drives and the big libraries it loads only for some
// stages (the TypeScript compiler API, secretlint, the coverage mappers) are resolved where gates
// is installed: never bundled. How: scripts/lib/bundle-cli.mjs.
import { fileURLToPath } from "node:url";
import { bundleCli } from "../../../scripts/lib/bundle-cli.mjs";
// The one list of them (tsc compiled it a moment ago): the hook checks these packages' files too.
import { RUNTIME_PACKAGES } from "../dist/loop/runtime-packages.js";

await bundleCli({
  root: fileURLToPath(new URL("..", import.meta.url)),
  external: [...RUNTIME_PACKAGES],
});
