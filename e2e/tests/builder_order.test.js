'use strict';
// The guided builder offers every legal choice in any order (issue 19, items 4 and 5): a
// Scout's cards picked right to left in the hand, and a Develop's second tile from before
// the first in industry order.

const assert = require('node:assert/strict');
const { test, before, after } = require('node:test');
const { assertNoErrors, launchBrowser, newContext, openApp } = require('../lib');
const { UI_TIMEOUT_MS, startNewGame, waitStartScreen } = require('../helpers_saves');
const { reveal, waitMoves, actorName, answerAndConfirm, startAction, logText } = require('../helpers_play');

let browser;
before(async () => {
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
});

const choosable = '#hand .hand-card:not([aria-disabled="true"])';

/** The card ids that may be tapped now, in hand order. */
async function choosableCards(page) {
  return page.$$eval(choosable, (els) => els.map((el) => el.dataset.card));
}

/** Waits for the question to match re. */
async function waitQuestion(page, re) {
  await page.waitForFunction((src) => new RegExp(src).test(document.querySelector('#question')?.textContent ?? ''),
    re.source, { timeout: UI_TIMEOUT_MS });
}

test('the builder: Scout\'s cards right to left, and a Develop\'s second tile from before the first', { timeout: 90_000 }, async () => {
  const context = await newContext(browser);
  try {
    const { page, errors } = await openApp(context);
    await waitStartScreen(page);
    await startNewGame(page, { names: ['Ada', 'Brunel', 'Kate'], seed: 7 });

    // Scout: the right-most card first, then the right-most of the rest, twice.
    await reveal(page);
    const scout = await actorName(page);
    await page.click('#action-scout');
    await waitQuestion(page, /card/);
    await page.locator(choosable).last().click();
    await waitQuestion(page, /two more cards/);
    const after1 = await choosableCards(page);
    assert.ok(after1.length >= 2, `cards to the left of the first stay choosable: ${after1}`);
    await page.locator(`${choosable}:not(.hand-sel)`).last().click();
    await waitQuestion(page, /one more card/);
    await page.locator(`${choosable}:not(.hand-sel)`).last().click();
    await page.waitForSelector('#confirm', { timeout: UI_TIMEOUT_MS });
    assert.equal((await page.$$('#hand .hand-sel')).length, 3, 'the three cards are marked chosen');
    await page.click('#confirm');
    await waitMoves(page, 1);
    assert.match(await logText(page), new RegExp(`${scout} scouts, discarding .+, .+ and .+ for a Wild`));

    // Develop: the last industry offered first, then one offered before it.
    await reveal(page);
    const developer = await actorName(page);
    await startAction(page, 'develop');
    await waitQuestion(page, /industry to develop/);
    const first = await page.$$eval('#builder .gs-choice', (els) => els.map((el) => el.id));
    assert.ok(first.length >= 2, `several industries to develop: ${first}`);
    await page.click(`#${first[first.length - 1]}`);
    await waitQuestion(page, /second tile/);
    const second = await page.$$eval('#builder .gs-choice', (els) => els.map((el) => el.id));
    const earlier = second.find((id) => first.indexOf(id) >= 0 && first.indexOf(id) < first.length - 1);
    assert.ok(earlier, `the second tile offers an industry listed before the first: ${second}`);
    await page.click(`#${earlier}`);
    await answerAndConfirm(page);
    assert.match(await logText(page), new RegExp(`${developer} develops \\S.* and \\S.*, paying`), 'two tiles developed');
    assertNoErrors(errors);
  } finally {
    await context.close();
  }
});
