'use strict';
// The start screen: a new game is saved and listed, a reload resumes it, Delete asks
// first and then removes it; keyboard use, a phone-sized screen and axe-core.

const assert = require('node:assert/strict');
const { test, before, after } = require('node:test');
const { assertNoErrors, launchBrowser, newContext, openApp, waitReady } = require('../lib');
const {
  assertNoHorizontalScroll,
  axeSerious,
  backToStart,
  savedGames,
  startNewGame,
  storageSnapshot,
  waitGameScreen,
  waitSavedCount,
  waitStartScreen,
} = require('../helpers_saves');

let browser;
before(async () => {
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
});

test('a new 3-player game is saved and listed on the start screen', { timeout: 90_000 }, async () => {
  const context = await newContext(browser);
  try {
    const { page, errors } = await openApp(context);
    await waitStartScreen(page);
    assert.match(await page.textContent('.saved'), /No saved games yet/);

    await startNewGame(page, { names: ['Ada', 'Brunel', 'Kate'], seed: 1770 });
    const store = await storageSnapshot(page);
    const current = JSON.parse(store['brass/current']);
    assert.ok(store[`brass/game/${current}`], 'the new game is not stored under its id');
    const saved = JSON.parse(store[`brass/game/${current}`]);
    assert.equal(saved.record.config.players, 3);
    assert.equal(saved.record.config.seed, 1770);
    assert.deepEqual(saved.record.config.names, ['Ada', 'Brunel', 'Kate']);
    assert.equal(saved.colours.length, 3);

    await backToStart(page);
    await waitSavedCount(page, 1);
    const [game] = await savedGames(page);
    assert.equal(game.id, current);
    assert.deepEqual(game.players, ['Ada', 'Brunel', 'Kate']);
    assert.equal(game.moves, '0 moves');
    assert.equal(game.state, 'Canal Era, round 1');
    assert.match(game.text, /last played today/);
    assert.equal((await storageSnapshot(page))['brass/current'], undefined, 'leaving the game kept it current');

    // Resume opens it again.
    await page.click(`#saved-resume-${current}`);
    await waitGameScreen(page);
    assert.equal(JSON.parse((await storageSnapshot(page))['brass/current']), current);
    assertNoErrors(errors);
  } finally {
    await context.close();
  }
});

test('a reload resumes the game screen', { timeout: 90_000 }, async () => {
  const context = await newContext(browser);
  try {
    const { page, errors } = await openApp(context);
    await waitStartScreen(page);
    await startNewGame(page, { names: ['Ada', 'Bo'] });
    const before = await storageSnapshot(page);

    await page.reload();
    await waitReady(page);
    // "ready" is set in the same update that opens the saved game: no start screen first.
    assert.equal(await page.locator('.game-screen').count(), 1, 'the reload did not resume the game');
    assert.equal(await page.locator('.start').count(), 0);
    assert.deepEqual(await storageSnapshot(page), before, 'resuming changed the saved game');

    // Back on the start screen, a reload stays there.
    await backToStart(page);
    await page.reload();
    await waitReady(page);
    await waitStartScreen(page);
    assert.equal(await page.locator('.game-screen').count(), 0);
    await waitSavedCount(page, 1);
    assertNoErrors(errors);
  } finally {
    await context.close();
  }
});

test('Delete asks first, then removes the game', { timeout: 90_000 }, async () => {
  const context = await newContext(browser);
  try {
    const { page, errors } = await openApp(context);
    await waitStartScreen(page);
    await startNewGame(page, { names: ['Ada', 'Bo'] });
    await backToStart(page);
    await startNewGame(page, { names: ['Cy', 'Di', 'Ed', 'Flo'] });
    await backToStart(page);
    await waitSavedCount(page, 2);
    const games = await savedGames(page);
    // The last played game comes first.
    assert.deepEqual(games[0].players, ['Cy', 'Di', 'Ed', 'Flo']);
    const victim = games[1].id;

    await page.click(`#saved-delete-${victim}`);
    await page.waitForSelector(`#saved-confirm-delete-${victim}`);
    assert.match(await page.textContent(`#saved-game-${victim}`), /Delete this game for good\?/);
    assert.equal(await page.evaluate(() => document.activeElement.id), `saved-keep-${victim}`);
    await page.click(`#saved-keep-${victim}`);
    await page.waitForSelector(`#saved-delete-${victim}`);
    await waitSavedCount(page, 2);

    await page.click(`#saved-delete-${victim}`);
    await page.click(`#saved-confirm-delete-${victim}`);
    await waitSavedCount(page, 1);
    assert.deepEqual((await savedGames(page)).map((g) => g.id), [games[0].id]);
    assert.match(await page.textContent('#start-message'), /Deleted the game of Ada and Bo/);
    const store = await storageSnapshot(page);
    assert.equal(store[`brass/game/${victim}`], undefined);
    assert.deepEqual(JSON.parse(store['brass/games']).map((s) => s.id), [games[0].id]);

    // Still gone after a reload.
    await page.reload();
    await waitReady(page);
    await waitSavedCount(page, 1);
    assertNoErrors(errors);
  } finally {
    await context.close();
  }
});

