// Honest agent changes through the Stop hook (issue 46 §1): for each change the tree goes back to
// the base, the loop is armed there (untimed: the oracle is taken), the change is made as an agent
// makes it (edits, then the repository's formatter on the changed files; a dependency bump really
// reinstalls), one stop is timed, then the same checks scoped by hand to the change are timed on
// the same tree, in the same run. Every honest change must be allowed; the breaking one blocked,
// with the failing test named in the reason the agent reads.
import { existsSync, readFileSync, writeFileSync, mkdirSync } from "node:fs";
import { dirname, join } from "node:path";
import { armLoop, stop } from "./gates.mjs";
import { checkout, ensureInstall, git, keep, repoDir, sh } from "./workspace.mjs";

export const CHANGES = ["fix", "module", "rename", "types", "docs", "deps", "break"];

/** The next published version of `pkg` in its major (or the one below when it is the newest). */
function otherVersion(repo, pkg) {
  const manifest = JSON.parse(
    readFileSync(join(repoDir(repo), "node_modules", pkg, "package.json"), "utf8"),
  );
  const installed = manifest.version;
  const view = sh(repo, `npm view ${pkg} versions --json`);
  if (view.code !== 0) throw new Error(`npm view ${pkg}: ${view.out.slice(-300)}`);
  const all = JSON.parse(view.stdout).filter((v) => /^\d+\.\d+\.\d+$/.test(v));
  const major = installed.split(".")[0];
  const same = all.filter((v) => v.split(".")[0] === major);
  const index = same.indexOf(installed);
  if (index >= 0 && index < same.length - 1) return same.at(-1);
  if (index > 0) return same[index - 1];
  throw new Error(`no other version of ${pkg} (${installed}) in its major`);
}

function bump(repo, pkg) {
  const root = JSON.parse(readFileSync(join(repoDir(repo), "package.json"), "utf8"));
  const dev = Boolean(root.devDependencies?.[pkg]);
  const version = otherVersion(repo, pkg);
  const workspace = existsSync(join(repoDir(repo), "pnpm-workspace.yaml")) ? "-w " : "";
  const command = repo.pnpm
    ? `pnpm add ${workspace}${dev ? "-D" : "-P"} ${pkg}@${version} --prefer-offline`
    : repo.yarn
      ? `npx -y yarn@${repo.yarn} add ${dev ? "-D " : ""}${pkg}@${version} --ignore-scripts --ignore-engines --prefer-offline`
      : `npm install ${dev ? "-D" : "-P"} ${pkg}@${version} --no-audit --no-fund --prefer-offline`;
  const result = sh(repo, command);
  if (result.code !== 0) throw new Error(`${command}: ${result.out.slice(-600)}`);
  return `${pkg} → ${version}`;
}

/** Make one change in the working tree; returns the files it changed and what it did. */
export function apply(repo, edits) {
  const dir = repoDir(repo);
  const notes = [];
  const written = new Set();
  let bumped = false;
  for (const edit of edits) {
    if (edit.bump) {
      notes.push(bump(repo, edit.bump));
      bumped = true;
      continue;
    }
    if (edit.rename) {
      const [from, to] = edit.rename;
      const files = git(repo, "grep", "-lw", from)
        .split("\n")
        .filter((f) => f && !/changelog|history/i.test(f));
      const word = new RegExp(`\\b${from}\\b`, "g");
      for (const file of files) {
        writeFileSync(join(dir, file), readFileSync(join(dir, file), "utf8").replace(word, to));
        written.add(file);
      }
      notes.push(`${from} → ${to} in ${files.length} files`);
      continue;
    }
    const path = join(dir, edit.file);
    if (edit.write !== undefined) {
      mkdirSync(dirname(path), { recursive: true });
      writeFileSync(path, edit.write);
    } else if (edit.append !== undefined) {
      writeFileSync(path, readFileSync(path, "utf8") + edit.append);
    } else {
      const text = readFileSync(path, "utf8");
      const at = text.indexOf(edit.find);
      if (at < 0 || text.indexOf(edit.find, at + 1) >= 0)
        throw new Error(`${repo.name} ${edit.file}: the text to replace is not there exactly once`);
      writeFileSync(path, text.slice(0, at) + edit.replace + text.slice(at + edit.find.length));
    }
    written.add(edit.file);
  }
  const files = [...written].filter((f) => existsSync(join(dir, f)));
  if (files.length > 0) sh(repo, repo.format(files));
  if (bumped) files.push("package.json", ...(repo.lockfile ? [repo.lockfile] : []));
  return { files, note: notes.join("; ") };
}

