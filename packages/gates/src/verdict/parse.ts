import type { JudgeVerdictBlock } from "@agent-verify/contract";
import { parseSentinel, SentinelError } from "./sentinel.js";

export interface ParsedVerdicts {
  verdicts: JudgeVerdictBlock[];
  /** Each block that was there but could not be read, and why. */
  problems: string[];
}

const FENCE = /^[ \t]*(`{3,}|~{3,})[ \t]*([^\s`]*)[^\n]*\n([\s\S]*?)^[ \t]*\1[ \t]*$/gm;
export const SENTINEL = "deadfish:VERDICT";

async function validate(value: unknown, where: string): Promise<JudgeVerdictBlock | string> {
  const { JudgeVerdictBlockSchema } = await import("@agent-verify/contract");
  // The first judge format: a bare list of criteria.
  const shaped = Array.isArray(value) ? { criteria: value } : value;
  const parsed = JudgeVerdictBlockSchema.safeParse(shaped);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  return `${where}: ${issue?.path.join(".") || "(root)"}: ${issue?.message ?? "invalid"}`;
}

const looksLikeVerdict = (value: unknown) =>
  Array.isArray(value) || (typeof value === "object" && value !== null && "criteria" in value);

function tryJson(text: string): { ok: true; value: unknown } | { ok: false; why: string } {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch (error) {
    return { ok: false, why: error instanceof Error ? error.message : String(error) };
  }
}

/** Read one verdict given as a value (the JSON form); a string is searched for verdict blocks. */
export async function verdictsFromValue(value: unknown, where: string): Promise<ParsedVerdicts> {
  if (typeof value === "string") return verdictsFromText(value, where);
  if (value === null || value === undefined)
    return { verdicts: [], problems: [`${where}: no verdict (null)`] };
  const result = await validate(value, where);
  return typeof result === "string"
    ? { verdicts: [], problems: [result] }
    : { verdicts: [result], problems: [] };
}

/**
 * Every verdict in a judge's output: ```deadfish:VERDICT blocks, ```json blocks holding a
 * verdict, or the whole output as one JSON verdict. Nothing found is a problem, never a pass.
 */
export async function verdictsFromText(
  text: string,
  where = "judge output",
): Promise<ParsedVerdicts> {
  const out: ParsedVerdicts = { verdicts: [], problems: [] };
  let blocks = 0;
  for (const match of text.matchAll(FENCE)) {
    const info = (match[2] ?? "").toLowerCase();
    const body = match[3] ?? "";
    const n = ++blocks;
    if (info === SENTINEL.toLowerCase()) {
      const trimmed = body.trim();
      let value: unknown;
      if (trimmed.startsWith("{")) {
        const json = tryJson(trimmed);
        if (!json.ok) {
          out.problems.push(`${where}: ${SENTINEL} block ${n}: not JSON (${json.why})`);
          continue;
        }
        value = json.value;
      } else {
        try {
          value = parseSentinel(body);
        } catch (error) {
          if (!(error instanceof SentinelError)) throw error;
          out.problems.push(`${where}: ${SENTINEL} block ${n}: ${error.message}`);
          continue;
        }
      }
      const one = await verdictsFromValue(value, `${where}: ${SENTINEL} block ${n}`);
      out.verdicts.push(...one.verdicts);
      out.problems.push(...one.problems);
    } else if (info === "json") {
      const json = tryJson(body);
      if (json.ok && looksLikeVerdict(json.value)) {
        const one = await verdictsFromValue(json.value, `${where}: json block ${n}`);
        out.verdicts.push(...one.verdicts);
        out.problems.push(...one.problems);
      }
    }
  }
  if (out.verdicts.length > 0 || out.problems.length > 0) return out;
  const whole = tryJson(text.trim());
  if (whole.ok && looksLikeVerdict(whole.value)) return verdictsFromValue(whole.value, where);
  return {
    verdicts: [],
    problems: [`${where}: no \`\`\`${SENTINEL} block and no JSON verdict`],
  };
}
