'use strict';
// Helpers for the start-screen and saved-games tests: driving the new-game dialog,
// reading the saved-games list, game files on disk and axe-core.

const assert = require('node:assert/strict');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

const UI_TIMEOUT_MS = 15_000;

/** Waits until the start screen shows its list (or its empty message). */
async function waitStartScreen(page) {
  await page.waitForSelector('.start .saved-list, .start .saved-empty:not(:has-text("Loading"))', {
    timeout: UI_TIMEOUT_MS,
  });
}

/** Waits until the game screen is shown. */
async function waitGameScreen(page) {
  await page.waitForSelector('.game-screen', { timeout: UI_TIMEOUT_MS });
}

/**
 * Opens the new-game dialog, sets the number of players and the names, and starts the
 * game. Resolves once the game screen is shown.
 */
async function startNewGame(page, { names = ['Ada', 'Brunel', 'Kate'], seed = '', edition = '', rules = '' } = {}) {
  await page.click('#new-game');
  await page.waitForSelector('#new-game-dialog[open]', { timeout: UI_TIMEOUT_MS });
  if (edition) {
    await page.click(`label[for="ng-edition-${edition}"]`);
    if (rules) {
      await page.waitForSelector(`#ng-rules-${rules}`, { timeout: UI_TIMEOUT_MS });
      await page.click(`label[for="ng-rules-${rules}"]`);
    }
  }
  await page.click(`label[for="ng-players-${names.length}"]`);
  await page.waitForSelector(`#ng-name-${names.length}`, { timeout: UI_TIMEOUT_MS });
  for (let i = 0; i < names.length; i++) {
    await page.fill(`#ng-name-${i + 1}`, names[i]);
  }
  if (seed !== '') await page.fill('#ng-seed', String(seed));
  try {
    await page.click('#ng-start');
  } catch (e) {
    throw new Error(`${e.message}\nthe page then: ${await pageStandstill(page)}`, { cause: e });
  }
  await waitGameScreen(page);
}

/**
 * What a click that never became possible met (once seen in CI, not reproduced): whether the
 * dialog is open, where the button is, whether the page is visible and still draws frames.
 */
async function pageStandstill(page) {
  return page
    .evaluate(async () => {
      const dlg = document.querySelector('#new-game-dialog');
      const btn = document.querySelector('#ng-start');
      const r = btn?.getBoundingClientRect();
      const frame = await Promise.race([
        new Promise((ok) => requestAnimationFrame(() => ok('drawing frames'))),
        new Promise((ok) => setTimeout(() => ok('no frame in 2 s'), 2000)),
      ]);
      return JSON.stringify({
        dialogOpen: dlg?.open ?? null,
        button: r ? { x: r.x, y: r.y, w: r.width, h: r.height, disabled: btn.disabled } : null,
        visibility: document.visibilityState,
        frame,
        notice: document.querySelector('[role=alert]')?.textContent ?? null,
      });
    })
    .catch((err) => `unreadable (${err.message.split('\n')[0]})`);
}

/**
 * Leaves the game screen for the start screen with the game screen's own control
 * (#quit, "Menu").
 */
async function backToStart(page) {
  await page.click('#quit');
  await waitStartScreen(page);
}

/** The saved-games list as the page shows it. */
async function savedGames(page) {
  return page.$$eval('.saved-game', (items) =>
    items.map((li) => ({
      id: li.dataset.id,
      players: [...li.querySelectorAll('.saved-player')].map((p) => p.textContent.trim()),
      moves: li.querySelector('.saved-moves')?.textContent.trim(),
      state: li.querySelector('.saved-state')?.textContent.trim(),
      text: li.textContent.replace(/\s+/g, ' ').trim(),
    })),
  );
}

/** Waits until the list has n games. */
async function waitSavedCount(page, n) {
  await page.waitForFunction((n) => document.querySelectorAll('.saved-game').length === n, n, {
    timeout: UI_TIMEOUT_MS,
    polling: 50,
  });
}

/** Every localStorage key and value of the page's origin. */
async function storageSnapshot(page) {
  return page.evaluate(() => {
    const out = {};
    for (let i = 0; i < localStorage.length; i++) {
      const k = localStorage.key(i);
      out[k] = localStorage.getItem(k);
    }
    return out;
  });
}

/** A temporary directory removed by the returned cleanup function. */
function tempDir() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'brass-e2e-files-'));
  return { dir, cleanup: () => fs.rmSync(dir, { recursive: true, force: true }) };
}

/**
 * A game file made from a recorded game (the engine's fixtures in engine/testdata, or
 * another folder such as e2e/fixtures): its record cut to the first `moves` moves, with
 * colours, as the app exports it.
 */
function fixtureGameFile(moves, fixture = 'game-3p.json', dir = path.join(__dirname, '..', 'engine', 'testdata')) {
  const file = path.join(dir, fixture);
  const { record } = JSON.parse(fs.readFileSync(file, 'utf8'));
  const colours = ['#c0392b', '#e2b714', '#7e57c2', '#16a085'].slice(0, record.config.players);
  return {
    record,
    json: JSON.stringify({ app: 'brass', ...record, colours, moves: record.moves.slice(0, moves) }, null, 2),
  };
}

/** Chooses a file for the import input (by path, or {name, mimeType, buffer}). */
async function importFile(page, file) {
  await page.setInputFiles('#import-file', file);
}

/** Runs axe-core on the page and returns the serious and critical violations. */
async function axeSerious(page) {
  const already = await page.evaluate(() => typeof window.axe !== 'undefined');
  if (!already) {
    await page.addScriptTag({ content: fs.readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8') });
  }
  const violations = await page.evaluate(async () => {
    // The animation's overlays (web/anim.js) are decorative, hidden from assistive technology
    // and gone within a second; the log line says the same in words.
    const context = { exclude: [['.anim-layer'], ['.anim-notes']] };
    const results = await window.axe.run(context, { resultTypes: ['violations'] });
    return results.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      nodes: v.nodes.map((n) => n.target.join(' ')),
    }));
  });
  for (const v of violations) {
    console.log(`axe ${v.impact}: ${v.id}: ${v.help} (${v.nodes.join(', ')})`);
  }
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
}

/** Asserts that nothing on the page is wider than the viewport. */
async function assertNoHorizontalScroll(page, what) {
  const { scroll, width } = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    width: window.innerWidth,
  }));
  assert.ok(scroll <= width, `${what}: the page is ${scroll}px wide in a ${width}px viewport`);
}

module.exports = {
  UI_TIMEOUT_MS,
  assertNoHorizontalScroll,
  axeSerious,
  backToStart,
  fixtureGameFile,
  importFile,
  savedGames,
  startNewGame,
  storageSnapshot,
  tempDir,
  waitGameScreen,
  waitSavedCount,
  waitStartScreen,
};
