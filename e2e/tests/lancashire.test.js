'use strict';
// A Brass: Lancashire hotseat game in the browser (Roxley rules, 3 players, seed 1): the
// dialog's edition and rule-set choice, the first round by clicking (a Cotton Mill and a
// Port in Preston, a £20 loan), the sale of the mill's cotton to the port in round 2, then
// the debug fast-forward to the end of the Canal Era and on to the end of the game, whose
// final scores count money VP. The moves were found with the engine (seed 1 deals Ada and
// Brunel a Preston card each). Then a 2-player game: the level-0 Shipyard developed away, and
// a build with two cards (any town, both actions). And a game against bots.

const assert = require('node:assert/strict');
const { test, before, after } = require('node:test');
const { assertNoErrors, launchBrowser, newContext, openApp } = require('../lib');
const { UI_TIMEOUT_MS, startNewGame, backToStart, savedGames, waitSavedCount, waitStartScreen, axeSerious } = require('../helpers_saves');
const { reveal, actorName, answerAndConfirm, startAction, logText, gameState, startAutoplay } = require('../helpers_play');

let browser;
before(async () => {
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
});

/** Answers the current question by clicking sel, if the question matches re. */
async function answerIf(page, re, sel) {
  const q = await page.$('#question');
  if (q && re.test(await q.textContent())) {
    const before = await q.textContent();
    await page.click(sel, { force: true });
    await page.waitForFunction((b) => document.querySelector('#confirm') || (document.querySelector('#question')?.textContent ?? b) !== b,
      before, { timeout: UI_TIMEOUT_MS });
  }
}

/** Builds an industry in a space with a given card (one card: the round has one action). */
async function buildWith(page, card, industry, space) {
  await page.click('#action-build');
  await page.waitForSelector('#question', { timeout: UI_TIMEOUT_MS });
  await page.click(`.hand-card[data-card="${card}"]:not([aria-disabled="true"])`);
  await page.waitForSelector('.gs-crumbs li', { timeout: UI_TIMEOUT_MS });
  await answerIf(page, /industry/, `#builder .gs-choice:has-text("${industry}")`);
  await answerIf(page, /where to build/, `#space-${space}`);
  await answerAndConfirm(page);
}

/** Plays the debug fast-forward and waits for a summary dialog containing text. */
async function fastForward(page, text) {
  await reveal(page);
  await page.click('#debug-autoplay');
  const dialog = page.locator(`[role="dialog"]:has-text("${text}")`).first();
  await dialog.waitFor({ timeout: 60_000 });
  return (await dialog.textContent()).replace(/\s+/g, ' ');
}

