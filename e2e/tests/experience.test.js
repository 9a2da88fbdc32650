'use strict';
// The play experience (issue 8): the board on a phone (zoom, pinch, taps beside a line),
// details on hover and tap, every refusal explained on tap, Scout by tapping two cards,
// hotseat privacy that covers only the hand (with a recap of the last turn), a reload that
// keeps a half-built action, the log beside the controls, no overflow on a laptop or a
// phone, and the final scores' breakdown.

const assert = require('node:assert/strict');
const { test, before, after } = require('node:test');
const { BASE_URL, assertNoErrors, launchBrowser, newContext, openApp, waitReady } = require('../lib');
const {
  UI_TIMEOUT_MS, assertNoHorizontalScroll, axeSerious, fixtureGameFile, importFile, savedGames, startNewGame,
  waitSavedCount, waitStartScreen,
} = require('../helpers_saves');
const { reveal, waitMoves, actorName, answerAndConfirm, startAction, logText, assertHandCovered } = require('../helpers_play');
const { viewBox, zoomLevel, centre, besideLink, pointBesideHighlightedLink, pinch, overlaps, rectOf } = require('../helpers_board');

let browser;
before(async () => {
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
});

/** Asserts that the page neither scrolls sideways nor down (a screen that fits). */
async function assertFits(page, what) {
  const { w, h, iw, ih } = await page.evaluate(() => ({
    w: document.documentElement.scrollWidth, h: document.documentElement.scrollHeight, iw: innerWidth, ih: innerHeight,
  }));
  assert.ok(w <= iw && h <= ih, `${what}: the page is ${w}×${h} in a ${iw}×${ih} window`);
}

/** Asserts that the details card is on screen, does not cover the element it describes and
 *  lies near it (its nearest edge within 120 px). */
async function assertBeside(page, selector, what) {
  const card = await rectOf(page, '#board-details');
  const target = await rectOf(page, selector);
  assert.ok(card && target, `${what}: the card and its target are shown`);
  assert.ok(!overlaps(card, target), `${what}: the card ${JSON.stringify(card)} covers its target ${JSON.stringify(target)}`);
  const gapX = Math.max(0, target.x - (card.x + card.width), card.x - (target.x + target.width));
  const gapY = Math.max(0, target.y - (card.y + card.height), card.y - (target.y + target.height));
  assert.ok(Math.hypot(gapX, gapY) <= 120, `${what}: the card ${JSON.stringify(card)} is far from its target ${JSON.stringify(target)}`);
  const vw = await page.evaluate(() => innerWidth);
  assert.ok(card.x >= 0 && card.x + card.width <= vw, `${what}: the card is cut off at the side`);
}

/** The text of the notice under the question, once there is one. */
async function noticeText(page) {
  await page.waitForSelector('#notice', { timeout: UI_TIMEOUT_MS });
  return page.textContent('#notice');
}

