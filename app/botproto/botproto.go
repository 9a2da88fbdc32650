// Package botproto is what the page and the bot's Web Worker say to each other: a request for
// a bot's move and the answer. It is small on purpose: the bot-only wasm imports it without
// the rest of the app.
package botproto

import "brass/engine"

// Request asks a bot for a move in a game (a record, which the worker replays), for a seat.
// A hint is the Hard bot's suggestion for a human, with a reason.
type Request struct {
	Record engine.Record `json:"record"`
	Seat   int           `json:"seat"`
	Level  string        `json:"level"`
	Seed   uint64        `json:"seed"`
	Hint   bool          `json:"hint,omitempty"`
}

// Reply is a bot's move, with a one-sentence reason for a hint, or why there is none.
type Reply struct {
	Move   engine.Move `json:"move"`
	Reason string      `json:"reason,omitempty"`
	Error  string      `json:"error,omitempty"`
	Millis float64     `json:"ms,omitempty"` // how long the bot thought
}

// Envelope carries a request or a reply between the page and the worker, numbered so the
// page matches answers to questions.
type Envelope struct {
	ID      int      `json:"id"`
	Request *Request `json:"request,omitempty"`
	Reply   *Reply   `json:"reply,omitempty"`
}
