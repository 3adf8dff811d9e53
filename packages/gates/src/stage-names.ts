/** The finding rule of a judge answer that does not parse. */
export const NEEDS_HUMAN = "needs_human";
