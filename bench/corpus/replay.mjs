// Replay a repository's recent history (issue 46 §1): for each of its last commits that touch code
// or tests, verify-gates at C with BASE=C^ against the repository's own scripts at C. Both green or
// both red agree; gates red where its scripts pass is a false red, gates green where they fail a
// false green, exit 2 a setup error. A red that rests only on the floor's policy (a new suppression,
// a skipped, deleted or removed test: facts of the commit that no repository script checks) is
// counted apart as a policy red and listed with its findings for a person to read: the floor
// rejects such a change by design, however honest, and a wrong one (an edited suppression read as
// new) hides among them only until someone reads the list.
import { ensureInstall, checkout, git, keep, sh, withConfig } from "./workspace.mjs";
import { runGates } from "./gates.mjs";

const CODE = /\.(?:[cm]?[jt]sx?|json)$/;
const NOT_CODE = /(?:^|\/)(?:package\.json|tsconfig[^/]*\.json|[^/]*lock[^/]*\.json)$/;

/** The last `count` non-merge commits before `head` that change a source or test file. */
export function codeCommits(repo, head, count) {
  const log = git(repo, "log", "--no-merges", "--format=@%H %P", "--name-only", "-n", "400", head);
  const commits = [];
  for (const block of log.split("@").filter(Boolean)) {
    const [first, ...files] = block.trim().split("\n");
    const [sha, ...parents] = first.split(" ");
    if (parents.length !== 1) continue;
    if (files.some((f) => CODE.test(f) && !NOT_CODE.test(f))) commits.push(sha);
    if (commits.length === count) break;
  }
  return commits;
}

/** The repository's own scripts at the checked-out commit: green when every one exits 0. */
function ownScripts(repo) {
  let out = "";
  let green = true;
  for (const command of repo.own) {
    const result = sh(repo, command);
    out += `$ ${command}  (exit ${result.code}, ${result.ms} ms)\n${result.out.slice(-6000)}\n`;
    if (result.code !== 0) green = false;
  }
  return { green, out };
}

/** The floor's rules that state what the commit did rather than infer what it meant. */
const POLICY_RULES = new Set(["suppression", "skipped-test", "deleted-test", "removed-tests"]);

const policyOnly = (report) =>
  (report?.findings?.length ?? 0) > 0 &&
  report.findings.every((f) => f.stage === "floor" && POLICY_RULES.has(f.rule));

export function classify(gatesCode, ownGreen, report = null) {
  if (gatesCode === 2) return "setup-error";
  if (gatesCode === 0) return ownGreen ? "agree-green" : "false-green";
  if (gatesCode === 1 && ownGreen) return policyOnly(report) ? "policy-red" : "false-red";
  if (gatesCode === 1) return "agree-red";
  return "crash";
}

/** A policy red's findings, one line each (file:line rule: message). */
const policyLines = (report) =>
  report.findings.map((f) => `${f.file}:${f.line} ${f.rule}: ${f.message}`).join(" | ");

export function replay(repo, head, count, reportDir, log) {
  const rows = [];
  for (const commit of codeCommits(repo, head, count)) {
    const short = commit.slice(0, 10);
    const parent = git(repo, "rev-parse", `${commit}^`);
    const base = withConfig(repo, parent, parent);
    const change = withConfig(repo, commit, base);
    checkout(repo, change);
    const installError = ensureInstall(repo);
    if (installError) {
      rows.push({ commit, verdict: "skipped", finding: installError.slice(0, 300), own: "n/a" });
      log(`  replay ${short}: skipped (${installError.slice(0, 120)})`);
      continue;
    }
    const own = ownScripts(repo);
    checkout(repo, change);
    const gates = runGates(repo, base);
    const verdict = classify(gates.code, own.green, gates.report);
    keep(reportDir, `replay-${short}.own.txt`, own.out);
    keep(reportDir, `replay-${short}.gates.json`, gates.json);
    keep(reportDir, `replay-${short}.summary.txt`, gates.summary || gates.out.slice(-4000));
    const finding =
      verdict === "agree-green"
        ? ""
        : verdict === "policy-red"
          ? policyLines(gates.report)
          : gates.finding;
    rows.push({
      commit,
      subject: git(repo, "log", "-1", "--format=%s", commit).slice(0, 80),
      verdict,
      own: own.green ? "green" : "red",
      gates_exit: gates.code,
      gates_ms: gates.ms,
      already_verified: gates.report?.already_verified ?? null,
      finding,
    });
    log(
      `  replay ${short}: ${verdict} (gates ${gates.code} in ${gates.ms} ms)${finding ? `: ${finding.slice(0, 160)}` : ""}`,
    );
  }
  return rows;
}