test('on a 1440×900 screen: it fits, details on hover and tap, dimmed things explain themselves, Scout by two cards, the log beside the controls', { timeout: 90_000 }, async () => {
  const context = await newContext(browser);
  try {
    const { page, errors } = await openApp(context);
    await page.setViewportSize({ width: 1440, height: 900 });
    await waitStartScreen(page);
    await startNewGame(page, { names: ['Ada', 'Brunel', 'Kate'], seed: 7 });
    await assertFits(page, 'game screen under the cover');

    // Details on hover: a space says what it takes; leaving the board hides the card.
    const space = await centre(page, '#space-birmingham_1');
    await page.mouse.move(space.x, space.y);
    await page.waitForSelector('#board-details', { timeout: UI_TIMEOUT_MS });
    assert.match(await page.textContent('#board-details'), /Birmingham, space 1.*Takes Cotton Mill or Manufacturer/);
    await page.mouse.move(2, 890);
    await page.waitForSelector('#board-details', { state: 'detached', timeout: UI_TIMEOUT_MS });
    // … and on a click outside an action (a town's name banner): its spaces, and a close button.
    await page.click('#loc-dudley path', { force: true });
    await page.waitForSelector('#board-details-close', { timeout: UI_TIMEOUT_MS });
    assert.match(await page.textContent('#board-details'), /Dudley.*Space 1 \(Coal Mine\): empty/);
    await page.click('#board-details-close');
    await page.waitForSelector('#board-details-close', { state: 'detached', timeout: UI_TIMEOUT_MS });
    // The card opens beside the town it describes, not over it and not across the board
    // (issue 21: Shrewsbury's opened at the board's top centre).
    for (const town of ['shrewsbury', 'birmingham', 'derby', 'gloucester']) {
      await page.click(`#loc-${town} path`, { force: true });
      await page.waitForSelector('#board-details-close', { timeout: UI_TIMEOUT_MS });
      await assertBeside(page, `#loc-${town}`, town);
      await page.click('#board-details-close');
      await page.waitForSelector('#board-details-close', { state: 'detached', timeout: UI_TIMEOUT_MS });
    }

    await reveal(page);
    await assertFits(page, 'game screen with the hand');

    // A folded player mat holds no rows; opening it shows every tile left, folding hides them.
    assert.equal(await page.$$eval('#player-panel-0 .pp-row', (r) => r.length), 0, 'a folded mat renders no rows');
    await page.click('#player-panel-0 .pp-summary');
    await page.waitForSelector('#player-panel-0 .pp-row[data-industry="cotton_mill"] .pp-tile', { timeout: UI_TIMEOUT_MS });
    assert.equal(await page.$$eval('#player-panel-0 .pp-row', (r) => r.length), 6, 'the open mat has a row per industry');
    await page.click('#player-panel-0 .pp-summary');
    await page.waitForFunction(() => !document.querySelector('#player-panel-0 .pp-row'), null, { timeout: UI_TIMEOUT_MS });

    // A dimmed action button says why on a click (Sell: nothing to sell yet).
    await page.click('#action-sell', { force: true });
    assert.match(await noticeText(page), /Sell is not possible now: .+/);

    // A dimmed card says why: the Pottery card cannot pay for Pottery I and its coal.
    await page.click('#action-build');
    await page.waitForSelector('#question', { timeout: UI_TIMEOUT_MS });
    const pottery = '.hand-card[data-card="pottery"]';
    assert.equal(await page.getAttribute(pottery, 'aria-disabled'), 'true', 'the Pottery card is dimmed');
    await page.click(pottery, { force: true });
    assert.match(await noticeText(page), /Pottery I costs £17.*you have £17/);
    await page.click('#cancel');

    // A long list of choices and a refusal leave the hand and all three panels in view.
    await startAction(page, 'network');
    await page.waitForSelector('#board g.bb-link.bb-hl', { timeout: UI_TIMEOUT_MS });
    await page.click('#link-leek-belper', { force: true });
    assert.match(await noticeText(page), /railway line only/);
    // The mouse rests on the board during a question: no details card opens over the
    // glowing lines (issue 43; the hover came before the refusal the notice shows).
    assert.equal(await page.$('#board-details'), null, 'a details card opened during a question');
    for (const sel of ['#hand', '.pp:nth-child(3)', '#builder .gs-choices']) {
      const r = await rectOf(page, sel);
      assert.ok(r && r.y + r.height <= 900, `${sel} ends at ${r && r.y + r.height}, below the fold`);
    }
    await assertFits(page, 'a long choice list and a refusal');

    // The log opens beside the controls and covers none of them.
    await page.click('#toggle-log');
    await page.waitForSelector('#gs-log.gs-log-open', { timeout: UI_TIMEOUT_MS });
    const log = await rectOf(page, '#gs-log');
    for (const sel of ['#builder', '#hand', '.gs-top', '#board']) {
      const r = await rectOf(page, sel);
      assert.ok(!overlaps(log, r), `the log covers ${sel}`);
    }
    assert.ok(log.y >= 0 && log.x + log.width <= 1440, 'the log and its heading are on the screen');
    await assertFits(page, 'the log open');
    await page.click('#close-log');
    await page.click('#cancel');

    // Scout: the card, then the two other cards, all tapped in the hand.
    await page.waitForSelector('#action-scout', { timeout: UI_TIMEOUT_MS });
    const scout = await actorName(page);
    await page.click('#action-scout');
    await page.waitForSelector('#question', { timeout: UI_TIMEOUT_MS });
    const cards = await page.$$('#hand .hand-card:not([aria-disabled="true"])');
    await cards[0].click();
    await page.waitForFunction(() => /two more cards/.test(document.querySelector('#question')?.textContent ?? ''), null, { timeout: UI_TIMEOUT_MS });
    assert.equal(await page.$('#builder .gs-choice'), null, 'no list of card pairs');
    await page.click('#hand .hand-card:not([aria-disabled="true"]):not(.hand-sel)');
    await page.waitForFunction(() => /one more card/.test(document.querySelector('#question')?.textContent ?? ''), null, { timeout: UI_TIMEOUT_MS });
    await page.click('#hand .hand-card:not([aria-disabled="true"]):not(.hand-sel)');
    await page.waitForSelector('#confirm', { timeout: UI_TIMEOUT_MS });
    await page.click('#confirm');
    await waitMoves(page, 1);
    assert.match(await logText(page), new RegExp(`${scout} scouts, discarding .+, .+ and .+ for a Wild`));

    assert.deepEqual(await axeSerious(page), []);
    assertNoErrors(errors);
  } finally {
    await context.close();
  }
});