test('a 3-player Brass: Lancashire hotseat game from the first round to the end', { timeout: 120_000 }, async () => {
  const context = await newContext(browser);
  await context.addInitScript(() => localStorage.setItem('brass/debug', 'true'));
  try {
    const { page, errors } = await openApp(context);
    await waitStartScreen(page);

    // The dialog: the original rules are for 3–4 players, so 2 players is not offered there.
    await page.click('#new-game');
    await page.waitForSelector('#new-game-dialog[open]', { timeout: UI_TIMEOUT_MS });
    await page.click('label[for="ng-edition-lancashire"]');
    await page.click('label[for="ng-rules-original"]');
    // (the dialog re-renders after the click: wait for it)
    await page.waitForSelector('#ng-players-2:disabled', { timeout: UI_TIMEOUT_MS });
    assert.equal(await page.isDisabled('#ng-players-2'), true, 'the original rules have no 2-player game');
    assert.match(await page.textContent('#ng-rules-original-help'), /Warfrog/);
    assert.equal(await page.$('#ng-intro'), null, 'no introductory game in Lancashire');
    assert.deepEqual(await axeSerious(page), []);
    await page.click('#ng-cancel');
    await page.waitForSelector('#new-game-dialog', { state: 'detached', timeout: UI_TIMEOUT_MS });

    await startNewGame(page, { names: ['Ada', 'Brunel', 'Kate'], seed: 1, edition: 'lancashire', rules: 'roxley' });
    assert.equal(await page.title(), 'Brass: Lancashire');
    for (const id of ['loc-scotland', 'loc-yorkshire', 'loc-the_midlands', 'loc-blackpool', 'distant-market', 'market-coal', 'space-liverpool_3']) {
      assert.ok(await page.$(`#board #${id}`), `the board has #${id}`);
    }
    assert.equal(await page.$('#board #vlink-liverpool-birkenhead'), null, 'the Roxley rules have no virtual link');
    assert.match(await page.getAttribute('#distant-market', 'aria-label'), /10 tiles face down/);
    // A click on the Distant Market (outside an action) shows its details card.
    await page.click('#distant-market rect', { force: true });
    await page.waitForSelector('#board-details-close', { timeout: UI_TIMEOUT_MS });
    assert.match(await page.textContent('#board-details'), /Distant Market.*10 of 10 tiles face down.*on X the sale fails/);
    await page.click('#board-details-close');
    await page.waitForSelector('#board-details-close', { state: 'detached', timeout: UI_TIMEOUT_MS });

    // Round 1: Ada builds a Cotton Mill in Preston, Brunel a Port beside it, Kate borrows £20.
    await reveal(page);
    assert.equal(await actorName(page), 'Ada');
    assert.equal(await page.$('#action-scout'), null, 'Lancashire has no Scout action');
    await buildWith(page, 'preston', 'Cotton Mill', 'preston_2');
    assert.match(await logText(page), /Ada builds .*Cotton Mill.* in Preston/);

    await reveal(page);
    assert.equal(await actorName(page), 'Brunel');
    await buildWith(page, 'preston', 'Port', 'preston_1');
    assert.match(await logText(page), /Brunel builds .*Port.* in Preston/);

    await reveal(page);
    assert.equal(await actorName(page), 'Kate');
    await startAction(page, 'loan');
    assert.match(await page.textContent('#question'), /how much to borrow/);
    await page.click('#builder .gs-choice:has-text("£20")');
    await page.waitForSelector('#confirm', { timeout: UI_TIMEOUT_MS }); // the amount was the last question
    await answerAndConfirm(page);
    assert.match(await logText(page), /Kate .*£20/);
    await page.waitForSelector('[role="dialog"]:has-text("turn order")', { timeout: UI_TIMEOUT_MS });
    await page.keyboard.press('Escape');

    // Round 2: Kate and Brunel pass; Ada sells her cotton to Brunel's port.
    for (let i = 0; i < 4; i++) {
      await reveal(page);
      assert.notEqual(await actorName(page), 'Ada');
      await startAction(page, 'pass');
      await answerAndConfirm(page);
    }
    await reveal(page);
    assert.equal(await actorName(page), 'Ada');
    await startAction(page, 'sell');
    await answerIf(page, /tile to sell/, '#space-preston_2');
    await page.waitForSelector('#space-preston_1.bb-hl', { timeout: UI_TIMEOUT_MS });
    assert.match(await page.textContent('#question'), /port .*or the Distant Market/);
    await page.click('#space-preston_1', { force: true });
    await answerAndConfirm(page);
    assert.match(await logText(page), /Ada sells/);
    assert.match(await page.getAttribute('#space-preston_2', 'aria-label'), /flipped/);
    assert.match(await page.getAttribute('#space-preston_1', 'aria-label'), /flipped/);
    assert.deepEqual(await axeSerious(page), []);

    // Fast-forward to the end of the Canal Era, then to the end of the game.
    const era = await fastForward(page, 'Canal Era');
    for (const name of ['Ada', 'Brunel', 'Kate']) assert.match(era, new RegExp(name));
    await page.keyboard.press('Escape');
    let final = '';
    for (let i = 0; i < 3 && !final; i++) {
      const text = await fastForward(page, 'VP');
      if (/Where the VP come from/.test(text)) final = text;
      else await page.keyboard.press('Escape');
    }
    assert.match(final, /held at the end of the game/, 'the final scores count money VP');
    await page.keyboard.press('Escape');

    // Closed final scores stay folded when the finished game is reloaded; the button
    // opens them again.
    await page.waitForSelector('#final-scores-open', { timeout: UI_TIMEOUT_MS });
    await page.reload();
    await page.waitForSelector('#final-scores-open', { timeout: UI_TIMEOUT_MS });
    assert.equal(await page.locator('[role="dialog"]:has-text("Where the VP come from")').count(), 0, 'a reload reopened the final scores');
    await page.click('#final-scores-open');
    await page.waitForSelector('[role="dialog"]:has-text("Where the VP come from")', { timeout: UI_TIMEOUT_MS });
    await page.waitForFunction(() => document.activeElement?.id === 'final-scores-ok', null, { timeout: UI_TIMEOUT_MS });
    await page.keyboard.press('Escape');
    await page.waitForSelector('#final-scores-open', { timeout: UI_TIMEOUT_MS });

    // The saved game names its edition.
    await backToStart(page);
    await waitSavedCount(page, 1); // the list is read from storage after the screen shows
    const [game] = await savedGames(page);
    assert.match(game.text, /Brass: Lancashire/);
    assert.match(game.text, /won|wins/i);
    assert.equal(await page.title(), 'Brass');
    assertNoErrors(errors);
  } finally {
    await context.close();
  }
});

