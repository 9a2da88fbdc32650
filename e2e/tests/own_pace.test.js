'use strict';
// A game at your own pace: three devices whose pages are never open at the same time play a
// game with hidden cards through the server's mailbox alone, from the invitation to the final
// scores. Each device is a browser context (its storage kept); a visit opens a page, lets the
// player (the debug auto-play) take their turn, and closes it before the next device's page
// opens. Each reopening on a player's turn shows what the others did since; at the end every
// page shows the same game and the deal's audit passing.

const assert = require('node:assert/strict');
const { test, before, after } = require('node:test');
const { assertNoErrors, figure, launchBrowser, newContext, openApp } = require('../lib');
const { UI_TIMEOUT_MS } = require('../helpers_saves');
const { closeSummaries, startAutoplay } = require('../helpers_play');
const { LONG, paceDevice, visit, leave, caughtUp, createPace, joinPace } = require('../helpers_pace');

let browser;
before(async () => {
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
});

async function device(name) {
  return paceDevice(browser, name);
}

test('three devices never open together play an own-pace game with hidden cards from the invitation to the final scores, and a spectator follows it', { timeout: 420_000 }, async () => {
  const all = [await device('Ada'), await device('Ben'), await device('Cy')];
  const [ada, ben, cy] = all;
  try {
    // Ada creates the game: Birmingham's introductory game (the Canal Era only), at her own pace.
    let page = await visit(ada, all);
    const code = await createPace(page, { name: 'Ada', players: 3, intro: true });
    assert.match(code, /^[0-9A-Z]{4}(-[0-9A-Z]{1,4}){6}$/, 'an invitation of 26 characters');
    const watchID = (await page.textContent('#watch-link')).trim().split('#watch=')[1];
    await leave(ada);

    // Ben and Cy join by the invitation, each alone.
    for (const [d, seats] of [[ben, 2], [cy, 3]]) {
      page = await visit(d, all);
      await joinPace(page, code.toLowerCase(), d.name, seats === 3 ? 'waiting for Ada and Ben' : '2 of 3 seats taken');
      await leave(d);
    }
    // Ada's device, opened again, reveals its secret; Ben's, the last, begins the game.
    page = await visit(ada, all);
    await page.waitForFunction(() => /waiting for Ben to open/.test(document.querySelector('#lobby-status')?.textContent), null, { timeout: LONG });
    await leave(ada);

    // Then whoever's turn it is opens the game (told by the page that played last), takes
    // the turn, and closes it; when a turn cannot be taken (the deal waits for another
    // device), the next device in seat order opens.
    const t0 = Date.now();
    let next = ben;
    let recaps = 0;
    let replayed = false;
    let visits = 0;
    let last = null;
    const catchUps = []; // ms from a page's ready to its game caught up with the mailbox
    for (; visits < 160; visits++) {
      const d = next;
      page = await visit(d, all);
      const tr = Date.now();
      await page.waitForSelector('.game-screen', { timeout: LONG });
      let s = await caughtUp(page);
      catchUps.push(Date.now() - tr);
      d.seat = s.me;
      if (s.phase === 3) {
        // Over: the page stays until its own audit is in and the audit is done or waits for others.
        await page.waitForTimeout(300);
        const audited = await page.$('#deal-audit');
        d.audited = audited !== null && /deal was audited/.test(await audited.textContent());
        await leave(d);
        if (all.every((q) => q.audited)) break;
        next = all[(all.indexOf(d) + 1) % all.length];
        continue;
      }
      const before = s.moves;
      if (s.actor === s.me) {
        if (before > 0 && (await page.$('#recap .recap-line'))) recaps++;
        if (!replayed && (await page.$('#recap-replay'))) {
          // The others' moves since, shown again on the board one by one, then the game.
          replayed = true;
          await page.click('#recap-replay');
          await page.waitForSelector('#history-banner', { timeout: UI_TIMEOUT_MS });
          await page.waitForSelector('#history-banner', { state: 'detached', timeout: LONG });
        }
        await startAutoplay(page);
        // The turn ends when the actor is another seat (or the game is over), and this
        // device's moves are in the mailbox.
        await page.waitForFunction(
          (me) => {
            const el = document.querySelector('.game-screen');
            return el && (Number(el.dataset.actor) !== me || Number(el.dataset.phase) === 3 || /waiting for/.test(document.querySelector('.gs-dealing, #dealing')?.textContent || ''));
          },
          s.me,
          { timeout: LONG },
        ).catch(() => {});
        await closeSummaries(page);
        s = await caughtUp(page);
      }
      // Whom the deal waits for, as the page names them (that player is told to open the game).
      const dealing = (await page.$eval('#dealing', (el) => el.textContent).catch(() => '')) || '';
      await leave(d);
      last = s;
      const awaited = all.find((q) => q !== d && dealing.includes(`${q.name}'s device`));
      const actorDevice = all.find((q) => q.seat === s.actor);
      if (awaited) next = awaited;
      else if (actorDevice && actorDevice !== d && s.phase !== 3) next = actorDevice;
      else next = all[(all.indexOf(d) + 1) % all.length];
    }
    figure('own_pace_visits', visits);
    figure('own_pace_game_ms', Date.now() - t0);
    catchUps.sort((a, b) => a - b);
    figure('own_pace_catch_up_p50_ms', catchUps[Math.floor(catchUps.length / 2)]);
    figure('own_pace_catch_up_max_ms', catchUps[catchUps.length - 1]);
    assert.ok(all.every((q) => q.audited), `the game did not reach its audited end in ${visits} visits (last: ${JSON.stringify(last)})`);
    assert.ok(recaps >= 3, `only ${recaps} reopenings on a player's turn showed what the others did`);
    assert.ok(replayed, 'no reopening offered to show the others\' moves again one by one');

    // Every device holds the same finished game.
    const hashes = [];
    for (const d of all) {
      page = await visit(d, all);
      await page.waitForSelector('.game-screen', { timeout: LONG });
      const s = await caughtUp(page);
      hashes.push(`${s.moves}/${s.hash}/${s.phase}`);
      assert.equal(await page.$('#desync'), null, `${d.name}'s page reports a broken game`);
      await leave(d);
    }
    assert.ok(hashes.every((h) => h === hashes[0]), `the devices hold different games: ${hashes}`);
    // A spectator, by the watch link, follows the same game to its end: every card played
    // checked against the deal by a page that holds no key, and no card of any hand shown.
    const watcher = await newContext(browser);
    const { page: watch, errors: watchErrors } = await openApp(watcher, { urlPath: `/#watch=${watchID}` });
    const [moves, , phase] = hashes[0].split('/');
    try {
      await watch.waitForFunction(([m, p]) => {
        const el = document.querySelector('.game-screen');
        return el && el.dataset.moves === m && el.dataset.phase === p;
      }, [moves, phase], { timeout: LONG });
    } catch (e) {
      const what = await watch.evaluate(() => ({ data: { ...document.querySelector('.game-screen')?.dataset }, watching: document.querySelector('#watching')?.textContent }));
      throw new Error(`${e.message}: the players hold ${hashes[0]}, the watcher shows ${JSON.stringify(what)}`);
    }
    assert.equal(await watch.$$eval('.hand-card', (els) => els.length), 0, 'the watcher sees cards of a hand');
    assert.doesNotMatch(await watch.textContent('#watching'), /not possible/);
    assertNoErrors(watchErrors);
    await watcher.close();
    // Each device asked the server to notify the player it handed the turn to (a nudge, signed
    // by its seat): the server took them (it sends nothing, no browser having subscribed).
    const health = await (await fetch(`${process.env.BRASS_URL}/healthz`)).json();
    assert.ok(health.push && health.push.nudges >= 20 && health.push.refused === 0, `the server's push counts: ${JSON.stringify(health.push)}`);
  } finally {
    for (const d of all) {
      if (d.open) await d.open.close().catch(() => {});
      await d.context.close();
    }
  }
});

