'use strict';
// Load-time figures. These print numbers (FIGURE name=value); they never
// assert timings, which depend on the machine.

const assert = require('node:assert/strict');
const { test, before, after } = require('node:test');
const {
  BASE_URL,
  assertNoErrors,
  figure,
  launchBrowser,
  median,
  newContext,
  openApp,
  readyAt,
  waitForServiceWorkerCache,
  waitReady,
} = require('../lib');

const RUNS = 3;

let browser;
before(async () => {
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
});

test('load time, cold (fresh context, service worker blocked)', { timeout: 90_000 }, async () => {
  const times = [];
  for (let i = 0; i < RUNS; i++) {
    const context = await newContext(browser);
    try {
      const { page, errors } = await openApp(context);
      times.push(Math.round(await readyAt(page)));
      assertNoErrors(errors);
    } finally {
      await context.close();
    }
  }
  console.log(`navigation start to status ready, cold, ${RUNS} runs: ${times.join(', ')} ms`);
  figure('load_cold_ms', median(times));
});

test('load time, from the service worker cache', { timeout: 90_000 }, async () => {
  const context = await newContext(browser, { sw: true });
  try {
    const { page, errors } = await openApp(context);
    await waitForServiceWorkerCache(page);
    const times = [];
    for (let i = 0; i < RUNS; i++) {
      const response = await page.goto(BASE_URL + '/', { timeout: 30_000 });
      assert.ok(response.fromServiceWorker());
      await waitReady(page);
      times.push(Math.round(await readyAt(page)));
    }
    assertNoErrors(errors);
    console.log(`navigation start to status ready, service worker, ${RUNS} runs: ${times.join(', ')} ms`);
    figure('load_sw_ms', median(times));
  } finally {
    await context.close();
  }
});

// Records when the game screen is interactive: the game is shown with its action builder
// or the pass-the-device cover (ms since navigation start, window.__brassGameAt).
const GAME_PROBE = `(() => {
  const check = () => {
    if (window.__brassGameAt !== undefined) return true;
    if (document.querySelector('.game-screen #builder, .game-screen .pd-btn') && !document.getElementById('app-wasm-loader')) {
      window.__brassGameAt = performance.now();
      return true;
    }
    return false;
  };
  const obs = new MutationObserver(() => { if (check()) obs.disconnect(); });
  obs.observe(document, { childList: true, subtree: true });
})();`;

async function startGame(page) {
  await page.click('#new-game');
  await page.waitForSelector('#new-game-dialog[open]', { timeout: 15_000 });
  await page.click('#ng-start');
  await page.waitForSelector('.game-screen .pd-btn', { timeout: 15_000 });
}

async function gameReadyTimes(page, runs) {
  const times = [];
  for (let i = 0; i < runs; i++) {
    await page.goto(BASE_URL + '/', { timeout: 30_000 });
    await page.waitForFunction(() => window.__brassGameAt !== undefined, null, { timeout: 30_000 });
    times.push(Math.round(await page.evaluate(() => window.__brassGameAt)));
  }
  return times;
}

test('time to an interactive game screen, cold and from the service worker', { timeout: 120_000 }, async () => {
  const cold = await newContext(browser);
  try {
    await cold.addInitScript(GAME_PROBE);
    const { page, errors } = await openApp(cold);
    await startGame(page);
    const times = await gameReadyTimes(page, RUNS);
    assertNoErrors(errors);
    console.log(`navigation start to an interactive game screen, no service worker: ${times.join(', ')} ms`);
    figure('game_ready_cold_ms', median(times));
  } finally {
    await cold.close();
  }
  const warm = await newContext(browser, { sw: true });
  try {
    await warm.addInitScript(GAME_PROBE);
    const { page, errors } = await openApp(warm);
    await waitForServiceWorkerCache(page);
    await startGame(page);
    const times = await gameReadyTimes(page, RUNS);
    assertNoErrors(errors);
    console.log(`navigation start to an interactive game screen, service worker: ${times.join(', ')} ms`);
    figure('game_ready_sw_ms', median(times));
  } finally {
    await warm.close();
  }
});

test('longest main-thread task while taking an action', { timeout: 90_000 }, async () => {
  const context = await newContext(browser);
  try {
    await context.addInitScript(() => {
      window.__longTasks = [];
      new PerformanceObserver((list) => {
        for (const e of list.getEntries()) window.__longTasks.push(e.duration);
      }).observe({ type: 'longtask', buffered: true });
    });
    const { page, errors } = await openApp(context);
    await startGame(page);
    await page.click('.pd-btn');
    // Every step of a Build: the action, the card, each answer, the confirmation.
    await page.evaluate(() => { window.__longTasks = []; });
    const t0 = Date.now();
    await page.click('#action-build');
    await page.waitForSelector('#question, #confirm');
    await page.click('#hand .hand-card:not([aria-disabled="true"])');
    await page.waitForSelector('.gs-crumbs li');
    for (let i = 0; i < 8 && !(await page.$('#confirm')); i++) {
      const n = await page.$$eval('.gs-crumbs li', (l) => l.length);
      await page.click('#builder .gs-choice');
      await page.waitForFunction((n) => document.querySelector('#confirm') || document.querySelectorAll('.gs-crumbs li').length > n, n);
    }
    await page.click('#confirm');
    await page.waitForFunction(() => document.querySelector('.game-screen').dataset.moves === '1');
    const elapsed = Date.now() - t0;
    await page.waitForTimeout(300);
    const tasks = await page.evaluate(() => window.__longTasks);
    assertNoErrors(errors);
    const longest = tasks.length ? Math.round(Math.max(...tasks)) : 0;
    console.log(`long tasks (>50 ms) during a whole Build: ${tasks.map(Math.round).join(', ') || 'none'}; ${elapsed} ms in all`);
    figure('longest_task_ms', longest);
  } finally {
    await context.close();
  }
});
