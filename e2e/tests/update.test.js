'use strict';
// A new build reaches a browser that already has the app (the trap of go-app issue 491):
// the server's version is a hash of app.wasm, so a changed wasm means a new service worker;
// the app reloads itself on the start screen once the new version is installed.
//
// The test runs its own server (bin/brass) twice on one loopback port, from two copies of
// web/ whose app.wasm differ by a custom section (valid WebAssembly, another hash).

const assert = require('node:assert/strict');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const net = require('node:net');
const { spawn } = require('node:child_process');
const { test, before, after } = require('node:test');
const { launchBrowser, poll, waitReady } = require('../lib');

const ROOT = path.join(__dirname, '..', '..');

let browser;
let dirs = [];
before(async () => {
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
  for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
});

/** A copy of web/ in a temporary directory; extra bytes become a wasm custom section. */
function webCopy(extra) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'brass-e2e-update-'));
  dirs.push(dir);
  fs.mkdirSync(path.join(dir, 'web'));
  for (const f of fs.readdirSync(path.join(ROOT, 'web'))) {
    if (f.startsWith('app.wasm.')) continue; // compressed copies would not match a changed wasm
    fs.cpSync(path.join(ROOT, 'web', f), path.join(dir, 'web', f), { recursive: true }); // web/lang is a folder
  }
  if (extra) {
    const name = Buffer.from('brass-test');
    const payload = Buffer.from(extra);
    const body = Buffer.concat([Buffer.from([name.length]), name, payload]);
    assert.ok(body.length < 128);
    fs.appendFileSync(path.join(dir, 'web', 'app.wasm'), Buffer.concat([Buffer.from([0, body.length]), body]));
  }
  return dir;
}

function freePort() {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

async function startServer(cwd, port) {
  const proc = spawn(path.join(ROOT, 'bin', 'brass'), [], { cwd, env: { ...process.env, HOST: '127.0.0.1', PORT: String(port) }, stdio: 'ignore' });
  for (let i = 0; i < 100; i++) {
    try {
      const res = await fetch(`http://127.0.0.1:${port}/`);
      if (res.ok) return proc;
    } catch { /* not up yet */ }
    await new Promise((r) => setTimeout(r, 100));
  }
  proc.kill();
  throw new Error('the test server did not start');
}

async function stopServer(proc) {
  const done = new Promise((r) => proc.once('exit', r));
  proc.kill('SIGTERM');
  await done;
}

test('a new build is picked up on the next load', { timeout: 120_000 }, async () => {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}/`;
  const v1 = webCopy(null);
  const v2 = webCopy('second build');
  const context = await browser.newContext({ serviceWorkers: 'allow' });
  let server = await startServer(v1, port);
  try {
    const page = await context.newPage();
    await page.goto(url);
    await waitReady(page);
    const first = await page.evaluate(() => goappEnv.GOAPP_VERSION);
    await poll(page, async () => (await navigator.serviceWorker.getRegistration())?.active?.state === 'activated',
      "the first build's service worker active", 30_000);

    await stopServer(server);
    server = await startServer(v2, port);
    const second = await (await fetch(`${url}app.js`)).text().then((js) => js.match(/"GOAPP_VERSION":"([^"]+)"/)[1]);
    assert.notEqual(first, second, 'the two builds have different versions');

    // The next load comes from the old cache, finds the new worker, and reloads into it.
    await page.reload();
    await page.waitForFunction((v) => typeof goappEnv !== 'undefined' && goappEnv.GOAPP_VERSION === v, second, { timeout: 60_000 });
    await waitReady(page);
  } finally {
    await context.close();
    await stopServer(server);
  }
});
