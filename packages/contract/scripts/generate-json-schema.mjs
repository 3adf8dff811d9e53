// Writes schema/<name>.json from the compiled zod schemas. Run by `pnpm build`.
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { JSON_SCHEMAS } from "../dist/index.js";

const out = join(dirname(fileURLToPath(import.meta.url)), "..", "schema");
mkdirSync(out, { recursive: true });
for (const [name, schema] of Object.entries(JSON_SCHEMAS())) {
  writeFileSync(join(out, `${name}.json`), `${JSON.stringify(schema, null, 2)}\n`);
}
