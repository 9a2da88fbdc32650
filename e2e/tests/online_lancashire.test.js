'use strict';
// An online Brass: Lancashire game (original rules) in three browsers: the host chooses the
// edition and rule set, every page shows the Lancashire board with the original rules'
// virtual link, and the debug auto-play takes the game to the end of the Canal Era with the
// same state hash on every page.

const assert = require('node:assert/strict');
const { test, before, after } = require('node:test');
const { assertNoErrors, launchBrowser, newContext, openApp } = require('../lib');
const { gameState } = require('../helpers_play');
const { autoplayOnline, closeSummaries, startOnline } = require('../helpers_online');

let browser;
before(async () => {
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
});

async function player(name) {
  const context = await newContext(browser);
  await context.addInitScript(() => localStorage.setItem('brass/debug', 'true'));
  const { page, errors } = await openApp(context);
  return { name, context, page, errors };
}

test('three browsers play Brass: Lancashire (original rules) online to the end of the Canal Era', { timeout: 110_000 }, async () => {
  const all = [await player('Ada'), await player('Bo'), await player('Cy')];
  try {
    await startOnline(all, { edition: 'lancashire', rules: 'original' });
    for (const p of all) {
      assert.equal(await p.page.title(), 'Brass: Lancashire (original rules)', `${p.name}'s page title`);
      assert.ok(await p.page.$('#board #vlink-liverpool-birkenhead'), `${p.name}'s board shows the virtual link`);
      assert.ok(await p.page.$('#board #distant-market'), `${p.name}'s board shows the Distant Market`);
    }
    for (const p of all) await autoplayOnline(p.page);
    const railEra = () => /Rail Era/.test(document.querySelector('.gs-top')?.textContent || '');
    for (const p of all) await p.page.waitForFunction(railEra, null, { timeout: 90_000 });
    for (const p of all) await closeSummaries(p.page);
    // Every page stops at the start of the Rail Era: no page acts there, so the states agree.
    const states = [];
    for (const p of all) states.push(await gameState(p.page));
    assert.ok(states.every((s) => s.hash === states[0].hash && s.moves === states[0].moves), `states ${JSON.stringify(states)}`);
    for (const p of all) assertNoErrors(p.errors);
  } finally {
    for (const p of all) await p.context.close();
  }
});
