package online

import (
	"errors"
	"fmt"

	"brass/app/profile"
)

// Stalls. A device can always stay silent; what the protocol guarantees is that silence is
// named and bounded. From its own view each device works out which devices the game waits
// for now, and for what: a catch-up one advertised (claims.go), an answer to this player's
// undo request, in a dealt game a pass of the deal or the keys of a card or a Distant Market
// tile (whoever the card is for: the deal's keys are public), and at the end the audit's keys.
// A wait that lasts Timing.Stall (shown counting down) is acted on: a claim is dropped and an
// undo request lapses, naming the device; a device holding up the deal is named on every
// screen as holding the game up (or as away), and after Timing.End more any player may end
// the game (End), the scores as they stand and the reason in the record; a device that
// withholds its audit keys is named by the audit as refusing it.

// waitKind says what the game waits for from a device.
type waitKind int

const (
	waitClaim waitKind = iota + 1 // the moves it said it held
	waitUndo                      // an answer to this player's undo request
	waitDeal                      // a pass or keys of the deal
	waitAudit                     // its audit keys
)

// reason is what the game waits for from a device.
type reason struct {
	kind waitKind
	what string
}

// wait is one device the game waits for.
type wait struct {
	reason
	gen    int  // its TimerStall
	named  bool // Timing.Stall is over: it is named
	endGen int  // its TimerEnd, once named
	canEnd bool // Timing.End is over too: the game may be ended
}

// stallWatch is every device the game waits for, by seat.
type stallWatch struct {
	waits map[int]*wait
}

// Stall is a device the game waits for, as the screen shows it.
type Stall struct {
	Seat   int
	What   string // what the game waits for from it
	Away   bool   // its device is not connected
	Named  bool   // it has held the game up for Timing.Stall
	CanEnd bool   // and for Timing.End more: End may be called
	// Timer is the timer that names it (Named false) or lets the game be ended (Named
	// true): the shell knows when it started, so the screen can count down.
	Timer int
}

// waitingOn works out, from this device's own view, what the game waits for from each device.
func (r *Replica) waitingOn() map[int]reason {
	now := map[int]reason{}
	into := map[int]string{}
	r.claimWaits(into)
	for seat, what := range into {
		now[seat] = reason{waitClaim, what}
	}
	if u := r.undo.mine; u.open {
		for seat := range r.ledger.genesis.Keys {
			if _, voted := u.votes[seat]; seat != r.seat && !voted {
				now[seat] = reason{waitUndo, "an answer to your undo request"}
			}
		}
	}
	r.cards.stalls(now)
	return now
}

// watchStalls starts a timer for every device the game newly waits for, and forgets those
// it no longer waits for.
func (r *Replica) watchStalls() {
	now := r.waitingOn()
	for seat := range profile.MaxPlayers { // (in seat order)
		w, ok := r.stalls.waits[seat]
		if !ok {
			continue
		}
		if cur, ok := now[seat]; ok && cur.kind == w.kind {
			w.what = cur.what
			continue
		}
		delete(r.stalls.waits, seat)
		r.out.ready.Changed = true
		if _, still := now[seat]; w.named && !still && (w.kind == waitAudit || w.kind == waitDeal && !r.halt.stopped()) {
			r.notify(false, "%s sent what the game waited for.", capital(r.device(seat)))
		}
	}
	for seat := range profile.MaxPlayers {
		cur, waiting := now[seat]
		if _, ok := r.stalls.waits[seat]; !ok && waiting {
			r.stalls.waits[seat] = &wait{reason: cur, gen: r.out.schedule(TimerStall, seat, r.timing.Stall)}
			r.out.ready.Changed = true
		}
	}
}

// stallOver: a device did not send what the game waited for within Timing.Stall.
func (r *Replica) stallOver(seat, gen int) {
	w := r.stalls.waits[seat]
	if w == nil || w.gen != gen || w.named {
		return
	}
	r.out.ready.Changed = true
	within := "within " + seconds(r.timing.Stall)
	switch w.kind {
	case waitClaim:
		delete(r.stalls.waits, seat)
		r.forgetClaim(seat, "sent none "+within)
	case waitUndo:
		delete(r.stalls.waits, seat)
		r.undo.mine = undoAsk{}
		r.notify(true, "Your undo request lapsed: %s did not answer %s.", r.name(seat), within)
	case waitAudit:
		w.named = true
		r.cards.refusedAudit(seat, fmt.Sprintf("%s refused the audit of the deal: it did not publish its keys %s.", capital(r.device(seat)), within))
	case waitDeal:
		w.named = true
		w.endGen = r.out.schedule(TimerEnd, seat, r.timing.End)
		if r.present(seat) {
			r.notify(true, "%s is holding the game up: it has not sent %s for %s.", capital(r.device(seat)), w.what, seconds(r.timing.Stall))
		} else {
			r.notify(true, "%s is away, and the game waits for it: %s.", capital(r.device(seat)), w.what)
		}
	}
}

