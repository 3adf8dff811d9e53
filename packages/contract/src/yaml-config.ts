import {
  isMap,
  isPair,
  isScalar,
  isSeq,
  LineCounter,
  parseDocument,
  type Document,
  type YAMLMap,
} from "yaml";
import type { z } from "zod";
import { controlCharacterProblem, readConfigText } from "./config-file.js";
import { ConfigError, ContractErrorCode } from "./errors.js";
import { checkYamlShape } from "./yaml-limits.js";

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

function rangeStart(node: unknown): number | undefined {
  return (node as { range?: [number] } | null | undefined)?.range?.[0];
}

/** Line of the node at `path`; for a missing key, the line of the deepest parent that exists. */
function lineOfPath(
  doc: Document,
  counter: LineCounter,
  path: Path,
  keyOnly: boolean,
): number | undefined {
  let node: unknown = doc.contents;
  let offset = rangeStart(node);
  for (const [index, part] of path.entries()) {
    let next: unknown;
    if (isMap(node)) {
      const pair = node.items.find((item) => isScalar(item.key) && item.key.value === part);
      if (!isPair(pair)) break;
      offset = rangeStart(pair.key) ?? offset;
      if (keyOnly && index === path.length - 1) break;
      next = pair.value;
      // A key with a nested block is reported on the key's line when what is missing is inside it.
      if (isMap(next) && index < path.length - 1 && !hasKey(next, path[index + 1])) break;
    } else if (isSeq(node) && typeof part === "number") {
      next = node.items[part];
    }
    if (!next) break;
    offset = rangeStart(next) ?? offset;
    node = next;
  }
  return offset === undefined ? undefined : counter.linePos(offset).line;
}

function hasKey(map: YAMLMap, key: PropertyKey | undefined): boolean {
  return map.items.some((item) => isScalar(item.key) && item.key.value === key);
}

function valueAt(data: unknown, path: Path): unknown {
  let value = data;
  for (const part of path) {
    if (value === null || typeof value !== "object") return undefined;
    value = (value as Record<PropertyKey, unknown>)[part];
  }
  return value;
}

function describeIssue(
  issue: z.core.$ZodIssue,
  data: unknown,
): { path: PropertyKey[]; message: string; keyOnly: boolean } {
  if (issue.code === "unrecognized_keys") {
    const key = issue.keys[0] ?? "?";
    return { path: [...issue.path, key], message: "unknown key", keyOnly: true };
  }
  if (issue.path.length === 0) {
    return { path: [], message: "expected a YAML mapping at the top level", keyOnly: false };
  }
  if (valueAt(data, issue.path) === undefined) {
    // A rule of our own (e.g. "command or static") says more than "is required".
    const message = issue.code === "custom" ? issue.message : "is required";
    return { path: [...issue.path], message, keyOnly: false };
  }
  return { path: [...issue.path], message: issue.message, keyOnly: false };
}

export interface LoadedYaml<T> {
  file: string;
  value: T;
}

function invalid(file: string, line: number | undefined, detail: string): ConfigError {
  return new ConfigError(ContractErrorCode.ManifestInvalid, detail, { file, line });
}

/** Parse YAML text and validate it; every failure is one ConfigError naming file:line and field. */
export function parseYamlConfig<S extends z.ZodType>(
  text: string,
  file: string,
  schema: S,
): z.infer<S> {
  const control = controlCharacterProblem(text);
  if (control) throw invalid(file, control.line, `invalid YAML: ${control.detail}`);
  const counter = new LineCounter();
  // Repeated keys are found by checkYamlShape, in linear time.
  const doc = parseDocument(text, { lineCounter: counter, uniqueKeys: false, prettyErrors: false });
  const yamlError = doc.errors[0];
  if (yamlError) {
    const line = counter.linePos(yamlError.pos[0]).line;
    const detail = yamlError.message.split("\n")[0] ?? "invalid YAML";
    // The parser recurses per nesting level and reports a stack overflow as its error.
    const why = /call stack/i.test(detail) ? "nested too deeply" : detail;
    throw invalid(file, line, `invalid YAML: ${why}`);
  }
  const shape = checkYamlShape(doc);
  if (shape) {
    const line = shape.offset === undefined ? 1 : counter.linePos(shape.offset).line;
    throw invalid(file, line, `invalid YAML: ${shape.message}`);
  }
  // Expansion is bounded by checkYamlShape above.
  const data: unknown = doc.toJS({ maxAliasCount: -1 }) ?? undefined;
  const parsed = schema.safeParse(data);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  if (!issue) throw new ConfigError(ContractErrorCode.ManifestInvalid, "invalid", { file });
  const { path, message, keyOnly } = describeIssue(issue, data);
  const line = lineOfPath(doc, counter, path, keyOnly) ?? 1;
  const field = path.length === 0 ? "(document)" : formatPath(path);
  throw new ConfigError(ContractErrorCode.ManifestInvalid, message, { file, line, field });
}

/**
 * Read a YAML config file (a regular file of at most 1 MiB, see config-file.ts);
 * a missing file is ConfigError `manifest_missing`.
 */
export function readYamlConfig<S extends z.ZodType>(file: string, schema: S): z.infer<S> {
  return parseYamlConfig(readConfigText(file), file, schema);
}
