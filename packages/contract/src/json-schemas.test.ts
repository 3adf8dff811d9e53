import { readdirSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { JSON_SCHEMAS } from "./json-schemas.js";

const SCHEMA_DIR = join(dirname(fileURLToPath(import.meta.url)), "..", "schema");

describe("committed JSON Schema files", () => {
  it("match the zod schemas (run `pnpm --filter @agent-verify/contract generate:schema` after a change)", () => {
    const generated = JSON_SCHEMAS();
    for (const [name, schema] of Object.entries(generated)) {
      const committed = JSON.parse(
        readFileSync(join(SCHEMA_DIR, `${name}.json`), "utf8"),
      ) as unknown;
      expect(committed, `schema/${name}.json is stale`).toEqual(schema);
    }
  });

  it("has no committed file without a schema behind it", () => {
    const names = readdirSync(SCHEMA_DIR).map((file) => file.replace(/\.json$/, ""));
    expect(names.sort()).toEqual(Object.keys(JSON_SCHEMAS()).sort());
  });
});
