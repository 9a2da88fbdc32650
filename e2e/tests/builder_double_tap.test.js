'use strict';
// A double tap does not do two things in the builder when the second tap lands on a button
// that has just appeared under the finger:
// - on an action's last answer it answers it once and does not also confirm the action: the
//   summary and Confirm take the place of the answers, so the second tap lands on Confirm,
//   which waits a moment before it takes a tap (web/app.css, #confirm's gs-arm);
// - on Confirm of a sale it sells once and does not also end the Sell action: "Stop selling"
//   appears where Confirm was (on a phone both stay at the foot of the controls' sheet under
//   a long summary), and it too waits a moment (web/app.css, #end-sell's gs-arm-end);
// - on Confirm of a sale it sells once and does not also make the next sale when that sale
//   has nothing to choose: the next summary comes at once with Confirm on the same spot, on
//   the node go-app kept, and Confirm waits again because its class (and so its keyframes'
//   name) changes with every move (web/app.css, gs-arm-odd).

const assert = require('node:assert/strict');
const path = require('node:path');
const { test, before, after } = require('node:test');
const { assertNoErrors, launchBrowser, newContext, openApp } = require('../lib');
const {
  UI_TIMEOUT_MS,
  fixtureGameFile,
  importFile,
  savedGames,
  startNewGame,
  waitSavedCount,
  waitStartScreen,
} = require('../helpers_saves');
const { reveal, gameState, waitMoves, startAction } = require('../helpers_play');

let browser;
before(async () => {
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
});

/** Opens a recorded game cut to some moves on a phone-sized page, with the hand revealed. */
async function openOnPhone(context, json, name) {
  const { page, errors } = await openApp(context);
  await page.setViewportSize({ width: 390, height: 844 });
  await waitStartScreen(page);
  await importFile(page, { name, mimeType: 'application/json', buffer: Buffer.from(json) });
  await waitSavedCount(page, 1);
  const [game] = await savedGames(page);
  await page.click(`#saved-resume-${game.id}`);
  await page.waitForSelector('.game-screen', { timeout: UI_TIMEOUT_MS });
  await reveal(page);
  return { page, errors };
}

/** The id of the element at a point of the page. */
function idAt(page, x, y) {
  return page.evaluate(([x, y]) => document.elementFromPoint(x, y)?.closest('[id]')?.id ?? '', [x, y]);
}

/** Scrolls to the end of the page (a phone's does not scroll: its sheet keeps Confirm in
 *  view), waits until Confirm takes taps and returns its centre. */
async function confirmCentre(page) {
  await page.evaluate(() => window.scrollTo(0, document.scrollingElement.scrollHeight));
  await page.waitForTimeout(600);
  const at = await page.locator('#confirm').boundingBox();
  const x = at.x + at.width / 2, y = at.y + at.height / 2;
  assert.equal(await idAt(page, x, y), 'confirm', 'Confirm is in view and takes the tap');
  return { x, y };
}

/** Whether the point lies inside the element's box. */
async function pointInside(page, selector, x, y) {
  const box = await page.locator(selector).boundingBox();
  return { inside: x > box.x && x < box.x + box.width && y > box.y && y < box.y + box.height, box };
}

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
    assert.ok((await pointInside(page, '#confirm', x, y)).inside, 'the second tap lands on Confirm');
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