// endDue: a named device held the game up for Timing.End more: any player may end the game.
func (r *Replica) endDue(seat, gen int) {
	w := r.stalls.waits[seat]
	if w == nil || w.endGen != gen || !w.named || w.canEnd {
		return
	}
	w.canEnd = true
	r.notify(true, "%s has held the game up for %s: you may end the game, with the scores as they stand.", capital(r.device(seat)), seconds(r.timing.Stall+r.timing.End))
}

// Stalls lists the devices the game waits for now, in seat order.
func (r *Replica) Stalls() []Stall {
	var out []Stall
	for seat := range profile.MaxPlayers {
		w, ok := r.stalls.waits[seat]
		if !ok {
			continue
		}
		s := Stall{Seat: seat, What: w.what, Away: !r.present(seat), Named: w.named, CanEnd: w.canEnd, Timer: w.gen}
		if w.named {
			s.Timer = w.endGen
		}
		out = append(out, s)
	}
	return out
}

// CanEnd reports whether a device has held the game up long enough that this device's player
// may end it.
func (r *Replica) CanEnd() bool { return r.endProblem() == nil }

func (r *Replica) endProblem() error {
	if r.halt.stopped() {
		return errors.New(r.halt.why)
	}
	for _, w := range r.stalls.waits {
		if w.canEnd {
			return nil
		}
	}
	return errors.New("A game can be ended only when a device has held it up for a while.")
}

// End ends the game because devices held it up: the scores stay as they stand, and the
// ending, signed by this device's player and naming those devices, goes into the record and
// to every device. In a dealt game every device then audits the deal.
func (r *Replica) End() error {
	defer r.after()
	if err := r.endProblem(); err != nil {
		return err
	}
	e := Ending{Game: r.ledger.genesis.Game, At: r.ledger.Len(), By: r.seat}
	for seat := range profile.MaxPlayers {
		if w, ok := r.stalls.waits[seat]; ok && w.canEnd {
			e.Stalled = append(e.Stalled, seat)
			e.Reason = w.what
		}
	}
	e.Sig = r.id.sign(e.content())
	r.ended(e, fmt.Sprintf("You ended the game after move %d: %s held it up (%s). The scores stand as they are.", e.At, r.devices(e.Stalled), e.Reason))
	r.broadcast(message{Type: msgEnd, End: &e})
	return nil
}

// Resign ends the game for this device's player: a player may always stop playing, and the
// others should not have to wait for them. Its ending, signed by the player and naming no
// device, goes into the record and to every device; the scores stand as they are (in a dealt
// game every device then audits the deal).
func (r *Replica) Resign() error {
	defer r.after()
	switch {
	case r.halt.stopped():
		return errors.New(r.halt.why)
	case r.ledger.Game().Over():
		return errors.New("The game is over.")
	}
	e := Ending{Game: r.ledger.genesis.Game, At: r.ledger.Len(), By: r.seat, Reason: resignReason}
	e.Sig = r.id.sign(e.content())
	r.ended(e, fmt.Sprintf("You resigned after move %d. The scores stand as they are.", e.At))
	r.broadcast(message{Type: msgEnd, End: &e})
	return nil
}

// EndForTime ends the game because a player's turn ran past the time the game allows it
// (an own-pace game's time limit, which the shell keeps: the core has no clock). The ending,
// signed by this device's player and naming the seat, goes into the record and to every
// device, as End's does; the scores stand as they are.
func (r *Replica) EndForTime(seat int, reason string) error {
	defer r.after()
	g := r.ledger.Game()
	switch {
	case r.halt.stopped():
		return errors.New(r.halt.why)
	case g.Over():
		return errors.New("The game is over.")
	case seat == r.seat || seat < 0 || seat >= len(r.ledger.genesis.Keys):
		return errors.New("Only another player's time can run out.")
	case g.State().Actor() != seat:
		return fmt.Errorf("It is not %s's turn.", r.name(seat))
	case reason == "" || len(reason) > maxReasonText:
		return errors.New("An ending needs its reason.")
	}
	e := Ending{Game: r.ledger.genesis.Game, At: r.ledger.Len(), By: r.seat, Stalled: []int{seat}, Reason: reason}
	e.Sig = r.id.sign(e.content())
	r.ended(e, fmt.Sprintf("You ended the game after move %d: %s (%s). The scores stand as they are.", e.At, r.name(seat), reason))
	r.broadcast(message{Type: msgEnd, End: &e})
	return nil
}