test('Brass: Lancashire against bots: a Medium and an Easy bot play their seats, the hint explains a Lancashire move', { timeout: 240_000 }, async () => {
  const context = await newContext(browser);
  await context.addInitScript(() => localStorage.setItem('brass/debug', 'true'));
  try {
    const { page, errors } = await openApp(context);
    await waitStartScreen(page);
    await page.click('#new-game');
    await page.waitForSelector('#new-game-dialog[open]', { timeout: UI_TIMEOUT_MS });
    await page.click('label[for="ng-edition-lancashire"]');
    await page.click('label[for="ng-rules-roxley"]');
    await page.click('label[for="ng-players-3"]');
    await page.fill('#ng-name-1', 'Ada');
    await page.fill('#ng-seed', '3');
    await page.selectOption('#ng-kind-2', 'medium');
    await page.selectOption('#ng-kind-3', 'easy');
    await page.click('#ng-start');
    await page.waitForSelector('.game-screen', { timeout: UI_TIMEOUT_MS });
    assert.equal(await page.title(), 'Brass: Lancashire');

    // Ada asks for a hint on her first turn and takes it.
    await page.waitForSelector('#builder #action-build, #builder #action-pass', { timeout: 120_000 });
    assert.equal(await page.$('.pd'), null, 'no pass-the-device cover against bots');
    await page.click('#hint');
    await page.waitForSelector('#hint-box .gs-hint-move', { timeout: 60_000 });
    const box = await page.textContent('#hint-box');
    assert.match(box, /^Hint: /, box);
    assert.ok((await page.$('#hint-box .gs-hint-reason')) !== null, `the hint gives a reason: ${box}`);
    const before = (await gameState(page)).moves;
    await page.click('#hint-use');
    await answerAndConfirm(page);
    assert.ok((await gameState(page)).moves > before);

    // The bots play their seats by themselves; Ada auto-plays hers to the end of the game.
    await page.waitForFunction(() => /Medium bot 2 (builds|takes|develops|sells|passes)/.test((document.querySelector('.log')?.textContent || '').replace(/\s+/g, ' ')), null, { timeout: 120_000 });
    for (const era of ['Rail Era', null]) {
      await page.waitForSelector('#debug-autoplay', { timeout: 120_000 });
      await startAutoplay(page);
      if (era) {
        await page.waitForFunction((era) => (document.querySelector('.gs-top')?.textContent || '').includes(era), era, { timeout: 180_000 });
      } else {
        await page.waitForSelector('#final-breakdown', { timeout: 180_000 });
      }
    }
    const log = await logText(page);
    assert.match(log, /Easy bot 3 /);
    assertNoErrors(errors);
  } finally {
    await context.close();
  }
});

test('Brass: Lancashire: developing the level-0 Shipyard away, and a build with two cards, in any town, taking both actions of the turn', { timeout: 90_000 }, async () => {
  const context = await newContext(browser);
  try {
    const { page, errors } = await openApp(context);
    await waitStartScreen(page);
    await startNewGame(page, { names: ['Ada', 'Brunel'], seed: 1, edition: 'lancashire', rules: 'roxley' });
    // Round 1 has one action each (no two-card build then). The first player develops away the
    // level-0 Shipyard (it can never be built); the second borrows.
    await reveal(page);
    const developer = await actorName(page);
    await startAction(page, 'develop');
    await page.click('#builder .gs-choice:has-text("Shipyard")');
    await answerAndConfirm(page);
    assert.match(await logText(page), new RegExp(`${developer} develops .*Shipyard`));
    await reveal(page);
    await startAction(page, 'loan');
    await answerAndConfirm(page);
    await page.waitForSelector('[role="dialog"]:has-text("turn order")', { timeout: UI_TIMEOUT_MS });
    await page.keyboard.press('Escape');

    // Round 2: the first player builds, discarding a second card to build in any town.
    await reveal(page);
    const who = await actorName(page);
    const before = await gameState(page);
    await page.click('#action-build');
    await page.waitForSelector('#question', { timeout: UI_TIMEOUT_MS });
    await page.click('.hand-card:not([aria-disabled="true"])');
    const second = page.locator('#builder .gs-choice:has-text("Also discard")').first();
    await second.waitFor({ timeout: UI_TIMEOUT_MS });
    assert.match(await page.textContent('#question'), /discard a second card to build in any town .*both your actions/);
    // Every second card is in view: the list wraps, nothing scrolls or is cut (issue 43).
    const box = await page.$eval('#builder .gs-choices-cards', (el) => ({
      scroll: el.scrollHeight, client: el.clientHeight, cards: el.querySelectorAll('.gs-choice-card').length,
      cut: [...el.children].filter((b) => b.scrollWidth > b.clientWidth + 1 || b.getBoundingClientRect().right > el.getBoundingClientRect().right + 1).length,
    }));
    assert.ok(box.cards >= 2, `second cards drawn: ${box.cards}`);
    assert.ok(box.scroll <= box.client, `the second cards' list scrolls: ${box.scroll} > ${box.client}`);
    assert.equal(box.cut, 0, 'a second card is cut');
    await second.click();
    await answerAndConfirm(page);
    assert.match(await logText(page), new RegExp(`${who} builds .* with the .* and .* cards \\(both actions\\)`));
    // Both actions are spent: the turn passes to the other player with one move.
    const after = await gameState(page);
    assert.equal(after.moves, before.moves + 1);
    await reveal(page);
    assert.notEqual(await actorName(page), who, 'the two-card build took both actions');
    assertNoErrors(errors);
  } finally {
    await context.close();
  }
});
