// `tsc --build` in memory, run by gates as `node tsc-build-host.js <typescript dir> <tsc args>`:
// the repository's own TypeScript builds its projects as `tsc --build --clean && tsc --build`
// would, but every file tsc writes (declarations, build info) stays in this process, and the
// outputs a clean would delete are hidden from it. So a build never writes into the tree, and a
// declaration a previous build left beside its source is never read as an input (TS5055, "would
// overwrite input file", on every change of a repository whose build cleans first).
import { createRequire } from "node:module";
import { join } from "node:path";
import type TS from "typescript";

class Exit {
  constructor(readonly code: number) {}
}

interface Written {
  text: string;
  mtime: Date;
}

function memorySystem(ts: typeof TS): TS.System & { quiet: boolean } {
  const real = ts.sys;
  const written = new Map<string, Written>();
  const hidden = new Set<string>();
  const touched = new Map<string, Date>();
  /** Folders tsc made for what it wrote (module resolution asks for a folder before its files). */
  const folders = new Set<string>();
  const addFolders = (path: string) => {
    for (let at = path.lastIndexOf("/"); at > 0; at = path.lastIndexOf("/", at - 1))
      folders.add(path.slice(0, at));
  };
  const system: TS.System & { quiet: boolean } = {
    ...real,
    quiet: false,
    args: [],
    write: (text) => {
      if (!system.quiet) process.stdout.write(text);
    },
    writeOutputIsTTY: () => false,
    readFile: (path, encoding) => {
      const file = written.get(path);
      if (file) return file.text;
      return hidden.has(path) ? undefined : real.readFile(path, encoding);
    },
    writeFile: (path, text) => {
      written.set(path, { text, mtime: new Date() });
      hidden.delete(path);
      addFolders(path);
    },
    deleteFile: (path) => {
      written.delete(path);
      hidden.add(path);
    },
    fileExists: (path) => written.has(path) || (!hidden.has(path) && real.fileExists(path)),
    createDirectory: (path) => {
      folders.add(path);
      addFolders(path);
    },
    directoryExists: (path) => folders.has(path) || real.directoryExists(path),
    getModifiedTime: (path) => {
      const file = written.get(path);
      if (file) return touched.get(path) ?? file.mtime;
      return hidden.has(path) ? undefined : (touched.get(path) ?? real.getModifiedTime?.(path));
    },
    setModifiedTime: (path, time) => {
      touched.set(path, time);
    },
    readDirectory: (path, extensions, exclude, include, depth) =>
      real.readDirectory(path, extensions, exclude, include, depth).filter((f) => !hidden.has(f)),
    exit: (code) => {
      throw new Exit(code ?? 0);
    },
  };
  delete system.watchFile;
  delete system.watchDirectory;
  return system;
}

/** tsc's own command line (exported by typescript.js, not declared in its types). */
type ExecuteCommandLine = (system: TS.System, callback: () => void, args: string[]) => void;

/** One tsc command line on the in-memory system; its exit code. */
function run(ts: typeof TS, system: TS.System, args: string[]): number {
  const execute = (ts as unknown as { executeCommandLine: ExecuteCommandLine }).executeCommandLine;
  try {
    execute(system, () => undefined, args);
    return 0;
  } catch (error) {
    if (error instanceof Exit) return error.code;
    throw error;
  }
}

const [tsDir = "", ...args] = process.argv.slice(2);
const ts = createRequire(join(tsDir, "package.json"))(
  join(tsDir, "lib", "typescript.js"),
) as typeof TS;
const system = memorySystem(ts);
// What the repository's build cleans first: its outputs are hidden, never deleted.
system.quiet = true;
run(ts, system, [...args.filter((a) => !/^--(?:force|verbose|dry)$|^-[fvd]$/.test(a)), "--clean"]);
system.quiet = false;
process.exitCode = run(ts, system, args);
