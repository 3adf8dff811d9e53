import type { GateFinding } from "@agent-verify/contract";
import { finding } from "../context.js";
import {
  grownSuppressions,
  isCoverageConfig,
  isEslintConfig,
  isSuppressionsFile,
  isTsconfig,
  loosenedEslint,
  loosenedTsconfig,
  loweredCoverage,
} from "./floor-config.js";
import { isTestFile } from "../catalogue/test-files.js";
import { movedElsewhere, removedTests } from "./removed-tests.js";
import type { TestDefinition } from "../test-count.js";
import type { DeclaredTest } from "./declared.js";
import { ignoreFileFindings } from "./ignore-files.js";
import type { JudgedFile } from "./judged-files.js";
import { loosenedSettings } from "./loosened-settings.js";
import { markerFindings } from "./markers.js";
import { silencingCastFindings } from "./silencing-casts.js";
import { moduleMockFindings } from "./module-mocks.js";
import { skipFormFindings } from "./skip-forms.js";
import { snapshotFindings } from "./snapshots.js";
import { testScriptFindings } from "./test-script.js";
import { weakenedAssertions } from "./weakened-assertions.js";

type ConfigCheck = (path: string, base: string, working: string) => GateFinding[];
const CONFIG_CHECKS: Array<[(path: string) => boolean, ConfigCheck]> = [
  [isEslintConfig, loosenedEslint],
  [isTsconfig, loosenedTsconfig],
  [isCoverageConfig, loweredCoverage],
  [isSuppressionsFile, grownSuppressions],
];

/** A test file the change deleted, or renamed to a name that is no test, whose tests did not move. */
async function deletedTest(file: JudgedFile, pool: TestDefinition[]): Promise<GateFinding[]> {
  const wasTest = isTestFile(file.oldPath ?? file.path);
  const gone = file.after === undefined || (file.oldPath !== undefined && !isTestFile(file.path));
  if (!wasTest || !gone || file.before === undefined || (await movedElsewhere(file, pool)))
    return [];
  const what =
    file.after !== undefined ? `renamed to ${file.path}, which is not a test file` : "deleted";
  return [
    finding(
      "floor",
      file.oldPath ?? file.path,
      null,
      "deleted-test",
      `test file ${what}`,
      "keep the test file",
    ),
  ];
}

/**
 * Every finding on one file, judged against its reference (the oracle's text when it has one).
 * `change`: every file the floor judges (a rename across files shows there).
 */
export async function fileFindings(
  file: JudgedFile,
  pool: TestDefinition[],
  declared: readonly DeclaredTest[],
  change: readonly JudgedFile[] = [],
): Promise<GateFinding[]> {
  const out = [
    ...markerFindings(file),
    ...(await skipFormFindings(file)),
    ...(await silencingCastFindings(file)),
  ];
  const deleted = await deletedTest(file, pool);
  if (deleted.length > 0 || file.after === undefined) return [...out, ...deleted];
  if (file.before === undefined) return out; // a new file loosens nothing
  if (isTestFile(file.oldPath ?? file.path) && isTestFile(file.path))
    out.push(...(await removedTests(file, pool, declared)));
  out.push(
    ...(await weakenedAssertions(file, declared, change)),
    ...(await moduleMockFindings(file, declared)),
    ...snapshotFindings(file, declared),
    ...ignoreFileFindings(file),
    ...testScriptFindings(file),
    ...(await loosenedSettings(file)),
  );
  for (const [applies, check] of CONFIG_CHECKS)
    if (applies(file.path)) out.push(...check(file.path, file.before, file.after));
  return out;
}
