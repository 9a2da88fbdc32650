'use strict';
// Playing against bots in the browser: a new game with one person and three bots, the Hint
// (the Hard bot's suggestion, with its reason, put into the action builder), and the bots
// playing their seats by themselves through the Canal Era, with no pass-the-device cover and
// the page responsive (the bots think in a Web Worker). Prints the Hard bot's thinking time
// per decision in the browser and the longest main-thread task.

const assert = require('node:assert/strict');
const { test, before, after } = require('node:test');
const { assertNoErrors, figure, launchBrowser, median, newContext, openApp } = require('../lib');
const { UI_TIMEOUT_MS, waitStartScreen } = require('../helpers_saves');
const { gameState, answerAndConfirm, logText, closeSummaries, startAction, startAutoplay } = require('../helpers_play');

let browser;
before(async () => {
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
});

// Records every main-thread task over 50 ms (Long Tasks API): window.__longTasks.
const LONG_TASKS = `(() => {
  window.__longTasks = [];
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) window.__longTasks.push(e.duration);
  }).observe({ type: 'longtask', buffered: true });
})();`;


test('one person against three bots: hints, bots playing, no cover, a responsive page', { timeout: 300_000 }, async () => {
  const context = await newContext(browser);
  await context.addInitScript(() => localStorage.setItem('brass/debug', 'true'));
  await context.addInitScript(LONG_TASKS);
  try {
    const { page, errors } = await openApp(context);
    await waitStartScreen(page);
    await page.click('#new-game');
    await page.waitForSelector('#new-game-dialog[open]', { timeout: UI_TIMEOUT_MS });
    await page.click('label[for="ng-players-4"]');
    await page.fill('#ng-name-1', 'Ada');
    for (const seat of [2, 3, 4]) await page.selectOption(`#ng-kind-${seat}`, 'medium');
    await page.click('#ng-start');
    await page.waitForSelector('.game-screen', { timeout: UI_TIMEOUT_MS });
    // From here on, every long task is counted (not the page's own load).
    await page.evaluate(() => { window.__longTasks.length = 0; });
    const names = await page.$$eval('.pp-name, .pp h3, .pp header', (els) => els.map((e) => e.textContent));
    assert.ok(names.join(' ').includes('Medium bot 2'), `bot names: ${names}`);

    // Hints on Ada's first turns: the Hard bot's move and reason, then put into the builder.
    const hintMs = [];
    let heldUnderSummary = false;
    for (let turn = 0; turn < 3; turn++) {
      await page.waitForSelector('#builder #action-build, #builder #action-pass, .sum-backdrop', { timeout: 120_000 });
      if (await page.$('.sum-backdrop')) {
        // The bots wait while a round's summary is open: nothing is played under it, and
        // they go on once it is closed.
        const held = (await gameState(page)).moves;
        await page.waitForTimeout(1500); // twice a bot's pause
        assert.equal((await gameState(page)).moves, held, 'a bot played under the round summary');
        heldUnderSummary = true;
        await closeSummaries(page);
        await page.waitForSelector('#builder #action-build, #builder #action-pass', { timeout: 120_000 });
      }
      await closeSummaries(page);
      assert.equal(await page.$('.pd'), null, 'no pass-the-device cover against bots');
      const t0 = Date.now();
      await page.click('#hint');
      await page.waitForSelector('#hint-box .gs-hint-move, #hint-box:has-text("No hint")', { timeout: 60_000 });
      hintMs.push(Date.now() - t0);
      const box = await page.textContent('#hint-box');
      assert.match(box, /^Hint: /, box);
      assert.ok((await page.$('#hint-box .gs-hint-reason')) !== null, `the hint gives a reason: ${box}`);
      // Where the hinted move builds, sells or takes from glows on the board, like the
      // answers of a question (a loan, a pass or a scout has no place).
      if (/Hint: (Build|Sell|Develop)/.test(box)) {
        assert.ok(await page.locator('#board-marks > *').count() > 0, `the hint glows on the board: ${box}`);
      }
      const before = (await gameState(page)).moves;
      await page.click('#hint-use');
      await answerAndConfirm(page);
      assert.ok((await gameState(page)).moves > before);
      // The bots answer by themselves: wait until it is Ada's turn again (or the round ended).
      await page.waitForFunction(() => document.querySelector('#waiting') === null || document.querySelector('.sum-backdrop'), null, { timeout: 120_000 });
    }
    assert.ok(heldUnderSummary, 'the round-1 summary opened before Ada\'s third turn');
    figure('bot_hard_hint_first_ms', hintMs[0]);
    figure('bot_hard_hint_ms', median(hintMs.slice(1)));
    const duringHints = await page.evaluate(() => window.__longTasks.splice(0));
    figure('bots_longest_task_hints_ms', Math.round(Math.max(0, ...duringHints)));

    // The bots' actions are in the log like anyone's, and recapped for Ada.
    assert.match(await logText(page), /Medium bot 2 (builds|takes|develops|sells|passes|scouts)/);
    // Auto-play Ada's turns to the end of the Canal Era; the bots play theirs.
    await startAutoplay(page);
    await page.waitForFunction(() => /Rail Era/.test(document.querySelector('.gs-top')?.textContent || ''), null, { timeout: 240_000 });
    const long = await page.evaluate(() => window.__longTasks);
    figure('bots_longest_task_ms', Math.round(Math.max(0, ...long)));
    console.log('long tasks while the bots played the Canal Era (ms):', long.map(Math.round).sort((a, b) => b - a).slice(0, 10).join(', '));
    figure('bots_long_tasks', long.length);
    assertNoErrors(errors);
  } finally {
    await context.close();
  }
});

