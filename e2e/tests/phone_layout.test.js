'use strict';
// The phone's layout (issue 43): on a 390×844 touch screen the game screen is the viewport
// tall and the page never scrolls; the board stays in view and the controls lie in a sheet
// over its bottom (ui/game_sheet.go). A whole turn of every action of a Birmingham hotseat
// game (build, network, develop, sell, loan, scout, pass) and the tutorial's first ten steps
// are played by tapping, at its centre and with no scrolling, what the game asks for (an
// action, a card, a glowing place, a choice, Confirm, Next), each checked first to lie wholly
// in view and uncovered; a board zoomed on its far corner comes to the question's glowing
// line by itself, and goes back once it is answered. The log and the player panels are a tap away, the hand's strip
// opens to every card, and a money change keeps out of the income's column. A landscape
// phone and a 1366×768 desktop keep the board and the side column side by side, and there
// Undo (with the actions, not in the menu) and the history banner appearing leave the board
// where it was.
//
// Each step's screenshot is kept in e2e/out/phone/ (git-ignored).

const assert = require('node:assert/strict');
const fs = require('node:fs');
const path = require('node:path');
const { test, before, after } = require('node:test');
const { assertNoErrors, launchBrowser, newContext, openApp, waitReady, watchErrors, BASE_URL } = require('../lib');
const { UI_TIMEOUT_MS, fixtureGameFile, importFile, savedGames, waitSavedCount, waitStartScreen } = require('../helpers_saves');
const { closeSummaries, gameState, logText, waitMoves } = require('../helpers_play');

const OUT = path.join(__dirname, '..', 'out', 'phone');

let browser;
before(async () => {
  browser = await launchBrowser();
  fs.rmSync(OUT, { recursive: true, force: true });
  fs.mkdirSync(OUT, { recursive: true });
});
after(async () => {
  await browser?.close();
});

/** A 390×844 phone: touch, twice the pixels. */
async function phone(init) {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true, serviceWorkers: 'block',
  });
  if (init) await context.addInitScript(init);
  const page = await context.newPage();
  const errors = watchErrors(page, { blockedSW: true });
  await page.goto(BASE_URL + '/');
  await waitReady(page);
  await waitStartScreen(page);
  return { context, page, errors };
}

/** Saves numbered screenshots of one test under e2e/out/phone/<name>-NN-<what>.png. */
function shooter(name) {
  let n = 0;
  return async (page, what) => {
    n++;
    const file = `${name}-${String(n).padStart(2, '0')}-${what.replace(/[^a-z0-9]+/gi, '-').toLowerCase()}.png`;
    await page.screenshot({ path: path.join(OUT, file) });
  };
}

/** Fails unless the page is exactly the viewport tall and not scrolled. */
async function assertNoPageScroll(page, what) {
  const s = await page.evaluate(() => ({ h: document.scrollingElement.scrollHeight, y: window.scrollY, vh: window.innerHeight }));
  assert.ok(s.h <= s.vh + 1 && s.y === 0, `${what}: the page scrolls (height ${s.h} in ${s.vh}, scrolled ${s.y})`);
}

/**
 * Why the element is not wholly seen, or '': its box outside the viewport, cut by a scrolling
 * ancestor (the sheet, the hand's strip), or covered at its centre by something else (for a
 * place on the board: anything but the board).
 */
function unseen(el) {
  const r = el.getBoundingClientRect();
  if (r.width === 0 || r.height === 0) return 'it has no box';
  const e = 0.5;
  if (r.left < -e || r.top < -e || r.right > window.innerWidth + e || r.bottom > window.innerHeight + e) {
    return `it lies outside the viewport (${Math.round(r.left)},${Math.round(r.top)}–${Math.round(r.right)},${Math.round(r.bottom)})`;
  }
  for (let a = el.parentElement; a; a = a.parentElement) {
    const s = getComputedStyle(a);
    if (s.overflowX === 'visible' && s.overflowY === 'visible') continue;
    const b = a.getBoundingClientRect();
    if (r.left < b.left - e || r.top < b.top - e || r.right > b.right + e || r.bottom > b.bottom + e) {
      return `it is cut by ${a.id ? '#' + a.id : a.className || a.localName} (its bottom ${Math.round(r.bottom)}, the box's ${Math.round(b.bottom)})`;
    }
  }
  const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
  const onBoard = el.closest('#board');
  const ok = hit && (onBoard ? hit.closest('.bf-viewport') : el === hit || el.contains(hit));
  return ok ? '' : `its centre is covered by ${hit ? (hit.id ? '#' + hit.id : hit.className || hit.localName) : 'nothing'}`;
}

