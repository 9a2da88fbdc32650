package online

import (
	"errors"
	"fmt"
	"strings"

	"brass/engine"
)

// The move stream: a move is signed where it is made, and every device commits it through the
// one step commit (verify and apply in the ledger, save, tell the others, redraw); a device
// that lacks moves fetches them, signed, from one that has them.

// receive handles one message from a peer. Nothing from a connection counts before its signed
// hello, and a malformed message is shown and ignored.
func (r *Replica) receive(id string, data []byte) {
	p := r.peers[id]
	if p == nil || p.old {
		return
	}
	m, err := decode(data)
	switch {
	case errors.Is(err, errVersion):
		r.notify(true, "Another device runs another version of Brass; both of you should reload the page to play together.")
		return
	case err != nil:
		r.notify(true, "Ignored %s from %s.", err, r.peerName(p))
		return
	case m.Type == msgHello:
		if r.onHello(p, m) {
			p.hello = append([]byte(nil), data...)
		}
		return
	case p.seat < 0:
		return
	case lobbyType(m.Type):
		return // (a device still drawing the seed, a moment behind this one)
	case m.Game != r.ledger.genesis.Game:
		r.notify(true, "Ignored a message of another game from %s.", r.peerName(p))
		return
	case m.Seat >= len(r.ledger.genesis.Keys) || m.Runner != nil && *m.Runner >= len(r.ledger.genesis.Keys):
		r.notify(true, "Ignored a %q message for seat %d of a %d-player game from %s.", m.Type, m.Seat+1, len(r.ledger.genesis.Keys), r.peerName(p))
		return
	}
	if m.Type != msgSeatBot && m.Type != msgSeatBotOK {
		p.greeting = false
	}
	if r.halt.stopped() && m.Type != msgSyncRequest && m.Type != msgCheat && m.Type != msgDeal && m.Type != msgEnd {
		return // (a stopped dealt game still takes the deal's messages: the audit needs them)
	}
	switch m.Type {
	case msgMove:
		r.onMove(p, m)
	case msgAck:
		r.noteAck(p.seat, m.At, m.Take, m.Hash, *m.Link)
	case msgRefused:
		r.onRefused(p, m)
	case msgSyncRequest:
		r.onSyncRequest(p, m)
	case msgSync:
		r.onSync(p, m)
	case msgUndoRequest:
		r.onUndoRequest(p, m)
	case msgUndoVote:
		r.onUndoVote(p, m)
	case msgUndo:
		r.onUndo(p, m)
	case msgSeatBot:
		if r.pace != nil {
			r.onPaceSeatBot(p.seat, m)
			return
		}
		r.onSeatBot(p, m)
	case msgSeatBotOK:
		if r.pace != nil {
			return // (no device's answer decides an own-pace game's stand-ins: the log does)
		}
		r.onSeatBotAnswer(p, m)
	case msgCheat:
		r.onCheat(p, m)
	case msgDeal:
		r.cards.take(p, m.Deals)
	case msgEnd:
		r.onEnd(p, m)
	}
}

// LocalSeat reports whether this device's player moves for seat now: their own seat, unless
// another device's bot still plays it (until it hands it back), moves another device holds
// are still on their way here, or (in a dealt game) the cards are still being dealt.
func (r *Replica) LocalSeat(seat int) bool {
	return seat == r.seat && !r.halt.stopped() && !r.hasBot(seat) && !r.behind() && r.cards.ready()
}

func (r *Replica) hasBot(seat int) bool { _, ok := r.bots[seat]; return ok }

// Play signs and commits a move of this device's player, or of a seat bot this device runs.
func (r *Replica) Play(m engine.Move) error {
	defer r.after()
	if r.halt.stopped() {
		return errors.New(r.halt.why)
	}
	m.At = nil
	bot := m.Player != r.seat
	if !bot {
		r.toldBot = false
	}
	if r.behind() {
		return errors.New("Another device holds moves this one has not received yet; they are on their way: play again in a moment.")
	}
	if r.pace != nil && !r.cards.dealt() && (bot || r.contested(m)) {
		if bot && r.paceToMove() != m.Player {
			return errors.New("On this device you play only your own seat, and a bot only the seat it was let play.")
		}
		return r.sendContested(m, bot)
	}
	switch {
	case bot && (!r.hasBot(m.Player) || r.bots[m.Player].runner != r.seat):
		return errors.New("On this device you play only your own seat.")
	case bot && r.BotToMove() != m.Player:
		return errors.New("The bot waits until every device here has accepted it.")
	case !bot && r.hasBot(r.seat):
		return fmt.Errorf("The bot on %s still plays your seat; it hands it back in a moment.", r.device(r.bots[r.seat].runner))
	}
	if !bot && r.horizon < 0 {
		r.horizon = r.ledger.Len() // this player moved here: from now on they are here
	}
	return r.cards.play(m, bot)
}

