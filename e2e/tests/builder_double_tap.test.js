'use strict';
// A double tap on an action's last answer answers it once and does not also confirm the
// action: the summary and Confirm take the place of the answers, so the second tap of a
// double tap lands on Confirm, which waits a moment before it takes a tap (web/app.css,
// #confirm's gs-arm).

const assert = require('node:assert/strict');
const { test, before, after } = require('node:test');
const { assertNoErrors, launchBrowser, newContext, openApp } = require('../lib');
const { UI_TIMEOUT_MS, startNewGame, waitStartScreen } = require('../helpers_saves');
const { reveal, gameState, waitMoves, startAction } = require('../helpers_play');

let browser;
before(async () => {
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
});

test('the builder: a double tap on the last answer does not also confirm the action', { timeout: 60_000 }, async () => {
  const context = await newContext(browser);
  try {
    const { page, errors } = await openApp(context);
    await waitStartScreen(page);
    await startNewGame(page, { names: ['Ada', 'Brunel'], seed: 7 });
    await reveal(page);
    await startAction(page, 'develop');
    await page.waitForSelector('#builder .gs-choice', { timeout: UI_TIMEOUT_MS });
    await page.click('#builder .gs-choice');
    // Where Confirm appears: answer the last question once and take the answer back.
    await page.click('#choice-none');
    await page.waitForSelector('#confirm', { timeout: UI_TIMEOUT_MS });
    const at = await page.locator('#confirm').boundingBox();
    const x = at.x + at.width / 2, y = at.y + at.height / 2;
    await page.click('#back');
    await page.waitForSelector('#choice-none', { timeout: UI_TIMEOUT_MS });
    // An answer under that point, tapped twice: the second tap just after Confirm appears.
    const under = await page.evaluate(([x, y]) => document.elementFromPoint(x, y)?.closest('.gs-choice')?.id ?? '', [x, y]);
    assert.match(under, /^choice-/, 'an answer lies where Confirm appears');
    await page.mouse.click(x, y);
    await page.waitForSelector('#confirm', { timeout: UI_TIMEOUT_MS });
    const box = await page.locator('#confirm').boundingBox();
    assert.ok(x > box.x && x < box.x + box.width && y > box.y && y < box.y + box.height, 'the second tap lands on Confirm');
    await page.waitForTimeout(50);
    await page.mouse.click(x, y);
    await page.waitForTimeout(600);
    assert.equal((await gameState(page)).moves, 0, 'the second tap confirmed nothing');
    assert.ok(await page.isVisible('#confirm'), 'the summary waits for Confirm');
    // a moment later, Confirm takes a tap
    await page.mouse.click(x, y);
    await waitMoves(page, 1);
    assertNoErrors(errors);
  } finally {
    await context.close();
  }
});
