'use strict';
// Hidden cards online: three browsers play a game whose cards the devices deal between them
// (the online dialog's "Hidden cards", on by default). Throughout, each page's own game state
// is inspected (the debug screen's data-hidden: what the page's game and deal hold of the
// other hands, the deck, the face-down discards, the Distant Market stack and the deal's
// positions) and must hold none of it; a page reloaded mid-game takes its side of the deal up
// again from its store; the game goes on to its end, and every page shows the audit of the
// deal passing.

const assert = require('node:assert/strict');
const { test, before, after } = require('node:test');
const { assertNoErrors, figure, launchBrowser, newContext, openApp } = require('../lib');
const { UI_TIMEOUT_MS } = require('../helpers_saves');
const { gameState } = require('../helpers_play');
const { LONG, autoplayOnline, closeSummaries, startOnline } = require('../helpers_online');

let browser;
before(async () => {
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
});

async function player(name) {
  const context = await newContext(browser);
  await context.addInitScript(() => localStorage.setItem('brass/debug', 'true'));
  const { page, errors } = await openApp(context);
  return { name, context, page, errors };
}

/** What a page's game holds that its player may not see, and its move count. */
async function hidden(p) {
  return p.page.$eval('.game-screen', (el) => ({ moves: Number(el.dataset.moves), ...JSON.parse(el.dataset.hidden || 'null') }));
}

async function assertHoldsNothingHidden(all, when) {
  for (const p of all) {
    const h = await hidden(p);
    assert.ok('otherHands' in h, `${p.name}'s page reports no hidden-card counts (${when})`);
    for (const k of ['otherHands', 'deck', 'faceDown', 'distant', 'positions']) {
      assert.equal(h[k], 0, `${when}: ${p.name}'s page holds ${h[k]} of ${k} (${JSON.stringify(h)})`);
    }
  }
}

test('three browsers play a game whose cards the devices deal: no page holds another hand or the deck, a reload resumes the deal, the audit passes at the end', { timeout: 300_000 }, async () => {
  const all = [await player('Ada'), await player('Bo'), await player('Cy')];
  const [ada, bo] = all;
  try {
    // The option is on by default.
    await ada.page.click('#play-online');
    await ada.page.waitForSelector('#online-dialog[open]', { timeout: UI_TIMEOUT_MS });
    assert.equal(await ada.page.isChecked('#ol-dealt'), true, 'Hidden cards is on by default');
    await ada.page.keyboard.press('Escape');
    await ada.page.waitForSelector('#online-dialog[open]', { state: 'detached', timeout: UI_TIMEOUT_MS }).catch(() => {});

    await startOnline(all);
    // Each page shows its own eight cards once the deal has opened them (the time from every
    // page showing the game screen: the shuffle, the locking and the keys of the first hands).
    const t0 = Date.now();
    for (const p of all) await p.page.waitForFunction(() => document.querySelectorAll('.hand .hand-card').length === 8, null, { timeout: LONG });
    figure('online_dealt_game_to_hands_ms', Date.now() - t0);
    await assertHoldsNothingHidden(all, 'after the deal');
    const hands = [];
    for (const p of all) hands.push(await p.page.$$eval('.hand .hand-card', (els) => els.map((e) => e.dataset.card || e.textContent).join(',')));
    assert.ok(new Set(hands).size > 1, 'three pages show the same hand');
    // No bot can be offered for an away player's seat in such a game.
    assert.equal(await ada.page.$('#peer-strip select'), null, 'a seat-bot choice is offered in a dealt game');

    for (const p of all) await autoplayOnline(p.page);
    // Mid-Canal Era, Bo reloads: the page takes its side of the deal up again from its store.
    await ada.page.waitForFunction(() => Number(document.querySelector('.game-screen')?.dataset.moves) >= 12, null, { timeout: LONG });
    await assertHoldsNothingHidden(all, 'mid-Canal Era');
    await bo.page.reload();
    await bo.page.waitForSelector('.game-screen', { timeout: LONG });
    await bo.page.waitForFunction(() => document.querySelectorAll('.hand .hand-card').length > 0, null, { timeout: LONG });
    await ada.page.waitForFunction(() => document.querySelector('#peer-strip .peer-chip[data-state="away"]') === null, null, { timeout: LONG });
    await autoplayOnline(bo.page);

    // The Rail Era: a new deck dealt by the devices.
    const railEra = () => /Rail Era/.test(document.querySelector('.gs-top')?.textContent || '');
    for (const p of all) await p.page.waitForFunction(railEra, null, { timeout: 120_000 });
    for (const p of all) await p.page.waitForFunction(() => document.querySelectorAll('.hand .hand-card').length === 8, null, { timeout: LONG });
    await assertHoldsNothingHidden(all, 'at the start of the Rail Era');
    let s = [];
    for (const p of all) s.push(await gameState(p.page));
    const n = Math.max(...s.map((x) => x.moves));
    for (const p of all) await p.page.waitForFunction((n) => Number(document.querySelector('.game-screen')?.dataset.moves) >= n, n, { timeout: LONG });
    s = [];
    for (const p of all) s.push(await gameState(p.page));
    assert.ok(s.every((x) => x.hash === s[0].hash), `the pages disagree at the Rail Era: ${JSON.stringify(s)}`);

    // To the end: every page shows the audit of the deal passing.
    for (const p of all) {
      await closeSummaries(p.page);
      await autoplayOnline(p.page);
    }
    for (const p of all) {
      await p.page.waitForSelector('#deal-audit', { timeout: 150_000 });
      assert.match(await p.page.textContent('#deal-audit'), /deal was audited/, `${p.name}'s audit`);
      assert.equal(await p.page.$eval('.game-screen', (el) => el.dataset.phase), '3', `${p.name}'s game is over`);
      assert.equal(await p.page.$('#desync'), null, `${p.name}'s page reports a broken game`);
    }
    s = [];
    for (const p of all) s.push(await gameState(p.page));
    assert.ok(s.every((x) => x.hash === s[0].hash && x.moves === s[0].moves), `the pages disagree at the end: ${JSON.stringify(s)}`);
    for (const p of all) assertNoErrors(p.errors);
  } finally {
    for (const p of all) await p.context.close();
  }
});
