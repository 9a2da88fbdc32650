'use strict';
// Plays a move over a board that already shows its result (ui/game_motion.go computes what
// changed and calls brassAnimate after drawing it): new tiles and lines land, flipped tiles
// turn, coal, iron and beer travel from where they were taken to where they were used, the
// players' money, income and VP changes rise from their panels, and the move's log lines
// light up. Nothing ever waits for it, so it only decorates: every shape is drawn in an
// overlay of its own (animating the board's own SVG would repaint all of it each frame),
// it is gone in well under a second, sooner when moves queue, and a tap anywhere ends it.
// Off when the system asks for reduced motion; the game's setting stops the calls.
(() => {
  const SVG = 'http://www.w3.org/2000/svg';
  const ID = 'brass-move'; // the id of every animation started here (tests look for it)
  const reduced = window.matchMedia('(prefers-reduced-motion: reduce)');
  const running = new Set();
  let layer = null; // the SVG overlay laid over the board
  let notes = null; // the HTML overlay for the panels' figures
  let pending = null; // a change waiting for the frame that shows its move to be painted
  let marks = null; // where the VP and income markers stood after the last move shown: { at, pos }

  const CSS = `.anim-layer,.anim-notes{position:fixed;pointer-events:none;z-index:50;overflow:visible;contain:layout style;will-change:transform}
.anim-notes{inset:0}
.anim-layer>*{opacity:0;transform-box:fill-box;transform-origin:center}
.anim-layer>.anim-cube{transform-box:view-box;transform-origin:0 0}
.anim-ring{fill:none;stroke:#ffd84a;stroke-width:5;filter:drop-shadow(0 0 3px #ff9d00)}
.anim-note{position:fixed;opacity:0;font:bold 0.95rem/1 system-ui,sans-serif;color:#1d7a2e;text-shadow:0 0 3px #fff,0 0 2px #fff;white-space:nowrap}
.anim-note.anim-down{color:#b3261e}`;

  function start(el, keyframes, options) {
    const a = el.animate(keyframes, options);
    a.id = ID;
    running.add(a);
    const done = () => {
      running.delete(a);
      if (running.size === 0) clear();
    };
    a.onfinish = done;
    a.oncancel = done;
    return a;
  }

  function clear() {
    if (layer) layer.replaceChildren();
    if (notes) notes.replaceChildren();
  }

  /** Ends every running animation at once: the board under them is already final. */
  function skip() {
    pending = null;
    for (const a of [...running]) a.finish();
    running.clear();
    clear();
  }

  function overlay(board) {
    if (!layer) {
      const style = document.createElement('style');
      style.textContent = CSS;
      document.head.append(style);
      layer = document.createElementNS(SVG, 'svg');
      layer.setAttribute('class', 'anim-layer');
      layer.setAttribute('aria-hidden', 'true');
      notes = document.createElement('div');
      notes.className = 'anim-notes';
      notes.setAttribute('aria-hidden', 'true');
      document.body.append(layer, notes);
      // A tap (or a key) anywhere ends the animation; the tap itself goes on as usual.
      document.addEventListener('pointerdown', skip, true);
      document.addEventListener('keydown', skip, true);
    }
    const r = board.getBoundingClientRect();
    Object.assign(layer.style, { left: r.left + 'px', top: r.top + 'px', width: r.width + 'px', height: r.height + 'px' });
    layer.setAttribute('viewBox', board.getAttribute('viewBox'));
    layer.setAttribute('preserveAspectRatio', board.getAttribute('preserveAspectRatio') || 'xMidYMid meet');
    return layer;
  }

  /** The centre of a board element, or of any element on the page, in board units. */
  function centre(id) {
    const el = id && document.getElementById(id);
    if (!el) return null;
    if (el instanceof SVGGraphicsElement && el.ownerSVGElement && el.ownerSVGElement.id === 'board') {
      const b = el.getBBox();
      return { x: b.x + b.width / 2, y: b.y + b.height / 2 };
    }
    const r = el.getBoundingClientRect();
    const m = layer.getScreenCTM();
    if (!m) return null;
    const p = new DOMPoint(r.left + r.width / 2, r.top + Math.min(r.height / 2, 24)).matrixTransform(m.inverse());
    return { x: p.x, y: p.y };
  }

  /** A copy of a board element for the overlay, without its ids and controls. */
  function copy(id) {
    const el = document.getElementById(id);
    if (!el) return null;
    const c = el.cloneNode(true);
    for (const n of [c, ...c.querySelectorAll('[id]')]) n.removeAttribute('id');
    c.removeAttribute('tabindex');
    c.removeAttribute('role');
    layer.append(c);
    return { c, box: el.getBBox() };
  }

  function ring(box, delay, t) {
    const r = document.createElementNS(SVG, 'rect');
    r.setAttribute('class', 'anim-ring');
    for (const [k, v] of Object.entries({ x: box.x - 3, y: box.y - 3, width: box.width + 6, height: box.height + 6, rx: 6 })) r.setAttribute(k, v);
    layer.append(r);
    start(r, [{ opacity: 1, transform: 'scale(1)' }, { opacity: 0, transform: 'scale(1.5)' }], { duration: t * 0.5, delay, easing: 'ease-out' });
  }

  function placed(id, t) {
    const k = copy(id);
    if (!k) return;
    start(k.c, [
      { opacity: 0, transform: 'translateY(-40px) scale(1.6)' },
      { opacity: 1, transform: 'translateY(-24px) scale(1.35)', offset: 0.3 },
      { opacity: 1, transform: 'none' },
    ], { duration: t * 0.5, easing: 'ease-in' });
    ring(k.box, t * 0.3, t);
  }

  function flipped(id, t) {
    const k = copy(id);
    if (!k) return;
    start(k.c, [
      { opacity: 1, transform: 'scaleX(1)', filter: 'brightness(1.5)' },
      { opacity: 1, transform: 'scaleX(0)', offset: 0.45 },
      { opacity: 1, transform: 'scaleX(1)', filter: 'none' },
    ], { duration: t * 0.6, delay: t * 0.35, easing: 'ease-in-out' });
    ring(k.box, t * 0.6, t);
  }

  function cube(kind) {
    if (kind === 'beer') {
      const u = document.createElementNS(SVG, 'use');
      for (const [k, v] of Object.entries({ href: '#bb-barrel', x: -5, y: -6.5, width: 10, height: 13 })) u.setAttribute(k, v);
      return u;
    }
    const r = document.createElementNS(SVG, 'rect');
    for (const [k, v] of Object.entries({ x: -5, y: -5, width: 10, height: 10, class: 'bb-' + kind })) r.setAttribute(k, v);
    return r;
  }

  function flow(f, i, actor, t) {
    const a = centre(f.from);
    const b = centre(f.to || 'player-panel-' + actor);
    if (!a || !b) return;
    const el = cube(f.kind);
    el.classList.add('anim-cube');
    layer.append(el);
    const lift = Math.min(60, Math.hypot(b.x - a.x, b.y - a.y) / 3);
    const at = (p, y) => `translate(${p.x}px, ${p.y - y}px)`;
    start(el, [
      { opacity: 0, transform: at(a, 0) },
      { opacity: 1, transform: at(a, 6), offset: 0.12 },
      { opacity: 1, transform: at({ x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 }, lift), offset: 0.55 },
      { opacity: 1, transform: at(b, 0), offset: 0.9 },
      { opacity: 0, transform: at(b, 0) },
    ], { duration: t * 0.7, delay: Math.min(i, 6) * t * 0.05, easing: 'ease-in-out' });
  }

  /** Where each VP and income marker (and Lancashire's cotton demand marker) stands, in board
   *  units, by its id. */
  function markerPositions() {
    const pos = {};
    for (const el of document.querySelectorAll('#board .bb-vpm[id], #board .bb-incm[id], #board .bb-dmarker[id]')) pos[el.id] = centre(el.id);
    return pos;
  }

  /** A marker that moved along its track slides from where it stood to where it stands. */
  function slid(id, a, b, t) {
    const k = copy(id);
    if (!k) return;
    start(k.c, [
      { opacity: 1, transform: `translate(${a.x - b.x}px, ${a.y - b.y}px)` },
      { opacity: 1, transform: 'none' },
    ], { duration: t * 0.8, easing: 'ease-in-out' });
  }

  /** Slides the markers that moved since the position before the change (known only when the
   *  last move shown was the one the change starts from), and remembers where they stand. */
  function markers(c, t) {
    const now = markerPositions();
    if (marks && marks.at === c.from) {
      for (const [id, b] of Object.entries(now)) {
        const a = marks.pos[id];
        if (a && Math.hypot(a.x - b.x, a.y - b.y) > 0.5) slid(id, a, b, t);
      }
    }
    marks = { at: c.to, pos: now };
  }

  // Each figure's change in words, beside the figure, and shorter, for a column too narrow
  // for it beside the figure.
  const sign = (n) => (n > 0 ? '+' : '−');
  const FIGURES = [
    ['money', (n) => sign(n) + '£' + Math.abs(n), (n) => sign(n) + '£' + Math.abs(n)],
    ['income', (n) => 'income ' + sign(n) + Math.abs(n), (n) => sign(n) + Math.abs(n)],
    ['vp', (n) => sign(n) + Math.abs(n) + ' VP', (n) => sign(n) + Math.abs(n)],
  ];

  function player(d, t) {
    const panel = document.getElementById('player-panel-' + d.player);
    if (!panel) return;
    for (const [kind, say, short] of FIGURES) {
      const n = d[kind];
      const val = n && panel.querySelector('.pp-stat-' + kind + ' .pp-val');
      if (!val) continue;
      const r = val.getBoundingClientRect();
      if (r.width === 0) continue;
      const note = document.createElement('span');
      note.className = 'anim-note' + (n < 0 ? ' anim-down' : '');
      note.dataset.figure = kind;
      note.textContent = say(n);
      note.style.left = r.right + 4 + 'px';
      note.style.top = r.top + 2 + 'px';
      notes.append(note);
      // The note keeps clear of the next figure's column (on a phone the columns are close,
      // and a money change beside the money lay over the income's label): where there is no
      // room beside the figure it rises from over the figure's own label, shorter and, if it
      // must, smaller.
      const stat = val.closest('.pp-stat') || val;
      const col = stat.getBoundingClientRect();
      const next = stat.nextElementSibling;
      const limit = next ? next.getBoundingClientRect().left - 3 : col.right;
      if (r.right + 4 + note.offsetWidth > limit) {
        note.textContent = short(n);
        const room = limit - col.left;
        if (note.offsetWidth > room) note.style.fontSize = Math.max(0.7, (0.95 * room) / note.offsetWidth) + 'rem';
        note.style.left = col.left + 'px';
        note.style.top = col.top - 2 + 'px';
      }
      start(note, [{ opacity: 1, transform: 'translateY(0)' }, { opacity: 1, transform: 'translateY(-10px)', offset: 0.6 }, { opacity: 0, transform: 'translateY(-16px)' }],
        { duration: t, easing: 'ease-out' });
    }
  }

  function logLines(from, to, t) {
    for (let m = from; m < to; m++) {
      for (const el of document.querySelectorAll(`.log-entry[data-move="${m}"]`)) {
        start(el, [{ backgroundColor: '#ffe8a0' }, { backgroundColor: '#ffe8a0', offset: 0.7 }, { backgroundColor: 'transparent' }], { duration: t * 1.2 });
      }
    }
  }

  /**
   * Plays one change (JSON: board.Change plus from, to: the moves it covers, and actor: who
   * made the first of them) from the frame after the one that shows the move, so the page's
   * answer to a click is painted first. A change that arrives while another plays (or waits)
   * ends that one and plays at twice the speed, as does a change covering several moves.
   */
  window.brassAnimate = (json) => {
    const queued = running.size > 0 || pending !== null;
    skip();
    if (reduced.matches || document.hidden) return;
    requestAnimationFrame(() => setTimeout(() => {
      const p = pending;
      pending = null;
      if (p) play(p.json, p.queued);
    }, 0));
    pending = { json, queued };
  };

  function play(json, queued) {
    if (reduced.matches || document.hidden) return;
    const board = document.getElementById('board');
    if (!board) return;
    const c = JSON.parse(json);
    const t = queued || c.to - c.from > 1 ? 350 : 700;
    overlay(board);
    (c.placed || []).forEach((id) => placed(id, t));
    (c.flipped || []).forEach((id) => flipped(id, t));
    (c.flows || []).forEach((f, i) => flow(f, i, c.actor, t));
    (c.players || []).forEach((d) => player(d, t));
    markers(c, t);
    logLines(c.from, c.to, t);
  }
})();
