// The bot's Web Worker: it runs the bot-only wasm (app/botworker) so that a bot's search
// never blocks the page. Messages that come before the wasm is ready wait in a queue.
importScripts('/wasm_exec.js');

const waiting = [];
let ready = false;

self.onmessage = (e) => {
  if (ready) self.brassThink(e.data);
  else waiting.push(e.data);
};

// Called by the Go side once brassThink is set.
self.brassReady = () => {
  ready = true;
  for (const m of waiting.splice(0)) self.brassThink(m);
};

// Once the bot program cannot answer (its wasm did not load, or it stopped), the page is told
// (id -1): it answers every question it is waiting on with the error, stops this worker and
// starts a fresh one for the next question.
function stopped(error) {
  self.postMessage(JSON.stringify({ id: -1, reply: { error } }));
}

const go = new Go();
WebAssembly.instantiateStreaming(fetch('/web/bot.wasm'), go.importObject)
  .then((r) => go.run(r.instance).then(() => stopped('The bot stopped.')))
  .catch((err) => stopped('The bot could not start: ' + err));