/** Waits until the screen has not changed for a moment (see builderSettled in helpers_play). */
async function settled(page) {
  await page.evaluate(() => new Promise((resolve) => {
    const target = document.querySelector('.game-screen') || document.body;
    let timer;
    const done = () => { obs.disconnect(); clearTimeout(cap); resolve(); };
    const obs = new MutationObserver(() => { clearTimeout(timer); timer = setTimeout(done, 150); });
    obs.observe(target, { subtree: true, childList: true, characterData: true, attributes: true });
    timer = setTimeout(done, 150);
    const cap = setTimeout(done, 3000);
  }));
}

/**
 * Taps the element the selector names (the first one wholly seen, when several are offered),
 * with a finger at its centre, after checking it is seen and the page not scrolled, and
 * keeping a screenshot. Confirm and Stop selling take taps a moment after they appear: their
 * animation is waited for first.
 */
async function tapSeen(page, shot, selector, what) {
  await settled(page);
  await assertNoPageScroll(page, what);
  await page.$$eval(selector, (els) => Promise.all(els.flatMap((el) => el.getAnimations())
    .filter((a) => a.effect?.getTiming().iterations !== Infinity).map((a) => a.finished)));
  const at = await page.evaluate(([sel, unseenSrc]) => {
    const unseen = new Function('return ' + unseenSrc)();
    const els = [...document.querySelectorAll(sel)];
    if (els.length === 0) return { why: 'nothing matches' };
    let why = '';
    for (const el of els) {
      const w = unseen(el);
      if (w === '') {
        const r = el.getBoundingClientRect();
        el.setAttribute('data-tapping', '1');
        return { x: r.left + r.width / 2, y: r.top + r.height / 2 };
      }
      why = why || w;
    }
    return { why };
  }, [selector, unseen.toString()]);
  assert.ok(!at.why, `${what} (${selector}): not wholly in view: ${at.why}`);
  await page.$eval('[data-tapping]', (el) => el.removeAttribute('data-tapping'));
  await shot(page, what);
  await page.touchscreen.tap(at.x, at.y);
}

/** Reveals the hand when the pass-the-device cover is shown. */
async function revealIfCovered(page, shot) {
  await settled(page);
  if (await page.$('.pd-btn')) {
    await tapSeen(page, shot, '.pd-btn', 'the cover');
    await page.waitForSelector('.pd', { state: 'detached', timeout: UI_TIMEOUT_MS });
  }
  await page.waitForSelector('#builder', { timeout: UI_TIMEOUT_MS });
}

/** What the builder asks now: 'confirm', 'card', 'board' or 'choice'. */
async function question(page) {
  return page.evaluate(() => {
    if (document.querySelector('#confirm')) return 'confirm';
    const q = document.querySelector('#question')?.textContent ?? '';
    if (/card/i.test(q) && document.querySelector('#hand .hand-card:not([aria-disabled="true"])')) return 'card';
    if (document.querySelector('#board g.bb-hl[id], #board g.bb-src[id]')) return 'board';
    if (document.querySelector('#builder .gs-choice')) return 'choice';
    return '';
  });
}

/** Every glowing place is wholly seen (the sheet lowered under them), or why not. */
async function glowingUnseen(page) {
  return page.evaluate((unseenSrc) => {
    const unseen = new Function('return ' + unseenSrc)();
    return [...document.querySelectorAll('#board g.bb-hl[id], #board g.bb-src[id]')]
      .map((g) => [g.id, unseen(g)]).filter(([, w]) => w !== '').map(([id, w]) => `${id}: ${w}`);
  }, unseen.toString());
}

