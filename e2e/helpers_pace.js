'use strict';
// Helpers for own-pace games in several browser profiles (browser contexts whose storage is
// kept): a device, its visits (a page opened and closed), the game screen once caught up
// with the mailbox, and creating and joining a game by its invitation.

const assert = require('node:assert/strict');
const { assertNoErrors, newContext, openApp } = require('./lib');
const { UI_TIMEOUT_MS } = require('./helpers_saves');

const LONG = 60_000;

/** A player's device: a browser context with the debug aids on. */
async function paceDevice(browser, name) {
  const context = await newContext(browser);
  await context.addInitScript(() => localStorage.setItem('brass/debug', 'true'));
  return { name, context, errors: [], seat: -1, open: null };
}

/** Opens a page of the device; at most one page of all the devices is open at a time. */
async function visit(d, all) {
  for (const q of all) assert.equal(q.open, null, `${d.name}'s page opens while ${q.name}'s is open`);
  const { page, errors } = await openApp(d.context);
  d.open = page;
  d.pageErrors = errors;
  return page;
}

async function leave(d, ignore = null) {
  assertNoErrors(ignore ? d.pageErrors.filter((e) => !ignore.test(e)) : d.pageErrors);
  await d.open.close();
  d.open = null;
}

/** The game screen's state once the page has read the whole mailbox. */
async function caughtUp(page) {
  try {
    await page.waitForSelector('.game-screen[data-caught-up="true"]', { timeout: LONG });
  } catch (e) {
    const what = await page.evaluate(() => ({ data: { ...document.querySelector('.game-screen')?.dataset }, strip: document.querySelector('#peer-strip')?.textContent }));
    throw new Error(`${e.message}: the page shows ${JSON.stringify(what)}`);
  }
  return page.$eval('.game-screen', (el) => ({
    moves: Number(el.dataset.moves),
    actor: Number(el.dataset.actor),
    phase: Number(el.dataset.phase),
    hash: el.dataset.hash,
    me: Number(document.querySelector('#peer-strip .peer-chip[data-state="you"]')?.dataset.seat ?? -1),
  }));
}

/**
 * Creates an own-pace game on the page (its host's name, the number of players, hidden cards,
 * the introductory game, a time per turn by its label) and returns the invitation's code once
 * the host's seat is in the mailbox.
 */
async function createPace(page, { name, players, dealt = true, intro = false, limit = '' }) {
  await page.click('#play-online');
  await page.waitForSelector('#online-dialog[open]', { timeout: UI_TIMEOUT_MS });
  await page.click('label[for="ol-pace"]');
  await page.click(`label[for="ol-players-${players}"]`);
  if (!dealt) await page.uncheck('#ol-dealt');
  if (intro) await page.check('#ol-intro');
  if (limit) await page.selectOption('#ol-limit', { label: limit });
  await page.fill('#ol-name', name);
  await page.click('#ol-go');
  await page.waitForSelector('#invite-code', { timeout: UI_TIMEOUT_MS });
  const code = (await page.textContent('#invite-code')).trim();
  await page.waitForFunction((n) => new RegExp(`1 of ${n} seats taken`).test(document.querySelector('#lobby-status')?.textContent), players, { timeout: LONG });
  return code;
}

/** Joins an own-pace game on the page by its invitation, and waits until the lobby shows want. */
async function joinPace(page, code, name, want) {
  await page.click('#play-online');
  await page.waitForSelector('#online-dialog[open]', { timeout: UI_TIMEOUT_MS });
  await page.click('label[for="ol-join"]');
  await page.fill('#ol-code', code);
  await page.fill('#ol-name', name);
  await page.click('#ol-go');
  await page.waitForFunction((w) => new RegExp(w).test(document.querySelector('#lobby')?.textContent), want, { timeout: LONG });
}

module.exports = { LONG, paceDevice, visit, leave, caughtUp, createPace, joinPace };
