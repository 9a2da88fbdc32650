'use strict';
// The game in the player's language (issue 44, docs/languages.md): the browser's preferred
// language on a first visit, before the wasm runs and after; the picker switches at once
// and is remembered on the device; every offered catalog is served.

const assert = require('node:assert/strict');
const { test, before, after } = require('node:test');
const { BASE_URL, assertNoErrors, figure, launchBrowser, newContext, openApp } = require('../lib');
const { backToStart, startNewGame, storageSnapshot } = require('../helpers_saves');
const { reveal } = require('../helpers_play');

let browser;
before(async () => {
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
});

const text = async (page, sel) => (await page.textContent(sel)).trim();

test('a browser that prefers German gets the start screen in German, before the wasm runs and after', { timeout: 60_000 }, async () => {
  const context = await newContext(browser, { locale: 'de-AT' });
  try {
    // Before: the wasm held back, the prerendered screen is worded by web/early_lang.js.
    const early = await context.newPage();
    let release;
    const held = new Promise((resolve) => { release = resolve; });
    await early.route('**/web/app.wasm', async (route) => { await held; await route.abort().catch(() => {}); });
    await early.goto(BASE_URL + '/');
    await early.waitForFunction(() => document.getElementById('new-game')?.textContent.trim() === 'Neues Spiel');
    assert.equal(await text(early, '#play-online'), 'Online spielen');
    assert.equal(await text(early, '#saved-title'), 'Gespeicherte Spiele');
    assert.equal(await early.evaluate(() => document.documentElement.lang), 'de');
    assert.equal(await early.inputValue('#language'), 'de');
    // The new-game dialog, put in the page by web/early.js, is worded too.
    await early.click('#new-game');
    await early.waitForFunction(() => document.getElementById('ng-title')?.textContent.trim() === 'Neues Spiel');
    assert.equal(await text(early, '#ng-start'), 'Spiel starten');
    release();
    await early.close();

    // After: the app's own render, in German from its first frame.
    const { page, errors } = await openApp(context);
    assert.equal(await text(page, '#new-game'), 'Neues Spiel');
    assert.match(await text(page, '.saved-empty'), /Noch keine gespeicherten Spiele/);
    assert.equal(await page.inputValue('#language'), 'de');
    assert.equal(await page.evaluate(() => document.documentElement.lang), 'de');
    assertNoErrors(errors);
  } finally {
    await context.close();
  }
});

test('the picker switches the language at once, and the device remembers it', { timeout: 60_000 }, async () => {
  const context = await newContext(browser, { locale: 'en-GB' });
  try {
    const { page, errors } = await openApp(context);
    assert.equal(await text(page, '#new-game'), 'New game');
    const names = await page.$$eval('#language option', (os) => os.map((o) => o.textContent.trim()));
    assert.deepEqual(names, ['English', 'Deutsch', 'Español', 'Français', 'Polski']);

    // From the change to the next paint with the new words (the catalog fetched, read, and
    // the screen re-mounted), timed in the page.
    const switched = page.evaluate(() => new Promise((resolve) => {
      const picker = document.getElementById('language');
      picker.addEventListener('change', () => {
        const t0 = performance.now();
        const check = () => {
          if (document.getElementById('new-game')?.textContent.trim() === 'Nowa gra') {
            requestAnimationFrame(() => resolve(performance.now() - t0));
          } else requestAnimationFrame(check);
        };
        check();
      }, { once: true });
    }));
    await page.selectOption('#language', 'pl');
    figure('language_switch_ms', Math.round(await switched));
    assert.equal(await text(page, '#play-online'), 'Graj online');
    assert.equal(await page.inputValue('#language'), 'pl');
    assert.equal(await page.evaluate(() => document.documentElement.lang), 'pl');

    await page.reload();
    await page.waitForFunction(() => document.getElementById('status')?.textContent === 'ready');
    assert.equal(await text(page, '#new-game'), 'Nowa gra');

    await page.selectOption('#language', 'en');
    await page.waitForFunction(() => document.getElementById('new-game')?.textContent.trim() === 'New game');
    assert.equal(await page.evaluate(() => localStorage.getItem('brass/lang')), '"en"');
    assertNoErrors(errors);
  } finally {
    await context.close();
  }
});