test('hotseat: the cover hides only the hand and recaps the last turn; summaries never open over a hand; a reload keeps a half-built action', { timeout: 90_000 }, async () => {
  const context = await newContext(browser);
  try {
    const { page, errors } = await openApp(context);
    await waitStartScreen(page);
    await startNewGame(page, { names: ['Ada', 'Brunel', 'Kate'], seed: 7 });
    await reveal(page);
    const first = await actorName(page);
    await startAction(page, 'build', '.hand-card.hand-loc:not([aria-disabled="true"])');
    await answerAndConfirm(page);

    // The next player's cover: the board, panels and log stay; the hand does not.
    await page.waitForSelector('.pd', { timeout: UI_TIMEOUT_MS });
    // The next player's controls are drawn in advance under the cover, never shown.
    await page.waitForSelector('.gs-under-cover #hand', { state: 'attached', timeout: UI_TIMEOUT_MS });
    await assertHandCovered(page, 'the hand is covered');
    assert.ok(await page.isVisible('#board'), 'the board is in view');
    assert.equal((await page.$$('.pp')).length, 3, 'the player panels are in view');
    // What the last player did, in words and marked on the board.
    assert.match(await page.textContent('#recap'), new RegExp(`What ${first} did.*${first} builds`));
    assert.ok((await page.$$('#board g.bb-recent')).length >= 1, 'the last build is marked on the board');
    // The log works under the cover.
    await page.click('#toggle-log');
    await page.waitForSelector('#gs-log.gs-log-open .log-entry', { timeout: UI_TIMEOUT_MS });
    assert.match(await logText(page), new RegExp(`${first} builds`));
    await page.click('#toggle-log');

    // A reload in the middle of an action keeps what was chosen.
    await reveal(page);
    await page.click('#action-build');
    await page.waitForSelector('#question', { timeout: UI_TIMEOUT_MS });
    await page.click('#hand .hand-card.hand-loc:not([aria-disabled="true"])');
    await page.waitForSelector('.gs-crumbs li', { timeout: UI_TIMEOUT_MS });
    const crumbs = await page.$$eval('.gs-crumbs li', (l) => l.map((x) => x.textContent));
    const question = await page.textContent('#question');
    await page.reload();
    await waitReady(page);
    await reveal(page);
    await page.waitForSelector('.gs-crumbs li', { timeout: UI_TIMEOUT_MS });
    assert.deepEqual(await page.$$eval('.gs-crumbs li', (l) => l.map((x) => x.textContent)), crumbs);
    assert.equal(await page.textContent('#question'), question);
    await page.click('#cancel');

    // The round ends with the third action: the hand is covered before the summary opens.
    await page.click('#action-loan');
    await page.waitForSelector('#question, #confirm', { timeout: UI_TIMEOUT_MS });
    await page.click('#hand .hand-card:not([aria-disabled="true"])');
    await page.waitForSelector('#confirm', { timeout: UI_TIMEOUT_MS });
    await page.click('#confirm');
    await waitMoves(page, 2);
    await reveal(page);
    await startAction(page, 'loan');
    // The summary of the round's last action separates the action from the round's end.
    await page.waitForSelector('#summary', { timeout: UI_TIMEOUT_MS });
    const summary = await page.textContent('#summary');
    assert.match(summary, /takes a £30 loan.*Money £17 → £47.*Then Canal Era round 1 ends:.*Money £47 → £44/);
    await page.click('#confirm');
    await page.waitForSelector('#round-summary', { timeout: UI_TIMEOUT_MS });
    await assertHandCovered(page, 'the hand is covered under the round summary');
    assert.match(await page.textContent('#round-summary'), /spent £\d+ this round, so goes \d(st|nd|rd)/);
    assertNoErrors(errors);
  } finally {
    await context.close();
  }
});

