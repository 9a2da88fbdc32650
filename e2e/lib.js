'use strict';
// Helpers for the browser tests: Debian's Chromium through playwright-core,
// the app's readiness signal, error collection and small utilities.
//
// The server is started by e2e/run.sh, which passes its address in
// BRASS_URL.

const assert = require('node:assert/strict');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { chromium } = require('playwright-core');

const BASE_URL = process.env.BRASS_URL;
if (!BASE_URL) {
  throw new Error('BRASS_URL is not set: run the browser tests through e2e/run.sh');
}

const CHROMIUM_PATH = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

// Flags for a closed network and a root user: no sandbox (root), no GPU,
// and none of Chromium's own background connections.
const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-dev-shm-usage',
];

const READY_TIMEOUT_MS = 30_000;

// Records, in every document of a context, what its WebRTC connections did (window.__rtcLog:
// ms since navigation, the connection's number, the event), so that a test whose players
// never connect can say where each connection stopped: descriptions set, candidates gathered
// and added, ICE and connection states. It wraps RTCPeerConnection and changes nothing else.
const RTC_PROBE = `(() => {
  const Native = window.RTCPeerConnection;
  if (!Native) return;
  const log = window.__rtcLog = [];
  const note = (id, what) => {
    log.push(Math.round(performance.now()) + ' pc' + id + ' ' + what);
    if (log.length > 200) log.shift();
  };
  const short = (c) => (c && c.candidate ? c.candidate.split(' ').slice(4, 8).join(' ') : 'end');
  let next = 0;
  function Wrapped(cfg) {
    const pc = new Native(cfg);
    const id = ++next;
    note(id, 'new');
    for (const m of ['setLocalDescription', 'setRemoteDescription', 'addIceCandidate']) {
      const f = pc[m].bind(pc);
      pc[m] = (arg) => {
        const what = m === 'addIceCandidate' ? 'add ' + short(arg) : m + ' ' + (arg && arg.type);
        return f(arg).then((v) => { note(id, what); return v; }, (e) => { note(id, what + ' failed: ' + e); throw e; });
      };
    }
    pc.addEventListener('icecandidate', (e) => note(id, 'gathered ' + short(e.candidate)));
    pc.addEventListener('iceconnectionstatechange', () => note(id, 'ice ' + pc.iceConnectionState));
    pc.addEventListener('connectionstatechange', () => note(id, 'connection ' + pc.connectionState));
    pc.addEventListener('datachannel', () => note(id, 'channel announced'));
    return pc;
  }
  Wrapped.prototype = Native.prototype;
  window.RTCPeerConnection = Wrapped;
})();`;

// Contexts made by newContext with service workers blocked.
const swBlocked = new WeakSet();
const NAV_TIMEOUT_MS = 30_000;

// Records, in every document of a context, the time (performance.now(), ms
// since navigation start) when go-app's loader is gone and #status says
// "ready": window.__brassReadyAt.
const READY_PROBE = `(() => {
  const check = () => {
    if (window.__brassReadyAt !== undefined) return true;
    const s = document.getElementById('status');
    if (s && s.textContent.trim() === 'ready' && !document.getElementById('app-wasm-loader')) {
      window.__brassReadyAt = performance.now();
      return true;
    }
    return false;
  };
  const obs = new MutationObserver(() => { if (check()) obs.disconnect(); });
  obs.observe(document, { childList: true, subtree: true, characterData: true });
})();`;

/**
 * Launches headless Chromium. Playwright gives each launch a fresh,
 * temporary user-data-dir and removes it on close.
 */
async function launchBrowser() {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: CHROMIUM_ARGS,
    timeout: 30_000,
  });
}

/**
 * Launches Chromium with a persistent profile in a fresh temporary
 * user-data-dir: a normal (not off-the-record) profile, which PWA
 * installability needs. close() also removes the directory.
 */
async function launchPersistent({ serviceWorkers = 'allow' } = {}) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'brass-e2e-profile-'));
  const context = await chromium.launchPersistentContext(dir, {
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: CHROMIUM_ARGS,
    timeout: 30_000,
    serviceWorkers,
  });
  await context.addInitScript(READY_PROBE);
  const close = context.close.bind(context);
  context.close = async () => {
    try {
      await close();
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  };
  return context;
}

/**
 * A new context: service workers blocked unless sw is true (faster and
 * deterministic; only the PWA tests need the worker).
 */
async function newContext(browser, { sw = false, locale } = {}) {
  const context = await browser.newContext({ serviceWorkers: sw ? 'allow' : 'block', ...(locale ? { locale } : {}) });
  if (!sw) swBlocked.add(context);
  await context.addInitScript(READY_PROBE);
  await context.addInitScript(RTC_PROBE);
  return context;
}

/**
 * Collects what should never happen on a healthy page: uncaught exceptions,
 * console errors, failed requests and HTTP errors. With blockedSW, go-app's
 * complaint that it could not register its worker is expected and ignored.
 */
