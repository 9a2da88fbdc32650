'use strict';
// The animation of moves (web/anim.js): a bot's move is played over the board (its
// animations run while the board already shows the move's result, and the board is the
// same once they end and after a reload, which plays nothing); nothing plays when the
// system asks for reduced motion, nor once the player turns the menu's Animation off,
// which is remembered on the device. A summary a move opens (the round's end) waits until
// that move has played on the board.

const assert = require('node:assert/strict');
const { test, before, after } = require('node:test');
const { assertNoErrors, launchBrowser, newContext, openApp } = require('../lib');
const { UI_TIMEOUT_MS, startNewGame, waitStartScreen } = require('../helpers_saves');
const { gameState, closeSummaries, reveal, startAction, waitMoves } = require('../helpers_play');

let browser;
before(async () => {
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
});

// The board's markup with each element's attributes sorted (go-app sets them in map order).
const CANON = `window.__canon = (el) => {
  if (el.nodeType === 3) return el.data;
  const attrs = [...el.attributes].map((a) => a.name + '=' + JSON.stringify(a.value)).sort().join(' ');
  return '<' + el.localName + ' ' + attrs + '>' + [...el.childNodes].map(window.__canon).join('') + '</>';
};`;

// For every move the page shows: who made it, the board's markup as soon as the move is in
// the DOM, and how many of the move animations run just after its frame (anim.js names
// them 'brass-move') and how many animations of any kind (window.__moves).
const WATCH = CANON + `(() => {
  window.__moves = [];
  let seen = -1, actor = -1;
  const look = () => {
    const gs = document.querySelector('.game-screen');
    if (!gs) return;
    const n = Number(gs.dataset.moves);
    if (seen >= 0 && n > seen) {
      const m = { moves: n, by: actor, board: window.__canon(document.getElementById('board')) };
      // The animation starts once the move's frame is painted: look right after it starts. Only
      // animations in time count, not those a scroll drives (they move only as one scrolls).
      requestAnimationFrame(() => setTimeout(() => {
        const all = document.getAnimations().filter((a) => a.timeline === document.timeline);
        m.ours = all.filter((a) => a.id === 'brass-move').length;
        m.all = all.length;
        m.slid = document.querySelectorAll('.anim-layer .bb-vpm, .anim-layer .bb-incm').length; // markers sliding
        const veil = document.querySelector('.sum-backdrop');
        m.summary = veil ? Number(getComputedStyle(veil).opacity) : null; // a summary the move opened, and how seen
        window.__moves.push(m);
      }, 0));
    }
    seen = n;
    actor = Number(gs.dataset.actor);
  };
  new MutationObserver(look).observe(document, { subtree: true, attributes: true, attributeFilter: ['data-moves', 'data-actor'], childList: true });
})();`;

const BOT = 1; // seat 2 is the bot

/** Plays Ada's turns (loans while she may, else passes) until the bot has made one more move; returns what was seen then. */
async function untilTheBotMoves(page) {
  const from = await page.evaluate(() => window.__moves.length);
  for (let i = 0; i < 10; i++) {
    await closeSummaries(page);
    const botMove = await page.evaluate((from) => window.__moves.slice(from).find((m) => m.by === 1), from);
    if (botMove) return botMove;
    const st = await gameState(page);
    if (st.actor !== BOT && (await page.$('#builder #action-pass'))) {
      const loan = await page.$('#builder #action-loan:not([aria-disabled="true"])');
      await startAction(page, loan ? 'loan' : 'pass');
      await page.click('#confirm');
      await page.waitForFunction((n) => Number(document.querySelector('.game-screen').dataset.moves) > n, st.moves, { timeout: UI_TIMEOUT_MS });
      continue;
    }
    await page.waitForFunction((n) => Number(document.querySelector('.game-screen').dataset.moves) > n || document.querySelector('.sum-backdrop'),
      st.moves, { timeout: 30_000 });
  }
  throw new Error('the bot did not move');
}

/** Waits until no move animation runs and returns the board's markup. */
async function settledBoard(page) {
  await page.waitForFunction(() => document.getAnimations().every((a) => a.id !== 'brass-move'), null, { timeout: 5_000 });
  return page.evaluate(() => window.__canon(document.getElementById('board')));
}

