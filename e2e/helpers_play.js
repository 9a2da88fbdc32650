'use strict';
// Helpers for the gameplay tests: the pass-the-device cover, the action builder and the
// game screen's data attributes (engine hash, move count).

const assert = require('node:assert/strict');
const { UI_TIMEOUT_MS } = require('./helpers_saves');

/** Taps through the "pass the device" cover when it is shown. */
async function reveal(page) {
  const btn = await page.$('.pd-btn');
  if (btn) {
    await btn.click();
    await page.waitForSelector('.pd', { state: 'detached', timeout: UI_TIMEOUT_MS });
  }
  await page.waitForSelector('#builder', { timeout: UI_TIMEOUT_MS });
}

/**
 * Checks that no hand can be seen, read out or tapped: the next player's controls may
 * already be drawn under the cover (to be quick to reveal), but hidden.
 */
async function assertHandCovered(page, msg) {
  assert.equal(await page.isVisible('#hand'), false, msg);
  const hidden = await page.$$eval('#hand', (els) => els.every((el) => el.closest('.gs-under-cover') !== null &&
    getComputedStyle(el).visibility === 'hidden' && getComputedStyle(el).pointerEvents === 'none'));
  assert.ok(hidden, `${msg}: a hand drawn under the cover is hidden`);
}

/** The game screen's engine state hash and move count. */
async function gameState(page) {
  return page.$eval('.game-screen', (el) => ({
    hash: el.dataset.hash,
    moves: Number(el.dataset.moves),
    actor: Number(el.dataset.actor),
  }));
}

/** Waits until the game has applied n moves. */
async function waitMoves(page, n) {
  await page.waitForFunction((n) => {
    const el = document.querySelector('.game-screen');
    return el && Number(el.dataset.moves) === n;
  }, n, { timeout: UI_TIMEOUT_MS });
}

/** The name of the player to act, from the builder's heading. */
async function actorName(page) {
  const text = await page.textContent('#builder .gs-prompt');
  return text.split(':')[0].trim();
}

/**
 * Waits until the builder has not changed for a moment (it watches the whole game screen:
 * the builder and the board that shows its answers are drawn together). A click is applied
 * by Go after the click returns, and go-app keeps DOM nodes across renders: read too early,
 * the builder still shows the question the click answered, and the button read for it may
 * become another one (the last choice's button becomes Confirm) before it is clicked.
 */
async function builderSettled(page) {
  await page.evaluate(() => new Promise((resolve) => {
    const quietMs = 150, capMs = 3000;
    const target = document.querySelector('.game-screen') || document.body;
    let timer;
    const done = () => { obs.disconnect(); clearTimeout(cap); resolve(); };
    const obs = new MutationObserver(() => { clearTimeout(timer); timer = setTimeout(done, quietMs); });
    obs.observe(target, { subtree: true, childList: true, characterData: true, attributes: true });
    timer = setTimeout(done, quietMs);
    const cap = setTimeout(done, capMs);
  }));
}

/**
 * Answers every remaining question of the action being built with the first legal
 * answer: a highlighted place on the board when the question is asked there, otherwise
 * the first listed choice; then confirms.
 */
async function answerAndConfirm(page) {
  const deadline = Date.now() + UI_TIMEOUT_MS;
  const before = (await gameState(page)).moves;
  for (;;) {
    if (Date.now() > deadline) throw new Error('the action did not complete: ' + (await page.textContent('#builder')));
    await builderSettled(page);
    // the question and its answer are read together, and the answer is clicked by its id,
    // looked up at the click, not by a node held from an earlier read (a node held may
    // have become another button since)
    const step = await page.evaluate(() => {
      if (document.querySelector('#confirm')) return null;
      const question = document.querySelector('#question')?.textContent ?? '';
      const onBoard = document.querySelector('#board g.bb-hl[id], #board g.bb-src[id]');
      const choice = onBoard ? null : document.querySelector('#builder .gs-choice[id]');
      const el = onBoard || choice;
      return { question, id: el ? el.id : '', onBoard: !!onBoard };
    });
    if (step === null) break;
    if (step.question === '' || step.id === '') {
      await page.waitForTimeout(50); // between two renders: look again
      continue;
    }
    try {
      await page.click(`[id="${step.id}"]`, { force: step.onBoard, timeout: 2000 });
    } catch (e) {
      continue; // the builder moved on before the click: look again
    }
    // wait for the builder to move on to another question or to the summary
    await page.waitForFunction(
      (q) => document.querySelector('#confirm') || (document.querySelector('#question')?.textContent ?? q) !== q,
      step.question, { timeout: UI_TIMEOUT_MS });
  }
  await page.click('#confirm');
  await waitMoves(page, before + 1);
}

/** Starts an action and picks the first card the builder offers (or a given selector). */
async function startAction(page, type, cardSelector = '.hand-card:not([aria-disabled="true"])') {
  await page.click(`#action-${type}`);
  await page.waitForSelector('#question, #confirm', { timeout: UI_TIMEOUT_MS });
  const q = await page.$('#question');
  if (q && /card/.test(await q.textContent())) {
    await page.click(cardSelector);
    await page.waitForSelector('.gs-crumbs li', { timeout: UI_TIMEOUT_MS });
  }
}

/** The text of the game log. */
async function logText(page) {
  return page.$eval('.log', (el) => el.textContent.replace(/\s+/g, ' '));
}

/** Closes the round and era summaries a page shows (each page shows them itself). */
async function closeSummaries(page) {
  for (let i = 0; i < 5 && (await page.$('.sum-backdrop')); i++) {
    await page.keyboard.press('Escape');
    await page.waitForTimeout(50);
  }
}

/**
 * Switches the debug auto-play on. In a game that goes on by itself (bots, other devices) a
 * round or era summary can open between closing the summaries and the click: close it and
 * try again.
 */
async function startAutoplay(page) {
  for (let i = 0; ; i++) {
    await closeSummaries(page);
    try {
      await page.click('#debug-autoplay', { timeout: 3000 });
      return;
    } catch (e) {
      if (i >= 10) throw e;
    }
  }
}

module.exports = { reveal, assertHandCovered, gameState, waitMoves, actorName, answerAndConfirm, startAction, logText, closeSummaries, startAutoplay };
