'use strict';
// A device that stays connected but holds the game up: three browsers start a game whose cards
// the devices deal, and one of them (Cy's, with the debug aid brass/debug-withhold: it keeps its
// keys of the deal to itself, as a modified device could) never sends the keys the others need.
// The others show whom they wait for with a countdown, then name Cy's device as holding the
// game up, then let a player end the game: every page stops, with the scores as they stood and
// the ending's reason; the audit that follows names Cy's device as refusing it; a reload keeps
// the game ended. The waits are shortened (brass/debug-stall: 4 s each) so the test is quick.

const assert = require('node:assert/strict');
const { test, before, after } = require('node:test');
const { assertNoErrors, launchBrowser, newContext, openApp } = require('../lib');
const { LONG, startOnline } = require('../helpers_online');

let browser;
before(async () => {
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
});

async function player(name, { withhold = false } = {}) {
  const context = await newContext(browser);
  await context.addInitScript((withhold) => {
    localStorage.setItem('brass/debug-stall', '4');
    if (withhold) localStorage.setItem('brass/debug-withhold', 'true');
  }, withhold);
  const { page, errors } = await openApp(context);
  return { name, context, page, errors };
}

test('a device that holds a dealt game up is named on every other page, counted down, and the game can be ended', { timeout: 180_000 }, async () => {
  const all = [await player('Ada'), await player('Bo'), await player('Cy', { withhold: true })];
  const [ada, bo, cy] = all;
  try {
    await startOnline(all);
    // Ada and Bo wait for Cy's keys to open their first hands: a countdown, then Cy is named.
    for (const p of [ada, bo]) {
      await p.page.waitForFunction(() => /Cy's device/.test(document.querySelector('#stalls .peer-stall')?.textContent || ''), null, { timeout: LONG });
    }
    const counted = await ada.page.evaluate(() => {
      const el = document.querySelector('#stalls .peer-stall');
      return el ? el.textContent : '';
    });
    assert.match(counted, /in \d+ s/, `no countdown on Ada's page: ${counted}`);
    for (const p of [ada, bo]) {
      await p.page.waitForSelector('#stalls .peer-stall[data-named="true"]', { timeout: 30_000 });
      assert.match(await p.page.textContent('#stalls'), /Cy's device is holding the game up/, `${p.name}'s page`);
    }
    // Cy's own page waits for nobody: its own hand opened (the others sent their keys).
    assert.equal(await cy.page.$('#stalls .peer-stall'), null, "Cy's page names someone");

    // After the second wait, Ada may end the game; she is asked once more.
    await ada.page.waitForSelector('#end-game', { timeout: 30_000 });
    await ada.page.click('#end-game');
    await ada.page.waitForSelector('#end-game-cancel', { timeout: 5_000 });
    await ada.page.click('#end-game');
    for (const p of all) {
      await p.page.waitForSelector('#ended-scores', { timeout: LONG });
      assert.equal(await p.page.$$eval('#ended-scores li', (els) => els.length), 3, `${p.name}'s page lists the scores`);
      const who = p === cy ? /ended the game after move 0.*your device held it up/ : /ended the game after move 0.*Cy's device held it up/;
      assert.match(await p.page.textContent('#desync'), who, `${p.name}'s page says why`);
    }
    assert.match(await bo.page.textContent('#desync'), /this device saw it too/);
    assert.match(await cy.page.textContent('#desync'), /did not see it held up/);

    // The audit that follows: Cy's device withholds its audit keys too, and is named.
    for (const p of [ada, bo]) {
      await p.page.waitForFunction(() => /Cy's device refused the audit of the deal/.test(document.querySelector('#deal-audit')?.textContent || ''), null, { timeout: 30_000 });
    }

    // A reload keeps the game ended, from the store.
    await ada.page.reload();
    await ada.page.waitForSelector('#ended-scores', { timeout: LONG });
    assert.match(await ada.page.textContent('#desync'), /ended the game/);
    for (const p of all) assertNoErrors(p.errors);
  } finally {
    for (const p of all) await p.context.close();
  }
});