test('a catalog that cannot be loaded leaves the language and the stored choice as they were', { timeout: 60_000 }, async () => {
  const context = await newContext(browser, { locale: 'en-GB' });
  try {
    const { page } = await openApp(context);
    await context.route('**/web/lang/fr.json', (route) => route.abort());
    await page.selectOption('#language', 'fr');
    await page.waitForSelector('.start-notice');
    assert.match(await text(page, '.start-notice'), /The language could not be loaded/);
    assert.equal(await text(page, '#new-game'), 'New game');
    assert.equal(await page.evaluate(() => localStorage.getItem('brass/lang')), null);

    // Reachable again, the same choice fetches anew and takes.
    await context.unroute('**/web/lang/fr.json');
    await page.selectOption('#language', 'de');
    await page.waitForFunction(() => document.getElementById('new-game')?.textContent.trim() === 'Neues Spiel');
    await page.selectOption('#language', 'fr');
    await page.waitForFunction(() => document.documentElement.lang === 'fr');
    assert.equal(await page.evaluate(() => localStorage.getItem('brass/lang')), '"fr"');
  } finally {
    await context.close();
  }
});

test('every offered catalog is served as JSON with its own tag', { timeout: 30_000 }, async () => {
  const context = await newContext(browser);
  try {
    const page = await context.newPage();
    await page.goto(BASE_URL + '/');
    const offered = await page.evaluate(() => window.brassLanguages);
    assert.ok(offered.length >= 5, JSON.stringify(offered));
    for (const { tag } of offered.filter((l) => l.tag !== 'en')) {
      const res = await page.request.get(`${BASE_URL}/web/lang/${tag}.json`);
      assert.equal(res.status(), 200, tag);
      assert.equal((await res.json())['@language'], tag);
    }
  } finally {
    await context.close();
  }
});

test('a game set up in German is saved with nothing German in it, and lists in English after a switch', { timeout: 90_000 }, async () => {
  const context = await newContext(browser, { locale: 'de-DE' });
  try {
    const { page, errors } = await openApp(context);
    await page.click('#new-game');
    await page.waitForSelector('#new-game-dialog[open]');
    assert.equal(await text(page, '#ng-title'), 'Neues Spiel');
    assert.equal(await text(page, '#ng-seat-1'), 'Spieler 1');
    assert.equal(await text(page, 'label[for="ng-players-3"]'), '3 Spieler');
    await page.click('#ng-cancel');
    await startNewGame(page, { names: ['Ada', 'Brunel'], seed: 44 });
    const store = await storageSnapshot(page);
    const saved = store[`brass/game/${JSON.parse(store['brass/current'])}`];
    assert.ok(saved);
    for (const word of ['Spieler', 'Kanal', 'Runde', 'Züge']) assert.ok(!saved.includes(word), `the saved game holds "${word}"`);
    await backToStart(page);
    assert.match(await text(page, '.saved-state'), /^Kanal-Ära, Runde 1$/);
    await page.selectOption('#language', 'en');
    await page.waitForFunction(() => document.querySelector('.saved-state')?.textContent.trim() === 'Canal Era, round 1');
    assert.match(await text(page, '.saved-moves'), /^0 moves$/);
    assertNoErrors(errors);
  } finally {
    await context.close();
  }
});

test('a refused move is explained in German, from the German catalog', { timeout: 90_000 }, async () => {
  const context = await newContext(browser, { locale: 'de-DE' });
  try {
    const { page, errors } = await openApp(context);
    await startNewGame(page, { names: ['Ada', 'Brunel'], seed: 44 });
    await reveal(page);
    await page.click('#action-network');
    await page.waitForSelector('#question, #confirm');
    if (!(await page.$('#board g[id^="link-"].bb-hl'))) await page.click('.hand-card:not([aria-disabled="true"])');
    await page.waitForSelector('#board g[id^="link-"].bb-hl');
    await page.click('#link-leek-belper', { force: true }); // a railway-only line in the Canal Era
    await page.waitForSelector('#notice.gs-notice-bad');
    const notice = (await page.textContent('#notice')).replace(/\s+/g, ' ');
    const de = await page.evaluate(async () => (await fetch('/web/lang/de.json')).json());
    const [head, tail] = de['reason.link_type_canal'].split('{link}');
    assert.ok(notice.includes(head.trim()) && notice.includes(tail.trim()), `the notice is German's reason: ${notice}`);
    assert.ok(!/railway line only/.test(notice), notice);
    assertNoErrors(errors);
  } finally {
    await context.close();
  }
});