test('an own-pace game offers notifications of your turn (the browser is asked, and the page says why it could not subscribe where there is no push service), a spectator watches it by its watch link and sees no hand, and a player resigns', { timeout: 120_000 }, async () => {
  // Ada's page runs the service worker (a push subscription is the worker's), Ben's joins.
  const adaContext = await newContext(browser, { sw: true });
  await adaContext.grantPermissions(['notifications']);
  const ada = { name: 'Ada', context: adaContext, open: null };
  const ben = await device('Ben');
  const all = [ada, ben];
  try {
    let page = await visit(ada, all);
    const code = await createPace(page, { name: 'Ada', players: 2, dealt: false });
    const watchID = (await page.textContent('#watch-link')).trim().split('#watch=')[1];
    await leave(ada);
    page = await visit(ben, all);
    await joinPace(page, code, 'Ben', 'waiting for Ada');
    await leave(ben);
    // Ada's device reveals, writes the genesis and begins.
    page = await visit(ada, all);
    await page.waitForSelector('.game-screen', { timeout: LONG });
    assert.match(await page.textContent('#peer-strip .peer-room'), /At your own pace/);
    assert.equal((await page.textContent('#push-toggle')).trim(), 'Notify me when it is my turn');
    await page.click('#push-toggle');
    await page.waitForFunction(() => document.querySelector('#push-status') && document.querySelector('#push-status').textContent !== '…', null, { timeout: LONG });
    const status = await page.textContent('#push-status');
    if (await page.$('#push-status[data-bad="true"]')) {
      // Headless Chromium has no push service: the subscription is refused, said, and kept off.
      assert.match(status, /could not subscribe|not allowed/, status);
      assert.equal(await page.evaluate(() => localStorage.getItem('brass/push')), null);
      assert.equal((await page.textContent('#push-toggle')).trim(), 'Notify me when it is my turn');
    } else {
      assert.match(status, /Notifications are on for 1 game/, status);
    }
    // A spectator opens the watch link (not the invitation): the board, read-only, no hand,
    // following the game live.
    const watcher = await newContext(browser);
    const { page: watch, errors: watchErrors } = await openApp(watcher, { urlPath: `/#watch=${watchID}` });
    await watch.waitForSelector('.game-screen #watching', { timeout: LONG });
    assert.equal(await watch.$$eval('.hand-card', (els) => els.length), 0, 'the watcher sees cards of a hand');
    assert.equal(await watch.$('#peer-strip'), null);
    // Ada resigns (asked once more): the game ends on her device, and on Ben's when it opens.
    await page.click('#resign');
    await page.click('#resign-yes');
    await page.waitForFunction(() => /You resigned after move/.test(document.querySelector('#peer-strip')?.textContent), null, { timeout: UI_TIMEOUT_MS });
    await page.waitForSelector('.game-screen[data-caught-up="true"]', { timeout: LONG });
    await watch.waitForFunction(() => /ended by one of its players/.test(document.querySelector('#watching')?.textContent), null, { timeout: LONG });
    assertNoErrors(watchErrors);
    await watcher.close();
    // (Chromium says on the console why a non-persistent profile has no Push API.)
    await leave(ada, /does not support the Push API in incognito mode/);
    page = await visit(ben, all);
    await page.waitForFunction(() => /Ada resigned after move/.test(document.querySelector('#peer-strip')?.textContent), null, { timeout: LONG });
    assert.equal(await page.$('#resign'), null, 'a resigned game offers to resign');
    await leave(ben);
  } finally {
    for (const d of all) {
      if (d.open) await d.open.close().catch(() => {});
      await d.context.close();
    }
  }
});

