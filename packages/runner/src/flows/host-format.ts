import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";

/** The "type" of the package.json nearest to `file` ("commonjs" when none says "module"). */
export function hostModuleType(file: string): "module" | "commonjs" {
  let folder = dirname(file);
  for (;;) {
    try {
      const manifest = JSON.parse(readFileSync(join(folder, "package.json"), "utf8")) as {
        type?: unknown;
      };
      return manifest.type === "module" ? "module" : "commonjs";
    } catch (error) {
      // No package.json here: look further up. One that does not parse is not "module".
      if ((error as NodeJS.ErrnoException).code !== "ENOENT") return "commonjs";
    }
    const parent = dirname(folder);
    if (parent === folder) return "commonjs";
    folder = parent;
  }
}