test('the start screen and the dialog work from the keyboard', { timeout: 90_000 }, async () => {
  const context = await newContext(browser);
  try {
    const { page, errors } = await openApp(context);
    await waitStartScreen(page);
    // Tab reaches "New game" and Enter opens the dialog with the first name focused.
    let reached = false;
    for (let i = 0; i < 10 && !reached; i++) {
      await page.keyboard.press('Tab');
      reached = await page.evaluate(() => document.activeElement?.id === 'new-game');
    }
    assert.ok(reached, 'Tab never reached the New game button');
    await page.keyboard.press('Enter');
    await page.waitForSelector('#new-game-dialog[open]');
    await page.waitForFunction(() => document.activeElement?.id === 'ng-name-1');
    // The focus is visible.
    const outline = await page.evaluate(() => getComputedStyle(document.activeElement).outlineStyle);
    assert.notEqual(outline, 'none', 'the focused field has no visible outline');

    // Escape closes it and gives the focus back to "New game".
    await page.keyboard.press('Escape');
    await page.waitForSelector('#new-game-dialog', { state: 'detached' });
    await page.waitForFunction(() => document.activeElement?.id === 'new-game');

    // A whole game set up from the keyboard: 2 players, names typed, colours by arrows.
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => document.activeElement?.id === 'ng-name-1');
    await page.keyboard.press('Shift+Tab'); // the checked "3 players" radio
    await page.keyboard.press('ArrowLeft'); // 2 players
    await page.waitForSelector('#ng-name-3', { state: 'detached' });
    await page.focus('#ng-name-1');
    await page.keyboard.press('Control+A');
    await page.keyboard.type('Keyboard Kim');
    await page.keyboard.press('Tab'); // player 1's colour (red, checked)
    await page.keyboard.press('ArrowRight'); // gold: player 2 had it and gets red
    await page.keyboard.press('Enter'); // submits the form
    await waitGameScreen(page);
    const store = await storageSnapshot(page);
    const saved = JSON.parse(store[`brass/game/${JSON.parse(store['brass/current'])}`]);
    assert.deepEqual(saved.record.config.names, ['Keyboard Kim', 'Player 2']);
    assert.deepEqual(saved.colours, ['#e2b714', '#c0392b']);
    assertNoErrors(errors);
  } finally {
    await context.close();
  }
});

test('the dialog refuses bad names and seeds in the page', { timeout: 60_000 }, async () => {
  const context = await newContext(browser);
  try {
    const { page, errors } = await openApp(context);
    await waitStartScreen(page);
    await page.click('#new-game');
    await page.waitForSelector('#new-game-dialog[open]');
    await page.fill('#ng-name-2', 'player 1');
    await page.click('#ng-start');
    await page.waitForFunction(() => /both called/.test(document.getElementById('ng-error').textContent));
    await page.fill('#ng-name-2', 'Bo');
    await page.fill('#ng-seed', 'twelve');
    await page.click('#ng-start');
    await page.waitForFunction(() => /whole number/.test(document.getElementById('ng-error').textContent));
    await page.click('#ng-cancel');
    await page.waitForSelector('#new-game-dialog', { state: 'detached' });
    assert.deepEqual(Object.keys(await storageSnapshot(page)).filter((k) => k.startsWith('brass/game/')), []);
    assertNoErrors(errors);
  } finally {
    await context.close();
  }
});

test('axe-core: no serious or critical violations on the start screen and the dialog', { timeout: 90_000 }, async () => {
  const context = await newContext(browser);
  try {
    const { page, errors } = await openApp(context);
    await waitStartScreen(page);
    await startNewGame(page, { names: ['Ada', 'Brunel', 'Kate'] });
    await backToStart(page);
    await waitSavedCount(page, 1);
    assert.deepEqual(await axeSerious(page), [], 'start screen with a saved game');

    const [game] = await savedGames(page);
    await page.click(`#saved-delete-${game.id}`);
    await page.waitForSelector(`#saved-confirm-delete-${game.id}`);
    assert.deepEqual(await axeSerious(page), [], 'start screen asking to delete');
    await page.click(`#saved-keep-${game.id}`);

    await page.click('#new-game');
    await page.waitForSelector('#new-game-dialog[open]');
    await page.click('label[for="ng-players-4"]');
    await page.waitForSelector('#ng-name-4');
    assert.deepEqual(await axeSerious(page), [], 'new-game dialog');
    assertNoErrors(errors);
  } finally {
    await context.close();
  }
});

test('the start screen and the dialog fit a phone and a laptop screen', { timeout: 90_000 }, async () => {
  for (const [width, height] of [
    [390, 844],
    [1280, 800],
    [1440, 900],
  ]) {
    const context = await newContext(browser);
    try {
      const { page, errors } = await openApp(context);
      await page.setViewportSize({ width, height });
      await waitStartScreen(page);
      await startNewGame(page, { names: ['Ada', 'A rather long name!!', 'Kate', 'Dee'] });
      await backToStart(page);
      await waitSavedCount(page, 1);
      await assertNoHorizontalScroll(page, `start screen at ${width}×${height}`);
      await page.click('#new-game');
      await page.waitForSelector('#new-game-dialog[open]');
      await page.click('label[for="ng-players-4"]');
      await page.waitForSelector('#ng-name-4');
      await assertNoHorizontalScroll(page, `dialog at ${width}×${height}`);
      const box = await page.locator('#new-game-dialog').boundingBox();
      assert.ok(box.x >= 0 && box.x + box.width <= width, `the dialog (${JSON.stringify(box)}) leaves the ${width}px screen`);
      // Start is on the screen without scrolling: the buttons stay at the dialog's bottom
      // while the form scrolls under them.
      const start = await page.locator('#ng-start').boundingBox();
      assert.ok(start && start.y >= 0 && start.y + start.height <= height, `Start (${JSON.stringify(start)}) is not on the ${width}×${height} screen`);
      const hit = await page.evaluate(({ x, y }) => document.elementFromPoint(x, y)?.id, { x: start.x + start.width / 2, y: start.y + start.height / 2 });
      assert.equal(hit, 'ng-start', `something covers Start at ${width}×${height}`);
      assertNoErrors(errors);
    } finally {
      await context.close();
    }
  }
});