test('an own-pace game with a time per turn: the screen counts the turn down, and once it has run out (a clock moved forward, in this test only) a bot is offered but the mailbox\'s clock decides, and the other player ends the game', { timeout: 120_000 }, async () => {
  const ada = await device('Ada');
  const ben = await device('Ben');
  const all = [ada, ben];
  try {
    let page = await visit(ada, all);
    const code = await createPace(page, { name: 'Ada', players: 2, dealt: false, limit: '12 h' });
    assert.match(await page.textContent('#lobby-limit'), /up to 12 h/);
    await leave(ada);
    page = await visit(ben, all);
    await joinPace(page, code, 'Ben', 'waiting for Ada');
    await leave(ben);
    page = await visit(ada, all);
    let s = await caughtUp(page);
    assert.match(await page.textContent('#turn-time'), /turn: (11 h 59 min|12 h) left \(of 12 h/);
    // On the start screen, a game awaiting this player's move comes first, and the page's
    // title counts it.
    await page.click('#quit');
    await page.waitForSelector('#saved-list', { timeout: UI_TIMEOUT_MS });
    const first = await page.$eval('#saved-list .saved-game', (el) => ({ yours: el.dataset.yourTurn, text: el.textContent }));
    if (s.actor === s.me) {
      assert.equal(first.yours, 'true', `the first game listed: ${first.text}`);
      assert.match(first.text, /Your turn/);
      assert.equal(await page.title(), '(1) Brass');
    } else {
      assert.match(first.text, /Ben's turn/);
      assert.equal(await page.title(), 'Brass');
    }
    await page.click('#saved-list .saved-game button[id^="saved-resume-"]');
    await caughtUp(page);
    await leave(ada);
    // Whoever is not to move moves the clock 13 hours on: the turn's time has run out.
    const waiter = s.actor === s.me ? ben : ada;
    await waiter.context.addInitScript(() => localStorage.setItem('brass/debug-clock-ms', String(13 * 3600 * 1000)));
    page = await visit(waiter, all);
    await caughtUp(page);
    assert.match(await page.textContent('#turn-time'), /ran out (59|60) min ago|ran out 1 h (0 min )?ago/);
    // A bot may be let play the late player's seat, but it is the mailbox's clock that says
    // whether the time has run out, and the server's has not moved: every device refuses the
    // claim, this one too.
    await page.selectOption('#stand-in', 'easy');
    await page.waitForFunction(() => /before the turn ran out of time by the mailbox's clock; refused/.test(document.querySelector('#peer-strip')?.textContent), null, { timeout: LONG });
    assert.equal(await page.$('.peer-chip[data-bot="easy"]'), null, 'a bot plays a seat the mailbox says still has time');
    await page.click('#end-for-time');
    await page.waitForFunction(() => /You ended the game after move 0/.test(document.querySelector('#peer-strip')?.textContent), null, { timeout: UI_TIMEOUT_MS });
    await page.waitForSelector('.game-screen[data-caught-up="true"]', { timeout: LONG });
    await leave(waiter);
    const late = waiter === ada ? ben : ada;
    page = await visit(late, all);
    await page.waitForFunction((w) => new RegExp(`${w} ended the game after move 0.*12 hours`).test(document.querySelector('#peer-strip')?.textContent), waiter.name, { timeout: LONG });
    await leave(late);
  } finally {
    for (const d of all) {
      if (d.open) await d.open.close().catch(() => {});
      await d.context.close();
    }
  }
});