/** Plays one action of the given type by tapping the first answer of each question. */
async function playAction(page, shot, type) {
  await revealIfCovered(page, shot);
  const before = (await gameState(page)).moves;
  await tapSeen(page, shot, `#action-${type}`, `${type}: the action`);
  for (let i = 0; i < 12; i++) {
    await page.waitForFunction(() => document.querySelector('#question, #confirm'), null, { timeout: UI_TIMEOUT_MS });
    await settled(page);
    const q = await question(page);
    const crumbs = await page.$$eval('.gs-crumbs li', (l) => l.length);
    if (q === 'confirm') {
      await tapSeen(page, shot, '#confirm', `${type}: Confirm`);
      break;
    }
    if (q === 'card') {
      await tapSeen(page, shot, '#hand .hand-card:not([aria-disabled="true"]):not(.hand-sel)', `${type}: a card`);
    } else if (q === 'board') {
      assert.deepEqual(await glowingUnseen(page), [], `${type}: every glowing place is in view`);
      await tapSeen(page, shot, '#board g.bb-hl[id], #board g.bb-src[id]', `${type}: a glowing place`);
    } else if (q === 'choice') {
      await tapSeen(page, shot, '#builder .gs-choice', `${type}: a choice`);
    } else {
      assert.fail(`${type}: nothing to tap in ${await page.textContent('#builder')}`);
    }
    await page.waitForFunction((n) => document.querySelector('#confirm') || document.querySelectorAll('.gs-crumbs li').length !== n,
      crumbs, { timeout: UI_TIMEOUT_MS });
  }
  await waitMoves(page, before + 1);
  await closeSummaries(page);
  await assertNoPageScroll(page, `after ${type}`);
}

/** Opens a recorded game cut to n moves from the start screen (of a page with no saved game). */
async function openRecorded(page, n, touch = true) {
  await importFile(page, { name: `at-${n}.json`, mimeType: 'application/json', buffer: Buffer.from(fixtureGameFile(n).json) });
  await waitSavedCount(page, 1);
  const [game] = await savedGames(page);
  await (touch ? page.tap(`#saved-resume-${game.id}`) : page.click(`#saved-resume-${game.id}`));
  await page.waitForSelector('.game-screen', { timeout: UI_TIMEOUT_MS });
}

/** A page of the app in a context of its own (service workers blocked). */
async function openIn(context) {
  const page = await context.newPage();
  const errors = watchErrors(page, { blockedSW: true });
  await page.goto(BASE_URL + '/');
  await waitReady(page);
  await waitStartScreen(page);
  return { page, errors };
}

