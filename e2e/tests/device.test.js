'use strict';
// The game on a phone (390×844, touch) and offline (after one visit, from the service
// worker's cache): in both, a player can start a game and take an action by tapping.

const assert = require('node:assert/strict');
const { test, before, after } = require('node:test');
const { assertNoErrors, launchBrowser, newContext, openApp, waitForServiceWorkerCache, waitReady, BASE_URL } = require('../lib');
const { UI_TIMEOUT_MS, waitStartScreen, assertNoHorizontalScroll } = require('../helpers_saves');
const { gameState, waitMoves } = require('../helpers_play');

let browser;
before(async () => {
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
});

test('on a 390×844 phone the board, hand and actions are usable by tapping', { timeout: 90_000 }, async () => {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true, serviceWorkers: 'block',
  });
  try {
    const page = await context.newPage();
    await page.goto(BASE_URL + '/');
    await waitReady(page);
    await waitStartScreen(page);
    await page.tap('#new-game');
    await page.waitForSelector('#new-game-dialog[open]', { timeout: UI_TIMEOUT_MS });
    // No text field takes the focus on a touch screen (its keyboard would cover the dialog).
    await page.waitForFunction(() => document.activeElement && document.activeElement.id === 'ng-start', null, { timeout: UI_TIMEOUT_MS });
    await page.tap('#ng-start');
    await page.waitForSelector('.game-screen', { timeout: UI_TIMEOUT_MS });
    await page.tap('.pd-btn');
    await page.waitForSelector('#builder', { timeout: UI_TIMEOUT_MS });
    await assertNoHorizontalScroll(page, 'game screen on a phone');
    const board = await page.$eval('#board', (el) => el.getBoundingClientRect().width);
    assert.ok(board >= 340, `the board is ${board}px wide`);
    // The action buttons and cards are big enough to tap (at least 40 CSS px).
    const sizes = await page.$$eval('#builder .gs-action, #hand .hand-card', (els) => els.map((e) => {
      const r = e.getBoundingClientRect();
      return Math.min(r.width, r.height);
    }));
    assert.ok(sizes.length >= 8 && sizes.every((s) => s >= 40), `tap targets: ${sizes}`);
    // A build by tapping: the action, a card, then highlighted answers or listed choices.
    await page.tap('#action-build');
    await page.waitForSelector('#question, #confirm', { timeout: UI_TIMEOUT_MS });
    await page.tap('#hand .hand-card:not([aria-disabled="true"])');
    await page.waitForSelector('.gs-crumbs li', { timeout: UI_TIMEOUT_MS });
    for (let i = 0; i < 8; i++) {
      await page.waitForSelector('#question, #confirm', { timeout: UI_TIMEOUT_MS });
      if (await page.$('#confirm')) break;
      const crumbs = await page.$$eval('.gs-crumbs li', (l) => l.length);
      await page.tap('#builder .gs-choice');
      await page.waitForFunction((n) => document.querySelector('#confirm') || document.querySelectorAll('.gs-crumbs li').length > n, crumbs, { timeout: UI_TIMEOUT_MS });
    }
    await page.tap('#confirm');
    await waitMoves(page, 1);
    assert.match(await page.$eval('.log', (el) => el.textContent), / builds /);
  } finally {
    await context.close();
  }
});

test('after one visit the game loads and plays offline', { timeout: 90_000 }, async () => {
  const context = await newContext(browser, { sw: true });
  try {
    const { page, errors } = await openApp(context);
    await waitForServiceWorkerCache(page);
    await context.setOffline(true);
    await page.reload();
    await waitReady(page);
    await waitStartScreen(page);
    await tapOrClickLoan(page);
    const { moves } = await gameState(page);
    assert.equal(moves, 1);
    // and the move was saved: a reload (still offline) resumes it
    await page.reload();
    await waitReady(page);
    await page.waitForSelector('.game-screen', { timeout: UI_TIMEOUT_MS });
    assert.equal((await gameState(page)).moves, 1);
    // an address the worker never cached (a query) still opens the app offline: its page "/"
    await page.goto(BASE_URL + '/?from=a-bookmark');
    await waitReady(page);
    await page.waitForSelector('.game-screen', { timeout: UI_TIMEOUT_MS });
    await context.setOffline(false);
    assertNoErrors(errors);
  } finally {
    await context.close();
  }
});

/** The offline test's context has no touch: the same steps by clicking. */
async function tapOrClickLoan(page) {
  await page.click('#new-game');
  await page.waitForSelector('#new-game-dialog[open]', { timeout: UI_TIMEOUT_MS });
  await page.click('#ng-start');
  await page.waitForSelector('.game-screen', { timeout: UI_TIMEOUT_MS });
  await page.click('.pd-btn');
  await page.click('#action-loan');
  await page.waitForSelector('#question, #confirm', { timeout: UI_TIMEOUT_MS });
  if (!(await page.$('#confirm'))) await page.click('#hand .hand-card:not([aria-disabled="true"])');
  await page.waitForSelector('#confirm', { timeout: UI_TIMEOUT_MS });
  await page.click('#confirm');
  await waitMoves(page, 1);
}

