import { readFileSync } from "node:fs";
import { isMap, isPair, isScalar, LineCounter, parseDocument, type Document } from "yaml";
import type { z } from "zod";
import { ConfigError, ContractErrorCode } from "./errors.js";

type Path = ReadonlyArray<PropertyKey>;

/** `flows[2].timeout_s` from `["flows", 2, "timeout_s"]`. */
export function formatPath(path: Path): string {
  let out = "";
  for (const part of path) {
    if (typeof part === "number") out += `[${part}]`;
    else out += out === "" ? String(part) : `.${String(part)}`;
  }
  return out;
}

function lineOfPath(
  doc: Document,
  counter: LineCounter,
  path: Path,
  keyOnly: boolean,
): number | undefined {
  // Walk down as far as the document goes; report the deepest node that exists.
  let node: unknown = doc.contents;
  let offset = (doc.contents as { range?: [number] } | null)?.range?.[0];
  for (const part of path) {
    if (!node || typeof node !== "object" || !("items" in node)) break;
    const items = (node as { items: unknown[] }).items;
    let next: unknown;
    if (isMap(node)) {
      const pair = items.find(
        (item) => isPair(item) && isScalar(item.key) && item.key.value === part,
      );
      if (!isPair(pair)) break;
      offset = (pair.key as { range?: [number] }).range?.[0] ?? offset;
      next = pair.value;
      if (keyOnly && part === path[path.length - 1]) break;
    } else {
      next = typeof part === "number" ? items[part] : undefined;
    }
    if (!next) break;
    offset = (next as { range?: [number] }).range?.[0] ?? offset;
    node = next;
  }
  return offset === undefined ? undefined : counter.linePos(offset).line;
}

function describeIssue(issue: z.core.$ZodIssue): {
  path: PropertyKey[];
  message: string;
  keyOnly: boolean;
} {
  if (issue.code === "unrecognized_keys") {
    const key = issue.keys[0] ?? "?";
    return { path: [...issue.path, key], message: "unknown key", keyOnly: true };
  }
  if (issue.path.length === 0) {
    return { path: [], message: "expected a YAML mapping at the top level", keyOnly: false };
  }
  if (issue.code === "invalid_type" && issue.input === undefined) {
    return { path: [...issue.path], message: "is required", keyOnly: false };
  }
  return { path: [...issue.path], message: issue.message, keyOnly: false };
}

export interface LoadedYaml<T> {
  file: string;
  value: T;
}

/** Parse YAML text and validate it; every failure is one ConfigError naming file:line and field. */
export function parseYamlConfig<S extends z.ZodType>(
  text: string,
  file: string,
  schema: S,
): z.infer<S> {
  const counter = new LineCounter();
  const doc = parseDocument(text, { lineCounter: counter, uniqueKeys: true, prettyErrors: false });
  const yamlError = doc.errors[0];
  if (yamlError) {
    const line = counter.linePos(yamlError.pos[0]).line;
    const detail = yamlError.message.split("\n")[0] ?? "invalid YAML";
    throw new ConfigError(ContractErrorCode.ManifestInvalid, `invalid YAML: ${detail}`, {
      file,
      line,
    });
  }
  const parsed = schema.safeParse(doc.toJS() ?? undefined);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  if (!issue) throw new ConfigError(ContractErrorCode.ManifestInvalid, "invalid", { file });
  const { path, message, keyOnly } = describeIssue(issue);
  const line = lineOfPath(doc, counter, path, keyOnly) ?? 1;
  const field = path.length === 0 ? "(document)" : formatPath(path);
  throw new ConfigError(ContractErrorCode.ManifestInvalid, message, { file, line, field });
}

/** Read a YAML config file; a missing file is ConfigError `manifest_missing`. */
export function readYamlConfig<S extends z.ZodType>(file: string, schema: S): z.infer<S> {
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch (error) {
    const missing = (error as NodeJS.ErrnoException).code === "ENOENT";
    throw new ConfigError(
      missing ? ContractErrorCode.ManifestMissing : ContractErrorCode.ManifestUnreadable,
      missing ? "file not found" : `cannot read: ${(error as Error).message}`,
      { file, cause: error },
    );
  }
  return parseYamlConfig(text, file, schema);
}
