'use strict';
// Helpers for the board tests: where things are on the screen, taps beside a line, a
// two-finger pinch, and the board's zoom (its SVG viewBox).

/** The board's viewBox as numbers [x, y, w, h]. */
async function viewBox(page) {
  return page.$eval('#board', (svg) => svg.getAttribute('viewBox').split(/\s+/).map(Number));
}

/** How many times the board is magnified (1: the whole board). */
async function zoomLevel(page) {
  const [, , w] = await viewBox(page);
  return 1000 / w;
}

/** The centre of an element on the screen. */
async function centre(page, selector) {
  return page.$eval(selector, (el) => {
    const r = el.getBoundingClientRect();
    return { x: r.x + r.width / 2, y: r.y + r.height / 2 };
  });
}

/**
 * A point `off` CSS pixels to the side of the middle of a link's line, on the screen.
 * side is +1 or −1.
 */
async function besideLink(page, linkId, off, side = 1) {
  return page.$eval(`#link-${linkId} .bb-hit`, (path, [off, side]) => {
    const len = path.getTotalLength();
    const m = path.getScreenCTM();
    const at = (l) => {
      const p = path.getPointAtLength(l);
      return new DOMPoint(p.x, p.y).matrixTransform(m);
    };
    const a = at(len / 2);
    const b = at(len / 2 + 2);
    const n = Math.hypot(b.x - a.x, b.y - a.y);
    return { x: a.x - ((b.y - a.y) / n) * off * side, y: a.y + ((b.x - a.x) / n) * off * side };
  }, [off, side]);
}

/**
 * Finds a highlighted link and a point `off` pixels beside it that hits no drawn target
 * and lies clearly nearer that link than any other highlighted one: a tap there should
 * choose it. Returns {id, x, y} or null.
 */
async function pointBesideHighlightedLink(page, off) {
  return page.evaluate((off) => {
    const links = [...document.querySelectorAll('#board g.bb-link.bb-hl')];
    const paths = links.map((g) => ({ id: g.id.slice('link-'.length), path: g.querySelector('.bb-hit') }));
    const distance = (path, x, y) => {
      const m = path.getScreenCTM();
      const len = path.getTotalLength();
      let best = Infinity;
      for (let l = 0; l <= len; l += 2) {
        const p = new DOMPoint(path.getPointAtLength(l).x, path.getPointAtLength(l).y).matrixTransform(m);
        best = Math.min(best, Math.hypot(p.x - x, p.y - y));
      }
      return best;
    };
    for (const { id, path } of paths) {
      const len = path.getTotalLength();
      const m = path.getScreenCTM();
      const at = (l) => new DOMPoint(path.getPointAtLength(l).x, path.getPointAtLength(l).y).matrixTransform(m);
      const a = at(len / 2);
      const b = at(len / 2 + 2);
      const n = Math.hypot(b.x - a.x, b.y - a.y);
      for (const side of [1, -1]) {
        const x = a.x - ((b.y - a.y) / n) * off * side;
        const y = a.y + ((b.x - a.x) / n) * off * side;
        const el = document.elementFromPoint(x, y);
        if (!el || !el.closest('#board') || el.closest('g[id]')) continue; // must miss every target
        const others = paths.filter((o) => o.id !== id).map((o) => distance(o.path, x, y));
        if (others.every((d) => d > off + 12)) return { id, x, y };
      }
    }
    return null;
  }, off);
}

/**
 * A two-finger pinch through the DevTools protocol (touch events, which Chromium turns
 * into pointer events): the fingers start `from` pixels apart around (x, y) and end `to`
 * pixels apart.
 */
async function pinch(page, x, y, from, to, steps = 8) {
  const cdp = await page.context().newCDPSession(page);
  const points = (d) => [
    { x: x - d / 2, y, id: 1 },
    { x: x + d / 2, y, id: 2 },
  ];
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: points(from) });
  for (let i = 1; i <= steps; i++) {
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: points(from + ((to - from) * i) / steps) });
  }
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await cdp.detach();
}

/** Whether two rectangles (from getBoundingClientRect) overlap. */
function overlaps(a, b) {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

/** The bounding rectangle of an element, or null. */
async function rectOf(page, selector) {
  return page.$eval(selector, (el) => {
    const r = el.getBoundingClientRect();
    return { x: r.x, y: r.y, width: r.width, height: r.height };
  }).catch(() => null);
}

module.exports = { viewBox, zoomLevel, centre, besideLink, pointBesideHighlightedLink, pinch, overlaps, rectOf };