test('on a phone every action of a turn is played by tapping what is in view, the page never scrolling', { timeout: 240_000 }, async () => {
  const { context, page, errors } = await phone();
  const shot = shooter('actions');
  try {
    // Round 2 of a recorded game: Kate, Brunel and Ada have two actions each.
    await openRecorded(page, 3);
    await assertNoPageScroll(page, 'the game screen');
    const board = await page.$eval('#board', (el) => el.getBoundingClientRect().width);
    assert.ok(board >= 385, `the board fills the width (${board}px)`);
    const header = await page.$eval('.gs-top', (el) => el.getBoundingClientRect().height);
    assert.ok(header <= 56, `the header is one slim row (${header}px)`);
    // Each turn plays the first action not played yet that the position allows (Pass last).
    const left = ['build', 'network', 'develop', 'loan', 'scout', 'pass'];
    for (let i = 0; i < 14 && left.length > 0; i++) {
      await revealIfCovered(page, shot);
      const open = await page.$$eval('#builder .gs-action:not([aria-disabled="true"])', (els) => els.map((e) => e.id.replace('action-', '')));
      const type = left.find((t) => open.includes(t) && (t !== 'pass' || left.length === 1)) || (open.includes('loan') ? 'loan' : 'pass');
      await playAction(page, shot, type);
      if (left.includes(type)) left.splice(left.indexOf(type), 1);
    }
    assert.deepEqual(left, [], 'every action was played');
    const log = await logText(page);
    for (const re of [/ builds /, / canal /, / develops /, / loan/, / scouts/, / passes/]) assert.match(log, re);

    // The log is a tap away, in the sheet, and a line of it shows the board after its move
    // with the board in view.
    await tapSeen(page, shot, '#sheet-log', 'the log tab');
    await page.waitForSelector('.gs-tab-log #gs-log .log-entry', { timeout: UI_TIMEOUT_MS });
    await tapSeen(page, shot, '#gs-log .log button[data-move]', 'a line of the log');
    await page.waitForSelector('#history-banner', { timeout: UI_TIMEOUT_MS });
    const seen = await page.evaluate(() => {
      const b = document.querySelector('#board').getBoundingClientRect();
      const s = document.querySelector('#gs-sheet').getBoundingClientRect();
      return { boardBottom: b.bottom, sheetTop: s.top };
    });
    assert.ok(seen.boardBottom <= seen.sheetTop + 1, `the board is in view above the log (${JSON.stringify(seen)})`);
    await tapSeen(page, shot, '#history-banner button', 'back to the game');
    await page.waitForSelector('#history-banner', { state: 'detached', timeout: UI_TIMEOUT_MS });
    await tapSeen(page, shot, '#sheet-log', 'the log tab again');
    await page.waitForSelector('.gs-tab-log', { state: 'detached', timeout: UI_TIMEOUT_MS });

    // The player panels are a tap away too, and a money change keeps to its column: it never
    // lies over the income's label (it did in the phone's old column).
    await tapSeen(page, shot, '#sheet-players', 'the players tab');
    await page.waitForSelector('.gs-tab-players .pp', { timeout: UI_TIMEOUT_MS });
    const p = await page.$eval('.gs-tab-players .pp', (el) => Number(el.dataset.player));
    // The change as the game hands it to web/anim.js; the notes' columns are read as soon as
    // they appear (they rise and fade within a second).
    const cols = await page.evaluate((p) => new Promise((resolve) => {
      window.brassAnimate(JSON.stringify({ from: 0, to: 1, actor: p, players: [{ player: p, money: 30, income: -3, vp: 12 }] }));
      const box = (el) => { const r = el.getBoundingClientRect(); return { l: r.left, r: r.right }; };
      const look = () => {
        const money = document.querySelector('.anim-note[data-figure="money"]');
        const income = document.querySelector('.anim-note[data-figure="income"]');
        if (!money || !income) return requestAnimationFrame(look);
        const panel = document.getElementById('player-panel-' + p);
        resolve({ money: box(money), income: box(panel.querySelector('.pp-stat-income dt')), incomeNote: box(income), vp: box(panel.querySelector('.pp-stat-vp dt')) });
      };
      look();
    }), p);
    await shot(page, 'a money change');
    assert.ok(cols.money.r <= cols.income.l + 0.5, `the money change (${JSON.stringify(cols.money)}) lies over the income's label (${JSON.stringify(cols.income)})`);
    assert.ok(cols.incomeNote.r <= cols.vp.l + 0.5, `the income change (${JSON.stringify(cols.incomeNote)}) lies over the VP's label (${JSON.stringify(cols.vp)})`);
    await tapSeen(page, shot, '#sheet-players', 'the turn again');

    // The hand is one row that scrolls sideways, and opens to every card.
    await revealIfCovered(page, shot);
    const strip = await page.$eval('#hand', (el) => ({ wraps: el.scrollWidth <= el.clientWidth, rows: new Set([...el.children].map((c) => Math.round(c.getBoundingClientRect().top))).size }));
    assert.deepEqual(strip, { wraps: false, rows: 1 }, 'the hand is one row that scrolls');
    await tapSeen(page, shot, '#hand-expand', 'all the cards');
    await page.waitForSelector('#hand-expand[aria-expanded="true"]', { timeout: UI_TIMEOUT_MS });
    const open = await page.$eval('#hand', (el) => el.scrollWidth <= el.clientWidth + 1);
    assert.ok(open, 'the opened hand shows every card without scrolling sideways');
    await tapSeen(page, shot, '#hand-expand', 'one row again');

    // The sheet's handle lowers and raises it by hand.
    const up = await page.getAttribute('#sheet-toggle', 'aria-expanded');
    await tapSeen(page, shot, '#sheet-toggle', 'the handle');
    await page.waitForSelector(`#sheet-toggle[aria-expanded="${up === 'true' ? 'false' : 'true'}"]`, { timeout: UI_TIMEOUT_MS });
    await assertNoPageScroll(page, 'the sheet moved by hand');
    assertNoErrors(errors);
  } finally {
    await context.close();
  }
});

