'use strict';
// The start screen keeps its own-pace games up to date: while one player's page shows the
// list, the other player moves on their own device, and the list comes to show "Your turn"
// for that game (and the title counts it) without the game being opened; a notification's
// link (#game=) in that tab then opens it as refreshed. The pauses between the page's
// background visits are shortened by the debug aid brass/debug-refresh-s.

const assert = require('node:assert/strict');
const { test, before, after } = require('node:test');
const { assertNoErrors, launchBrowser, openApp } = require('../lib');
const { startAutoplay, closeSummaries } = require('../helpers_play');
const { LONG, paceDevice, visit, leave, caughtUp, createPace, joinPace } = require('../helpers_pace');

let browser;
before(async () => {
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
});

// Records in the page whether a game of the list was ever marked as being updated.
const UPDATING_PROBE = `(() => {
  window.__updatingSeen = false;
  new MutationObserver(() => {
    if (document.querySelector('.saved-updating')) window.__updatingSeen = true;
  }).observe(document, { subtree: true, childList: true });
})();`;

test('the start screen shows another device\'s move in an own-pace game without opening it', { timeout: 55_000 }, async () => {
  const ada = await paceDevice(browser, 'Ada');
  const ben = await paceDevice(browser, 'Ben');
  const all = [ada, ben];
  let list = null;
  try {
    let page = await visit(ada, all);
    const code = await createPace(page, { name: 'Ada', players: 2, dealt: false });
    await leave(ada);
    page = await visit(ben, all);
    await joinPace(page, code, 'Ben', 'waiting for Ada');
    await leave(ben);
    // Ada's device begins the game; whoever is not to move then looks at the list.
    page = await visit(ada, all);
    await page.waitForSelector('.game-screen', { timeout: LONG });
    const s = await caughtUp(page);
    const id = await page.evaluate(() => JSON.parse(localStorage.getItem('brass/current')));
    await leave(ada);
    const [mover, waiter] = s.actor === s.me ? [ada, ben] : [ben, ada];

    // The waiter's page opens on the list (no game to resume), refreshing every 2 s.
    await waiter.context.addInitScript(() => {
      localStorage.removeItem('brass/current');
      localStorage.setItem('brass/debug-refresh-s', '2');
    });
    await waiter.context.addInitScript(UPDATING_PROBE);
    const opened = await openApp(waiter.context);
    list = opened.page;
    const entry = `#saved-game-${id}`;
    await list.waitForFunction((sel) => /'s turn/.test(document.querySelector(sel)?.textContent || ''), entry, { timeout: LONG });
    assert.equal(await list.$eval(entry, (el) => el.dataset.yourTurn), 'false');
    assert.equal(await list.title(), 'Brass');

    // The mover plays their turn on their own device, the list still shown on the other.
    const { page: play, errors: playErrors } = await openApp(mover.context);
    await play.waitForSelector('.game-screen', { timeout: LONG });
    const before = await caughtUp(play);
    assert.equal(before.actor, before.me, `${mover.name}'s page opens on another's turn`);
    await startAutoplay(play);
    await play.waitForFunction((me) => Number(document.querySelector('.game-screen')?.dataset.actor) !== me, before.me, { timeout: LONG });
    await closeSummaries(play);
    const moved = await caughtUp(play);
    assertNoErrors(playErrors);
    await play.close();

    // The waiter's list comes to show it: their turn, first, counted in the title, the game
    // never opened there.
    await list.waitForSelector(`${entry}[data-your-turn="true"]`, { timeout: LONG });
    const shown = await list.$eval(entry, (el) => el.textContent);
    assert.match(shown, /Your turn/);
    assert.match(shown, new RegExp(`${moved.moves} moves?`), shown);
    assert.equal(await list.title(), '(1) Brass');
    assert.equal(await list.$('.game-screen'), null, 'the game was opened');
    assert.ok(await list.evaluate(() => window.__updatingSeen), 'no game of the list was marked as being updated');
    // Opened by a notification's link in the tab showing the list (only the fragment
    // changes), the game is as refreshed.
    const mailboxID = Buffer.from(id, 'hex').toString('base64url');
    await list.evaluate((m) => { location.hash = `#game=${m}`; }, mailboxID);
    await list.waitForSelector('.game-screen', { timeout: LONG });
    const there = await caughtUp(list);
    assert.equal(there.moves, moved.moves);
    assert.equal(there.actor, there.me);
    assertNoErrors(opened.errors);
  } finally {
    await list?.close().catch(() => {});
    for (const d of all) {
      if (d.open) await d.open.close().catch(() => {});
      await d.context.close();
    }
  }
});
