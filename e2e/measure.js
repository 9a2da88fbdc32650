#!/usr/bin/env node
'use strict';
// Measures the speed a player feels (issue 10) in headless Debian Chromium on loopback and
// prints every figure of docs/figures.md's table with how it was taken. Run it with
// `make measure` (which builds first), or `node e2e/measure.js [--runs N] [section…]`
// from the repository root with web/*.wasm and bin/brass built.
//
// Sections (all by default): size, load, game, clicks, bots, online, phone.
//
// It starts its own server (bin/brass on a free loopback port) unless BRASS_URL is set.
// Every figure is printed as `FIGURE name=value`, preceded by a line saying how it was
// measured. Timings are medians of several runs; the machine's load average is printed at
// the start and the end, since the machine may be shared.

const { spawn } = require('node:child_process');
const fs = require('node:fs');
const net = require('node:net');
const os = require('node:os');
const path = require('node:path');

const ROOT = path.join(__dirname, '..');

function parseArgs(argv) {
  const opts = { runs: 5, sections: [] };
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === '--runs') opts.runs = Number(argv[++i]);
    else opts.sections.push(argv[i]);
  }
  if (!(opts.runs >= 1)) throw new Error('--runs needs a positive number');
  if (opts.sections.length === 0) opts.sections = ['size', 'load', 'game', 'clicks', 'bots', 'online', 'phone', 'pace'];
  return opts;
}

