/** `--shard i/n`: the i-th of n parts (1-based). */
export interface Shard {
  index: number;
  total: number;
}

/** Parse `i/n` (1 ≤ i ≤ n ≤ 1000); null when it is not that. */
export function parseShard(value: string): Shard | null {
  const match = /^(\d+)\/(\d+)$/.exec(value);
  if (!match) return null;
  const index = Number(match[1]);
  const total = Number(match[2]);
  if (index < 1 || total < 1 || index > total || total > 1000) return null;
  return { index, total };
}

/**
 * The flows of one shard, in selection order. Deterministic on every machine: without
 * durations, flows are dealt round-robin in name order; with the last known durations,
 * longest first onto the shard with the least total time (ties: the lower shard), and a
 * flow never timed counts as the mean of those that were.
 */
export function shardFlows(
  names: readonly string[],
  shard: Shard,
  durations?: ReadonlyMap<string, number>,
): string[] {
  const byName = [...names].sort();
  const owner = new Map<string, number>();
  if (!durations || durations.size === 0) {
    byName.forEach((name, i) => owner.set(name, (i % shard.total) + 1));
  } else {
    const known = byName.map((name) => durations.get(name)).filter((d) => d !== undefined);
    const mean = known.length > 0 ? known.reduce((a, b) => a + b, 0) / known.length : 1;
    const cost = (name: string) => durations.get(name) ?? mean;
    const order = [...byName].sort((a, b) => cost(b) - cost(a) || (a < b ? -1 : 1));
    const totals = new Array<number>(shard.total).fill(0);
    for (const name of order) {
      let best = 0;
      for (let i = 1; i < totals.length; i++)
        if ((totals[i] as number) < (totals[best] as number)) best = i;
      totals[best] = (totals[best] as number) + cost(name);
      owner.set(name, best + 1);
    }
  }
  return names.filter((name) => owner.get(name) === shard.index);
}
