'use strict';
// The start screen before the wasm runs (issue 24; web/early.js, ui/early.go), on a phone:
// the wasm is held back, the person taps and types on the prerendered page, and when the
// wasm is let through the app takes over where they are: the dialog open with what they
// chose and the focus where it was, or, if they already pressed Start or Join, that action
// run once.

const assert = require('node:assert/strict');
const { test, before, after } = require('node:test');
const { BASE_URL, RTC_PROBE, assertNoErrors, describePage, keepConsole, launchBrowser, waitReady, watchErrors } = require('../lib');

const UI_TIMEOUT_MS = 30_000;
// A WebRTC connection gets 12 s to open before the host offers again 2 s later
// (app/mesh, ConnectTimeout): 30 s is two tries, 60 s four.
const CONNECT_TIMEOUT_MS = 60_000;
let browser;
before(async () => {
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
});

/** A phone's page whose wasm waits until release() is called. */
async function heldPhone() {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true, serviceWorkers: 'block',
  });
  await context.addInitScript(RTC_PROBE);
  let release;
  const held = new Promise((resolve) => { release = resolve; });
  await context.route('**/web/app.wasm', async (route) => {
    await held;
    await route.continue();
  });
  const page = await context.newPage();
  const errors = watchErrors(page, { blockedSW: true });
  return { context, page, errors, release };
}

/** The app has not started: the server's page still says loading. */
async function assertNotStarted(page) {
  assert.equal((await page.textContent('#status')).trim(), 'loading', 'the wasm ran already');
}

async function savedGameCount(page) {
  return page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('brass/game/')).length);
}

test('a new game set up and started before the wasm runs starts once, as chosen', { timeout: 90_000 }, async () => {
  const { context, page, errors, release } = await heldPhone();
  try {
    await page.goto(BASE_URL + '/');
    await page.tap('#new-game');
    await page.waitForSelector('#new-game-dialog[open]', { timeout: UI_TIMEOUT_MS });
    await assertNotStarted(page);
    assert.equal(await page.evaluate(() => document.activeElement.id), 'ng-name-1');
    // Four players: the fourth seat shows.
    assert.equal(await page.isVisible('#ng-name-4'), false);
    await page.tap('label[for="ng-players-4"]');
    assert.equal(await page.isVisible('#ng-name-4'), true);
    await page.fill('#ng-name-1', 'Ada');
    await page.fill('#ng-name-2', 'Brunel');
    await page.fill('#ng-name-4', 'Kate');
    // Brunel takes Ada's colour: the app gives Ada Brunel's (colours stay distinct).
    const adaColour = await page.inputValue('input[name="ng-colour-1"]:checked');
    const brunelColour = await page.inputValue('input[name="ng-colour-2"]:checked');
    await page.check(`input[name="ng-colour-2"][value="${adaColour}"]`);
    await page.selectOption('#ng-kind-3', 'easy');
    await page.tap('#ng-start');
    assert.equal((await page.textContent('#ng-start')).trim(), 'Starting…');
    await assertNotStarted(page);
    // A second press before the app runs changes nothing.
    await page.evaluate(() => document.querySelector('#new-game-dialog form').requestSubmit(document.getElementById('ng-start')));

    release();
    await page.waitForSelector('.game-screen', { timeout: UI_TIMEOUT_MS });
    assert.equal(await savedGameCount(page), 1, 'one game saved');
    const players = await page.evaluate(() => {
      const id = JSON.parse(localStorage.getItem('brass/current'));
      const g = JSON.parse(localStorage.getItem('brass/game/' + id));
      return JSON.stringify(g);
    });
    for (const name of ['Ada', 'Brunel', 'Easy bot 3', 'Kate']) assert.ok(players.includes(name), `${name} not in the game: ${players}`);
    assert.ok(players.includes(adaColour) && players.includes(brunelColour), players);
    const game = JSON.parse(players);
    assert.equal(game.colours[1], adaColour, 'Brunel has the colour he chose');
    assert.equal(game.colours[0], brunelColour, "Ada has Brunel's old colour");
    assertNoErrors(errors);
  } finally {
    await context.close();
  }
});