test('on a phone a sale is played by tapping what is in view', { timeout: 120_000 }, async () => {
  const { context, page, errors } = await phone();
  const shot = shooter('sell');
  try {
    // Brunel has built a Cotton Mill in Worcester and has a second action: he sells it.
    await openRecorded(page, 6);
    await playAction(page, shot, 'sell');
    await settled(page);
    if (await page.$('#end-sell')) await tapSeen(page, shot, '#end-sell', 'stop selling');
    assert.match(await logText(page), / sells /);
    assertNoErrors(errors);
  } finally {
    await context.close();
  }
});

test('on a phone the tutorial\'s first ten steps are played by tapping what is in view', { timeout: 180_000 }, async () => {
  const { context, page, errors } = await phone();
  const shot = shooter('tutorial');
  try {
    await page.tap('#tutorial');
    await page.waitForSelector('#tutorial[data-step="0"]', { timeout: UI_TIMEOUT_MS });
    const steps = new Set();
    const taps = {};
    const followed = {}; // the board's view: zoomed on a far corner, at the glowing line, back
    for (let i = 0; i < 80; i++) {
      await closeSummaries(page);
      await settled(page);
      const p = await page.evaluate(() => {
        const el = document.querySelector('#tutorial[data-kind]');
        return el ? { step: Number(el.dataset.step), kind: el.dataset.kind } : null;
      });
      assert.ok(p, 'the tutorial is shown');
      if (p.step >= 10) break;
      steps.add(p.step);
      await assertNoPageScroll(page, `step ${p.step + 1}`);
      const sig = await page.evaluate(() => [document.querySelector('.game-screen').dataset.moves, document.querySelectorAll('.gs-crumbs li').length,
        !!document.querySelector('#confirm'), document.querySelector('#question')?.textContent, document.querySelector('#tutorial')?.dataset.step].join('|'));
      let did;
      if (p.kind === 'tell') {
        did = 'next';
        await tapSeen(page, shot, '#tutorial-next', `step ${p.step + 1}: Next`);
      } else if (p.kind === 'wait') {
        did = 'wait';
      } else if (await page.$('#builder .gs-action.tut-glow')) {
        did = 'action';
        await tapSeen(page, shot, '#builder .gs-action.tut-glow', `step ${p.step + 1}: the glowing action`);
      } else {
        did = await question(page);
        const sel = {
          confirm: '#confirm',
          card: '#hand .hand-card:not([aria-disabled="true"]):not(.hand-sel)',
          board: '#board g.bb-hl[id], #board g.bb-src[id]',
          choice: '#builder .gs-choice',
        }[did];
        assert.ok(sel, `step ${p.step + 1}: nothing to tap`);
        if (did === 'card' && p.step === 5 && !followed.from) {
          // Step 6 links Dudley and Birmingham: zoomed in on the board's far corner first, the
          // board comes to the glowing line by itself once the card is chosen.
          for (let z = 0; z < 3; z++) await tapSeen(page, shot, '#board-zoom-in', 'zoom in');
          const mini = await page.$eval('#board-minimap', (el) => { const r = el.getBoundingClientRect(); return { x: r.x, y: r.y, w: r.width, h: r.height }; });
          await page.touchscreen.tap(mini.x + mini.w * 0.92, mini.y + mini.h * 0.08);
          await page.waitForFunction(() => Number(document.querySelector('#board').getAttribute('viewBox').split(' ')[0]) > 600, null, { timeout: UI_TIMEOUT_MS });
          followed.from = await page.getAttribute('#board', 'viewBox');
        }
        if (did === 'board') {
          assert.deepEqual(await glowingUnseen(page), [], `step ${p.step + 1}: the glowing place is in view`);
          if (followed.from && !followed.to) followed.to = await page.getAttribute('#board', 'viewBox');
        }
        if (did === 'confirm' && followed.to && !followed.back) {
          followed.confirmed = true;
        }
        await tapSeen(page, shot, sel, `step ${p.step + 1}: ${did}`);
        if (followed.confirmed && !followed.back) {
          await page.waitForFunction((v) => document.querySelector('#board').getAttribute('viewBox') === v, followed.from, { timeout: UI_TIMEOUT_MS });
          followed.back = true;
        }
      }
      taps[did] = (taps[did] || 0) + 1;
      await page.waitForFunction((s) => [document.querySelector('.game-screen').dataset.moves, document.querySelectorAll('.gs-crumbs li').length,
        !!document.querySelector('#confirm'), document.querySelector('#question')?.textContent, document.querySelector('#tutorial')?.dataset.step].join('|') !== s || !!document.querySelector('.sum-backdrop'),
      sig, { timeout: UI_TIMEOUT_MS });
    }
    assert.equal(steps.size, 10, `the first ten steps were shown (${[...steps]})`);
    assert.ok(followed.to && followed.to !== followed.from, `the board came to the glowing line (${JSON.stringify(followed)})`);
    assert.ok(followed.back, 'the player\'s own view came back once the line was confirmed');
    for (const kind of ['next', 'action', 'card', 'board', 'confirm']) {
      assert.ok(taps[kind] > 0, `tapped a ${kind} (${JSON.stringify(taps)})`);
    }
    assertNoErrors(errors);
  } finally {
    await context.close();
  }
});