// playSeeded signs and commits a move of a game dealt from its seed.
func (r *Replica) playSeeded(m engine.Move, bot bool) error {
	s := r.id.SignMove(r.ledger.genesis.Game, r.ledger.Next(), m, bot)
	if err := r.ledger.Append(s, func(seat, runner int) bool { return true }); err != nil {
		var ref *Refusal
		if errors.As(err, &ref) && ref.Kind == RefuseIllegal {
			return r.ledger.Game().Check(m) // the engine's own refusal, as the player should read it
		}
		return err
	}
	r.committed()
	r.broadcast(message{Type: msgMove, Move: &s, Hash: hashString(r.ledger.Game().Hash())})
	return nil
}

// committed is what follows every accepted move: save it, drop the requests and claims it
// made obsolete, redraw.
func (r *Replica) committed() {
	r.out.ready.Save = true
	r.out.ready.Changed = true
	r.undo.moved()
	r.settleClaims()
}

// onMove verifies and commits another device's move.
func (r *Replica) onMove(p *peer, m message) {
	s := *m.Move
	n := r.ledger.Len()
	if s.Index > n {
		// Moves are missing before it: fetch them; this one comes with them.
		r.claims.note(p.seat, s.Index, s.Take)
		r.send(p.id, message{Type: msgSyncRequest, At: n})
		return
	}
	if !r.accept(p, s) || m.Hash == "" {
		return
	}
	r.noteAck(p.seat, s.Index, s.Take, m.Hash, s.Link())
}

// accept commits one signed move from a peer, answering an acknowledgement; it reports
// whether the ledger holds the move now (or holds it back for the deal).
func (r *Replica) accept(p *peer, s Signed) bool {
	n := r.ledger.Len()
	err := r.cards.append(s, func(seat, runner int) bool { return r.botMayMove(seat, runner, s.Index) })
	var eq *Equivocation
	var ref *Refusal
	var conflict *UndoConflict
	switch {
	case errors.Is(err, errPending):
		return true // applied once the deal lets it; its acknowledgement goes out then
	case errors.As(err, &eq):
		r.cheat(*eq)
		return false
	case errors.As(err, &conflict):
		r.conflict(*conflict)
		return false
	case errors.As(err, &ref) && r.staleContest(s, ref):
		// Put by the log after a rival for its place: it counts on no device, and its sender
		// drops it too when it reads it back.
		r.notify(false, "%s's move for %s did not count: another move took its place first.", capital(r.peerName(p)), r.name(s.Seat()))
		return false
	case errors.As(err, &ref):
		why := strings.TrimSuffix(ref.Why, ".")
		r.send(p.id, message{Type: msgRefused, At: s.Index, Reason: why, Kind: ref.Kind})
		switch ref.Kind {
		case RefuseChain, RefuseState, RefuseRewrite:
			// Another history than the one this device validated: a disagreement, named once,
			// not a stream of refusals, and that device is not asked for moves again.
			r.forked[p.seat] = true
			r.differ(p.seat, s.Index-1)
		case RefuseBot:
			r.refusedBot(p, s)
		default:
			r.notify(true, "Refused a move from %s: %s.", r.peerName(p), why)
		}
		return false
	case err != nil:
		return false
	}
	if r.ledger.Len() > n {
		r.unfork(p.seat)
		delete(r.discredited, p.seat) // it sends moves again
		r.committed()
		r.ack(s.Index)
	}
	return true
}

// ack tells every device the state hash and chain link after move at here.
func (r *Replica) ack(at int) {
	link := r.ledger.links[at]
	r.broadcast(message{Type: msgAck, At: at, Take: r.ledger.At(at).Take, Hash: hashString(r.ledger.HashAfter(at)), Link: &link})
}

// onRefused shows why another device refused a move of this one; a move on another history
// is a disagreement, named once.
func (r *Replica) onRefused(p *peer, m message) {
	switch m.Kind {
	case RefuseChain, RefuseState, RefuseRewrite:
		r.differ(p.seat, m.At-1)
	case RefuseBot:
		// It will not take a bot's move this device holds (it did not accept that bot, or
		// saw it stop): the two hold other games from there, and both say so.
		r.notify(true, "%s refused move %d: %s", capital(r.peerName(p)), m.At+1, m.Reason)
		if m.At < r.ledger.Len() && r.ledger.At(m.At).Bot {
			r.differ(p.seat, m.At-1)
		}
	default:
		r.notify(true, "%s refused move %d: %s", capital(r.peerName(p)), m.At+1, m.Reason)
	}
}

// onSyncRequest sends the signed moves a device lacks.
func (r *Replica) onSyncRequest(p *peer, m message) {
	moves := r.ledger.Moves()
	from := min(m.At, len(moves))
	r.send(p.id, message{Type: msgSync, At: from, Moves: moves[from:], Undos: r.ledger.Undos()})
	r.cards.synced(p.id)
}

