package app

import (
	"context"
	"encoding/json"
	"errors"
	"time"

	"brass/app/mailroom"
	"brass/app/online"
	"brass/engine"
	"brass/mailbox"
)

// Watching an own-pace game: a spectator's session, read-only, over the game's mailbox opened
// to watch (the mailbox gives a watcher only the messages to every device: no hand, no key).
// The watcher holds no seat and no secret; it builds the public record as any device does,
// each signed move checked against the genesis's keys (online.Ledger), and shows it live,
// with the log and the replay from any point. It plays nothing: every seat is another's.
//
// A watch link names only the game's mailbox id, which opens nothing but the public record:
// it is not the invitation, whose key alone writes to the game's lobby. The record is built by
// a replica that holds no seat (online.NewSpectator), by the same rules as every device's: in
// a game whose cards the devices deal, its dealer holds no key and opens only the cards played
// and the tiles turned over; the own-pace time per turn and its stand-in bots are read from
// the log as every device reads them. The screen shows no hand (every seat is another's), as
// a spectator at the table sees.
type Watch struct {
	url, game string
	opts      OnlineOptions

	run     func(func())
	changed func()
	ctx     context.Context
	cancel  context.CancelFunc

	rep     *online.Replica // nil until the genesis is read
	setup   *mailroom.Setup // the host's, read from the log (its time per turn)
	colours []string
	read    int64  // the last message of the log taken (a reconnection opens after it)
	status  string // why nothing is shown, or what the connection does
}

var _ Live = (*Watch)(nil)

// OpenWatch prepares to watch the own-pace game whose mailbox id is game; Connect opens it.
func OpenWatch(mailboxURL, game string, opts OnlineOptions) (*Watch, error) {
	opts.defaults()
	if !mailbox.ValidGameID(game) {
		return nil, &Error{Msg: "That is not a link to watch a game."}
	}
	if mailboxURL == "" {
		return nil, &Error{Msg: "Watching a game needs the server's mailbox."}
	}
	return &Watch{url: mailboxURL, game: game, opts: opts, status: "Opening the game to watch…"}, nil
}

// ID implements Session: a watched game is not saved on this device.
func (w *Watch) ID() string { return "" }

// Game implements Session: the public record so far (nil until its genesis is read).
func (w *Watch) Game() *engine.Game {
	if w.rep == nil {
		return nil
	}
	return w.rep.Game()
}

// Colours implements Session.
func (w *Watch) Colours() []string { return append([]string(nil), w.colours...) }

// LocalSeat implements Session: a watcher plays no seat.
func (w *Watch) LocalSeat(p int) bool { return false }

var errWatching = &Error{Msg: "You are watching this game: only its players play."}

// Submit implements Session: refused.
func (w *Watch) Submit(m engine.Move) error { return errWatching }

// CanUndo implements Session.
func (w *Watch) CanUndo() bool { return false }

// Undo implements Session: refused.
func (w *Watch) Undo() error { return errWatching }

// Status says why there is no game to show yet, or that the game was ended ("" otherwise).
func (w *Watch) Status() string { return w.status }

// Watching reports that the session is a spectator's.
func (w *Watch) Watching() bool { return true }

// Connect implements Live: it opens the mailbox to watch and keeps it open, reading every
// message to every device as it comes.
func (w *Watch) Connect(run func(func()), changed func()) {
	if w.ctx != nil {
		return
	}
	w.run, w.changed = run, changed
	w.ctx, w.cancel = context.WithCancel(context.Background())
	go w.loop(w.ctx)
}

// Close implements Live.
func (w *Watch) Close() {
	if w.cancel != nil {
		w.cancel()
	}
}

func (w *Watch) loop(ctx context.Context) {
	pause := newBackoff(w.opts.Retry)
	for ctx.Err() == nil {
		after := make(chan int64, 1)
		w.run(func() { after <- w.read })
		conn, err := w.opts.MailDial(ctx, w.url, mailbox.Frame{Game: w.game, Watch: true, After: <-after})
		if err != nil {
			var me *mailbox.Error
			if errors.As(err, &me) && permanentRefusal(me.Code) {
				w.run(func() { w.status = "This game cannot be watched: " + sentenceFragment(me.Message); w.changed() })
				return
			}
		} else {
			pause.reset()
			for d := range conn.Deliveries() {
				w.run(func() {
					if w.take(d) {
						w.changed()
					}
				})
			}
			conn.Close()
		}
		if !pause.wait(ctx) {
			return
		}
	}
}

// take reads one message of the log and reports whether the screen changes.
func (w *Watch) take(d mailbox.Delivery) bool {
	e := d.Env
	if d.Live || e.Game != w.game || e.To != -1 || d.N <= w.read {
		return false
	}
	w.read = d.N
	switch {
	case e.Kind == mailbox.KindLobby && w.setup == nil:
		if s, ok := mailroom.WatchedSetup(e); ok {
			w.setup = &s
		}
		return false
	case e.Kind == mailbox.KindGenesis && w.rep == nil:
		return w.begin(e, d.At)
	case e.Kind != mailbox.KindGame || w.rep == nil || e.From < 0 || e.From >= len(w.rep.Ledger().Genesis().Keys):
		return false
	case e.Key != string(w.rep.Ledger().Genesis().Keys[e.From]) || !e.Verify():
		return false // not its seat's: a mailbox's forgery
	}
	n, ended := w.rep.Ledger().Len(), w.rep.Ended() != nil
	w.rep.Observe(e.From, e.Body, d.At)
	if !ended && w.rep.Ended() != nil {
		w.status = "The game was ended by one of its players; the scores stand as they are."
	}
	return w.rep.Ledger().Len() != n || w.rep.Ended() != nil != ended || w.rep.Game().Over()
}

// begin takes the game from its genesis (signed by the invitation's key, whose hash is the
// game's id): the seats' keys and the game's setup; the first turn's time runs from it.
func (w *Watch) begin(e mailbox.Envelope, at int64) bool {
	var body mailbox.GenesisBody
	var g online.Genesis
	signer, signed := e.Signer()
	switch {
	case !signed || mailbox.GameID(signer) != w.game || !e.Verify():
		return false // not the game's: a mailbox's forgery
	case json.Unmarshal(e.Body, &body) != nil || json.Unmarshal(body.Game, &g) != nil:
		w.status = "This game's mailbox holds a genesis that does not read."
		return true
	}
	rep, err := online.NewSpectator(g, w.opts.Timing)
	if err != nil {
		w.status = "This game cannot be watched: " + sentenceFragment(err.Error())
		return true
	}
	if w.setup != nil {
		rep.SetPace(time.Duration(w.setup.TurnLimit)*time.Second, online.PaceState{Since: at})
	}
	w.rep, w.status = rep, ""
	w.colours = DefaultColours(g.Config.Players)
	return true
}

// WatchID is the mailbox id a watch link of this own-pace game names ("" for a live game).
func (o *Online) WatchID() string {
	switch {
	case o.pace == nil:
		return ""
	case o.pace.lobby != nil:
		return o.pace.lobby.Game()
	case o.saved.Online != nil && o.saved.Online.Pace != nil:
		return o.saved.Online.Pace.Game
	}
	return ""
}