test('at 1440×900 with four players the side column shows when more lies below its edge', { timeout: 60_000 }, async () => {
  const context = await newContext(browser);
  try {
    const { page, errors } = await openApp(context);
    await page.setViewportSize({ width: 1440, height: 900 });
    await waitStartScreen(page);
    await startNewGame(page, { names: ['Ada', 'Brunel', 'Kate', 'Dora'], seed: 7 });
    await reveal(page);
    const side = () => page.$eval('.gs-side', (e) => ({
      cue: Number(getComputedStyle(e, '::after').opacity), more: e.scrollHeight - e.clientHeight - e.scrollTop,
    }));
    const fits = await side();
    assert.ok(fits.more <= 1 && fits.cue === 0, `nothing below, no sign: ${JSON.stringify(fits)}`);
    // An open mat pushes the last panel below the edge (issue 21: it was cut off with no sign).
    await page.click('#player-panel-1 .pp-summary');
    await page.waitForSelector('#player-panel-1 .pp-row', { timeout: UI_TIMEOUT_MS });
    const below = await side();
    assert.ok(below.more > 50 && below.cue > 0.9, `more below, the sign shows: ${JSON.stringify(below)}`);
    await page.$eval('.gs-side', (e) => { e.scrollTop = e.scrollHeight; });
    await page.waitForFunction(() => {
      const e = document.querySelector('.gs-side');
      return e.scrollHeight - e.clientHeight - e.scrollTop <= 1 && Number(getComputedStyle(e, '::after').opacity) === 0;
    }, null, { timeout: UI_TIMEOUT_MS });
    const last = await rectOf(page, '#player-panel-3');
    assert.ok(last.y + last.height <= 900, `scrolled to the end, the last panel is on screen: ${JSON.stringify(last)}`);
    assertNoErrors(errors);
  } finally {
    await context.close();
  }
});