async function freePort() {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

/** Starts bin/brass on a free loopback port; resolves to { url, stop }. */
async function startServer() {
  const bin = path.join(ROOT, 'bin', 'brass');
  if (!fs.existsSync(bin)) throw new Error('bin/brass is missing: run `make measure` (or `make build server`)');
  const port = await freePort();
  const child = spawn(bin, [], {
    cwd: ROOT,
    env: { ...process.env, HOST: '127.0.0.1', PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  child.stdout.on('data', (d) => { log += d; });
  child.stderr.on('data', (d) => { log += d; });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    try {
      const res = await fetch(url + '/');
      if (res.ok) break;
    } catch {
      // not up yet
    }
    if (i > 100 || child.exitCode !== null) throw new Error('the server did not start:\n' + log);
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url,
    stop: () => new Promise((resolve) => {
      if (child.exitCode !== null) return resolve();
      child.once('exit', resolve);
      child.kill('SIGTERM');
    }),
  };
}

function loadLine() {
  return os.loadavg().map((x) => x.toFixed(2)).join(', ');
}

function quantile(xs, q) {
  const s = [...xs].sort((a, b) => a - b);
  if (s.length === 0) return NaN;
  return s[Math.min(s.length - 1, Math.ceil(q * s.length) - 1)];
}

function median(xs) {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
}

function ms(x) {
  return Number.isFinite(x) ? Math.round(x) : 'n/a';
}

async function main() {
  const opts = parseArgs(process.argv.slice(2));
  let server = null;
  if (!process.env.BRASS_URL) {
    server = await startServer();
    process.env.BRASS_URL = server.url;
  }
  // lib.js reads BRASS_URL when it is loaded.
  const lib = require('./lib');
  console.log(`# Brass speed figures: ${new Date().toISOString()}, ${os.cpus().length} CPUs (${os.cpus()[0]?.model}), load average ${loadLine()}`);
  console.log(`# server ${process.env.BRASS_URL}; headless ${process.env.CHROMIUM_PATH || '/usr/bin/chromium'}; ${opts.runs} runs where a median is given`);
  const sections = { size, load, game, clicks, bots, online, phone, pace };
  try {
    for (const name of opts.sections) {
      if (!sections[name]) throw new Error(`unknown section ${name}: one of ${Object.keys(sections).join(', ')}`);
      console.log(`\n## ${name} (load average ${loadLine()})`);
      await sections[name](lib, opts);
    }
  } finally {
    if (server) await server.stop();
  }
  console.log(`\n# done; load average ${loadLine()}`);
}

function report(lib, name, value, how) {
  console.log(`  ${how}`);
  lib.figure(name, value);
}

// ---- size ------------------------------------------------------------------------------

async function size(lib) {
  for (const base of ['app', 'bot']) {
    const f = (ext) => {
      const p = path.join(ROOT, 'web', `${base}.wasm${ext}`);
      return fs.existsSync(p) ? fs.statSync(p).size : NaN;
    };
    report(lib, `${base}_wasm_raw_bytes`, f(''), `web/${base}.wasm as built (make build: -trimpath -ldflags='-s -w'${base === 'app' ? ', inlining only in the runtime, engine and syscall/js' : ''}, then tools/wasmpack)`);
    report(lib, `${base}_wasm_gzip_bytes`, f('.gz'), `web/${base}.wasm.gz (gzip -9, tools/compress)`);
    report(lib, `${base}_wasm_brotli_bytes`, f('.br'), `web/${base}.wasm.br (brotli quality 11 unless BROTLI_QUALITY said otherwise): what Chromium downloads`);
  }
}

// ---- first load ------------------------------------------------------------------------

// Records the phases of a load in every document: when the wasm finished arriving and was
// compiled (WebAssembly.instantiateStreaming resolved), and the app's own marks.
const LOAD_PROBE = `(() => {
  const orig = WebAssembly.instantiateStreaming;
  if (orig) {
    WebAssembly.instantiateStreaming = async function (...args) {
      window.__wasmStart = performance.now();
      const r = await orig.apply(this, args);
      window.__wasmInstantiated = performance.now();
      return r;
    };
  }
})();`;

async function loadPhases(page) {
  return page.evaluate(() => {
    const paint = performance.getEntriesByName('first-contentful-paint')[0];
    const wasm = performance.getEntriesByType('resource').find((e) => e.name.endsWith('/web/app.wasm'));
    const mark = (n) => performance.getEntriesByName(n)[0]?.startTime;
    const nav = performance.getEntriesByType('navigation')[0];
    return {
      html: nav?.responseEnd,
      fcp: paint?.startTime,
      wasmArrived: wasm?.responseEnd,
      instantiated: window.__wasmInstantiated,
      goMain: mark('brass-main'),
      root: mark('brass-root'),
      mounted: mark('brass-mounted'),
      ready: window.__brassReadyAt,
    };
  });
}

function phaseSummary(runs) {
  const keys = ['html', 'fcp', 'wasmArrived', 'instantiated', 'goMain', 'root', 'mounted', 'ready'];
  const med = {};
  for (const k of keys) {
    const xs = runs.map((r) => r[k]).filter(Number.isFinite);
    med[k] = xs.length ? median(xs) : NaN;
  }
  return med;
}

function printPhases(label, runs, med) {
  console.log(`  ${label}: ms from navigation start, median of ${runs.length} runs (each run: ${runs.map((r) => ms(r.ready)).join(', ')} ms to ready)`);
  console.log(`    HTML received ${ms(med.html)}; first contentful paint ${ms(med.fcp)}; app.wasm received ${ms(med.wasmArrived)}; ` +
    `compiled and instantiated ${ms(med.instantiated)}; Go main running (runtime and package init done) ${ms(med.goMain)}; root created ${ms(med.root)}; first screen rendered and mounted ${ms(med.mounted)}; start screen ready ${ms(med.ready)}`);
}

async function load(lib, opts) {
  const browser = await lib.launchBrowser();
  try {
    // Cold: every run a fresh context (no HTTP cache, no compiled-code cache, no storage),
    // service worker blocked.
    const cold = [];
    for (let i = 0; i < opts.runs; i++) {
      const context = await lib.newContext(browser);
      await context.addInitScript(LOAD_PROBE);
      try {
        const { page } = await lib.openApp(context);
        cold.push(await loadPhases(page));
      } finally {
        await context.close();
      }
    }
    const c = phaseSummary(cold);
    printPhases('cold (fresh context, service worker blocked)', cold, c);
    report(lib, 'load_cold_fcp_ms', ms(c.fcp), 'first contentful paint, cold');
    report(lib, 'load_cold_ready_ms', ms(c.ready), 'start screen ready (interactive: the wasm runs, #status says ready), cold');

    // Service worker: every run a fresh context whose first visit installs the worker and
    // fills its cache; the measured load is the next navigation, answered by the worker.
    const sw = [];
    for (let i = 0; i < opts.runs; i++) {
      const context = await lib.newContext(browser, { sw: true });
      await context.addInitScript(LOAD_PROBE);
      try {
        const { page } = await lib.openApp(context);
        await lib.waitForServiceWorkerCache(page);
        const res = await page.goto(lib.BASE_URL + '/', { timeout: 30_000 });
        if (!res.fromServiceWorker()) throw new Error('the page did not come from the service worker');
        await lib.waitReady(page);
        sw.push(await loadPhases(page));
      } finally {
        await context.close();
      }
    }
    const s = phaseSummary(sw);
    printPhases('service worker (fresh context: first visit installs it; measured: the next navigation)', sw, s);
    report(lib, 'load_sw_fcp_ms', ms(s.fcp), 'first contentful paint, through the service worker');
    report(lib, 'load_sw_ready_ms', ms(s.ready), 'start screen ready, through the service worker');

    // The floor under both: how long Chromium takes just to hand the wasm's bytes to a page
    // (an empty page of the same origin; nothing compiled, no Go).
    for (const base of ['app', 'bot']) {
      const fetched = [];
      for (let i = 0; i < opts.runs; i++) {
        const context = await lib.newContext(browser);
        try {
          const page = await context.newPage();
          await page.goto(lib.BASE_URL + '/web/icon.svg', { timeout: 30_000 });
          fetched.push(await page.evaluate(async (url) => {
            const t0 = performance.now();
            await (await fetch(url, { cache: 'no-store' })).arrayBuffer();
            return performance.now() - t0;
          }, `/web/${base}.wasm`));
        } finally {
          await context.close();
        }
      }
      report(lib, `${base}_wasm_fetch_ms`, ms(lib.median(fetched)),
        `fetching web/${base}.wasm into an empty page (fetch().arrayBuffer(), brotli; fresh context each run), no compiling: median of ${fetched.map(ms).join(', ')} ms`);
    }
  } finally {
    await browser.close();
  }
}

// ---- game screen ready -----------------------------------------------------------------

// Records when the game screen is interactive: the game is shown with its action builder
// or the pass-the-device cover (ms since navigation start, window.__brassGameAt).
const GAME_PROBE = `(() => {
  const check = () => {
    if (window.__brassGameAt !== undefined) return true;
    if (document.querySelector('.game-screen #builder, .game-screen .pd-btn') && !document.getElementById('app-wasm-loader')) {
      window.__brassGameAt = performance.now();
      return true;
    }
    return false;
  };
  const obs = new MutationObserver(() => { if (check()) obs.disconnect(); });
  obs.observe(document, { childList: true, subtree: true });
})();`;

async function startGame(page, names, seed) {
  await page.click('#new-game');
  await page.waitForSelector('#new-game-dialog[open]', { timeout: 15_000 });
  await page.click(`label[for="ng-players-${names.length}"]`);
  for (let i = 0; i < names.length; i++) await page.fill(`#ng-name-${i + 1}`, names[i]);
  if (seed !== undefined) await page.fill('#ng-seed', String(seed));
  await page.click('#ng-start');
  await page.waitForSelector('.game-screen', { timeout: 15_000 });
}

async function game(lib, opts) {
  const browser = await lib.launchBrowser();
  try {
    // A saved 4-player game after a few moves, as local storage to start contexts with.
    const setup = await lib.newContext(browser);
    let storage;
    try {
      const { page } = await lib.openApp(setup);
      await page.evaluate(() => localStorage.setItem('brass/debug', 'true'));
      await startGame(page, ['Ada', 'Brunel', 'Kate', 'Watt'], 7);
      storage = await setup.storageState();
    } finally {
      await setup.close();
    }
    const cold = [];
    for (let i = 0; i < opts.runs; i++) {
      const context = await browser.newContext({ serviceWorkers: 'block', storageState: storage });
      await context.addInitScript(GAME_PROBE);
      try {
        const page = await context.newPage();
        await page.goto(lib.BASE_URL + '/', { timeout: 30_000 });
        await page.waitForFunction(() => window.__brassGameAt !== undefined, null, { timeout: 30_000 });
        cold.push(await page.evaluate(() => window.__brassGameAt));
      } finally {
        await context.close();
      }
    }
    report(lib, 'game_ready_cold_ms', ms(lib.median(cold)),
      `navigation to an interactive game screen (a saved 4-player game resumed), cold: fresh context with the saved game in its storage, service worker blocked; median of ${cold.map(ms).join(', ')} ms`);

    const sw = [];
    for (let i = 0; i < opts.runs; i++) {
      const context = await browser.newContext({ serviceWorkers: 'allow', storageState: storage });
      await context.addInitScript(GAME_PROBE);
      try {
        const page = await context.newPage();
        await page.goto(lib.BASE_URL + '/', { timeout: 30_000 });
        await page.waitForFunction(() => window.__brassGameAt !== undefined, null, { timeout: 30_000 });
        await lib.waitForServiceWorkerCache(page);
        const res = await page.goto(lib.BASE_URL + '/', { timeout: 30_000 });
        if (!res.fromServiceWorker()) throw new Error('the page did not come from the service worker');
        await page.waitForFunction(() => window.__brassGameAt !== undefined, null, { timeout: 30_000 });
        sw.push(await page.evaluate(() => window.__brassGameAt));
      } finally {
        await context.close();
      }
    }
    report(lib, 'game_ready_sw_ms', ms(lib.median(sw)),
      `the same through the service worker (fresh context: the first visit installs it, measured: the next navigation); median of ${sw.map(ms).join(', ')} ms`);
  } finally {
    await browser.close();
  }
}

// ---- clicks ----------------------------------------------------------------------------

// For every click: the time from the click event to the DOM change it caused (the end of
// the task that rendered it) and to the next paint (a task posted from the next animation
// frame runs once that frame is produced). Also every long task (Long Tasks API).
const CLICK_PROBE = `(() => {
  window.__clicks = [];
  window.__longTasks = [];
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) window.__longTasks.push(e.duration);
  }).observe({ type: 'longtask', buffered: true });
  document.addEventListener('click', (e) => {
    const t0 = e.timeStamp;
    const what = (e.target.closest && (e.target.closest('[id]')?.id || e.target.className)) || '';
    let done = false;
    const mo = new MutationObserver(() => {
      if (done) return;
      done = true;
      mo.disconnect();
      const dom = performance.now() - t0;
      requestAnimationFrame(() => {
        const ch = new MessageChannel();
        ch.port1.onmessage = () => window.__clicks.push({ what: String(what), t0, dom, paint: performance.now() - t0 });
        ch.port2.postMessage(0);
      });
    });
    mo.observe(document.body, { subtree: true, childList: true, attributes: true, characterData: true });
    setTimeout(() => { if (!done) { done = true; mo.disconnect(); window.__clicks.push({ what: String(what), none: true }); } }, 3000);
  }, true);
})();`;

// Action order per turn: a turn k tries these rotated by k, then anything enabled.
const ACTIONS = ['build', 'network', 'develop', 'loan', 'sell', 'scout', 'pass'];

/** Plays one action of the actor by clicking: action, card, every answer, Confirm. */
async function playAction(page, k) {
  const enabled = await page.$$eval('#builder .gs-action:not([aria-disabled="true"])', (els) => els.map((e) => e.id.replace(/^action-/, '')));
  if (enabled.length === 0) {
    // selling or paying a shortfall: "Continue", or the builder already runs
    const resume = await page.$('#builder [id^="resume-"]');
    if (resume) await resume.click();
  } else {
    const pref = [...ACTIONS.slice(0, 4).slice(k % 4), ...ACTIONS.slice(0, 4).slice(0, k % 4), ...ACTIONS.slice(4)];
    const typ = pref.find((t) => enabled.includes(t)) || enabled[0];
    await page.click(`#action-${typ}`);
  }
  const deadline = Date.now() + 20_000;
  for (;;) {
    if (Date.now() > deadline) throw new Error('the action did not complete: ' + (await page.textContent('#builder')));
    const state = await page.evaluate(() => {
      if (document.querySelector('#confirm')) return { confirm: true };
      const q = document.querySelector('#question');
      return { question: q ? q.textContent : null };
    });
    if (state.confirm) break;
    if (state.question === null) {
      await page.waitForTimeout(20);
      continue;
    }
    const crumbs = await page.$$eval('.gs-crumbs li', (l) => l.length);
    let target = null;
    if (/card/i.test(state.question)) target = await page.$('#hand .hand-card:not([aria-disabled="true"])');
    if (!target) target = await page.$('#board g.bb-hl[id], #board g.bb-src[id]');
    if (!target) target = await page.$('#builder .gs-choice');
    if (!target) {
      await page.waitForTimeout(20);
      continue;
    }
    // by id where it has one: go-app keeps DOM nodes across renders, and a button held
    // since before the last render may have become another one (the last answer, Confirm)
    const id = await target.getAttribute('id');
    if (id) await page.click(`[id="${id}"]`, { force: true, timeout: 2000 }).catch(() => {});
    else await target.click({ force: true });
    await page.waitForFunction(
      ([q, n]) => document.querySelector('#confirm') || document.querySelectorAll('.gs-crumbs li').length !== n ||
        (document.querySelector('#question')?.textContent ?? q) !== q,
      [state.question, crumbs], { timeout: 15_000 });
  }
  const before = Number(await page.$eval('.game-screen', (el) => el.dataset.moves));
  await page.click('#confirm');
  await page.waitForFunction((n) => Number(document.querySelector('.game-screen').dataset.moves) > n, before, { timeout: 15_000 });
}

async function clicks(lib) {
  const browser = await lib.launchBrowser();
  try {
    const context = await lib.newContext(browser);
    await context.addInitScript(CLICK_PROBE);
    try {
      const { page, errors } = await lib.openApp(context);
      const cdp = await context.newCDPSession(page);
      await cdp.send('Performance.enable');
      await startGame(page, ['Ada', 'Brunel', 'Kate', 'Watt'], 11);
      // Rounds 1 and 2 of the Canal Era (4 turns of one action, then 4 of two) are the
      // first the page plays: V8 is still optimizing the hot Go code in the background.
      // Rounds 3 and 4 follow, with that work mostly done.
      await playMeasured(lib, page, cdp, errors, {
        until: /round [3-9]|Rail Era/i, rounds: 'rounds 1–2', figure: 'click_paint',
        label: 'from a click (any builder step, Confirm, the cover, a summary) to the next paint',
      });
      await playMeasured(lib, page, cdp, errors, {
        until: /round [5-9]|Rail Era/i, rounds: 'rounds 3–4', figure: 'click_paint_later',
        label: 'the same over the next two rounds (rounds 3–4)',
      });
    } finally {
      await context.close();
    }
  } finally {
    await browser.close();
  }
}

/** Plays until the status bar matches opts.until and prints the click figures of that stretch. */
async function playMeasured(lib, page, cdp, errors, opts) {
  await page.evaluate(() => { window.__clicks.length = 0; window.__longTasks.length = 0; });
  const m0 = metrics((await cdp.send('Performance.getMetrics')).metrics);
  // BRASS_CPU_PROFILE=file.cpuprofile: a DevTools CPU profile of rounds 1–2, or of rounds
  // 3–4 with BRASS_PROFILE_LATER=1 (build the wasm without -s -w to see Go's function names).
  const profiled = (opts.figure === 'click_paint') !== Boolean(process.env.BRASS_PROFILE_LATER);
  const profile = profiled && process.env.BRASS_CPU_PROFILE;
  if (profile) {
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
    await cdp.send('Profiler.start');
  }
  // BRASS_TRACE=file.json: a Chromium trace of the same rounds (open it in DevTools'
  // Performance panel, or sum its main-thread events: style, layout, paint, script).
  const trace = profiled && process.env.BRASS_TRACE;
  if (trace) {
    await page.context().browser().startTracing(page, { categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'blink', 'cc', 'v8.wasm'] });
  }
  let k = 0;
  const t0 = Date.now();
  while (await page.$eval('.gs-top', (el, re) => !new RegExp(re, 'i').test(el.textContent), opts.until.source)) {
    const close = await page.$('.sum-backdrop .sum-ok');
    if (close) {
      await close.click();
      await page.waitForSelector('.sum-backdrop', { state: 'detached', timeout: 15_000 });
      continue;
    }
    const cover = await page.$('.pd-btn');
    if (cover) {
      await cover.click();
      await page.waitForSelector('#builder', { timeout: 15_000 });
    }
    await playAction(page, k++);
  }
  const elapsed = Date.now() - t0;
  await page.waitForTimeout(500);
  if (profile) {
    const { profile: p } = await cdp.send('Profiler.stop');
    fs.writeFileSync(profile, JSON.stringify(p));
    console.log(`  CPU profile of ${opts.rounds} written to ${profile}`);
  }
  if (trace) {
    fs.writeFileSync(trace, await page.context().browser().stopTracing());
    console.log(`  trace of ${opts.rounds} written to ${trace}`);
  }
  const m1 = metrics((await cdp.send('Performance.getMetrics')).metrics);
  const all = await page.evaluate(() => window.__clicks);
  const long = await page.evaluate(() => window.__longTasks);
  lib.assertNoErrors(errors);
  if (trace) fs.writeFileSync(trace.replace(/\.json$/, '') + '.clicks.json', JSON.stringify(all));
  const got = all.filter((c) => !c.none);
  const paint = got.map((c) => c.paint);
  const dom = got.map((c) => c.dom);
  const worst = [...got].sort((a, b) => b.paint - a.paint).slice(0, 5).map((c) => `${c.what} ${ms(c.paint)}`).join(', ');
  console.log(`  a 4-player hotseat game (seed 11, 1440×900), ${opts.rounds} of the Canal Era played by clicking (${k} actions, ${all.length} clicks, ` +
    `${all.length - got.length} changed nothing) in ${elapsed} ms; fresh context, service worker blocked; one run`);
  console.log(`  click to DOM updated: p50 ${ms(quantile(dom, 0.5))}, p95 ${ms(quantile(dom, 0.95))} ms; slowest to paint: ${worst}`);
  // Medians by kind of click (a card, a space or a line are one kind each), slowest first.
  const kinds = {};
  for (const c of got) (kinds[clickKind(c.what)] ||= []).push(c.paint);
  console.log('  click to paint by kind (median, count): ' + Object.entries(kinds)
    .map(([kind, xs]) => [kind, quantile(xs, 0.5), xs.length]).sort((a, b) => b[1] - a[1])
    .map(([kind, m, n]) => `${kind} ${ms(m)} (${n})`).join(', '));
  console.log(`  main thread during ${opts.rounds} (DevTools Performance.getMetrics): script ${ms(1000 * (m1.ScriptDuration - m0.ScriptDuration))} ms, ` +
    `layout ${ms(1000 * (m1.LayoutDuration - m0.LayoutDuration))} ms, style ${ms(1000 * (m1.RecalcStyleDuration - m0.RecalcStyleDuration))} ms, ` +
    `all tasks ${ms(1000 * (m1.TaskDuration - m0.TaskDuration))} ms`);
  report(lib, `${opts.figure}_p50_ms`, ms(quantile(paint, 0.5)), `${opts.label}, p50`);
  report(lib, `${opts.figure}_p95_ms`, ms(quantile(paint, 0.95)), 'the same, p95');
  report(lib, `${opts.figure}_longest_task_ms`, ms(Math.max(0, ...long)), `longest main-thread task in ${opts.rounds} (${long.length} over 50 ms)`);
}

// clickKind names what a click hit, without the card, space or line it was.
function clickKind(what) {
  return what.replace(/^(card|space|link|merchant|location|choice)-.*$/, '$1').replace(/-\d+$/, '');
}

function metrics(list) {
  const out = {};
  for (const m of list) out[m.name] = m.value;
  return out;
}

// ---- bots ------------------------------------------------------------------------------

const LONG_TASKS = `(() => {
  window.__longTasks = [];
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) window.__longTasks.push(e.duration);
  }).observe({ type: 'longtask', buffered: true });
})();`;

async function closeSummaries(page) {
  for (let i = 0; i < 5 && (await page.$('.sum-backdrop')); i++) {
    await page.keyboard.press('Escape');
    await page.waitForTimeout(50);
  }
}

async function bots(lib) {
  const browser = await lib.launchBrowser();
  try {
    const context = await lib.newContext(browser);
    await context.addInitScript(() => localStorage.setItem('brass/debug', 'true'));
    await context.addInitScript(LONG_TASKS);
    try {
      const { page, errors } = await lib.openApp(context);
      await page.click('#new-game');
      await page.waitForSelector('#new-game-dialog[open]', { timeout: 15_000 });
      await page.click('label[for="ng-players-4"]');
      await page.fill('#ng-name-1', 'Ada');
      await page.fill('#ng-seed', '5');
      for (const seat of [2, 3, 4]) await page.selectOption(`#ng-kind-${seat}`, 'medium');
      await page.click('#ng-start');
      await page.waitForSelector('.game-screen', { timeout: 15_000 });
      await page.evaluate(() => { window.__longTasks.length = 0; });
      const t0 = Date.now();
      await page.waitForSelector('#debug-autoplay', { timeout: 15_000 });
      await closeSummaries(page);
      await page.click('#debug-autoplay');
      await page.waitForFunction(() => /Rail Era/.test(document.querySelector('.gs-top')?.textContent || ''), null, { timeout: 300_000 });
      const long = await page.evaluate(() => window.__longTasks);
      const moves = await page.$eval('.game-screen', (el) => Number(el.dataset.moves));
      lib.assertNoErrors(errors);
      console.log(`  one person (debug auto-play) and three Medium bots (thinking in the Web Worker), a 4-player Canal Era, seed 5: ${moves} moves in ${Date.now() - t0} ms; one run`);
      console.log(`  long tasks (ms, longest first): ${long.map(Math.round).sort((a, b) => b - a).slice(0, 12).join(', ') || 'none'}`);
      report(lib, 'bots_longest_task_ms', ms(Math.max(0, ...long)), 'longest main-thread task while the bots play the Canal Era (Long Tasks API)');
      report(lib, 'bots_long_tasks', long.length, 'main-thread tasks over 50 ms in that time');
      report(lib, 'bots_tasks_over_100ms', long.filter((d) => d > 100).length, 'of which over 100 ms');
    } finally {
      await context.close();
    }
  } finally {
    await browser.close();
  }
}

// ---- online ----------------------------------------------------------------------------

async function online(lib) {
  // The same game twice: the cards dealt from the shared seed (the figure measured since the
  // signed moves), then dealt by the devices (Hidden cards, the default since issue 23).
  for (const [dealt, suffix, what] of [[false, '', 'cards dealt from the seed'], [true, '_dealt', 'cards dealt by the devices']]) {
    const lat = await onlineLatencies(lib, dealt, what);
    report(lib, `online_move_latency${suffix}_p50_ms`, quantile(lat, 0.5).toFixed(1), `from the acting page showing a move to another page showing it, p50 (${what})`);
    report(lib, `online_move_latency${suffix}_p95_ms`, quantile(lat, 0.95).toFixed(1), `the same, p95 (${what})`);
  }
}

// onlineLatencies plays a 3-player Canal Era online and returns every move's latencies.
async function onlineLatencies(lib, dealt, what) {
  const { MOVES_PROBE, startOnline, autoplayOnline, moveLatencies } = require('./helpers_online');
  const browser = await lib.launchBrowser();
  const players = [];
  try {
    for (const name of ['Ada', 'Bo', 'Cy']) {
      const context = await lib.newContext(browser);
      // The debug tools (autoplay) while the game is set up; the openings measured are a
      // player's page (brass/measure-player, set below): the debug mode checks, at every
      // render, which cards the device can open, which no player's page does.
      await context.addInitScript(() => {
        if (localStorage.getItem('brass/measure-player') !== '1') localStorage.setItem('brass/debug', 'true');
      });
      await context.addInitScript(MOVES_PROBE);
      const { page, errors } = await lib.openApp(context);
      players.push({ name, context, page, errors });
    }
    const t0 = Date.now();
    await startOnline(players, { dealt });
    for (const p of players) await autoplayOnline(p.page);
    const railEra = () => /Rail Era/.test(document.querySelector('.gs-top')?.textContent || '');
    for (const p of players) await p.page.waitForFunction(railEra, null, { timeout: 240_000 });
    const lat = await moveLatencies(players);
    for (const p of players) lib.assertNoErrors(p.errors);
    console.log(`  three pages of one browser (three contexts, service worker blocked) play a 3-player Canal Era online over loopback WebRTC, ` +
      `${what}, every page on debug auto-play; ${lat.length} samples in ${Date.now() - t0} ms; one run`);
    return lat;
  } finally {
    for (const p of players) await p.context.close();
    await browser.close();
  }
}

// ---- phone -----------------------------------------------------------------------------

// A phone-class first visit and repeat visit (issue 24): a 390×844 touch viewport, the page's
// CPU slowed 4x (Lighthouse's phone setting), on loopback and on a 4G profile (the upload figure is
// our choice). BRASS_PHONE_TRACE=file.json writes a Chromium trace of the first slowed repeat visit
// of each profile (file.loopback.json, file.4g.json; that run's figures count as the others).
// BRASS_PHONE_NETS=loopback (or 4g, comma-separated) measures only those profiles.
const PHONE_VIEWPORT = { width: 390, height: 844 };
const PHONE_CPU_RATE = 4;
const PHONE_PRESS_AT_MS = 5000; // the press of Start "5 s after arriving"
const PHONE_NETS = [
  { key: 'loopback', label: 'loopback, no network emulation', conditions: null },
  {
    key: '4g', label: '4G profile (9 Mbit/s down, 1.5 Mbit/s up, 60 ms latency)',
    conditions: { offline: false, latency: 60, downloadThroughput: 9e6 / 8, uploadThroughput: 1.5e6 / 8 },
  },
];

// Records, ms since navigation start, when the start screen is ready as lib.js's probe does
// (go-app's loader gone, #status says ready: window.__brassReadyAt), when the new-game dialog
// first is open (window.__brassDialogAt), the last click on New game before that
// (window.__brassNewGameTapAt) and when #ng-start is pressed (window.__brassStartAt), the
// clicks' times being their events'.
const PHONE_PROBE = `(() => {
  const obs = new MutationObserver(() => {
    if (window.__brassReadyAt === undefined) {
      const s = document.getElementById('status');
      if (s && s.textContent.trim() === 'ready' && !document.getElementById('app-wasm-loader')) window.__brassReadyAt = performance.now();
    }
    if (window.__brassDialogAt === undefined && document.querySelector('#new-game-dialog[open]')) window.__brassDialogAt = performance.now();
    if (window.__brassReadyAt !== undefined && window.__brassDialogAt !== undefined) obs.disconnect();
  });
  obs.observe(document, { childList: true, subtree: true, characterData: true, attributes: true, attributeFilter: ['open'] });
  document.addEventListener('click', (e) => {
    if (!e.target.closest) return;
    if (window.__brassDialogAt === undefined && e.target.closest('#new-game')) window.__brassNewGameTapAt = e.timeStamp;
    if (window.__brassStartAt === undefined && e.target.closest('#ng-start')) window.__brassStartAt = e.timeStamp;
  }, true);
})();`;

async function phoneContext(lib, browser, sw) {
  const context = await browser.newContext({
    serviceWorkers: sw ? 'allow' : 'block', viewport: PHONE_VIEWPORT, isMobile: true, hasTouch: true, deviceScaleFactor: 3,
  });
  await context.addInitScript(LOAD_PROBE);
  await context.addInitScript(GAME_PROBE);
  await context.addInitScript(PHONE_PROBE);
  return context;
}

/** Slows the page's CPU and, with conditions, its network (CDP, on the page's target). */
async function throttle(page, conditions) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: PHONE_CPU_RATE });
  if (conditions) {
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', conditions);
  }
  return cdp;
}

