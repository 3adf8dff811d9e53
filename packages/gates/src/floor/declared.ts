/**
 * An oracle test the task declares it may change (`## TESTS`, `action: modify`): its edits are
 * the task's, shown as such, not findings. No `test`: the whole file.
 */
export interface DeclaredTest {
  path: string;
  test?: string;
}

export const isDeclared = (declared: readonly DeclaredTest[], path: string, test?: string) =>
  declared.some(
    (d) => d.path === path && (d.test === undefined || test === undefined || d.test === test),
  );