/** The checks a person runs by hand, scoped to the change: wall ms and which were red. */
function byHand(repo, files) {
  let ms = 0;
  const red = [];
  let out = "";
  for (const command of repo.hand(files).filter(Boolean)) {
    const result = sh(repo, command);
    ms += result.ms;
    out += `$ ${command}  (exit ${result.code}, ${result.ms} ms)\n${result.out.slice(-3000)}\n`;
    if (result.code !== 0) red.push(command);
  }
  return { ms, red, out };
}

/**
 * A block of an honest change that rests only on tests red at the base too, while the checks by
 * hand are red as well: the base is red where the bench runs (immer's map-set tests need Node 22),
 * and gates agrees with the person. Not a false red, counted apart.
 */
function redAtBaseToo(gated, hand) {
  const findings = gated.report?.findings ?? [];
  return (
    hand.red.length > 0 &&
    findings.length > 0 &&
    findings.every((f) => f.rule === "test-failed" && f.message.includes("failed at the base too"))
  );
}

const alreadyVerified = (gated) => gated.report?.already_verified ?? null;

/** Does the block name the test the change broke (a failed-test finding naming it, in the reason)? */
function namesFailingTest(reason, test) {
  return /\[tests\/test-failed\]/.test(reason) && reason.includes(test);
}

export function runChanges(repo, base, only, reportDir, log) {
  const rows = [];
  let reinstall = false;
  for (const name of CHANGES) {
    if (only && !only.includes(name)) continue;
    const spec = repo.changes[name];
    if (!spec) {
      rows.push({ name, verdict: "n/a" });
      continue;
    }
    const breaking = name === "break";
    const edits = breaking ? spec.edits : spec;
    checkout(repo, base);
    const installError = ensureInstall(repo, { force: reinstall });
    reinstall = false;
    if (installError) throw new Error(`${repo.name} base: ${installError}`);
    armLoop(repo, base);
    if (edits.some((e) => e.bump)) reinstall = true;
    let change;
    try {
      change = apply(repo, edits);
    } catch (error) {
      rows.push({ name, verdict: "bench-error", finding: String(error.message).slice(0, 300) });
      log(`  stop ${name}: bench error: ${String(error.message).slice(0, 200)}`);
      continue;
    }
    const gated = stop(repo, base);
    const hand = byHand(repo, change.files);
    const expected = breaking ? "block" : "allow";
    let verdict;
    // a setup error blocks too: it is never the expected block of the breaking change
    if (gated.report?.exit_code === 2 || gated.answer?.gates_status === "error")
      verdict = "setup-error";
    else if (gated.decision === expected) verdict = "ok";
    else if (gated.decision === "block" && redAtBaseToo(gated, hand)) verdict = "agree-red";
    else if (gated.decision === "block") verdict = "false-red";
    else if (gated.decision === "allow") verdict = "false-green";
    else verdict = "error";
    const named =
      breaking && gated.decision === "block" && namesFailingTest(gated.reason, spec.test);
    const row = {
      name,
      files: change.files,
      note: change.note,
      decision: gated.decision,
      expected,
      verdict,
      named_failing_test: breaking ? named : undefined,
      stop_ms: gated.ms,
      hand_ms: hand.ms,
      ratio: hand.ms > 0 ? Math.round((gated.ms / hand.ms) * 100) / 100 : null,
      hand_red: hand.red,
      already_verified: alreadyVerified(gated),
      scope: gated.report?.tests_scope
        ? `${gated.report.tests_scope.scope}: ${gated.report.tests_scope.test_files?.length ?? 0} file(s) (${gated.report.tests_scope.reason})`
        : "no test run",
      finding: verdict === "ok" && !breaking ? "" : gated.finding,
    };
    rows.push(row);
    keep(reportDir, `stop-${name}.gates.json`, gated.json);
    keep(reportDir, `stop-${name}.summary.txt`, gated.summary);
    keep(
      reportDir,
      `stop-${name}.txt`,
      `files: ${change.files.join(" ")}\n${change.note}\ndecision: ${gated.decision} (${gated.ms} ms)\nhand: ${hand.ms} ms\n${hand.out}\nreason:\n${gated.reason || gated.out.slice(-4000)}\n`,
    );
    log(
      `  stop ${name}: ${gated.decision} (${verdict}${breaking ? `, names the test: ${named}` : ""}) ${gated.ms} ms vs ${hand.ms} ms by hand${row.finding ? `: ${row.finding.slice(0, 160)}` : ""}`,
    );
  }
  checkout(repo, base);
  ensureInstall(repo, { force: reinstall });
  return rows;
}
