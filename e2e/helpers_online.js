'use strict';
// Helpers for online games in several pages: recording when each page showed each move,
// hosting and joining a room, debug auto-play, and the latency of a move from the page
// that made it to the others.

const { describePage, keepConsole } = require('./lib');
const { UI_TIMEOUT_MS } = require('./helpers_saves');
const { closeSummaries, startAutoplay } = require('./helpers_play');

const LONG = 60_000;

// Records, in every page, when the game screen showed each move count (absolute ms, so
// pages of one browser compare): window.__movesAt[n].
// window.__actorAt[n] is the seat to act once n moves are applied (so move n+1's mover).
const MOVES_PROBE = `(() => {
  window.__movesAt = {};
  window.__actorAt = {};
  const seen = () => {
    const el = document.querySelector('.game-screen');
    if (!el) return;
    const n = el.dataset.moves;
    if (n !== undefined && window.__movesAt[n] === undefined) {
      window.__movesAt[n] = performance.timeOrigin + performance.now();
      window.__actorAt[n] = Number(el.dataset.actor);
    }
  };
  new MutationObserver(seen).observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-moves'] });
})();`;

/**
 * Runs a wait that needs the other devices (a connection, the host's list of seats; give it
 * LONG: the mesh gives a connection 12 s to open and offers again 2 s later, so one lost try
 * costs about 14 s). If it fails, the error names the page that waited and says what every
 * page showed, its console (p.console, when kept) and where its WebRTC connections stopped.
 */
async function explainedWait(players, who, wait) {
  try {
    return await wait();
  } catch (err) {
    const pages = [];
    for (const q of players) pages.push(`${q.name}'s page: ${await describePage(q.page, q.console ?? [])}`);
    throw new Error(`${who.name}'s page: ${err.message}\n${pages.join('\n')}`);
  }
}

/**
 * Hosts a room on the first player's page, joins the others by code and starts. The host
 * may choose an edition and rule set ({ edition: 'lancashire', rules: 'original' }), and
 * deal the cards from the shared seed rather than between the devices ({ dealt: false }).
 */
async function startOnline(players, { edition = '', rules = '', dealt = true } = {}) {
  const [host, ...guests] = players;
  for (const p of players) p.console ??= keepConsole(p.page);
  await host.page.click('#play-online');
  await host.page.waitForSelector('#online-dialog[open]', { timeout: UI_TIMEOUT_MS });
  if (!dealt) await host.page.uncheck('#ol-dealt');
  if (edition) {
    await host.page.click(`label[for="ol-edition-${edition}"]`);
    if (rules) {
      await host.page.waitForSelector(`#ol-rules-${rules}`, { timeout: UI_TIMEOUT_MS });
      await host.page.click(`label[for="ol-rules-${rules}"]`);
    }
  }
  await host.page.click(`label[for="ol-players-${players.length}"]`);
  await host.page.fill('#ol-name', host.name);
  await host.page.click('#ol-go');
  await host.page.waitForSelector('#room-code', { timeout: UI_TIMEOUT_MS });
  const code = (await host.page.textContent('#room-code')).trim();
  for (const g of guests) {
    await g.page.click('#play-online');
    await g.page.waitForSelector('#online-dialog[open]', { timeout: UI_TIMEOUT_MS });
    await g.page.click('label[for="ol-join"]');
    await g.page.fill('#ol-code', code);
    await g.page.fill('#ol-name', g.name);
    await g.page.click('#ol-go');
    // The seats come from the host over the new connection.
    await explainedWait(players, g, () => g.page.waitForSelector('#lobby-seats', { timeout: LONG }));
  }
  await explainedWait(players, host, () => host.page.waitForSelector('#lobby-start:not([disabled])', { timeout: LONG }));
  await host.page.click('#lobby-start');
  for (const p of players) await p.page.waitForSelector('.game-screen', { timeout: LONG });
}

/**
 * The latency of every move from the page that made it showing it to each other page
 * showing it (ms), from MOVES_PROBE's records; sorted.
 */
async function moveLatencies(players) {
  const pages = [];
  let n = 0;
  for (const p of players) {
    const moves = await p.page.$eval('.game-screen', (el) => Number(el.dataset.moves));
    n = Math.max(n, moves);
    pages.push({
      seat: await p.page.$eval('#peer-strip .peer-chip[data-state="you"]', (el) => Number(el.dataset.seat)),
      at: await p.page.evaluate(() => window.__movesAt),
      actor: await p.page.evaluate(() => window.__actorAt),
    });
  }
  // Move m was made by the seat to act after m−1 moves; its own page showed it first.
  const lat = [];
  for (let m = 1; m <= n; m++) {
    const mover = pages.map((p) => p.actor[m - 1]).find((a) => a !== undefined);
    const own = pages.find((p) => p.seat === mover);
    if (!own || own.at[m] === undefined) continue;
    for (const q of pages) {
      if (q !== own && q.at[m] !== undefined) lat.push(q.at[m] - own.at[m]);
    }
  }
  return lat.sort((a, b) => a - b);
}

// autoplayOnline switches a page's debug auto-play on: on each page it plays that device's seat.
module.exports = { LONG, MOVES_PROBE, autoplayOnline: startAutoplay, closeSummaries, explainedWait, moveLatencies, startOnline };
