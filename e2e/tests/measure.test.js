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