// onSync commits the moves another device sent, from the first this device lacks; each is
// verified on its own, so a bad one stops the catch-up there. Moves this device already holds
// are checked too: one signed differently by the same key is proof of cheating. The undos it
// carries are each applied where they belong: before the move at their index.
func (r *Replica) onSync(p *peer, m message) {
	n := r.ledger.Len()
	if m.At > n {
		r.send(p.id, message{Type: msgSyncRequest, At: n})
		return
	}
	undos := inOrder(m.Undos)
	r.applyUndos(undos)
	if n := r.ledger.Len(); m.At > n {
		// Its undos took back moves this device held before the catch-up's first: the
		// index they reopened comes from that device again.
		r.send(p.id, message{Type: msgSyncRequest, At: n})
		return
	}
	defer r.forgetClaimsBeyond(p)
	defer r.tellBotPlayed(n)
	for i, s := range m.Moves {
		if s.Index != m.At+i {
			return
		}
		if s.Index < r.ledger.Len() {
			if err := r.ledger.Append(s, AnyRunner); err != nil {
				var eq *Equivocation
				var conflict *UndoConflict
				if errors.As(err, &eq) {
					r.cheat(*eq)
				} else if errors.As(err, &conflict) {
					r.conflict(*conflict)
				} else {
					r.forked[p.seat] = true
					r.differ(p.seat, s.Index-1)
				}
				return
			}
			continue
		}
		r.applyUndos(undos) // (those of this index reopen it: a proof for a later one is not kept yet)
		if r.forked[p.seat] || !r.accept(p, s) || r.cards.pending() {
			return // (a move waiting for the deal: the ones after it come again once it is in)
		}
	}
	r.applyUndos(undos)
}

// forgetClaimsBeyond drops what a device said it held beyond what it sent when asked: a
// device that claims moves it does not send cannot hold this one up.
func (r *Replica) forgetClaimsBeyond(p *peer) {
	r.forgetClaim(p.seat, "sent fewer when asked")
}

// noteAck compares the state hash a device reported after move at (take) with this device's.
// A difference is shown, naming the device; it never changes a move this device accepted.
// An acknowledgement of a move this device lacks is a claim.
func (r *Replica) noteAck(seat, at, take int, hash string, link Link) {
	switch compareAck(r.ledger, at, take, hash, link) {
	case ackAhead:
		r.claims.note(seat, at, take)
		r.fetchLater()
	case ackUndone:
		// Its proof comes with that device's moves from there.
		if p := r.peerOf(seat); p != nil {
			r.send(p.id, message{Type: msgSyncRequest, At: at})
		}
	case ackDiffers:
		r.differ(seat, at)
	case ackAgrees:
		// Only agreement where the two parted, or later, shows that device came over to
		// this history: one at an earlier move (an old hello's position) shows nothing.
		if from, known := r.differs[seat]; known && at >= from {
			delete(r.differs, seat)
			r.notify(false, "%s agrees with yours again (after move %d).", capital(r.device(seat)), at+1)
			r.unfork(seat)
		}
	}
}

// unfork: a seat's device holds this game again, and its player is back in it.
func (r *Replica) unfork(seat int) {
	if r.forked[seat] {
		delete(r.forked, seat)
		r.out.ready.Changed = true
		r.returned(seat)
	}
}

// differ notes that a seat's device holds another game than this one after move at (−1:
// from the start), and shows it once.
func (r *Replica) differ(seat, at int) {
	if _, known := r.differs[seat]; known {
		return
	}
	r.differs[seat] = at
	// Its signed moves from there show whether it holds another history (perhaps signed twice
	// by one key: proof of cheating) or the same moves with another state (a bug).
	if p := r.peerOf(seat); p != nil && at >= 0 && at < r.ledger.Len() {
		r.send(p.id, message{Type: msgSyncRequest, At: at})
	}
	r.notify(true, "%s holds another game than yours after move %d. Nothing you accepted changes; the two devices cannot play on together until one of them is found wrong.", capital(r.device(seat)), at+1)
}

// Disagreement describes the devices that report another game than this one, or "".
func (r *Replica) Disagreement() string {
	var parts []string
	for seat := range r.ledger.genesis.Keys {
		if at, ok := r.differs[seat]; ok {
			parts = append(parts, fmt.Sprintf("%s's device differs after move %d", r.name(seat), at+1))
		}
	}
	return strings.Join(parts, "; ")
}

// fire runs a timer the shell started.
func (r *Replica) fire(t Timer) {
	switch t.Kind {
	case TimerFetch:
		r.fetch()
	case TimerGrace:
		r.graceOver(t.Seat, t.Gen)
	case TimerStall:
		r.stallOver(t.Seat, t.Gen)
	case TimerEnd:
		r.endDue(t.Seat, t.Gen)
	case TimerHello:
		r.helloAgain(t.Gen)
	}
}
