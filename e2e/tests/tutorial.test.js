'use strict';
// The tutorial on a 390×844 phone: started from the start screen, driven to its end by
// tapping only what it highlights (the glowing action, the one choosable card, the glowing
// place on the board, the one listed answer, Confirm, Next), left half-way with Menu and
// continued from the start screen at the same step. On each step asking for an action, the
// glowing action button is in view as the step appears (the panel is compact on a phone, the
// rule folded behind a toggle), and axe finds nothing serious with the panel shown.

const assert = require('node:assert/strict');
const { test, before, after } = require('node:test');
const { assertNoErrors, launchBrowser, waitReady, watchErrors, BASE_URL } = require('../lib');
const { UI_TIMEOUT_MS, axeSerious, waitStartScreen } = require('../helpers_saves');
const { closeSummaries, gameState, waitMoves } = require('../helpers_play');

let browser;
before(async () => {
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
});

/** The tutorial panel's step and kind, or null when there is none. */
async function panel(page) {
  return page.evaluate(() => {
    const el = document.querySelector('#tutorial');
    return el ? { step: Number(el.dataset.step), kind: el.dataset.kind, title: el.querySelector('.tut-title')?.textContent } : null;
  });
}

/** A string that changes whenever the screen moves on: a move, an answer, a step. */
async function signature(page) {
  return page.evaluate(() => [
    document.querySelector('.game-screen')?.dataset.moves,
    document.querySelectorAll('.gs-crumbs li').length,
    !!document.querySelector('#confirm'),
    !!document.querySelector('#question'),
    document.querySelector('#tutorial')?.dataset.step,
    !!document.querySelector('.sum-backdrop'),
  ].join('|'));
}

/** Taps an element's centre with a finger, scrolled into view first. */
async function tapCentre(page, handle) {
  await handle.scrollIntoViewIfNeeded();
  const box = await handle.boundingBox();
  assert.ok(box, 'the highlighted element is on screen');
  await page.touchscreen.tap(box.x + box.width / 2, box.y + box.height / 2);
}

/** Waits (briefly) until the glowing action button lies within the viewport, no scrolling
 *  done by the test; fails saying where it is otherwise. */
async function assertActionInView(page, step) {
  const inView = () => {
    const el = document.querySelector('#builder .gs-action.tut-glow');
    const box = el.getBoundingClientRect();
    return box.top >= 0 && box.bottom <= window.innerHeight;
  };
  const ok = await page.waitForFunction(inView, null, { timeout: 2_000 }).then(() => true, () => false);
  if (!ok) {
    const where = await page.evaluate(() => {
      const box = document.querySelector('#builder .gs-action.tut-glow').getBoundingClientRect();
      return `top ${Math.round(box.top)}, bottom ${Math.round(box.bottom)}, viewport ${window.innerHeight}, scrolled ${window.scrollY}`;
    });
    assert.fail(`step ${step}: the glowing action is not in view as the step appears (${where})`);
  }
}

/** Taps what the tutorial highlights for its move now; returns what was tapped. */
async function tapHighlighted(page) {
  const confirm = await page.$('#confirm');
  if (confirm) {
    // Confirm takes taps a moment after it appears (a guard against double taps)
    await confirm.evaluate((el) => Promise.all(el.getAnimations().map((a) => a.finished)));
    await tapCentre(page, confirm);
    return 'confirm';
  }
  const action = await page.$('#builder .gs-action.tut-glow');
  if (action) {
    await tapCentre(page, action);
    return 'action';
  }
  const question = (await page.$eval('#question', (el) => el.textContent).catch(() => '')) || '';
  if (/card/i.test(question)) {
    const cards = await page.$$('#hand .hand-card:not([aria-disabled="true"])');
    const kinds = new Set(await Promise.all(cards.map((c) => c.getAttribute('data-card'))));
    assert.equal(kinds.size, 1, `one card is offered for "${question}" (copies of it aside)`);
    await tapCentre(page, cards[0]);
    return 'card';
  }
  const glowing = await page.$$('#board g.bb-hl[id], #board g.bb-src[id]');
  if (glowing.length > 0) {
    assert.equal(glowing.length, 1, `one place glows for "${question}"`);
    await tapCentre(page, glowing[0]);
    return 'board';
  }
  const choices = await page.$$('#builder .gs-choice');
  if (choices.length > 0) {
    assert.equal(choices.length, 1, `one answer is listed for "${question}"`);
    await tapCentre(page, choices[0]);
    return 'choice';
  }
  return '';
}