test('on a 390×844 phone: zoom by buttons and pinch, a tap beside a line chooses it, refusals and details on tap, the log under the board', { timeout: 90_000 }, async () => {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true, serviceWorkers: 'block',
  });
  try {
    const page = await context.newPage();
    await page.goto(BASE_URL + '/');
    await waitReady(page);
    await waitStartScreen(page);
    await page.tap('#new-game');
    await page.waitForSelector('#new-game-dialog[open]', { timeout: UI_TIMEOUT_MS });
    await page.fill('#ng-seed', '7');
    await page.tap('#ng-start');
    await page.waitForSelector('.game-screen', { timeout: UI_TIMEOUT_MS });
    await assertNoHorizontalScroll(page, 'game screen on a phone');

    // Details on tap, outside an action.
    const dudley = await centre(page, '#space-dudley_1');
    await page.touchscreen.tap(dudley.x, dudley.y);
    await page.waitForSelector('#board-details', { timeout: UI_TIMEOUT_MS });
    assert.match(await page.textContent('#board-details'), /Dudley, space 1.*Takes Coal Mine/);
    await assertBeside(page, '#space-dudley_1', 'Dudley, space 1 on a phone');
    await page.tap('#board-details-close');
    // A town low on the board: the card opens above it (issue 21: it covered the tapped town).
    const worc = await centre(page, '#space-worcester_1');
    await page.touchscreen.tap(worc.x, worc.y);
    await page.waitForSelector('#board-details-close', { timeout: UI_TIMEOUT_MS });
    await assertBeside(page, '#space-worcester_1', 'Worcester, space 1 on a phone');
    await page.tap('#board-details-close');

    // Zoom buttons, then a pinch.
    assert.equal(await zoomLevel(page), 1);
    assert.equal(await page.isVisible('#board-minimap'), false, 'no overview of the whole board');
    await page.tap('#board-zoom-in');
    assert.ok(await zoomLevel(page) > 1.4, 'zoomed in by the button');
    // Zoomed, an overview says where on the board one is, and a tap on it looks elsewhere
    // (issue 21: no overview when zoomed on a phone).
    await page.waitForSelector('#board-minimap', { state: 'visible', timeout: UI_TIMEOUT_MS });
    const [vx, vy, vw, vh] = await viewBox(page);
    const frame = await page.$eval('#board-minimap-view', (r) => ['x', 'y', 'width', 'height'].map((a) => Number(r.getAttribute(a))));
    assert.deepEqual(frame, [vx, vy, vw, vh], 'the overview frames the part shown');
    const mini = await rectOf(page, '#board-minimap');
    await page.touchscreen.tap(mini.x + mini.width * 0.15, mini.y + mini.height * 0.9);
    await page.waitForFunction(() => {
      const [x, y, w, h] = document.querySelector('#board').getAttribute('viewBox').split(/\s+/).map(Number);
      return x + w / 2 < 400 && y + h / 2 > 640; // looking at the lower left now
    }, null, { timeout: UI_TIMEOUT_MS });
    assert.ok(await zoomLevel(page) > 1.4, 'still zoomed in');
    await page.tap('#board-zoom-fit');
    assert.equal(await zoomLevel(page), 1);
    await page.waitForSelector('#board-minimap', { state: 'hidden', timeout: UI_TIMEOUT_MS });
    const c = await centre(page, '#board');
    await pinch(page, c.x, c.y, 60, 180);
    await page.waitForFunction(() => 1000 / Number(document.querySelector('#board').getAttribute('viewBox').split(' ')[2]) > 2, null, { timeout: UI_TIMEOUT_MS });
    // At this zoom a build space is comfortably big to tap.
    const sp = await rectOf(page, '#space-birmingham_1');
    assert.ok(sp.width >= 44, `a build space is ${sp.width}px wide when zoomed`);
    // The board's paper is still drawn under the zoomed view (its layer is not clipped to
    // the unzoomed viewport's corner).
    const paperHit = await page.evaluate(([x, y]) => document.elementsFromPoint(x, y).some((el) => el.closest('.bb-static')), [c.x, c.y]);
    assert.ok(paperHit, 'the paper lies under the middle of the zoomed board');
    await page.tap('#board-zoom-fit');

    // A tap beside a highlighted line chooses it; one beside a refused line says why.
    await page.tap('.pd-btn');
    await page.waitForSelector('#builder', { timeout: UI_TIMEOUT_MS });
    await page.tap('#action-network');
    await page.waitForSelector('#question', { timeout: UI_TIMEOUT_MS });
    await page.tap('#hand .hand-card:not([aria-disabled="true"])');
    await page.waitForSelector('#board g.bb-link.bb-hl', { timeout: UI_TIMEOUT_MS });
    await page.$eval('#board', (el) => el.scrollIntoView({ block: 'center' }));
    const near = await besideLink(page, 'leek-belper', 12);
    await page.touchscreen.tap(near.x, near.y);
    assert.match(await noticeText(page), /railway line only/);
    const beside = await pointBesideHighlightedLink(page, 10);
    assert.ok(beside, 'a highlighted line with room beside it');
    const before = await viewBox(page);
    await page.touchscreen.tap(beside.x, beside.y);
    await page.waitForSelector('#confirm, .gs-crumbs li:nth-child(2)', { timeout: UI_TIMEOUT_MS });
    const name = await page.$eval(`#link-${beside.id}`, (g) => g.getAttribute('aria-label').split(' link ')[0]);
    assert.ok((await page.textContent('.gs-crumbs')).includes(name) || (await page.textContent('#summary')).includes(name),
      `the tap beside ${beside.id} chose it`);
    assert.deepEqual(await viewBox(page), before, 'a tap does not move the board');

    // The log opens in the sheet's Log tab, under the board, which stays in view.
    await page.tap('#sheet-log');
    await page.waitForSelector('.gs-tab-log #gs-log', { timeout: UI_TIMEOUT_MS });
    const log = await rectOf(page, '#gs-log');
    const shown = await rectOf(page, '#board');
    assert.ok(log.y >= shown.y + shown.height - 1, 'the log lies under the board');
    assert.ok(log.y + log.height <= 844 + 0.5, 'the log ends on the screen');
    assert.ok(!overlaps(log, await rectOf(page, '.bf-zoom')), 'the log covers the zoom buttons');
    await assertNoHorizontalScroll(page, 'the log open on a phone');
  } finally {
    await context.close();
  }
});

