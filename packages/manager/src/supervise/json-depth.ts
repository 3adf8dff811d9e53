/** Deeper than any JSON the manager reads (contract 3 nests about 4 levels; bd's about 5). */
export const MAX_JSON_DEPTH = 64;

/**
 * Whether `text` nests arrays and objects deeper than `maxDepth`, in one linear pass.
 * JSON.parse copes with any depth, but walking the value (a schema, JSON.stringify) recurses
 * and overflows the stack somewhere past a few thousand levels.
 */
export function nestsDeeperThan(text: string, maxDepth: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const char = text.charCodeAt(i);
    if (inString) {
      if (char === 0x5c)
        i++; // backslash: skip the escaped character
      else if (char === 0x22) inString = false;
    } else if (char === 0x22) inString = true;
    else if (char === 0x5b || char === 0x7b) {
      if (++depth > maxDepth) return true;
    } else if (char === 0x5d || char === 0x7d) depth--;
  }
  return false;
}
