'use strict';
// Game files: Export downloads the game as JSON; importing that file in another browser
// gives the same game; corrupt and newer-format files are refused with a message and
// change nothing.

const assert = require('node:assert/strict');
const fs = require('node:fs');
const path = require('node:path');
const { test, before, after } = require('node:test');
const { assertNoErrors, launchBrowser, newContext, openApp } = require('../lib');
const {
  UI_TIMEOUT_MS,
  fixtureGameFile,
  importFile,
  savedGames,
  storageSnapshot,
  tempDir,
  waitSavedCount,
  waitStartScreen,
} = require('../helpers_saves');

const MOVES = 23;

let browser;
let files;
before(async () => {
  browser = await launchBrowser();
  files = tempDir();
});
after(async () => {
  await browser?.close();
  files?.cleanup();
});

test('export downloads the game; importing it elsewhere gives the same game', { timeout: 120_000 }, async () => {
  // A game with moves, made from an engine fixture through the import.
  const { record, json } = fixtureGameFile(MOVES);
  const source = path.join(files.dir, 'fixture.json');
  fs.writeFileSync(source, json);

  const first = await newContext(browser);
  let exported;
  try {
    const { page, errors } = await openApp(first);
    await waitStartScreen(page);
    await importFile(page, source);
    await waitSavedCount(page, 1);
    const [game] = await savedGames(page);
    assert.equal(game.moves, `${MOVES} moves`);
    assert.deepEqual(game.players, record.config.names);
    assert.match(await page.textContent('#start-message'), new RegExp(`Imported the game of .*\\(${MOVES} moves\\)`));

    const download = page.waitForEvent('download', { timeout: UI_TIMEOUT_MS });
    await page.click(`#saved-export-${game.id}`);
    const dl = await download;
    assert.match(dl.suggestedFilename(), /^brass-ada-brunel-coalbrookdale-kate-\d+-moves\.json$/);
    exported = path.join(files.dir, dl.suggestedFilename());
    await dl.saveAs(exported);
    const data = JSON.parse(fs.readFileSync(exported, 'utf8'));
    assert.equal(data.app, 'brass');
    assert.equal(data.format, 1);
    assert.deepEqual(data.config, record.config);
    assert.equal(data.moves.length, MOVES);
    assert.deepEqual(data.colours, ['#c0392b', '#e2b714', '#7e57c2']);
    assert.match(fs.readFileSync(exported, 'utf8'), /\n  "moves": \[\n/, 'the file is not pretty-printed');

    // Importing it again here makes a second game; the first is untouched.
    const before = (await storageSnapshot(page))[`brass/game/${game.id}`];
    await importFile(page, exported);
    await waitSavedCount(page, 2);
    const both = await savedGames(page);
    assert.notEqual(both[0].id, both[1].id);
    assert.deepEqual(both.map((g) => g.moves), [`${MOVES} moves`, `${MOVES} moves`]);
    assert.equal((await storageSnapshot(page))[`brass/game/${game.id}`], before);
    assertNoErrors(errors);
  } finally {
    await first.close();
  }

  // A fresh browser context: empty storage, then the exported file.
  const second = await newContext(browser);
  try {
    const { page, errors } = await openApp(second);
    await waitStartScreen(page);
    assert.equal((await savedGames(page)).length, 0);
    await importFile(page, exported);
    await waitSavedCount(page, 1);
    const [game] = await savedGames(page);
    assert.equal(game.moves, `${MOVES} moves`);
    assert.deepEqual(game.players, record.config.names);
    // It opens.
    await page.click(`#saved-resume-${game.id}`);
    await page.waitForSelector('.game-screen', { timeout: UI_TIMEOUT_MS });
    assertNoErrors(errors);
  } finally {
    await second.close();
  }
});

test('corrupt, foreign and newer files are refused with a message and change nothing', { timeout: 120_000 }, async () => {
  const { json } = fixtureGameFile(8);
  const good = JSON.parse(json);
  const cases = [
    { name: 'corrupt.json', body: json.slice(0, json.length / 2), message: /not a JSON file/ },
    { name: 'newer.json', body: JSON.stringify({ ...good, format: 99 }), message: /newer version \(format 99/ },
    { name: 'photo.json', body: '\x89PNG\r\n\x1a\n', message: /not a JSON file/ },
    { name: 'other.json', body: JSON.stringify({ app: 'catan', format: 1 }), message: /another program/ },
    {
      name: 'bad-move.json',
      // Move 5 made by the wrong player.
      body: JSON.stringify({
        ...good,
        moves: good.moves.map((m, i) => (i === 4 ? { ...m, player: (m.player + 1) % 3 } : m)),
      }),
      message: /Move 5 \(.*\) cannot be replayed: /,
    },
  ];

  const context = await newContext(browser);
  try {
    const { page, errors } = await openApp(context);
    await waitStartScreen(page);
    // One game already there, which must stay as it is.
    await importFile(page, { name: 'good.json', mimeType: 'application/json', buffer: Buffer.from(json) });
    await waitSavedCount(page, 1);
    const listBefore = await savedGames(page);
    const storeBefore = await storageSnapshot(page);

    for (const c of cases) {
      await importFile(page, { name: c.name, mimeType: 'application/json', buffer: Buffer.from(c.body, 'binary') });
      await page.waitForFunction(
        (src) => new RegExp(src).test(document.getElementById('import-error')?.textContent ?? ''),
        c.message.source,
        { timeout: UI_TIMEOUT_MS, polling: 50 },
      );
      const shown = (await page.textContent('#import-error')).trim();
      console.log(`${c.name}: ${shown}`);
      assert.deepEqual(await savedGames(page), listBefore, `${c.name} changed the list`);
      assert.deepEqual(await storageSnapshot(page), storeBefore, `${c.name} changed the storage`);
      // The message is in an alert region, for screen readers.
      assert.equal(await page.getAttribute('#start-error', 'role'), 'alert');
    }

    // A good import afterwards clears the error.
    await importFile(page, { name: 'good-again.json', mimeType: 'application/json', buffer: Buffer.from(json) });
    await waitSavedCount(page, 2);
    assert.equal(await page.locator('#import-error').count(), 0);
    assertNoErrors(errors);
  } finally {
    await context.close();
  }
});
