'use strict';
// The module fetched and compiled in a worker (issue 24). go-app's loader fetches
// web/app.wasm on the page's main thread and hands the bytes to the compiler through a
// stream of its own, so taking in 13.9 MB, and compiling's end, are tasks of the main
// thread: on a phone-class CPU about 0.6 s of it, in the second after the first paint,
// when a tap on the start screen waits behind them. Here a worker fetches and compiles
// the module and posts the compiled module back; the page only instantiates and runs
// it. go-app's loader is kept (its errors, its label) and given the module through the
// two calls it makes: fetch of the module's URL (answered with an empty body that ends
// when the module is ready) and WebAssembly.instantiateStreaming (answered with the
// worker's module). Where a worker cannot compile or post a module, go-app's own path
// runs as before.
//
// The server inlines this script in the page's head, before go-app's scripts run.
(() => {
  const WASM = '/web/app.wasm';
  const fetchOrig = window.fetch;
  const instantiateOrig = WebAssembly.instantiateStreaming;
  if (!window.Worker || !window.fetch || !WebAssembly.compileStreaming || !instantiateOrig) return;
  if (/[?&]wasm=false(&|$)/.test(location.search)) return; // go-app will not load it either

  // The worker fetches the module as soon as it starts (no message to wait for), posts
  // {loaded} (bytes) every 256 KB, then {module} or {error}. Its fetch, like the page's,
  // goes through the service worker when there is one.
  const url = new URL(WASM, location.href).href;
  const WORKER = `(async () => {
    try {
      const res = await fetch(${JSON.stringify(url)}, { credentials: 'same-origin', priority: 'high' });
      if (!res.ok) throw new Error('HTTP ' + res.status);
      let loaded = 0;
      let told = 0;
      const counted = res.body.pipeThrough(new TransformStream({
        transform(chunk, out) {
          loaded += chunk.byteLength;
          if (loaded - told >= 1 << 18) { told = loaded; postMessage({ loaded }); }
          out.enqueue(chunk);
        },
      }));
      const module = await WebAssembly.compileStreaming(new Response(counted, { headers: { 'Content-Type': 'application/wasm' } }));
      postMessage({ module });
    } catch (err) {
      postMessage({ error: String(err && err.message || err) });
    }
  })();`;

  let worker;
  try {
    worker = new Worker(URL.createObjectURL(new Blob([WORKER], { type: 'text/javascript' })));
  } catch (e) {
    return; // no worker from a blob (a content policy, say): go-app's path
  }
  const compiled = new Promise((resolve, reject) => {
    worker.onmessage = (e) => {
      const d = e.data || {};
      if (d.loaded !== undefined) {
        // app.js's label ("Loading the game… {progress}%") and the module's size, once it has run
        const label = document.getElementById('app-wasm-loader-label');
        const size = typeof goappWasmContentLength === 'string' ? Number(goappWasmContentLength) : 0;
        if (label && size > 0 && typeof goappLoadingLabel === 'string') {
          label.innerText = goappLoadingLabel.replace('{progress}', Math.min(99, Math.floor(d.loaded * 100 / size)));
        }
        return;
      }
      worker.terminate();
      if (d.module instanceof WebAssembly.Module) resolve(d.module);
      else reject(new Error(d.error || 'no module from the worker'));
    };
    worker.onerror = (e) => {
      worker.terminate();
      reject(new Error(e.message || 'the worker failed'));
    };
  });
  compiled.catch(() => {}); // handled where it is awaited

  let fellBack = false;
  window.fetch = function (input, init) {
    if (input === WASM && !fellBack) {
      // go-app's progress stream reads this body; it ends when the module is ready.
      const body = new ReadableStream({ start(c) { compiled.then(() => c.close(), () => c.close()); } });
      return Promise.resolve(new Response(body, { status: 200 }));
    }
    return fetchOrig.call(this, input, init);
  };
  WebAssembly.instantiateStreaming = async (source, imports) => {
    let module;
    try {
      module = await compiled;
    } catch (err) {
      fellBack = true;
      console.warn('compiling the module in a worker failed, compiling it here:', err);
      return instantiateOrig(fetchOrig(WASM), imports);
    }
    performance.mark('brass-wasm-compiled');
    const instance = await WebAssembly.instantiate(module, imports);
    return { module, instance };
  };
})();