test('a dialog left open before the wasm runs stays open with its choices and focus', { timeout: 90_000 }, async () => {
  const { context, page, errors, release } = await heldPhone();
  try {
    await page.goto(BASE_URL + '/');
    await page.tap('#new-game');
    await page.waitForSelector('#new-game-dialog[open]', { timeout: UI_TIMEOUT_MS });
    await page.tap('label[for="ng-edition-lancashire"]');
    assert.equal(await page.isVisible('#ng-rules-original'), true, 'the rule sets show for Lancashire');
    assert.equal(await page.isVisible('#ng-intro'), false, 'no introductory game in Lancashire');
    await page.tap('label[for="ng-players-2"]');
    await page.fill('#ng-name-1', 'Ada');
    await page.focus('#ng-name-2');
    await page.keyboard.type('Bo');
    await assertNotStarted(page);

    release();
    await waitReady(page);
    assert.equal(await page.isVisible('#new-game-dialog[open]'), true, 'the dialog is open');
    assert.equal(await page.isChecked('#ng-edition-lancashire'), true);
    assert.equal(await page.isChecked('#ng-players-2'), true);
    assert.equal(await page.inputValue('#ng-name-1'), 'Ada');
    assert.equal(await page.inputValue('#ng-name-2'), 'Bo');
    assert.equal(await page.$('#ng-name-3'), null, 'two seats');
    await page.waitForFunction(() => document.activeElement?.id === 'ng-name-2', null, { timeout: UI_TIMEOUT_MS });
    await page.keyboard.type('b');
    assert.equal(await page.inputValue('#ng-name-2'), 'Bob', 'typing goes on in the app');
    await page.tap('#ng-start');
    await page.waitForSelector('.game-screen', { timeout: UI_TIMEOUT_MS });
    assert.equal(await savedGameCount(page), 1);
    assertNoErrors(errors);
  } finally {
    await context.close();
  }
});

test('a dialog closed before the wasm runs stays closed, and nothing is kept over a reload', { timeout: 90_000 }, async () => {
  const { context, page, errors, release } = await heldPhone();
  try {
    await page.goto(BASE_URL + '/');
    await page.tap('#new-game');
    await page.waitForSelector('#new-game-dialog[open]', { timeout: UI_TIMEOUT_MS });
    await page.fill('#ng-name-1', 'Ada');
    await page.tap('#ng-cancel');
    assert.equal(await page.$('#new-game-dialog[open]'), null);
    assert.equal(await page.evaluate(() => document.activeElement.id), 'new-game');
    // A dialog opened, then a reload before the app ran: the page starts afresh.
    await page.tap('#play-online');
    await page.waitForSelector('#online-dialog[open]', { timeout: UI_TIMEOUT_MS });
    release();
    await page.reload();
    await waitReady(page);
    assert.equal(await page.$('dialog[open]'), null, 'no dialog after the reload');
    assert.equal(await savedGameCount(page), 0);
    assertNoErrors(errors);
  } finally {
    await context.close();
  }
});

test('a join link answered before the wasm runs joins the room once', { timeout: 120_000 }, async () => {
  // Ada hosts a room on a desktop page that has started.
  const host = await browser.newContext({ serviceWorkers: 'block' });
  await host.addInitScript(RTC_PROBE);
  const joiner = await heldPhone();
  try {
    const ada = await host.newPage();
    const adaErrors = watchErrors(ada, { blockedSW: true });
    const adaConsole = keepConsole(ada);
    await ada.goto(BASE_URL + '/');
    await waitReady(ada);
    await ada.click('#play-online');
    await ada.waitForSelector('#online-dialog[open]', { timeout: UI_TIMEOUT_MS });
    await ada.click('label[for="ol-players-2"]');
    await ada.fill('#ol-name', 'Ada');
    await ada.click('#ol-go');
    await ada.waitForSelector('#room-code', { timeout: UI_TIMEOUT_MS });
    const link = (await ada.textContent('#room-link')).trim();
    const code = (await ada.textContent('#room-code')).trim();

    // Bo opens the link on a phone: the dialog is there to join before the wasm runs.
    const { page, errors, release } = joiner;
    const boConsole = keepConsole(page);
    await page.goto(link);
    await page.waitForSelector('#online-dialog[open]', { timeout: UI_TIMEOUT_MS });
    await assertNotStarted(page);
    assert.equal(await page.isChecked('#ol-join'), true);
    assert.equal(await page.inputValue('#ol-code'), code);
    assert.equal(await page.isVisible('#ol-code'), true);
    assert.equal(await page.isVisible('#ol-players-2'), false, 'no host fields when joining');
    assert.equal((await page.innerText('#ol-go')).trim(), 'Join');
    await page.fill('#ol-name', 'Bo');
    await page.tap('#ol-go');
    assert.equal((await page.innerText('#ol-go')).trim(), 'Joining…');

    release();
    try {
      await page.waitForSelector('#lobby-seats .lobby-seat[data-state="connected"]', { timeout: CONNECT_TIMEOUT_MS });
    } catch (err) {
      // Once in a CI run Bo's page never showed Ada connected; say what both pages showed.
      err.message += `\nBo's page: ${await describePage(page, boConsole)}\nAda's page: ${await describePage(ada, adaConsole)}`;
      throw err;
    }
    await ada.waitForFunction(() => /Bo/.test(document.getElementById('lobby-seats')?.textContent ?? ''), null, { timeout: UI_TIMEOUT_MS });
    const seats = await ada.$$eval('#lobby-seats .lobby-seat', (els) => els.map((e) => e.textContent));
    assert.equal(seats.filter((s) => /Bo/.test(s)).length, 1, `Bo joined once: ${seats}`);
    assert.equal(await page.evaluate(() => JSON.parse(localStorage.getItem('brass/profile')).name), 'Bo');
    assertNoErrors(errors);
    assertNoErrors(adaErrors);
  } finally {
    await joiner.context.close();
    await host.close();
  }
});
