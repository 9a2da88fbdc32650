'use strict';
// A sale to the Distant Market (Brass: Lancashire, Roxley rules, 3 players, seed 1; the
// opening of lancashire.test.js: Ada's Cotton Mill and Brunel's Port in Preston). Nothing
// about the face-down tiles may show before Confirm: the summary says a tile will be drawn
// and, in one small table, what each tile still face down would do, the same after Back and
// a second choice, and the game is unchanged until Confirm; then the log and the board tell
// the tile drawn, and the round's summary says it again.

const assert = require('node:assert/strict');
const { test, before, after } = require('node:test');
const { assertNoErrors, launchBrowser, newContext, openApp } = require('../lib');
const { UI_TIMEOUT_MS, startNewGame, waitStartScreen } = require('../helpers_saves');
const { reveal, actorName, answerAndConfirm, startAction, logText, gameState, waitMoves } = require('../helpers_play');

let browser;
before(async () => {
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
});

/** Clicks sel and waits for the builder to ask something else or to show the summary. */
async function answer(page, sel) {
  const q = await page.textContent('#question');
  await page.click(sel, { force: true });
  await page.waitForFunction((b) => document.querySelector('#confirm') || (document.querySelector('#question')?.textContent ?? b) !== b,
    q, { timeout: UI_TIMEOUT_MS });
}

/** The builder's question, or '' when there is none (the summary is shown). */
async function question(page) {
  const q = await page.$('#question');
  return q ? q.textContent() : '';
}

/** Builds an industry on a space with a card (round 1: one action each). */
async function buildWith(page, card, industry, space) {
  await page.click('#action-build');
  await page.waitForSelector('#question', { timeout: UI_TIMEOUT_MS });
  await page.click(`.hand-card[data-card="${card}"]:not([aria-disabled="true"])`);
  await page.waitForSelector('.gs-crumbs li', { timeout: UI_TIMEOUT_MS });
  if (/industry/.test(await question(page))) await answer(page, `#builder .gs-choice:has-text("${industry}")`);
  if (/where to build/.test(await question(page))) await answer(page, `#space-${space}`);
  await answerAndConfirm(page);
}

/** The summary's text, spaces folded. */
async function summaryText(page) {
  await page.waitForSelector('#summary', { timeout: UI_TIMEOUT_MS });
  return (await page.textContent('#summary')).replace(/\s+/g, ' ');
}