// A bot whose worker cannot start still plays (the first legal move), and the page says why:
// when the worker's script does not load (the Worker reports an error and nothing answers),
// and when the script runs but the bots' wasm does not load (the worker says it stopped).
for (const { what, url, problem } of [
  { what: 'script', url: '**/web/botworker.js', problem: /the bots' worker failed/ },
  { what: 'wasm', url: '**/web/bot.wasm', problem: /The bot could not start/ },
]) test(`a bot whose worker's ${what} cannot load still plays (the first legal move) and the page says why`, { timeout: 120_000 }, async () => {
  const context = await newContext(browser);
  await context.route(url, (route) => route.fulfill({ status: 503, body: 'unavailable' }));
  try {
    const { page, errors } = await openApp(context);
    await waitStartScreen(page);
    await page.click('#new-game');
    await page.waitForSelector('#new-game-dialog[open]', { timeout: UI_TIMEOUT_MS });
    await page.click('label[for="ng-players-2"]');
    await page.fill('#ng-name-1', 'Ada');
    await page.selectOption('#ng-kind-2', 'easy');
    await page.click('#ng-start');
    await page.waitForSelector('.game-screen', { timeout: UI_TIMEOUT_MS });
    // Ada takes loans on her turns while the bot plays its own.
    for (let i = 0; i < 20; i++) {
      const { moves } = await gameState(page);
      if (moves >= 3 && (await page.$('#bot-problem'))) break;
      if (await page.$('#builder #action-loan')) {
        await closeSummaries(page);
        await startAction(page, 'loan');
        await answerAndConfirm(page);
      }
      await page.waitForFunction((n) => Number(document.querySelector('.game-screen')?.dataset.moves) > n, moves, { timeout: 30_000 });
    }
    const shown = await page.textContent('#bot-problem');
    assert.match(shown, /^The bot for Easy bot 2 could not choose \(.*\); it made the first legal move\.$/, shown);
    assert.match(shown, problem, shown);
    assert.match(await logText(page), /Easy bot 2 /);
    // The only errors are the failed load.
    assertNoErrors(errors.filter((e) => !/botworker\.js|bot\.wasm/.test(e)));
  } finally {
    await context.close();
  }
});