/**
 * A first visit: navigation, tap New game until its dialog opens, press Start: at once, or
 * (pressAt) that many ms after navigation began, as the target reads.
 */
async function phoneFirstVisit(lib, browser, net, pressAt = 0) {
  const context = await phoneContext(lib, browser, false);
  try {
    const page = await context.newPage();
    await throttle(page, net.conditions);
    await page.goto(lib.BASE_URL + '/', { timeout: 60_000, waitUntil: 'commit' });
    // Tapped as soon as the button is visible (web/early.js opens the prerendered dialog before
    // the wasm runs; were it missing, the tap would do nothing until then, so tap again until
    // the dialog opens). A plain touch at the button's centre (no actionability waits: go-app
    // replaces the prerendered button when it mounts).
    await lib.poll(page, () => (document.getElementById('new-game')?.getBoundingClientRect().width ?? 0) > 0, 'the New game button');
    const deadline = Date.now() + 60_000;
    while (!(await page.evaluate(() => window.__brassDialogAt !== undefined))) {
      if (Date.now() > deadline) throw new Error('the new-game dialog never opened');
      const box = await page.evaluate(() => {
        const r = document.getElementById('new-game')?.getBoundingClientRect();
        return r && r.width > 0 ? { x: r.x + r.width / 2, y: r.y + r.height / 2 } : null;
      });
      if (box) await page.touchscreen.tap(box.x, box.y);
      await new Promise((r) => setTimeout(r, 100));
    }
    if (pressAt > 0) {
      const now = await page.evaluate(() => performance.now());
      if (now < pressAt) await new Promise((r) => setTimeout(r, pressAt - now));
    }
    const start = await page.evaluate(() => {
      const b = document.getElementById('ng-start');
      b.scrollIntoView({ block: 'center' });
      const r = b.getBoundingClientRect();
      return { x: r.x + r.width / 2, y: r.y + r.height / 2 };
    });
    await page.touchscreen.tap(start.x, start.y);
    await lib.poll(page, () => window.__brassGameAt !== undefined, 'the game screen');
    const r = await page.evaluate(() => ({
      fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime,
      dialog: window.__brassDialogAt,
      tap: window.__brassDialogAt - window.__brassNewGameTapAt,
      start: window.__brassGameAt - window.__brassStartAt,
      pressed: window.__brassStartAt,
      ready: window.__brassReadyAt,
    }));
    return r;
  } finally {
    await context.close();
  }
}