/** The boxes of the board and the side column. */
async function boxes(page) {
  return page.evaluate(() => {
    const box = (sel) => { const r = document.querySelector(sel).getBoundingClientRect(); return { x: r.x, y: r.y, w: r.width, h: r.height }; };
    return { board: box('#board'), side: box('.gs-side') };
  });
}

test('a landscape phone and a 1366×768 desktop keep the board and the side column side by side; Undo and the history banner leave the board where it was', { timeout: 120_000 }, async () => {
  const land = await browser.newContext({
    viewport: { width: 844, height: 390 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true, serviceWorkers: 'block',
  });
  try {
    const { page, errors } = await openIn(land);
    await openRecorded(page, 3);
    await page.tap('.pd-btn');
    await page.waitForSelector('#builder', { timeout: UI_TIMEOUT_MS });
    const { board, side } = await boxes(page);
    await page.screenshot({ path: path.join(OUT, 'landscape.png') });
    assert.ok(side.x >= board.x + board.w - 1 && side.y < board.y + board.h, `side by side: ${JSON.stringify({ board, side })}`);
    await assertNoPageScroll(page, 'a landscape phone');
    const top = await page.$eval('.gs-top', (el) => el.getBoundingClientRect().height);
    assert.ok(top <= 56, `the header is one slim row (${top}px)`);
    assertNoErrors(errors);
  } finally {
    await land.close();
  }

  const desk = await newContext(browser);
  try {
    const { page, errors } = await openApp(desk);
    await page.setViewportSize({ width: 1366, height: 768 });
    await waitStartScreen(page);
    await openRecorded(page, 3, false);
    await page.click('.pd-btn');
    await page.waitForSelector('#builder', { timeout: UI_TIMEOUT_MS });
    const first = await boxes(page);
    assert.ok(first.side.x >= first.board.x + first.board.w - 1, `side by side: ${JSON.stringify(first)}`);
    assert.equal(await page.isVisible('#undo'), false, 'no Undo before the first move');
    // The first of Kate's two actions: Undo appears, and the board stays where it was.
    await page.click('#action-loan');
    await page.waitForSelector('#question, #confirm', { timeout: UI_TIMEOUT_MS });
    if (!(await page.$('#confirm'))) await page.click('#hand .hand-card:not([aria-disabled="true"])');
    await page.click('#confirm');
    await waitMoves(page, 4);
    await page.waitForSelector('#undo', { state: 'visible', timeout: UI_TIMEOUT_MS });
    assert.deepEqual((await boxes(page)).board, first.board, 'showing Undo moved the board');
    await page.screenshot({ path: path.join(OUT, 'desktop-undo.png') });
    // A line of the log shows the board after its move: the banner lies over the board's bar.
    await page.click('#toggle-log');
    await page.waitForSelector('#gs-log.gs-log-open .log-entry', { timeout: UI_TIMEOUT_MS });
    const withLog = await boxes(page);
    await page.click('.log button[data-move="0"]');
    await page.waitForSelector('#history-banner', { timeout: UI_TIMEOUT_MS });
    await page.screenshot({ path: path.join(OUT, 'desktop-history.png') });
    assert.deepEqual((await boxes(page)).board, withLog.board, 'the history banner moved the board');
    await page.click('#history-banner button');
    await page.waitForSelector('#history-banner', { state: 'detached', timeout: UI_TIMEOUT_MS });
    assertNoErrors(errors);
  } finally {
    await desk.close();
  }
});
