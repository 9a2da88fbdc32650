package app

import (
	"strings"
	"time"

	"brass/engine"
)

// The game in play: the session's side of the game's Replica (package app/online). Every
// call goes into the replica and what it hands back is carried out (flush); the screen reads
// the replica through the methods below.

// ID implements Session: the game's id, the same on every device ("" before it began).
// An own-pace game's lobby has its game's id already: it is stored under it.
func (o *Online) ID() string {
	if o.pace != nil && o.pace.lobby != nil {
		return o.pace.lobby.GameID()
	}
	return o.saved.ID
}

// Game implements Session; nil until the game has started.
func (o *Online) Game() *engine.Game {
	if r, ok := o.game(); ok {
		return r.Game()
	}
	return nil
}

// Colours implements Session.
func (o *Online) Colours() []string { return append([]string(nil), o.saved.Colours...) }

// LocalSeat implements Session: only this device's own seat, and not while another
// device's bot still plays it (until that device hands it back).
func (o *Online) LocalSeat(p int) bool {
	r, ok := o.game()
	return ok && r.LocalSeat(p)
}

// SetBrain implements BotHost: the brain gives this device's player hints.
func (o *Online) SetBrain(b Brain) { o.bots.brain = b }

// Hint asks the Hard bot what this device's player should do; done gets the move and a reason.
func (o *Online) Hint(done func(BotReply)) {
	r, ok := o.game()
	if !ok {
		done(BotReply{Error: "The game has not started yet."})
		return
	}
	o.bots.hint(r.Game(), r.Seat(), done)
}

// MySeat is this device's seat, or −1 before the game.
func (o *Online) MySeat() int {
	if r, ok := o.game(); ok {
		return r.Seat()
	}
	return -1
}

// errNotStarted is every game call's answer in the lobby.
var errNotStarted = &Error{Msg: "The game has not started yet."}

// Submit implements Session: the move is signed, validated and applied here, saved, and sent
// to every other device.
func (o *Online) Submit(m engine.Move) error {
	r, ok := o.game()
	if !ok {
		return errNotStarted
	}
	if m.Player != r.Seat() {
		return &Error{Msg: "On this device you play only your own seat."}
	}
	return o.play(m)
}

// play commits a move of this device's player or of a seat bot it runs.
func (o *Online) play(m engine.Move) error {
	r, _ := o.game()
	if o.pace != nil {
		r.SetTurnLate(o.turnLate())
	}
	err := r.Play(m)
	o.flush()
	return err
}

// CanUndo implements Session: the last move is this player's own, the engine allows it, no
// request is out and every other player is here to agree.
func (o *Online) CanUndo() bool {
	r, ok := o.game()
	return ok && r.CanUndo()
}

// Undo implements Session: online it asks the other players; the move is taken back when all
// of them agree (UndoPending says a request is out).
func (o *Online) Undo() error {
	r, ok := o.game()
	if !ok {
		return errNotStarted
	}
	err := r.AskUndo()
	o.flush()
	if err != nil {
		return &Error{Msg: err.Error(), Err: err}
	}
	return nil
}

// UndoPending reports whether this device's undo request waits for answers.
func (o *Online) UndoPending() bool {
	r, ok := o.game()
	return ok && r.UndoPending()
}

// UndoAsked returns the name of a player asking this device to allow an undo, or "".
func (o *Online) UndoAsked() string {
	r, ok := o.game()
	if !ok || r.UndoAsked() < 0 {
		return ""
	}
	return r.Game().State().Name(r.UndoAsked())
}

// AnswerUndo answers another player's undo request.
func (o *Online) AnswerUndo(yes bool) {
	if r, ok := o.game(); ok {
		r.AnswerUndo(yes)
		o.flush()
	}
}

// Dealing says what the deal of the cards waits for, or "": in a game whose cards the
// devices deal, the devices whose passes or keys have not come yet.
func (o *Online) Dealing() string {
	r, ok := o.game()
	if !ok || r.Stopped() != "" {
		return ""
	}
	w := r.DealWaiting()
	if len(w) == 0 {
		return ""
	}
	names := make([]string, len(w))
	for i, seat := range w {
		names[i] = r.Game().State().Name(seat) + "'s device"
	}
	return "Dealing the cards: waiting for " + strings.Join(names, " and ") + "."
}