// resignReason marks an ending that is its player's resignation: it names no device.
const resignReason = "resigned"

// Resigned reports whether the ending is its player's resignation.
func (e Ending) Resigned() bool { return len(e.Stalled) == 0 && e.Reason == resignReason }

// story is what a device says of an ending it took from the record or another device.
func (r *Replica) story(e Ending, seen string) string {
	if e.Resigned() {
		return fmt.Sprintf("%s resigned after move %d. The scores stand as they are.", capital(r.name(e.By)), e.At)
	}
	if seen != "" {
		return fmt.Sprintf("%s ended the game after move %d, saying %s held it up (%s; %s). The scores stand as they are.", capital(r.name(e.By)), e.At, r.devices(e.Stalled), e.Reason, seen)
	}
	return fmt.Sprintf("%s ended the game after move %d: %s held it up (%s). The scores stand as they are.", capital(r.name(e.By)), e.At, r.devices(e.Stalled), e.Reason)
}

func (r *Replica) ended(e Ending, why string) {
	r.halt.ending = &e
	r.stop(why)
	r.cards.startAudit()
}

// onEnd takes another player's ending of the game: signed by them, it stops the game here
// too (a player can always stop playing); what it says of the other devices is their word,
// and this device says whether it saw the same.
func (r *Replica) onEnd(p *peer, m message) {
	e := *m.End
	if err := e.Check(r.ledger.genesis); err != nil {
		r.notify(true, "Ignored an ending of the game from %s: %v.", r.peerName(p), err)
		return
	}
	if e.At > r.ledger.Len() {
		// It says the game held moves this one does not hold (yet): a claim. The ender's
		// device says it again to a device that greets it, once this one has caught up.
		r.notify(true, "Ignored, for now, an ending of the game after move %d from %s: this device holds %d moves.", e.At, r.peerName(p), r.ledger.Len())
		return
	}
	if r.halt.ending != nil || r.halt.stopped() && !r.cards.dealt() {
		return
	}
	seen := "this device saw it too"
	for _, seat := range e.Stalled {
		if w, ok := r.stalls.waits[seat]; !ok || !w.named {
			seen = "this device did not see it held up"
		}
	}
	r.ended(e, r.story(e, seen))
	r.broadcast(message{Type: msgEnd, End: &e}) // so that a device that missed it stops too
}

// Resume takes up an ending the store kept: the game stays ended after a reload.
func (r *Replica) Resume(e Ending) error {
	if err := e.Check(r.ledger.genesis); err != nil {
		return fmt.Errorf("the stored ending of the game: %w", err)
	}
	r.halt.ending = &e
	if !r.halt.stopped() {
		r.halt.why = r.story(e, "")
	}
	r.cards.startAudit()
	return nil
}

// Ended is how the game was ended, if a player ended it (nil otherwise).
func (r *Replica) Ended() *Ending {
	if r.halt.ending == nil {
		return nil
	}
	e := *r.halt.ending
	return &e
}

// Ending is a player's ending of a game that devices held up, signed by that player: it goes
// into the record.
type Ending struct {
	Game    string `json:"game"`
	At      int    `json:"at"`      // the moves the game held
	By      int    `json:"by"`      // the seat whose player ended it
	Stalled []int  `json:"stalled"` // the seats whose devices held it up, as the ender's device saw it
	Reason  string `json:"reason"`  // what the game waited for from them
	Sig     []byte `json:"sig"`
}

func (e Ending) content() []byte {
	w := newWriter("brass end v1")
	w.str(e.Game)
	w.num(int64(e.At))
	w.num(int64(e.By))
	w.num(int64(len(e.Stalled)))
	for _, s := range e.Stalled {
		w.num(int64(s))
	}
	w.str(e.Reason)
	return w.buf
}

// Check verifies an ending: of this game, by a seat, naming other seats, signed by the ender
// (an imported file's ending is checked with it).
func (e Ending) Check(g Genesis) error {
	switch {
	case e.Game != g.Game:
		return errors.New("it is another game's")
	case e.By < 0 || e.By >= len(g.Keys) || len(e.Stalled) == 0 && !e.Resigned() || len(e.Stalled) >= len(g.Keys) || len(e.Reason) > maxReasonText || e.At < 0 || e.At > maxMoves:
		return errors.New("it is malformed")
	case !g.Keys[e.By].verify(e.content(), e.Sig):
		return errors.New("it is not signed by its player")
	}
	for _, s := range e.Stalled {
		if s < 0 || s >= len(g.Keys) || s == e.By {
			return errors.New("it names a seat that is not another player's")
		}
	}
	return nil
}
