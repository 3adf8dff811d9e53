// `--help` / `-h` for the repo's scripts: the script's own header comment is its usage.
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

/** Print the header comment of the script at `url` and exit 0 when --help or -h was given. */
export function exitOnHelp(url) {
  const args = process.argv.slice(2);
  if (!args.includes("--help") && !args.includes("-h")) return;
  const lines = readFileSync(fileURLToPath(url), "utf8").split("\n").slice(1);
  const header = [];
  for (const line of lines) {
    if (!line.startsWith("//")) break;
    header.push(line.replace(/^\/\/ ?/, ""));
  }
  process.stdout.write(`${header.join("\n")}\n`);
  process.exit(0);
}