// DealAudit says how the audit of the deal at the end of the game went, or "".
func (o *Online) DealAudit() string {
	if r, ok := o.game(); ok {
		return r.DealAudit()
	}
	return ""
}

// StallStatus is a device the game waits for, as the screen shows it: whose, for what, and
// until when (the moment it is named as holding the game up, or, once named, the moment the
// game may be ended).
type StallStatus struct {
	Seat   int
	Name   string
	What   string
	Away   bool
	Named  bool
	CanEnd bool
	Since  time.Time // when the wait (or, once named, the wait to end) began
	Until  time.Time
}

// Stalls lists the devices the game waits for now.
func (o *Online) Stalls() []StallStatus {
	r, ok := o.game()
	if !ok {
		return nil
	}
	var out []StallStatus
	for _, s := range r.Stalls() {
		span := o.timers[timerKey{r, s.Timer}]
		out = append(out, StallStatus{Seat: s.Seat, Name: r.Game().State().Name(s.Seat), What: s.What, Away: s.Away, Named: s.Named, CanEnd: s.CanEnd, Since: span.start, Until: span.until})
	}
	return out
}

// Now is the session's clock (for countdowns).
func (o *Online) Now() time.Time { return o.opts.Now() }

// CanEnd reports whether a device has held the game up long enough that this player may end it.
func (o *Online) CanEnd() bool {
	r, ok := o.game()
	return ok && r.CanEnd()
}

// End ends the game because devices held it up: the scores stand as they are, and the reason
// goes into the record and to every device.
func (o *Online) End() error {
	r, ok := o.game()
	if !ok {
		return errNotStarted
	}
	err := r.End()
	o.flush()
	if err != nil {
		return &Error{Msg: err.Error(), Err: err}
	}
	return nil
}

// HiddenReport counts what this device holds of the cards it may not see, for tests and
// debugging (the debug game screen shows it): cards of the other hands (but wild cards,
// taken face up), of the deck, face-down discards, Distant Market tiles still face down, and
// positions of the deal it could open. In a game dealt by the devices every count is 0.
type HiddenReport struct {
	OtherHands int `json:"otherHands"`
	Deck       int `json:"deck"`
	FaceDown   int `json:"faceDown"`
	Distant    int `json:"distant"`
	Positions  int `json:"positions"`
}

// Hidden reports what this device's game holds that its player may not see (the top of the
// Distant Market stack aside: it is turned over for a sale on its way).
func (o *Online) Hidden() HiddenReport {
	r, ok := o.game()
	if !ok {
		return HiddenReport{}
	}
	h := r.Game().State().Held(r.Seat())
	return HiddenReport{OtherHands: h.OtherHands, Deck: h.Deck, FaceDown: h.FaceDown, Distant: h.Distant, Positions: r.Unentitled()}
}

// Dealt reports whether the devices deal this game's cards.
func (o *Online) Dealt() bool { return o.Game() != nil && o.Game().Config().Dealt }

// Desync describes why this device cannot play on with another, or "": proof that a device
// cheated, an ending, or devices that hold another game than this one.
func (o *Online) Desync() string {
	r, ok := o.game()
	if !ok {
		return ""
	}
	if s := r.Stopped(); s != "" {
		return s
	}
	if d := r.Disagreement(); d != "" {
		return "Another game than yours: " + d + ". Nothing you accepted changes."
	}
	return ""
}

// Ended reports whether a player ended the game because a device held it up.
func (o *Online) Ended() bool {
	r, ok := o.game()
	return ok && r.Ended() != nil
}

// Resign ends the game for this device's player: the scores stand as they are, and the
// resignation, signed, goes into the record and to every device.
func (o *Online) Resign() error {
	r, ok := o.game()
	if !ok {
		return errNotStarted
	}
	err := r.Resign()
	o.flush()
	if err != nil {
		return &Error{Msg: err.Error(), Err: err}
	}
	return nil
}
