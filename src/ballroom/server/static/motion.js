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

function track(animation) {
  running.add(animation);
  animation.finished.catch(() => {}).finally(() => running.delete(animation));
  return animation;
}

// Ends every running animation at its last frame.
export function skipAll() {
  for (const animation of [...running]) animation.finish();
}
document.addEventListener("pointerdown", skipAll, true);
document.addEventListener("keydown", skipAll, true);

// Marks an element as new or changed: a brief highlight behind it.
export function flash(el) {
  if (!motionOn() || !el.animate) return null;
  return track(el.animate([{ backgroundColor: "rgba(200, 150, 30, .45)" }, { backgroundColor: "transparent" }],
    { duration: 900, easing: "ease-out" }));
}
