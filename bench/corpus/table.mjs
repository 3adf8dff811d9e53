// The corpus bench's one table: a row per repository — its replayed commits and what they came to,
// then each honest change's stop: its verdict and its wall time over the same checks by hand.
import { CHANGES } from "./changes.mjs";

const SHORT = { ok: "ok", "false-red": "RED!", "false-green": "GREEN!", "setup-error": "SETUP!" };

function stopCell(row) {
  if (!row) return "-";
  if (row.verdict === "n/a") return "n/a";
  if (row.verdict === "bench-error") return "bench-err";
  const verdict = SHORT[row.verdict] ?? row.verdict;
  const named = row.named_failing_test === false ? "(unnamed)" : "";
  // no check by hand applies (a manifest-only bump without a lockfile, docs no tool formats)
  const cost = row.ratio === null ? `${(row.stop_ms / 1000).toFixed(1)}s` : `${row.ratio}x`;
  return `${verdict}${named} ${cost}`;
}

export function table(results) {
  const head = [
    "repo",
    "replayed",
    "false red",
    "policy red",
    "false green",
    "setup err",
    ...CHANGES,
  ];
  const rows = results.map((r) => {
    if (r.error) return [r.name, `error: ${r.error.slice(0, 60)}`];
    const count = (v) => r.replay.filter((x) => x.verdict === v).length;
    const byName = Object.fromEntries(r.stops.map((s) => [s.name, s]));
    return [
      r.name,
      String(r.replay.filter((x) => x.verdict !== "skipped").length),
      String(count("false-red")),
      String(count("policy-red")),
      String(count("false-green")),
      String(count("setup-error")),
      ...CHANGES.map((c) => stopCell(byName[c])),
    ];
  });
  const widths = head.map((h, i) =>
    Math.max(h.length, ...rows.map((row) => (row[i] ?? "").length)),
  );
  const line = (cells) => cells.map((c, i) => (c ?? "").padEnd(widths[i])).join("  ");
  return [line(head), line(widths.map((w) => "-".repeat(w))), ...rows.map(line)].join("\n");
}

/** Every false red, false green, setup error and failed expectation, one line each. */
export function problems(results) {
  const lines = [];
  const oneLine = (text) =>
    String(text ?? "")
      .replace(/\s+/g, " ")
      .slice(0, 300);
  for (const r of results) {
    if (r.error) lines.push(`${r.name}: bench error: ${oneLine(r.error)}`);
    for (const x of r.replay ?? [])
      if (!["agree-green", "agree-red"].includes(x.verdict))
        lines.push(`${r.name} replay ${x.commit.slice(0, 10)} ${x.verdict}: ${oneLine(x.finding)}`);
    for (const s of r.stops ?? []) {
      if (s.verdict !== "ok" && s.verdict !== "n/a")
        lines.push(`${r.name} stop ${s.name} ${s.verdict}: ${oneLine(s.finding)}`);
      if (s.named_failing_test === false)
        lines.push(`${r.name} stop break: the block's reason does not name the failing test`);
    }
  }
  return lines;
}
