// Short animations for the page and the game views: off under
// prefers-reduced-motion or the page's own "Animations" switch, and skippable
// (a click or key press ends every running one at once).

const STORE = "ballroom:motion";
const query = window.matchMedia("(prefers-reduced-motion: reduce)");

// Whether animations play: the person's system setting and this page's switch.
export function motionOn() {
  return !query.matches && localStorage.getItem(STORE) !== "off";
}

export function setMotion(on) {
  localStorage.setItem(STORE, on ? "on" : "off");
  if (!on) skipAll();
}

const running = new Set();
// The animations under way by element key, so that a redrawing that comes
// before one ends (the next state arriving at once) lets it run on, on the new element.
const underWay = new Map();

function track(animation) {
  running.add(animation);
  animation.finished.catch(() => {}).finally(() => running.delete(animation));
  return animation;
}

// Ends every running animation at its last frame.
export function skipAll() {
  for (const animation of [...running]) animation.finish();
  underWay.clear();
}
document.addEventListener("pointerdown", skipAll, true);
document.addEventListener("keydown", skipAll, true);

// Marks an element as new or changed: a brief highlight behind it.
export function flash(el) {
  if (!motionOn() || !el.animate) return null;
  return track(el.animate([{ backgroundColor: "rgba(200, 150, 30, .45)" }, { backgroundColor: "transparent" }],
    { duration: 900, easing: "ease-out" }));
}

// -- moves between two drawings of the page (FLIP) ----------------------------
//
// A view redraws the whole board on every state; `snapshot` notes where each
// keyed element was, `animateChanges` then makes the new drawing move from
// there: an element found again elsewhere glides from its old place (a card
// from hand to table, a Dancer stepping), a new one grows in, one whose text
// changed flashes, and a die showing a new face rolls. Elements are keyed by
// the data attributes views already set (data-id, data-card, data-dancer, ...).

const KEYS = ["data-id", "data-card", "data-dancer", "data-family", "data-agent", "data-block"];
const SELECTOR = KEYS.map((k) => `[${k}]`).join(",");

function keyed(root) {
  const seen = new Map();
  const out = [];
  for (const el of root.querySelectorAll(SELECTOR)) {
    const attr = KEYS.find((k) => el.hasAttribute(k));
    const base = `${el.tagName}|${attr}=${el.getAttribute(attr)}`;
    const n = seen.get(base) || 0;
    seen.set(base, n + 1);
    out.push([`${base}|${n}`, el]);
  }
  return out;
}

// Where the keyed elements of `roots` are now (null when motion is off).
export function snapshot(...roots) {
  if (!motionOn()) return null;
  const places = new Map();
  for (const root of roots.filter(Boolean)) {
    for (const [key, el] of keyed(root)) {
      places.set(key, { rect: el.getBoundingClientRect(), text: el.textContent });
    }
  }
  return { places };
}

// The face each die last showed, by the die's key: a die is compared with its
// last face even when a screen in between did not show it (a roll still pending).
const lastFaces = new Map();

// Dice with their keys: the letter of a view's [data-die] holder, else their kind and order.
function keyedDice(roots) {
  const seen = new Map();
  const out = [];
  for (const root of roots) {
    for (const die of root.querySelectorAll("svg.die")) {
      const holder = die.closest("[data-die]");
      const kind = die.getAttribute("class");
      let key = holder ? `${kind}|die ${holder.dataset.die}` : kind;
      const n = seen.get(key) || 0;
      seen.set(key, n + 1);
      key = `${key}|${n}`;
      out.push([key, die]);
    }
  }
  return out;
}

function svgScale(el) {
  const matrix = el.ownerSVGElement?.getScreenCTM?.();
  return matrix && matrix.a ? matrix.a : 1;
}

// Animates what changed in `roots` since `before` (a snapshot); nothing when
// motion is off or there is no snapshot (a first drawing is not news).
function start(key, el, keyframes, options) {
  underWay.set(key, { keyframes, options, began: performance.now() });
  return track(el.animate(keyframes, options));
}

function carryOn(key, el) {
  const going = underWay.get(key);
  if (!going) return false;
  const elapsed = performance.now() - going.began;
  if (elapsed >= going.options.duration) {
    underWay.delete(key);
    return false;
  }
  track(el.animate(going.keyframes, { ...going.options, delay: -elapsed }));
  return true;
}

export function animateChanges(before, ...roots) {
  roots = roots.filter(Boolean);
  const dice = keyedDice(roots);
  const rolled = new Set(dice.filter(([key, die]) => lastFaces.has(key) && lastFaces.get(key) !== die.textContent)
    .map(([key]) => key));
  for (const [key, die] of dice) lastFaces.set(key, die.textContent);
  if (!before || !motionOn()) {
    underWay.clear();
    return;
  }
  for (const [key, die] of dice) {
    if (!die.animate) continue;
    if (rolled.has(key)) {
      start(`roll ${key}`, die, [{ transform: "rotate(0) scale(.7)" }, { transform: "rotate(200deg) scale(1.1)" },
        { transform: "rotate(360deg) scale(1)" }], { duration: 450, easing: "ease-out" });
    } else {
      carryOn(`roll ${key}`, die);
    }
  }
  let entering = 0;
  for (const root of roots) {
    for (const [key, el] of keyed(root)) {
      if (!el.animate || el.getClientRects().length === 0) continue;
      const old = before.places.get(key);
      const now = el.getBoundingClientRect();
      if (!old) {
        // Only a few newcomers grow in: a whole new screen (a new phase) just appears.
        if (entering++ < 8) {
          start(key, el, [{ opacity: 0, transform: "scale(.85)" }, { opacity: 1, transform: "none" }],
            { duration: 260, easing: "ease-out" });
        }
        continue;
      }
      const dx = old.rect.left - now.left;
      const dy = old.rect.top - now.top;
      if (Math.abs(dx) > 2 || Math.abs(dy) > 2) {
        const scale = el instanceof SVGElement ? svgScale(el) : 1;
        start(key, el, [{ transform: `translate(${dx / scale}px, ${dy / scale}px)` }, { transform: "none" }],
          { duration: 380, easing: "cubic-bezier(.2, .7, .3, 1)" });
      } else if (carryOn(key, el)) {
        continue;
      } else if (old.text !== el.textContent && !(el instanceof SVGElement)) {
        flash(el);
      }
    }
  }
}

// The page's own switch, beside the system's reduced-motion setting.
export function motionSwitch() {
  const input = document.createElement("input");
  input.type = "checkbox";
  input.id = "motion-switch";
  input.checked = localStorage.getItem(STORE) !== "off";
  input.disabled = query.matches;
  input.addEventListener("change", () => setMotion(input.checked));
  const label = document.createElement("label");
  label.className = "motion-switch";
  label.title = query.matches ? "Off: your system asks for reduced motion" : "Short animations of moves";
  label.append(input, " Animations");
  return label;
}
