'use strict';
// The progressive web app: installable, and starts offline once the
// service worker has cached it.

const assert = require('node:assert/strict');
const { test, before, after } = require('node:test');
const {
  BASE_URL,
  assertNoErrors,
  launchBrowser,
  launchPersistent,
  newContext,
  openApp,
  waitForServiceWorkerCache,
  waitReady,
} = require('../lib');

let browser;
before(async () => {
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
});

test('installable: no installability errors, a clean local manifest', { timeout: 60_000 }, async () => {
  // Off-the-record contexts (browser.newContext) always report
  // "in-incognito", so this one uses a real profile in a fresh directory.
  const context = await launchPersistent({ serviceWorkers: 'allow' });
  try {
    const { page, errors } = await openApp(context);
    await waitForServiceWorkerCache(page);
    const cdp = await context.newCDPSession(page);

    const manifest = await cdp.send('Page.getAppManifest');
    assert.deepEqual(manifest.errors, [], 'manifest parse errors');
    const data = JSON.parse(manifest.data);
    assert.equal(data.name, 'Brass: Birmingham and Lancashire');
    assert.match(data.description, /Brass: Lancashire/);
    assert.equal(data.short_name, 'Brass');
    for (const icon of data.icons) {
      assert.ok(icon.src.startsWith('/web/'), `icon ${icon.src} is not a local /web/ file`);
      const res = await fetch(BASE_URL + icon.src);
      assert.equal(res.status, 200, icon.src);
    }

    // The manifest and icons are fetched asynchronously: poll briefly.
    let installability;
    for (let i = 0; i < 20; i++) {
      installability = (await cdp.send('Page.getInstallabilityErrors')).installabilityErrors;
      if (installability.length === 0) break;
      await page.waitForTimeout(250);
    }
    assert.deepEqual(installability, []);
    assertNoErrors(errors);
  } finally {
    await context.close();
  }
});

test('offline: the app starts from the service worker cache', { timeout: 90_000 }, async () => {
  const context = await newContext(browser, { sw: true });
  try {
    const { page, errors } = await openApp(context);
    const cached = await waitForServiceWorkerCache(page);
    assert.ok(cached.includes('/web/app.wasm'));

    const otherName = BASE_URL.includes('127.0.0.1') ? BASE_URL.replace('127.0.0.1', 'localhost') : BASE_URL.replace('localhost', '127.0.0.1');
    assert.equal(await page.evaluate((u) => fetch(u + '/manifest.webmanifest?bypass-cache=1', { mode: 'no-cors' }).then(() => true, () => false), otherName), true,
      'the server is not reachable under its other loopback name while online');
    await context.setOffline(true);
    const response = await page.reload({ timeout: 30_000 });
    await waitReady(page);
    assert.ok(response.fromServiceWorker(), 'the page did not come from the service worker');
    assert.equal((await page.textContent('#status')).trim(), 'ready');
    assertNoErrors(errors);

    // And the network really is off for the page (this logs an error). Asked of the server
    // under its other loopback name, which the worker leaves to the network: Debian's
    // Chromium 148 does not apply a context's offline emulation to a service worker's own
    // fetches, so a request of this origin would reach the server through the worker.
    const other = BASE_URL.includes('127.0.0.1') ? BASE_URL.replace('127.0.0.1', 'localhost') : BASE_URL.replace('localhost', '127.0.0.1');
    const reaches = (u) => fetch(u + '/manifest.webmanifest?bypass-cache=1', { mode: 'no-cors' }).then(() => true, () => false);
    const online = await page.evaluate(reaches, other);
    assert.equal(online, false, 'a request outside the cache reached the network while offline');
  } finally {
    await context.close();
  }
});