/** A repeat visit: the first (not slowed) installs the service worker; the next is measured. */
async function phoneRepeatVisit(lib, browser, net, tracePath) {
  const context = await phoneContext(lib, browser, true);
  try {
    const page = await context.newPage();
    await page.goto(lib.BASE_URL + '/', { timeout: 30_000 });
    await lib.waitReady(page);
    await lib.waitForServiceWorkerCache(page);
    await throttle(page, net.conditions);
    if (tracePath) {
      await browser.startTracing(page, { categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'blink.user_timing', 'loading', 'v8', 'v8.wasm', 'disabled-by-default-v8.compile'] });
    }
    const res = await page.goto(lib.BASE_URL + '/', { timeout: 60_000 });
    if (!res.fromServiceWorker()) throw new Error('the page did not come from the service worker');
    await lib.poll(page, () => window.__brassReadyAt !== undefined, 'the start screen ready');
    const phases = await loadPhases(page);
    if (tracePath) {
      await page.waitForTimeout(300);
      fs.writeFileSync(tracePath, await browser.stopTracing());
      console.log(`  trace of a repeat visit (${net.key}) written to ${tracePath}`);
    }
    return phases;
  } finally {
    await context.close();
  }
}

async function phone(lib, opts) {
  const browser = await lib.launchBrowser();
  try {
    const only = (process.env.BRASS_PHONE_NETS || '').split(',').filter(Boolean);
    const unknown = only.filter((k) => !PHONE_NETS.some((n) => n.key === k));
    if (unknown.length > 0) throw new Error(`BRASS_PHONE_NETS: no profile ${unknown.join(', ')} (there are ${PHONE_NETS.map((n) => n.key).join(', ')})`);
    for (const net of PHONE_NETS.filter((n) => only.length === 0 || only.includes(n.key))) {
      const how = `390×844 mobile viewport with touch, CPU slowed ${PHONE_CPU_RATE}x (CDP Emulation.setCPUThrottlingRate), ${net.label}; fresh context each run`;
      const first = [];
      const late = [];
      for (let i = 0; i < opts.runs; i++) {
        first.push(await phoneFirstVisit(lib, browser, net));
        late.push(await phoneFirstVisit(lib, browser, net, PHONE_PRESS_AT_MS));
      }
      const med = (k, rs = first) => median(rs.map((r) => r[k]).filter(Number.isFinite));
      const runs = (k, rs = first) => rs.map((r) => ms(r[k])).join(', ');
      console.log(`  first visit, ${how}, service worker blocked`);
      report(lib, `phone_${net.key}_fcp_ms`, ms(med('fcp')), `first contentful paint (the prerendered start screen); runs: ${runs('fcp')} ms`);
      report(lib, `phone_${net.key}_new_game_ms`, ms(med('dialog')),
        `navigation to the new-game dialog open, New game tapped (a touch at its centre) as soon as it is visible and again every 100 ms until the dialog opens; runs: ${runs('dialog')} ms (start screen ready at ${runs('ready')} ms; from the tap that opened it to the dialog open: ${runs('tap')} ms)`);
      report(lib, `phone_${net.key}_start_early_ms`, ms(med('start')),
        `pressing Start at once (tapped as soon as the dialog is open, at ${runs('pressed')} ms, mostly before the wasm runs) to an interactive game screen (its pass-the-device cover); runs: ${runs('start')} ms (start screen ready at ${runs('ready')} ms)`);
      report(lib, `phone_${net.key}_start_ms`, ms(med('start', late)),
        `pressing Start ${PHONE_PRESS_AT_MS / 1000} s after navigation (the dialog opened at once) to an interactive game screen; runs: ${runs('start', late)} ms (pressed at ${runs('pressed', late)} ms; start screen ready at ${runs('ready', late)} ms)`);

      const repeat = [];
      const trace = process.env.BRASS_PHONE_TRACE;
      for (let i = 0; i < opts.runs; i++) {
        repeat.push(await phoneRepeatVisit(lib, browser, net, i === 0 && trace ? trace.replace(/\.json$/, '') + `.${net.key}.json` : null));
      }
      const s = phaseSummary(repeat);
      printPhases(`repeat visit through the service worker, ${how} (the first visit, not slowed, installs the worker; measured: the next navigation, slowed)`, repeat, s);
      report(lib, `phone_${net.key}_sw_ready_ms`, ms(s.ready), 'repeat visit through the service worker: start screen ready (interactive: the wasm runs, #status says ready, as in `load`)');
    }
  } finally {
    await browser.close();
  }
}

