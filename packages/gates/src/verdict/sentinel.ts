/**
 * The body of a ```deadfish:VERDICT block, read line by line: `key: value` at the top,
 * `criteria:` items started by `- id:`, `fix_forward:` items as `- "text"`. Indentation is
 * optional (models drop it), so item keys are known by name, not by column.
 */
const TOP = new Set(["scope", "task_id", "verify_sh", "decision"]);
const LISTS = new Set(["criteria", "fix_forward"]);
const LINE = /^(-\s+)?([A-Za-z_][A-Za-z0-9_]*)\s*:\s*(.*)$/;

export class SentinelError extends Error {
  constructor(
    readonly line: number,
    message: string,
  ) {
    super(`line ${line}: ${message}`);
  }
}

function scalar(raw: string): string {
  const v = raw.trim();
  if (v.startsWith('"') && v.endsWith('"') && v.length >= 2) {
    try {
      return String(JSON.parse(v));
    } catch {
      return v.slice(1, -1);
    }
  }
  if (v.startsWith("'") && v.endsWith("'") && v.length >= 2)
    return v.slice(1, -1).replace(/''/g, "'");
  return v;
}

export function parseSentinel(body: string): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const criteria: Array<Record<string, string>> = [];
  const fixForward: string[] = [];
  let list: "criteria" | "fix_forward" | undefined;
  let item: Record<string, string> | undefined;
  body.split(/\r?\n/).forEach((raw, index) => {
    const line = index + 1;
    const text = raw.trim();
    if (text === "" || text.startsWith("#")) return;
    const m = LINE.exec(text);
    const key = m?.[2]?.toLowerCase();
    if (m && key && !m[1] && TOP.has(key)) {
      out[key] = scalar(m[3] ?? "");
      list = undefined;
      return;
    }
    if (m && key && !m[1] && LISTS.has(key)) {
      list = key as typeof list;
      if (key === "criteria") out.criteria = criteria;
      else out.fix_forward = fixForward;
      const rest = (m[3] ?? "").trim();
      if (rest !== "" && rest !== "[]")
        throw new SentinelError(line, `'${key}:' takes a list of '- …' lines`);
      return;
    }
    if (list === "fix_forward") {
      if (!text.startsWith("-"))
        throw new SentinelError(line, `fix_forward: expected '- "…"', got '${text}'`);
      fixForward.push(scalar(text.slice(1)));
      return;
    }
    if (list === "criteria" && m && key) {
      if (m[1] || item === undefined) {
        item = {};
        criteria.push(item);
      }
      if (item[key] !== undefined)
        throw new SentinelError(line, `criteria: a second '${key}' in one item`);
      item[key] = scalar(m[3] ?? "");
      return;
    }
    throw new SentinelError(
      line,
      `cannot read '${text.length > 60 ? `${text.slice(0, 60)}…` : text}'`,
    );
  });
  return out;
}