test('the builder: a double tap on Confirm of a sale does not also stop selling', { timeout: 60_000 }, async () => {
  // Brass: Lancashire, 3 players: after 34 moves Crompton sells his Cotton Mill II in Colne to
  // the Distant Market (the record's move 35), and may then sell more.
  const { json } = fixtureGameFile(34, 'game-lancashire-3p.json');
  const context = await newContext(browser);
  try {
    // A phone. Confirm lies at the foot of the controls' sheet (the page never scrolls); after
    // the sale "Stop selling" comes, and a tap that lands on it at once must not take.
    const { page, errors } = await openOnPhone(context, json, 'lancashire.json');
    assert.deepEqual(await gameState(page).then((s) => [s.moves, s.actor]), [34, 1]);
    await startAction(page, 'sell', '.hand-card[data-card="coal_mine"]');
    await page.click('#choice-colne_1');
    await page.waitForSelector('#confirm', { timeout: UI_TIMEOUT_MS }); // the Distant Market is the only buyer
    assert.match(await page.textContent('#summary'), /Confirm draws the top Distant Market tile/);
    const first = await confirmCentre(page);
    // Tapped twice: the first tap sells, the second lands on "Stop selling" just after it appears.
    await page.mouse.click(first.x, first.y);
    await page.waitForSelector('#end-sell', { timeout: UI_TIMEOUT_MS });
    const shown = Date.now();
    assert.equal((await gameState(page)).moves, 35, 'the first tap sold');
    const box = await page.$eval('#end-sell', (el) => el.getBoundingClientRect().toJSON());
    const x = box.x + box.width / 2;
    const y = box.y + box.height / 2;
    await page.waitForTimeout(50);
    await page.mouse.click(x, y);
    const late = Date.now() - shown;
    await page.waitForTimeout(600);
    assert.equal((await gameState(page)).moves, 35, `the second tap (${late} ms after Stop selling appeared) ended nothing`);
    assert.ok(await page.isVisible('#end-sell'), 'Crompton may still sell');
    // a moment later, Stop selling takes a tap there
    assert.equal(await idAt(page, x, y), 'end-sell', 'Stop selling is still under the tap');
    await page.mouse.click(x, y);
    await waitMoves(page, 36);
    assert.equal(await page.isVisible('#end-sell'), false, 'the Sell action is over');
    assertNoErrors(errors);
  } finally {
    await context.close();
  }
});

test('the builder: a double tap on Confirm of a sale does not also make the next sale', { timeout: 60_000 }, async () => {
  // Brass: Birmingham, 2 players (e2e/fixtures, played by bots): after 71 moves Ada sells
  // her Pottery I in Coventry to Oxford (move 72); the one sale left to her then is her
  // Manufacturer II in Cannock to Oxford, with nothing to choose, so its summary and Confirm
  // come at once.
  const { json } = fixtureGameFile(71, 'birmingham-2p-one-more-sale.json', path.join(__dirname, '..', 'fixtures'));
  const context = await newContext(browser);
  try {
    // A phone scrolled to the end of the page: the second summary is about as long as the
    // first with its answers, and Confirm comes back under the tap (checked below; on a
    // 1280x800 screen scrolled to the end it does too, 6 px lower).
    const { page, errors } = await openOnPhone(context, json, 'birmingham.json');
    assert.deepEqual(await gameState(page).then((s) => [s.moves, s.actor]), [71, 0]);
    await startAction(page, 'sell', '.hand-card[data-card="burton_on_trent"]');
    await page.click('#choice-coventry_1');
    await page.waitForSelector('#confirm', { timeout: UI_TIMEOUT_MS });
    assert.match(await page.textContent('#summary'), /Ada sells Pottery I in Coventry/);
    const { x, y } = await confirmCentre(page);
    const node = await page.$('#confirm');
    // Tapped twice: the first tap sells, the second comes just after the next sale's Confirm
    // appears, on the same node (go-app patched it in place: its animation would not start
    // again by itself).
    await page.mouse.click(x, y);
    await waitMoves(page, 72);
    await page.waitForSelector('#confirm', { timeout: UI_TIMEOUT_MS });
    const shown = Date.now();
    assert.match(await page.textContent('#summary'), /Ada sells Manufacturer II in Cannock/);
    assert.ok(await node.evaluate((el) => el.isConnected && el.id === 'confirm'), 'the next Confirm is the same node');
    const onConfirm = await pointInside(page, '#confirm', x, y);
    assert.ok(onConfirm.inside,
      `the second tap lands on Confirm (tap at ${Math.round(x)},${Math.round(y)}; Confirm at ${JSON.stringify(onConfirm.box)})`);
    await page.waitForTimeout(50);
    await page.mouse.click(x, y);
    const late = Date.now() - shown;
    await page.waitForTimeout(600);
    assert.equal((await gameState(page)).moves, 72, `the second tap (${late} ms after Confirm appeared) sold nothing`);
    assert.ok(await page.isVisible('#confirm'), 'the next sale waits for Confirm');
    // a moment later, Confirm takes a tap there
    assert.equal(await idAt(page, x, y), 'confirm', 'Confirm is still under the tap');
    await page.mouse.click(x, y);
    await waitMoves(page, 73);
    assertNoErrors(errors);
  } finally {
    await context.close();
  }
});
