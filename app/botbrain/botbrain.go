// Package botbrain answers bot requests: it replays the game, takes the seat's view and asks
// the bot (engine/bot). The bot-only wasm of the Web Worker (app/botworker) runs it in the
// browser; natively Local runs it on a goroutine. The main app never imports it, so the page's
// wasm carries no bot code.
package botbrain

import (
	"fmt"
	"time"

	"brass/app/botproto"
	"brass/engine"
	"brass/engine/bot"
)

// Decide answers one request. The bot sees only the requesting seat's view of the game.
func Decide(req botproto.Request) botproto.Reply {
	start := time.Now()
	g, err := engine.Replay(req.Record)
	if err != nil {
		return botproto.Reply{Error: "the game does not replay: " + err.Error()}
	}
	level, err := bot.ParseLevel(req.Level)
	if err != nil {
		return botproto.Reply{Error: err.Error()}
	}
	st := g.State()
	if st.Actor() != req.Seat {
		return botproto.Reply{Error: fmt.Sprintf("seat %d is not the one to act", req.Seat+1)}
	}
	view := st.View(req.Seat)
	var a engine.Action
	var reason string
	if req.Hint {
		a, reason, err = bot.Hint(&view, req.Seat, req.Seed)
	} else {
		a, err = bot.Choose(&view, req.Seat, level, req.Seed)
	}
	if err != nil {
		return botproto.Reply{Error: err.Error()}
	}
	return botproto.Reply{Move: st.Edition().Encode(a), Reason: reason, Millis: float64(time.Since(start).Microseconds()) / 1000}
}

// Local thinks on a goroutine (natively; in the browser that would freeze the page, which
// is what the Web Worker is for).
type Local struct{}

// Think implements the app's Brain.
func (Local) Think(req botproto.Request, done func(botproto.Reply)) {
	go func() { done(Decide(req)) }()
}