test('era and final scores say where the VP come from, and fit a phone', { timeout: 90_000 }, async () => {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 }, deviceScaleFactor: 1, isMobile: true, hasTouch: true, serviceWorkers: 'block',
  });
  await context.addInitScript(() => localStorage.setItem('brass/debug', 'true'));
  try {
    const page = await context.newPage();
    await page.goto(BASE_URL + '/');
    await waitReady(page);
    await waitStartScreen(page);
    // Late in the Canal Era of a recorded game: play on to its scoring.
    await importFile(page, { name: 'late-canal.json', mimeType: 'application/json', buffer: Buffer.from(fixtureGameFile(40).json) });
    await waitSavedCount(page, 1);
    const [game] = await savedGames(page);
    await page.tap(`#saved-resume-${game.id}`);
    await page.waitForSelector('.game-screen', { timeout: UI_TIMEOUT_MS });
    await page.tap('#debug-autoplay');
    await page.waitForSelector('#era-summary', { timeout: 60_000 });
    const table = await rectOf(page, '#era-summary .sum-era-table');
    const dialog = await rectOf(page, '#era-summary');
    assert.ok(table.x >= dialog.x && table.x + table.width <= dialog.x + dialog.width + 0.5, `the era table (${table.width}px) fits the dialog`);
    assert.match(await page.textContent('#era-summary'), /Links: each of your links scores 1 VP per link icon/);
    await page.tap('#era-summary-ok');

    // The phone's log (the sheet's Log tab) opens at its newest entries (it opened at round
    // 1), and scrolls back.
    await page.tap('#sheet-log');
    await page.waitForSelector('.gs-tab-log #gs-log .log-entry', { timeout: UI_TIMEOUT_MS });
    const ends = await page.$eval('#gs-log .log', (log) => {
      const entries = log.querySelectorAll('.log-entry');
      const box = log.getBoundingClientRect();
      const seen = (e) => { const r = e.getBoundingClientRect(); return r.bottom > box.top && r.top < box.bottom; };
      return { first: seen(entries[0]), last: seen(entries[entries.length - 1]), scrolls: log.scrollHeight > log.clientHeight };
    });
    assert.deepEqual(ends, { first: false, last: true, scrolls: true }, 'the log shows its newest entries, and scrolls to the oldest');
    await page.tap('#sheet-log');

    // The whole recorded game: the final scores break every total down.
    await page.tap('#quit');
    await waitStartScreen(page);
    await importFile(page, { name: 'whole.json', mimeType: 'application/json', buffer: Buffer.from(fixtureGameFile(1000).json) });
    await waitSavedCount(page, 2);
    const whole = (await savedGames(page)).find((g) => /Finished: .+ won with \d+ VP/.test(g.state));
    assert.ok(whole, 'the saved game says who won and with how many VP');
    await page.tap(`#saved-resume-${whole.id}`);
    await page.waitForSelector('#final-breakdown', { timeout: UI_TIMEOUT_MS });
    const rows = await page.$$eval('#final-breakdown tbody tr', (trs) => trs.map((tr) => [...tr.cells].map((c) => c.textContent)));
    assert.equal(rows.length, 3);
    for (const r of rows) {
      // Canal links and tiles, Rail links and tiles (and Other, when any) add up to the total.
      const parts = r.slice(1, -1).map((v) => Number(v.replace('−', '-')));
      assert.equal(parts.reduce((a, b) => a + b, 0), Number(r[r.length - 1]), `row ${r}`);
    }
    // Every chart label ends inside its chart.
    const cut = await page.$$eval('.sum-chart', (charts) => charts.flatMap((svg) => {
      const box = svg.getBoundingClientRect();
      return [...svg.querySelectorAll('.sum-ch-end')].filter((t) => t.getBoundingClientRect().right > box.right + 0.5).map((t) => t.textContent);
    }));
    assert.deepEqual(cut, [], 'chart end labels cut off');
    assert.ok((await page.textContent('.sum-chart')).includes('Coalbrookdale Kate'), 'the long name is written in full');
  } finally {
    await context.close();
  }
});