if (require.main === module) {
  main().catch((err) => {
    console.error(err);
    process.exit(1);
  });
}

module.exports = { CLICK_PROBE, playAction, startGame };

// ---- pace ------------------------------------------------------------------------------

// Opening an own-pace game (issue 42): three pages set up a 3-player game with hidden cards
// at their own pace and play it, all open together (to be quick), until it holds at least
// PACE_MOVES moves; then, with every page closed, one player's device opens the game again:
// from navigation to the game screen caught up with the mailbox (the board and the recap of
// what the others did ready). A visit takes the game up from the device's store and reads the
// log from its checkpoint (docs/mailbox.md). On the desktop, and phone-class: a 390×844
// viewport, CPU slowed 4x, loopback and the 4G profile; service worker blocked (the wasm from
// the server's HTTP cache). Then the phone class again with the service worker installed (a
// returning player's page): a fresh context with Cy's storage, whose first visit (not slowed)
// installs the worker; measured: the next navigation, slowed, answered by the worker.
const PACE_MOVES = 40;

async function pace(lib, opts) {
  const browser = await lib.launchBrowser();
  const ctxs = [];
  try {
    const pages = [];
    for (const name of ['Ada', 'Bo', 'Cy']) {
      const context = await lib.newContext(browser);
      // The debug tools (autoplay) while the game is set up; the openings measured are a
      // player's page (brass/measure-player, set below): the debug mode checks, at every
      // render, which cards the device can open, which no player's page does.
      await context.addInitScript(() => {
        if (localStorage.getItem('brass/measure-player') !== '1') localStorage.setItem('brass/debug', 'true');
      });
      const { page } = await lib.openApp(context);
      ctxs.push(context);
      pages.push({ name, page });
    }
    const [host, ...guests] = pages;
    await host.page.click('#play-online');
    await host.page.click('label[for="ol-pace"]');
    await host.page.click('label[for="ol-players-3"]');
    await host.page.fill('#ol-name', host.name);
    await host.page.click('#ol-go');
    await host.page.waitForSelector('#invite-code', { timeout: 30_000 });
    const code = (await host.page.textContent('#invite-code')).trim();
    for (const g of guests) {
      await g.page.click('#play-online');
      await g.page.click('label[for="ol-join"]');
      await g.page.fill('#ol-code', code);
      await g.page.fill('#ol-name', g.name);
      await g.page.click('#ol-go');
      await g.page.waitForSelector('#lobby-seats', { timeout: 30_000 });
    }
    for (const p of pages) await p.page.waitForSelector('.game-screen', { timeout: 60_000 });
    const { closeSummaries, startAutoplay } = require('./helpers_play');
    const moves = async (page) => page.$eval('.game-screen', (el) => Number(el.dataset.moves)).catch(() => 0);
    for (let round = 0; (await moves(host.page)) < PACE_MOVES && round < 200; round++) {
      for (const p of pages) {
        await closeSummaries(p.page);
        if (!(await p.page.$('#debug-autoplay'))) continue;
        const mine = await p.page.evaluate(() => {
          const el = document.querySelector('.game-screen');
          const me = document.querySelector('#peer-strip .peer-chip[data-state="you"]');
          return el && me && el.dataset.actor === me.dataset.seat;
        });
        if (mine) await startAutoplay(p.page).catch(() => {});
      }
      await host.page.waitForTimeout(250);
    }
    const n = await moves(host.page);
    await pages[2].page.evaluate(() => {
      localStorage.setItem('brass/measure-player', '1');
      localStorage.removeItem('brass/debug');
    });
    for (const p of pages) await p.page.close();
    const cy = ctxs[2];
    const open = async (phone, net) => {
      const page = await cy.newPage();
      if (phone) {
        await page.setViewportSize(PHONE_VIEWPORT);
        await throttle(page, net.conditions);
      }
      const t0 = Date.now();
      await page.goto(lib.BASE_URL + '/', { timeout: 60_000 });
      await page.waitForSelector('.game-screen[data-caught-up="true"]', { timeout: 120_000 });
      const t = Date.now() - t0;
      await page.close();
      return t;
    };
    const kinds = [['desktop', false, null], ...PHONE_NETS.map((net) => [`phone_${net.key}`, true, net])];
    for (const [key, phone, net] of kinds) {
      const runs = [];
      for (let i = 0; i < opts.runs; i++) runs.push(await open(phone, net));
      const how = phone ? `390×844 viewport, CPU slowed ${PHONE_CPU_RATE}x, ${net.label}` : 'desktop viewport, no throttling';
      report(lib, `pace_open_${key}_ms`, ms(median(runs)),
        `opening an own-pace 3-player game with hidden cards holding ${n} moves, every page closed: navigation to the game screen caught up with the mailbox (${how}; service worker blocked; a player's page, no debug mode; median of ${opts.runs}); runs: ${runs.join(', ')} ms`);
    }
    const storage = await cy.storageState();
    const openThroughWorker = async (net) => {
      const context = await browser.newContext({ serviceWorkers: 'allow', storageState: storage });
      try {
        const first = await context.newPage();
        await first.goto(lib.BASE_URL + '/', { timeout: 60_000 });
        await first.waitForSelector('.game-screen[data-caught-up="true"]', { timeout: 120_000 });
        await lib.waitForServiceWorkerCache(first);
        await first.close();
        const page = await context.newPage();
        await page.setViewportSize(PHONE_VIEWPORT);
        await throttle(page, net.conditions);
        const t0 = Date.now();
        const res = await page.goto(lib.BASE_URL + '/', { timeout: 60_000 });
        if (!res.fromServiceWorker()) throw new Error('the page did not come from the service worker');
        await page.waitForSelector('.game-screen[data-caught-up="true"]', { timeout: 120_000 });
        const t = Date.now() - t0;
        await page.close();
        return t;
      } finally {
        await context.close();
      }
    };
    for (const net of PHONE_NETS) {
      const runs = [];
      for (let i = 0; i < opts.runs; i++) runs.push(await openThroughWorker(net));
      report(lib, `pace_open_phone_${net.key}_sw_ms`, ms(median(runs)),
        `the same, phone class (390×844 viewport, CPU slowed ${PHONE_CPU_RATE}x, ${net.label}), service worker installed (a fresh context with the player's storage, whose first visit, not slowed, installed it; measured: the next navigation, answered by the worker; median of ${opts.runs}); runs: ${runs.join(', ')} ms`);
    }
  } finally {
    for (const c of ctxs) await c.close();
    await browser.close();
  }
}
