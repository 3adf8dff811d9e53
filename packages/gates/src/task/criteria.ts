import type { Criterion } from "@agent-verify/contract";

const BULLET = /^\s*(?:[-*+]|\d+[.)])\s+(?:\[[ xX]\]\s+)?(.*)$/;
const ID = /^\**(AC-?\d+[A-Za-z0-9.]*)\**\s*[:.)—–-]\s*(.+)$/i;

/**
 * Acceptance criteria from markdown or plain text (a task file's section, a bd ticket's
 * acceptance_criteria): one per bullet, or one per line when there are no bullets.
 * `AC-01: text` keeps its id; the others are numbered AC-01, AC-02, … in order.
 */
export function parseCriteria(text: string): Criterion[] {
  const lines = text.split(/\r?\n/).filter((line) => line.trim() !== "");
  const bullets = lines.some((line) => BULLET.test(line));
  const items: string[] = [];
  for (const line of lines) {
    const bullet = BULLET.exec(line);
    if (bullet) items.push((bullet[1] ?? "").trim());
    else if (!bullets) items.push(line.trim());
    // A line under a bullet continues it.
    else if (items.length > 0) items[items.length - 1] += ` ${line.trim()}`;
  }
  const used = new Set<string>();
  const out: Criterion[] = [];
  let next = 1;
  for (const item of items.filter((t) => t !== "")) {
    const named = ID.exec(item);
    let id = named?.[1]?.toUpperCase();
    const body = (named?.[2] ?? item).trim();
    while (id === undefined || used.has(id)) id = `AC-${String(next++).padStart(2, "0")}`;
    used.add(id);
    out.push({ id, text: body });
  }
  return out;
}