function watchErrors(page, { blockedSW = false } = {}) {
  const errors = [];
  page.on('pageerror', (err) => errors.push(`page error: ${err.message}`));
  page.on('console', (msg) => {
    if (msg.type() !== 'error') return;
    const text = msg.text();
    if (blockedSW && text.startsWith('goapp service worker registration failed')) return;
    errors.push(`console error: ${text}`);
  });
  page.on('requestfailed', (req) => {
    const why = req.failure()?.errorText;
    // A navigation (goto, reload) aborts the previous page's requests still in flight; that
    // is the test moving on, not the app failing.
    if (why === 'net::ERR_ABORTED') return;
    errors.push(`request failed: ${req.method()} ${req.url()}: ${why}`);
  });
  page.on('response', (res) => {
    if (res.status() >= 400) errors.push(`HTTP ${res.status()}: ${res.url()}`);
  });
  return errors;
}

function assertNoErrors(errors) {
  assert.deepEqual(errors, [], `the page reported errors:\n${errors.join('\n')}`);
}

/**
 * Keeps the page's last console lines (any level), for describing a page whose test failed.
 */
function keepConsole(page, max = 40) {
  const lines = [];
  page.on('console', (msg) => {
    lines.push(`${msg.type()}: ${msg.text()}`);
    if (lines.length > max) lines.shift();
  });
  return lines;
}

/**
 * What a page shows, for a failure message: its address, #status, the open dialog with its
 * error and button, the lobby's seats and status, and the console lines kept for it.
 */
async function describePage(page, consoleLines = []) {
  const shown = await page.evaluate(() => {
    const text = (sel) => document.querySelector(sel)?.innerText.trim().replace(/\s+/g, ' ') ?? '(none)';
    const dlg = document.querySelector('dialog[open]');
    return [
      `status: ${text('#status')}`,
      `open dialog: ${dlg ? `#${dlg.id}: ${dlg.innerText.trim().replace(/\s+/g, ' ').slice(0, 300)}` : '(none)'}`,
      `lobby seats: ${text('#lobby-seats')}`,
      `lobby status: ${text('#lobby-status')}`,
      `lobby error: ${text('#lobby-error')}`,
      `notices: ${text('#online-notices')}`,
      `WebRTC (RTC_PROBE): ${window.__rtcLog ? '\n  ' + (window.__rtcLog.join('\n  ') || '(no connection)') : '(not recorded)'}`,
    ].join('\n');
  }).catch((err) => `(could not read the page: ${err.message})`);
  return `${page.url()}\n${shown}\nconsole:\n${consoleLines.join('\n') || '(nothing)'}`;
}

/** Waits until the loader is gone and #status says ready. */
async function waitReady(page, timeout = READY_TIMEOUT_MS) {
  await page.waitForFunction(
    () => {
      const s = document.getElementById('status');
      return !document.getElementById('app-wasm-loader') && s !== null && s.textContent.trim() === 'ready';
    },
    null,
    { timeout, polling: 50 },
  );
}

/**
 * Opens the app in a new page of context and waits until it is ready.
 * Returns the page, its error list and the main document's response.
 */
async function openApp(context, { urlPath = '/' } = {}) {
  const page = await context.newPage();
  const errors = watchErrors(page, { blockedSW: swBlocked.has(context) });
  const response = await page.goto(BASE_URL + urlPath, { timeout: NAV_TIMEOUT_MS });
  await waitReady(page);
  return { page, errors, response };
}

/** ms from navigation start to ready, recorded by READY_PROBE. */
async function readyAt(page) {
  const t = await page.evaluate(() => window.__brassReadyAt);
  assert.equal(typeof t, 'number', 'ready time not recorded');
  return t;
}

/**
 * Waits until fn (run in the page, with arg) returns true, asking every 50 ms with plain
 * evaluate calls. Playwright's waitForFunction takes a promise for a truthy answer, so an
 * async check there passes at once; and it and waitForSelector first inject a script of
 * their own into the page, which on a slowed CPU takes a few hundred ms of its main thread
 * at the worst time.
 */
async function poll(page, fn, what, timeout = 60_000, arg = undefined) {
  const deadline = Date.now() + timeout;
  while (!(await page.evaluate(fn, arg))) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/**
 * Waits until the page's service worker is active and its cache holds every resource the
 * worker lists: the next navigation is then answered by the worker, online or offline.
 * (The worker does not take over the page that installed it: web/service-worker.js.)
 */
async function waitForServiceWorkerCache(page, timeout = 30_000) {
  const workerJS = await (await fetch(BASE_URL + '/app-worker.js')).text();
  const m = workerJS.match(/const resourcesToCache = (\[.*?\]);/s);
  assert.ok(m, 'resourcesToCache not found in /app-worker.js');
  const wanted = JSON.parse(m[1]);
  await poll(page, async (urls) => {
    const reg = await navigator.serviceWorker.getRegistration();
    if (reg?.active?.state !== 'activated') return false;
    for (const key of await caches.keys()) {
      const cache = await caches.open(key);
      const hits = await Promise.all(urls.map((u) => cache.match(u)));
      if (hits.every(Boolean)) return true;
    }
    return false;
  }, 'the service worker active with its cache full', timeout, wanted);
  return wanted;
}

/** Prints a measured figure on its own line: FIGURE name=value. */
function figure(name, value) {
  console.log(`FIGURE ${name}=${value}`);
}

function median(xs) {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
}

module.exports = {
  BASE_URL,
  RTC_PROBE,
  assertNoErrors,
  describePage,
  figure,
  keepConsole,
  launchBrowser,
  launchPersistent,
  median,
  newContext,
  openApp,
  poll,
  readyAt,
  waitForServiceWorkerCache,
  waitReady,
  watchErrors,
};
