/**
 * The condition of the partial index `pacer_slots_odd`, repeated word for word by its query (named with INDEXED BY: the
 * planner would rather scan the bucket in the covering index of slot ends).
 */
export const ODD_END = "typeof(ended_ms) NOT IN ('integer', 'real', 'null')"
