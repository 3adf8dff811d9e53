import { isScriptFile } from "../catalogue/test-files.js";
import { parseJsonc } from "../jsonc.js";
import { parse, walk, type Node, type Parsed } from "./syntax.js";

export { parseJsonc };

/** One setting of a config file: its key path (`test.coverage.exclude`), value and line. */
export interface ConfigValue {
  path: string;
  /** A list's entries, or a single value as one entry; layout taken out. */
  entries: string[];
  isList: boolean;
  line: number;
}

const lineAt = (text: string, index: number) => text.slice(0, index).split("\n").length;

function jsonValues(text: string): ConfigValue[] {
  const out: ConfigValue[] = [];
  const line = (key: string) => {
    const index = text.indexOf(`"${key}"`);
    return index < 0 ? 1 : lineAt(text, index);
  };
  const visit = (value: unknown, path: string, key: string) => {
    if (Array.isArray(value)) {
      const scalars = value.filter((v) => typeof v !== "object" || v === null).map(String);
      out.push({ path, entries: scalars, isList: true, line: line(key) });
      value.forEach((v) => {
        if (typeof v === "object" && v !== null) visit(v, path, key);
      });
    } else if (typeof value === "object" && value !== null) {
      for (const [k, v] of Object.entries(value)) visit(v, path === "" ? k : `${path}.${k}`, k);
    } else out.push({ path, entries: [String(value)], isList: false, line: line(key) });
  };
  visit(parseJsonc(text), "", "");
  return out;
}

const propertyName = (p: Parsed, node: Node): string | undefined => {
  const { ts } = p;
  if (!ts.isPropertyAssignment(node) && !ts.isShorthandPropertyAssignment(node)) return undefined;
  const name = node.name;
  if (ts.isIdentifier(name) || ts.isStringLiteralLike(name) || ts.isNumericLiteral(name))
    return name.text;
  return undefined;
};

/** The key path of a property: the names of the object literals it sits in. */
function keyPath(p: Parsed, node: Node): string {
  const names: string[] = [];
  for (let at: Node | undefined = node; at; at = at.parent) {
    const name = propertyName(p, at);
    if (name !== undefined) names.unshift(name);
    else if (
      !p.ts.isObjectLiteralExpression(at) &&
      !p.ts.isArrayLiteralExpression(at) &&
      at !== node
    )
      break;
  }
  return names.join(".");
}

function literalText(p: Parsed, node: Node): string {
  const { ts } = p;
  if (ts.isStringLiteralLike(node)) return node.text;
  return p.textOf(node).replace(/\s+/g, "");
}

async function scriptValues(path: string, text: string): Promise<ConfigValue[]> {
  const p = await parse(path, text);
  const { ts } = p;
  const out: ConfigValue[] = [];
  walk(ts, p.source, (node) => {
    if (!ts.isPropertyAssignment(node)) return;
    const value = node.initializer;
    if (ts.isObjectLiteralExpression(value)) return;
    const isList = ts.isArrayLiteralExpression(value);
    const entries = isList ? value.elements.map((e) => literalText(p, e)) : [literalText(p, value)];
    out.push({ path: keyPath(p, node), entries, isList, line: p.lineOf(node) });
  });
  // eslint's globalIgnores([...]) helper: an ignore list without a key.
  walk(ts, p.source, (node) => {
    if (!ts.isCallExpression(node) || !ts.isIdentifier(node.expression)) return;
    if (node.expression.text !== "globalIgnores") return;
    const list = node.arguments[0];
    if (list && ts.isArrayLiteralExpression(list))
      out.push({
        path: "ignores",
        entries: list.elements.map((e) => literalText(p, e)),
        isList: true,
        line: p.lineOf(node),
      });
  });
  return out;
}

/** Every setting of a config file: JS/TS read from its syntax tree, JSON(C) parsed. */
export async function configValues(path: string, text: string | undefined): Promise<ConfigValue[]> {
  if (text === undefined) return [];
  return isScriptFile(path)
    ? scriptValues(path, text)
    : path.endsWith("json") || path.endsWith("jsonc") || /\/?\.[\w-]*rc$/.test(path)
      ? jsonValues(text)
      : [];
}
