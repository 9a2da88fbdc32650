package app

import (
	"encoding/json"
	"sync"

	"brass/app/botproto"

	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"
)

// WorkerBrain thinks for bots in a Web Worker (web/botworker.js running the bot-only wasm),
// so a bot's search never blocks the page. The worker starts a moment after a game opens (or
// on the first question); each question is numbered and its answer matched back.
type WorkerBrain struct {
	mu      sync.Mutex
	worker  goapp.Value
	onMsg   goapp.Func
	onErr   goapp.Func
	next    int
	pending map[int]func(BotReply)
}

// workerGone is the id of the worker's message saying that the bot program stopped: every
// question still waiting gets its error.
const workerGone = -1

var _ Brain = (*WorkerBrain)(nil)

// NewWorkerBrain is the browser's brain: the bots think in a Web Worker.
func NewWorkerBrain() *WorkerBrain { return &WorkerBrain{pending: map[int]func(BotReply){}} }

// Start starts the worker (which fetches and compiles the bots' wasm) ahead of the first
// question, so the first bot move or hint does not wait for it. It reports false where the
// browser has no Web Workers.
func (w *WorkerBrain) Start() bool {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.startLocked()
}

func (w *WorkerBrain) startLocked() bool {
	if w.worker != nil && w.worker.Truthy() {
		return true
	}
	ctor := goapp.Window().Get("Worker")
	if !ctor.Truthy() {
		return false
	}
	w.worker = ctor.New("/web/botworker.js")
	w.onMsg = goapp.FuncOf(func(this goapp.Value, args []goapp.Value) any {
		if len(args) > 0 {
			w.answer(args[0].Get("data").String())
		}
		return nil
	})
	w.worker.Set("onmessage", w.onMsg)
	// The worker's script failed to load or threw: nothing will answer the questions out, so
	// they get an error (a bot then makes the first legal move), and the next question
	// starts a fresh worker.
	w.onErr = goapp.FuncOf(func(this goapp.Value, args []goapp.Value) any {
		msg := "the bots' worker failed"
		if len(args) > 0 {
			if m := args[0].Get("message"); m.Truthy() {
				msg += ": " + m.String()
			}
			args[0].Call("preventDefault")
		}
		w.fail(msg)
		return nil
	})
	w.worker.Set("onerror", w.onErr)
	return true
}

// fail answers every waiting question with an error and drops the worker.
func (w *WorkerBrain) fail(msg string) {
	w.mu.Lock()
	pending := w.pending
	w.pending = map[int]func(BotReply){}
	if w.worker != nil && w.worker.Truthy() {
		w.worker.Call("terminate")
		// A terminated worker calls nothing more (releasing a function while it runs, as
		// here from its own event, is allowed).
		w.onMsg.Release()
		w.onErr.Release()
	}
	w.worker = nil
	w.mu.Unlock()
	for _, done := range pending {
		go done(BotReply{Error: msg})
	}
}

// Think implements Brain.
func (w *WorkerBrain) Think(req BotRequest, done func(BotReply)) {
	w.mu.Lock()
	if !w.startLocked() {
		w.mu.Unlock()
		done(BotReply{Error: "this browser cannot run the bots (no Web Workers)"})
		return
	}
	w.next++
	id := w.next
	w.pending[id] = done
	w.mu.Unlock()
	b, _ := json.Marshal(botproto.Envelope{ID: id, Request: &req})
	w.worker.Call("postMessage", string(b))
}

// answer hands a worker's answer to whoever asked. It runs in the worker's message event, so
// the callback runs on a goroutine of its own and never blocks the event.
func (w *WorkerBrain) answer(data string) {
	var env botproto.Envelope
	if json.Unmarshal([]byte(data), &env) != nil || env.Reply == nil {
		return
	}
	if env.ID == workerGone {
		w.fail(env.Reply.Error)
		return
	}
	w.mu.Lock()
	done := w.pending[env.ID]
	delete(w.pending, env.ID)
	w.mu.Unlock()
	if done != nil {
		go done(*env.Reply)
	}
}
