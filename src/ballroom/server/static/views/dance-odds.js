// The odds of one Influence roll in The Dance, as the engine settles it
// (the_dance/state.py: _postroll_actions, _apply_postroll, _resolve).
//
// A d6 succeeds when it counts at most the target number. Domination is a
// natural 1 (domination=natural-one, the default), a count at least three
// under the target (margin-three), or any success with Overwhelming.
// After the roll a family may spend any one Refreshment:
//   Tactician: the die counts one lower; once per roll, only while it
//     counts more than 1. A lowered 1 is not a natural 1, so it never
//     Dominates under natural-one.
//   Willpower: roll again, once per effort (Tactician may then be used on
//     the new roll).
// "Best" play spends Refreshments to succeed first and, among equally sure
// ways to succeed, to Dominate; so both numbers come from one way of playing.
// Pure: no DOM, no fetch, so a test can call it with any inputs.

const EPS = 1e-12;

/** Whether a die showing `face`, lowered `lowered` times by Tactician, succeeds and Dominates. */
export function verdict({ face, lowered = 0, target, overwhelming = false, domination = "natural-one" }) {
  const counts = face - lowered;
  const success = counts <= target;
  const dominate = success && (overwhelming
    || (domination === "margin-three" ? target - counts >= 3 : face === 1 && lowered === 0));
  return { success, dominate };
}

function better(a, b) {
  if (Math.abs(a[0] - b[0]) > EPS) return a[0] > b[0] ? a : b;
  return a[1] > b[1] + EPS ? a : b;
}

/**
 * @param {object} p
 * @param {number} p.target       the number the die must not exceed
 * @param {number} [p.cards]      Refreshments left to spend after the roll
 * @param {boolean} [p.tactician] the family has Tactician
 * @param {boolean} [p.willpower] the family has Willpower (and has not used it this effort)
 * @param {boolean} [p.overwhelming] every success Dominates
 * @param {string} [p.domination] "natural-one" or "margin-three"
 * @returns {{plain: {success: number, dominate: number}, best: {success: number, dominate: number}}}
 */
export function rollOdds({ target, cards = 0, tactician = false, willpower = false,
  overwhelming = false, domination = "natural-one" }) {
  const settle = (face, lowered) => {
    const { success, dominate } = verdict({ face, lowered, target, overwhelming, domination });
    return [success ? 1 : 0, dominate ? 1 : 0];
  };
  const memo = new Map();
  // The value of rolling with `left` Refreshments in hand and Willpower still `fresh`.
  const roll = (left, fresh, powers) => {
    const key = `${left},${fresh},${powers}`;
    if (memo.has(key)) return memo.get(key);
    const total = [0, 0];
    for (let face = 1; face <= 6; face++) {
      const v = after(face, 0, left, fresh, powers);
      total[0] += v[0] / 6;
      total[1] += v[1] / 6;
    }
    memo.set(key, total);
    return total;
  };
  const after = (face, lowered, left, fresh, powers) => {
    let best = settle(face, lowered);
    if (!powers || left < 1) return best;
    if (tactician && lowered === 0 && face > 1) best = better(best, after(face, 1, left - 1, fresh, powers));
    if (willpower && fresh) best = better(best, roll(left - 1, false, powers));
    return best;
  };
  const [s0, d0] = roll(0, false, false);
  const [s1, d1] = roll(Math.max(0, cards), true, true);
  return { plain: { success: s0, dominate: d0 }, best: { success: s1, dominate: d1 } };
}