test('a bot\'s move is animated over the final board; reduced motion and the setting turn it off', { timeout: 120_000 }, async () => {
  const context = await newContext(browser);
  await context.addInitScript(WATCH);
  try {
    const { page, errors } = await openApp(context);
    await waitStartScreen(page);
    await page.click('#new-game');
    await page.waitForSelector('#new-game-dialog[open]', { timeout: UI_TIMEOUT_MS });
    await page.click('label[for="ng-players-2"]');
    await page.fill('#ng-name-1', 'Ada');
    await page.selectOption('#ng-kind-2', 'easy');
    await page.fill('#ng-seed', '3');
    await page.click('#ng-start');
    await page.waitForSelector('.game-screen', { timeout: UI_TIMEOUT_MS });
    assert.equal(await page.getAttribute('#toggle-motion', 'aria-pressed'), 'true', 'animations are on by default');

    // Animated: the move's animations run over a board that is already final.
    const seen = await untilTheBotMoves(page);
    assert.ok(seen.ours > 0, `no animation played for the bot's move: ${JSON.stringify({ ...seen, board: undefined })}`);
    const settled = await settledBoard(page);
    const now = (await gameState(page)).moves;
    if (now === seen.moves) {
      assert.equal(seen.board, settled, 'the board changed after its animation began: it was not final at once');
    }
    // The same board drawn without any animation: reloaded, the game opens where it was.
    await page.reload();
    await page.waitForSelector('.game-screen', { timeout: UI_TIMEOUT_MS });
    await waitMoves(page, now);
    const reloaded = await page.evaluate(() => window.__canon(document.getElementById('board')));
    assert.equal(reloaded, settled, 'the animated board differs from the board drawn afresh');
    assert.equal(await page.evaluate(() => document.getAnimations().filter((a) => a.id === 'brass-move').length), 0,
      'opening a game plays nothing');

    // A marker that moves along its track slides there (Ada's loans move her income marker),
    // once the page has shown the move before.
    const slid = () => page.evaluate(() => window.__moves.some((m) => m.slid > 0));
    for (let i = 0; i < 4 && !(await slid()); i++) await untilTheBotMoves(page);
    assert.ok(await slid(), `no marker slid along its track: ${JSON.stringify(await page.evaluate(() => window.__moves.map((m) => [m.moves, m.by, m.ours, m.slid])))}`);

    // Reduced motion: nothing animates at all.
    await page.emulateMedia({ reducedMotion: 'reduce' });
    const still = await untilTheBotMoves(page);
    assert.equal(still.ours, 0, 'a move animated under prefers-reduced-motion');
    assert.equal(still.all, 0, 'something animated under prefers-reduced-motion');

    // The setting: off in the menu, no animation, and still off after a reload.
    await page.emulateMedia({ reducedMotion: 'no-preference' });
    await page.click('#toggle-motion');
    await page.waitForSelector('#toggle-motion[aria-pressed="false"]', { timeout: UI_TIMEOUT_MS });
    const off = await untilTheBotMoves(page);
    assert.equal(off.ours, 0, 'a move animated with Animation turned off');
    await page.reload();
    await page.waitForSelector('#toggle-motion', { timeout: UI_TIMEOUT_MS });
    assert.equal(await page.getAttribute('#toggle-motion', 'aria-pressed'), 'false', 'the setting was not kept');
    assertNoErrors(errors);
  } finally {
    await context.close();
  }
});

test('the round\'s last move plays on the board before its summary shows', { timeout: 90_000 }, async () => {
  const context = await newContext(browser);
  await context.addInitScript(WATCH);
  try {
    const { page, errors } = await openApp(context);
    await waitStartScreen(page);
    // Two players: the Canal Era's first round is one action each, so the second ends it.
    await startNewGame(page, { names: ['Ada', 'Brunel'], seed: 3 });
    for (let i = 0; i < 2; i++) {
      await reveal(page);
      await startAction(page, 'loan');
      await page.click('#confirm');
      await waitMoves(page, i + 1);
    }
    await page.waitForFunction(() => window.__moves.some((m) => m.moves === 2), null, { timeout: UI_TIMEOUT_MS });
    const last = await page.evaluate(() => window.__moves.find((m) => m.moves === 2));
    // The summary is on the page at once (it holds everything else) but not yet seen: the
    // move's animation plays over the board first.
    assert.ok(last.ours > 0, `the round's last move is animated: ${JSON.stringify({ ...last, board: undefined })}`);
    assert.ok(last.summary !== null && last.summary < 0.2, `the summary waits while the move plays (opacity ${last.summary})`);
    await page.waitForFunction(() => Number(getComputedStyle(document.querySelector('.sum-backdrop')).opacity) === 1, null, { timeout: 5_000 });
    assert.match(await page.textContent('#round-summary'), /round 1 ends/);
    assertNoErrors(errors);
  } finally {
    await context.close();
  }
});