test('the tutorial runs to its end on a phone by tapping what it highlights, and resumes after leaving', { timeout: 120_000 }, async () => {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true, serviceWorkers: 'block',
  });
  try {
    const page = await context.newPage();
    const errors = watchErrors(page, { blockedSW: true });
    await page.goto(BASE_URL + '/');
    await waitReady(page);
    await waitStartScreen(page);
    assert.equal(await page.$('#continue-tutorial'), null, 'no tutorial to continue yet');
    await page.tap('#tutorial');
    await page.waitForSelector('#tutorial[data-step="0"]', { timeout: UI_TIMEOUT_MS });

    const taps = {};
    const inView = new Set();
    let audited = false;
    let left = false;
    let last = null;
    const deadline = Date.now() + 100_000;
    for (;;) {
      assert.ok(Date.now() < deadline, `the tutorial did not end; it shows ${JSON.stringify(last)}`);
      await closeSummaries(page);
      const p = await panel(page);
      if (p === null) break;
      last = p;
      if (!left && p.step >= 12 && p.kind === 'do') {
        // Leave with Menu and continue from the start screen: the same game, the same step.
        left = true;
        const before = await gameState(page);
        await page.tap('#quit');
        await waitStartScreen(page);
        await page.tap('#continue-tutorial');
        // the tutorial's panel (the start screen's button is #tutorial too, until it goes)
        await page.waitForSelector('#tutorial[data-kind]', { timeout: UI_TIMEOUT_MS });
        assert.deepEqual(await panel(page), p, 'the tutorial resumes at the step it was left at');
        assert.equal((await gameState(page)).moves, before.moves, 'the game resumes with its moves');
        continue;
      }
      const sig = await signature(page);
      let did = p.kind;
      if (p.kind === 'tell' || p.kind === 'off') {
        assert.notEqual(p.kind, 'off', 'the game left the script');
        await tapCentre(page, await page.$('#tutorial-next'));
      } else if (p.kind === 'do') {
        if (!inView.has(p.step) && (await page.$('#builder .gs-action.tut-glow'))) {
          inView.add(p.step);
          await assertActionInView(page, p.step);
        }
        if (!audited && (await page.$('#tutorial-rule-toggle'))) {
          // The rule is folded on a phone: its toggle opens it; axe checks the screen with it.
          audited = true;
          assert.equal(await page.isVisible('#tutorial-rule'), false, 'the rule is folded on a phone');
          await page.tap('#tutorial-rule-toggle');
          await page.waitForSelector('#tutorial-rule', { state: 'visible', timeout: UI_TIMEOUT_MS });
          assert.deepEqual(await axeSerious(page), [], 'no serious or critical axe violations with the tutorial shown');
          await page.tap('#tutorial-rule-toggle');
          await page.waitForSelector('#tutorial-rule', { state: 'hidden', timeout: UI_TIMEOUT_MS });
        }
        did = await tapHighlighted(page);
      }
      taps[did] = (taps[did] || 0) + 1;
      // wait for the screen to move on (a Tutor's move comes after the bots' pause)
      await page.waitForFunction((s) => {
        const now = [
          document.querySelector('.game-screen')?.dataset.moves,
          document.querySelectorAll('.gs-crumbs li').length,
          !!document.querySelector('#confirm'),
          !!document.querySelector('#question'),
          document.querySelector('#tutorial')?.dataset.step,
          !!document.querySelector('.sum-backdrop'),
        ].join('|');
        return now !== s;
      }, sig, { timeout: UI_TIMEOUT_MS });
    }
    assert.ok(left, 'the tutorial was left and resumed on the way');
    assert.ok(audited, 'axe checked the screen with the tutorial shown');
    assert.ok(inView.size >= 5, `the glowing action was checked in view on ${inView.size} steps`);
    assert.equal(last.title, 'Over to you', 'the last step was shown');
    for (const kind of ['tell', 'action', 'card', 'board', 'confirm']) {
      assert.ok(taps[kind] > 0, `tapped a highlighted ${kind} (${JSON.stringify(taps)})`);
    }
    const { moves } = await gameState(page);
    assert.ok(moves >= 18, `the script's 18 moves were played (${moves})`);
    const log = await page.$eval('.log', (el) => el.textContent);
    assert.match(log, /Apprentice sells Manufacturer I in Birmingham/);
    // The game goes on as an ordinary one: the start screen offers no tutorial to continue.
    await page.tap('#quit');
    await waitStartScreen(page);
    assert.equal(await page.$('#continue-tutorial'), null, 'a finished tutorial is not offered to continue');
    assertNoErrors(errors);
  } finally {
    await context.close();
  }
});
