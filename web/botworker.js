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

// Once the bot program cannot answer (its wasm did not load, or it stopped), every question,
// waiting or to come, gets an error at once; the page hears of the stop (id -1) so that
// questions already handed to the program get theirs too.
function answerWithError(error) {
  ready = false;
  const reply = { error };
  self.onmessage = (e) => {
    let id = 0;
    try { id = JSON.parse(e.data).id; } catch (_) { /* answered as id 0 */ }
    self.postMessage(JSON.stringify({ id, reply }));
  };
  for (const m of waiting.splice(0)) self.onmessage({ data: m });
  self.postMessage(JSON.stringify({ id: -1, reply }));
}

const go = new Go();
WebAssembly.instantiateStreaming(fetch('/web/bot.wasm'), go.importObject)
  .then((r) => go.run(r.instance).then(() => answerWithError('The bot stopped.')))
  .catch((err) => answerWithError('The bot could not start: ' + err));