test('a sale to the Distant Market shows no tile before Confirm, and the log tells it after', { timeout: 90_000 }, async () => {
  const context = await newContext(browser);
  try {
    const { page, errors } = await openApp(context);
    await waitStartScreen(page);
    await startNewGame(page, { names: ['Ada', 'Brunel', 'Kate'], seed: 1, edition: 'lancashire', rules: 'roxley' });

    // Round 1: Ada builds a Cotton Mill in Preston, Brunel a Port beside it, Kate borrows.
    await reveal(page);
    assert.equal(await actorName(page), 'Ada');
    await buildWith(page, 'preston', 'Cotton Mill', 'preston_2');
    await reveal(page);
    await buildWith(page, 'preston', 'Port', 'preston_1');
    await reveal(page);
    await startAction(page, 'loan');
    await answerAndConfirm(page);
    await page.waitForSelector('[role="dialog"]:has-text("turn order")', { timeout: UI_TIMEOUT_MS });
    await page.keyboard.press('Escape');
    // Round 2: Kate and Brunel pass; Ada sells her mill's cotton to the Distant Market.
    for (let i = 0; i < 4; i++) {
      await reveal(page);
      await startAction(page, 'pass');
      await answerAndConfirm(page);
    }
    await reveal(page);
    assert.equal(await actorName(page), 'Ada');
    const stackBefore = await page.getAttribute('#distant-market', 'aria-label');
    assert.match(stackBefore, /10 tiles face down/);
    const state = await gameState(page);
    await startAction(page, 'sell');
    if (/tile to sell/.test(await question(page))) await answer(page, '#space-preston_2');
    await page.waitForSelector('#choice-distant_market', { timeout: UI_TIMEOUT_MS });
    await answer(page, '#choice-distant_market');
    await page.waitForSelector('#confirm', { timeout: UI_TIMEOUT_MS }); // the Distant Market was the last choice

    // The summary: a tile will be drawn, and one small table of each kind still face down
    // with what it would do; Confirm stays in view below it.
    const summary = await summaryText(page);
    assert.match(summary, /Confirm draws the top Distant Market tile: no one knows which, 10 tiles are face down/);
    const rows = await page.$$eval('#draws tbody tr', (trs) => trs.map((tr) => [...tr.children].map((c) => c.textContent.trim())));
    assert.ok(rows.length >= 2, `a row per kind of tile: ${JSON.stringify(rows)}`);
    assert.equal(rows.reduce((n, r) => n + Number(r[1].match(/^(\d+) of 10$/)[1]), 0), 10, `the rows count every face-down tile: ${JSON.stringify(rows)}`);
    const drops = rows.map((r) => r[0].replace('−', ''));
    for (const r of rows) assert.match(r[2], /^(space \d \(\+\d income spaces\)|X: the sale fails)$/);
    assert.doesNotMatch(summary, /the tile shows −/, 'no outcome is told as if drawn');
    const view = page.viewportSize();
    const confirm = await page.$eval('#confirm', (el) => el.getBoundingClientRect().toJSON());
    assert.ok(confirm.bottom <= view.height && confirm.top >= 0, `Confirm is in view: ${JSON.stringify(confirm)} in ${JSON.stringify(view)}`);
    // Nothing was drawn: the game and the stack are as they were, and the log says nothing.
    assert.equal((await gameState(page)).hash, state.hash);
    assert.equal(await page.getAttribute('#distant-market', 'aria-label'), stackBefore);
    assert.doesNotMatch(await logText(page), /the tile shows/);

    // Back, then the Distant Market again: the same summary (nothing learnt by trying).
    await page.click('#back');
    await page.waitForSelector('#choice-distant_market', { timeout: UI_TIMEOUT_MS });
    await answer(page, '#choice-distant_market');
    assert.equal(await summaryText(page), summary);

    // Confirm: the tile is drawn, and the log and the board tell which.
    await page.click('#confirm');
    await waitMoves(page, state.moves + 1);
    const log = await logText(page);
    const drawn = log.match(/Ada (?:sells|tries to sell) Cotton Mill I in Preston to the Distant Market: the tile shows −(\d)/);
    assert.ok(drawn, `the log tells the tile drawn: ${log}`);
    assert.ok(drops.includes(drawn[1]), `the tile drawn was one of the summary's cases (${drops}): −${drawn[1]}`);
    const stackAfter = await page.getAttribute('#distant-market', 'aria-label');
    assert.match(stackAfter, /9 tiles face down/);
    assert.match(stackAfter, new RegExp(`revealed −${drawn[1]}`));
    // The tile lies face up on the board, marked as the last one turned over.
    assert.equal((await page.textContent('#distant-tile-0')).trim(), `−${drawn[1]}`);
    assert.match(await page.getAttribute('#distant-tile-0', 'class'), /bb-dlast/);
    // Ada ends her turn; the round's summary says what the tile did.
    if (await page.$('#end-sell')) await page.click('#end-sell');
    if (await page.$('.pd-btn, #builder #action-pass')) {
      await reveal(page);
      await startAction(page, 'pass');
      await answerAndConfirm(page);
    }
    await page.waitForSelector('#sum-distant', { timeout: UI_TIMEOUT_MS });
    assert.match(await page.textContent('#sum-distant'), new RegExp(`Ada’s sale to the Distant Market turned over a tile showing −${drawn[1]}: cotton demand (to space \\d|reached X)`));
    assertNoErrors(errors);
  } finally {
    await context.close();
  }
});
