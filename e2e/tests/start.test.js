'use strict';
// The start page: the wasm runs, the wasm travels brotli-compressed, and
// axe-core finds no serious accessibility problem.

const assert = require('node:assert/strict');
const { test, before, after } = require('node:test');
const { axeSerious } = require('../helpers_saves');
const { BASE_URL, assertNoErrors, figure, launchBrowser, newContext, openApp } = require('../lib');

let browser;
before(async () => {
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
});

test('the start page loads and the wasm runs', { timeout: 60_000 }, async () => {
  const context = await newContext(browser);
  try {
    const { page, errors, response } = await openApp(context);
    assert.equal(response.status(), 200);
    // The server's prerendered page says "loading"; "ready" comes from the
    // component's OnMount, which only runs in the browser's wasm.
    assert.match(await response.text(), /id="status"[^>]*>loading</);
    assert.equal(await page.title(), 'Brass');
    assert.equal((await page.textContent('h1')).trim(), 'Brass');
    assert.equal((await page.textContent('#status')).trim(), 'ready');
    assert.equal(await page.locator('#app-wasm-loader').count(), 0);
    assertNoErrors(errors);
  } finally {
    await context.close();
  }
});

test('before the wasm runs, the prerendered start screen shows with a loading state', { timeout: 60_000 }, async () => {
  const context = await newContext(browser);
  try {
    const page = await context.newPage();
    // Hold the wasm back: the page is what the server prerendered, as a player sees it on
    // a slow connection.
    let release;
    const held = new Promise((resolve) => { release = resolve; });
    await page.route('**/web/app.wasm', async (route) => {
      await held;
      await route.abort().catch(() => {});
    });
    await page.goto(BASE_URL + '/');
    await page.waitForSelector('#app-wasm-loader-label');
    assert.equal((await page.textContent('h1')).trim(), 'Brass');
    assert.equal((await page.textContent('#status')).trim(), 'loading');
    assert.match(await page.textContent('#app-wasm-loader-label'), /^Loading the game… \d+%$/);
    // The buttons are there and nothing covers them. New game and Play online work before
    // the wasm runs (web/early.js; early.test.js); importing waits for the game.
    for (const id of ['new-game', 'play-online', 'import-game']) {
      assert.ok(await page.isVisible(`#${id}`), `#${id} is not visible`);
      assert.equal(await page.isDisabled(`#${id}`), id === 'import-game', `#${id}: disabled before the wasm runs?`);
      const hit = await page.$eval(`#${id}`, (el) => {
        const r = el.getBoundingClientRect();
        return document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2)?.id;
      });
      assert.equal(hit, id, `something covers #${id}`);
    }
    assert.match(await page.textContent('.saved'), /Loading/);
    const fcp = await page.evaluate(() => performance.getEntriesByName('first-contentful-paint')[0]?.startTime);
    assert.ok(fcp > 0, 'nothing was painted before the wasm ran');
    release();
  } finally {
    await context.close();
  }
});

test('the wasm is served brotli-compressed', { timeout: 60_000 }, async () => {
  // What the server sends when nothing is compressed: the raw size.
  const head = await fetch(BASE_URL + '/web/app.wasm', {
    method: 'HEAD',
    headers: { 'Accept-Encoding': 'identity' },
  });
  assert.equal(head.status, 200);
  assert.equal(head.headers.get('content-encoding'), null);
  const rawBytes = Number(head.headers.get('content-length'));
  assert.ok(rawBytes > 0);

  const context = await newContext(browser); // fresh: empty HTTP cache
  try {
    const wasmResponse = context.waitForEvent('response', {
      predicate: (r) => new URL(r.url()).pathname === '/web/app.wasm',
      timeout: 30_000,
    });
    const { page, errors } = await openApp(context);
    const res = await wasmResponse;
    const headers = await res.allHeaders();
    assert.equal(res.status(), 200);
    assert.equal(headers['content-encoding'], 'br');
    assert.equal(headers['content-type'], 'application/wasm');
    assert.match(headers['vary'] ?? '', /accept-encoding/i);
    // The ETag is the wasm's own content hash; the app's version (the service worker's cache
    // name) is a hash of both wasm files, so either one changing makes a new version.
    assert.match(headers['etag'] ?? '', /^"[0-9a-f]{12}"$/);
    assert.match(await page.evaluate(() => goappGetenv('GOAPP_VERSION')), /^[0-9a-f]{12}$/);

    const timing = await page.evaluate(() => {
      const e = performance
        .getEntriesByType('resource')
        .find((r) => new URL(r.name).pathname === '/web/app.wasm');
      return e && { transfer: e.transferSize, encoded: e.encodedBodySize, decoded: e.decodedBodySize };
    });
    assert.ok(timing, 'no resource timing entry for /web/app.wasm');
    assert.equal(timing.decoded, rawBytes);
    assert.ok(timing.encoded < rawBytes / 3, `compressed body ${timing.encoded} B of ${rawBytes} B`);
    figure('wasm_raw_bytes', rawBytes);
    figure('wasm_transfer_bytes', timing.transfer);
    figure('wasm_encoded_body_bytes', timing.encoded);
    assertNoErrors(errors);
  } finally {
    await context.close();
  }
});

test('axe-core: no serious or critical violations on the start page', { timeout: 60_000 }, async () => {
  const context = await newContext(browser);
  try {
    const { page, errors } = await openApp(context);
    assert.deepEqual(await axeSerious(page), []);
    assertNoErrors(errors);
  } finally {
    await context.close();
  }
});
