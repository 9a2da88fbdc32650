'use strict';
// Playing a hotseat game in the browser: the first Canal round by clicking (a build with a
// location card, a canal link, a loan, then a develop), an illegal target and its reason,
// a reload that resumes the identical state, a (debug) fast-forward to the end of the Canal
// Era with its summary, and export/import of the game in a fresh browser.

const assert = require('node:assert/strict');
const path = require('node:path');
const { test, before, after } = require('node:test');
const { assertNoErrors, launchBrowser, newContext, openApp, waitReady } = require('../lib');
const { UI_TIMEOUT_MS, startNewGame, backToStart, savedGames, importFile, tempDir, waitSavedCount, waitStartScreen, axeSerious } = require('../helpers_saves');
const { reveal, gameState, waitMoves, actorName, answerAndConfirm, startAction, logText, assertHandCovered } = require('../helpers_play');

let browser;
let files;
before(async () => {
  browser = await launchBrowser();
  files = tempDir();
});
after(async () => {
  await browser?.close();
  files?.cleanup();
});

test('a 3-player hotseat game from the first round to the end of the Canal Era', { timeout: 180_000 }, async () => {
  const context = await newContext(browser);
  // The debug fast-forward is off unless this key is set.
  await context.addInitScript(() => localStorage.setItem('brass/debug', 'true'));
  let exported;
  try {
    const { page, errors } = await openApp(context);
    await waitStartScreen(page);
    await startNewGame(page, { names: ['Ada', 'Brunel', 'Kate'], seed: 7 });

    // The hand is hidden until the player to act taps the cover.
    assert.ok(await page.$('.pd'), 'the pass-the-device cover is shown');
    // (It may already be drawn under the cover, hidden, to be quick to reveal.)
    await assertHandCovered(page, 'the hand is hidden behind the cover');
    await reveal(page);
    assert.match(await page.textContent('#builder'), /1 action left/);

    // 1. Build with a location card.
    const builder = await actorName(page);
    await startAction(page, 'build', '.hand-card.hand-loc:not([aria-disabled="true"])');
    await answerAndConfirm(page);
    assert.match(await logText(page), new RegExp(`${builder} builds .* in .* with `));
    const built = await page.$$eval('#board g[id^="space-"]', (els) => els.map((e) => e.getAttribute('aria-label')));
    assert.ok(built.some((l) => l.includes(`${builder}'s`)), `a space shows ${builder}'s tile`);

    // 2. A canal link; first an illegal target, which is explained and changes nothing.
    await reveal(page);
    const networker = await actorName(page);
    await startAction(page, 'network');
    await page.waitForSelector('#board g[id^="link-"].bb-hl', { timeout: UI_TIMEOUT_MS });
    const beforeIllegal = await gameState(page);
    await page.click('#link-leek-belper', { force: true }); // a railway-only line
    await page.waitForSelector('#notice.gs-notice-bad', { timeout: UI_TIMEOUT_MS });
    assert.match(await page.textContent('#notice'), /railway line only/);
    assert.deepEqual(await gameState(page), beforeIllegal);
    await page.click('#board g[id^="link-"].bb-hl', { force: true });
    await page.waitForSelector('#confirm, .gs-crumbs li:nth-child(2)', { timeout: UI_TIMEOUT_MS });
    await answerAndConfirm(page);
    assert.match(await logText(page), new RegExp(`${networker} builds canal `));

    // 3. A loan: £17 + £30, income level 0 − 3 levels; it is the last action of the round,
    // so the round's income (−£3) is paid at once: £44.
    await reveal(page);
    const borrower = await actorName(page);
    await startAction(page, 'loan');
    await answerAndConfirm(page);
    assert.match(await logText(page), new RegExp(`${borrower} takes a £30 loan`));
    const panel = await page.$eval(`.pp:has-text("${borrower}")`, (el) => el.textContent.replace(/\s+/g, ' '));
    assert.match(panel, /Money\s*£44/);
    assert.match(panel, /Income\s*−£3/);

    // The first round is over: its summary shows the new turn order.
    await page.waitForSelector('[role="dialog"]:has-text("turn order")', { timeout: UI_TIMEOUT_MS });
    await page.keyboard.press('Escape');

    // 4. Round 2: a develop (two actions per turn from now on).
    await reveal(page);
    assert.match(await page.textContent('#builder'), /2 actions left/);
    const developer = await actorName(page);
    await startAction(page, 'develop');
    await answerAndConfirm(page);
    assert.match(await logText(page), new RegExp(`${developer} develops `));

    // Undo: the develop is taken back (no card was drawn since) and can be made again.
    const developed = await gameState(page);
    await page.click('#undo');
    await waitMoves(page, 3);
    assert.doesNotMatch(await logText(page), new RegExp(`${developer} develops `));
    await startAction(page, 'develop');
    await answerAndConfirm(page);
    assert.deepEqual(await gameState(page), developed);
    assert.equal(await page.$('#undo') !== null, true, 'the develop can still be undone');

    // The log: clicking the first build shows the board at that moment, read-only.
    await page.click('#toggle-log');
    await page.click('.log button[data-move="0"]');
    await page.waitForSelector('#history-banner', { timeout: UI_TIMEOUT_MS });
    assert.match(await page.textContent('#history-banner'), /after move 1/);
    assert.equal(await page.$('#controls'), null, 'no actions while viewing history');
    await page.click('#history-banner button');
    await page.waitForSelector('#history-banner', { state: 'detached', timeout: UI_TIMEOUT_MS });
    await page.click('#toggle-log');

    // Reload in the middle of the round: the same state comes back.
    const mid = await gameState(page);
    assert.equal(mid.moves, 4);
    await page.reload();
    await waitReady(page);
    await page.waitForSelector('.game-screen', { timeout: UI_TIMEOUT_MS });
    assert.deepEqual(await gameState(page), mid);
    await reveal(page);
    assert.match(await page.textContent('#builder'), /1 action left/);

    // The game screen passes axe-core.
    assert.deepEqual(await axeSerious(page), []);

    // Fast-forward (debug) to the end of the Canal Era: its summary shows the scoring.
    await page.click('#debug-autoplay');
    const era = page.locator('[role="dialog"]:has-text("Canal Era")');
    await era.waitFor({ timeout: 60_000 });
    const summary = (await era.textContent()).replace(/\s+/g, ' ');
    for (const name of ['Ada', 'Brunel', 'Kate']) assert.match(summary, new RegExp(name));
    assert.match(summary, /links/i);
    await page.keyboard.press('Escape');
    const atRail = await gameState(page);

    // Export the game …
    await reveal(page);
    await backToStart(page);
    await waitSavedCount(page, 1); // the list is read from storage after the screen shows
    const [game] = await savedGames(page);
    const download = page.waitForEvent('download', { timeout: UI_TIMEOUT_MS });
    await page.click(`#saved-export-${game.id}`);
    const dl = await download;
    exported = path.join(files.dir, dl.suggestedFilename());
    await dl.saveAs(exported);
    assertNoErrors(errors);

    // … and import it in a fresh browser context: the same state.
    const fresh = await newContext(browser);
    try {
      const { page: p2, errors: e2 } = await openApp(fresh);
      await waitStartScreen(p2);
      await importFile(p2, exported);
      await waitSavedCount(p2, 1);
      const [imported] = await savedGames(p2);
      await p2.click(`#saved-resume-${imported.id}`);
      await p2.waitForSelector('.game-screen', { timeout: UI_TIMEOUT_MS });
      assert.deepEqual(await gameState(p2), atRail);
      assertNoErrors(e2);
    } finally {
      await fresh.close();
    }
  } finally {
    await context.close();
  }
});
