// A seat's legal moves by their structured form: each move the server sends
// has `family` and `params` (parameter name -> value text) beside its `id`,
// `text` and `hint`, so a view finds a move without reading its text.

// The legal moves of these families.
export function ofFamily(legal, ...families) {
  return legal.filter((move) => families.includes(move.family));
}

// The legal move of `family` whose parameters include `params`, if any.
export function find(legal, family, params = {}) {
  return legal.find((move) => move.family === family
    && Object.entries(params).every(([name, value]) => move.params[name] === value));
}
