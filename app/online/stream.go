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

// Receive handles one message from a peer. Nothing from a connection counts before its signed
// hello, and a malformed message is shown and ignored.
func (r *Replica) Receive(id string, data []byte) {
	p := r.peers[id]
	if p == nil || p.old {
		return
	}
	m, err := decode(data, r.ledger.genesis.Game, len(r.ledger.genesis.Keys))
	switch {
	case errors.Is(err, errVersion):
		r.notify(true, "Another device runs another version of Brass; both of you should reload the page to play together.")
		return
	case err != nil:
		r.notify(true, "Ignored %s from %s.", err, r.peerName(p))
		return
	case m.Type == msgHello:
		r.onHello(p, m)
		return
	case p.seat < 0:
		return
	}
	if m.Type != msgSeatBot && m.Type != msgSeatBotOK {
		p.greeting = false
	}
	if r.stopped != "" && m.Type != msgSyncRequest && m.Type != msgCheat && m.Type != msgDeal {
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
		r.onSeatBot(p, m)
	case msgSeatBotOK:
		r.onSeatBotAnswer(p, m)
	case msgCheat:
		r.onCheat(p, m)
	case msgDeal:
		r.onDeals(p, m.Deals)
	}
}

func (r *Replica) peerName(p *peer) string {
	if p.seat >= 0 {
		return r.name(p.seat) + "'s device"
	}
	return "another device"
}

// LocalSeat reports whether this device's player moves for seat now: their own seat, unless
// another device's bot still plays it (until it hands it back), moves another device holds
// are still on their way here, or (in a dealt game) the cards are still being dealt.
func (r *Replica) LocalSeat(seat int) bool {
	return seat == r.seat && r.stopped == "" && !r.hasBot(seat) && !r.behind() &&
		(r.dealer == nil || r.pending == nil && r.dealer.Ready())
}

func (r *Replica) hasBot(seat int) bool { _, ok := r.bots[seat]; return ok }

// Play signs and commits a move of this device's player, or of a seat bot this device runs.
func (r *Replica) Play(m engine.Move) error {
	if r.stopped != "" {
		return errors.New(r.stopped)
	}
	bot := m.Player != r.seat
	if !bot {
		r.toldBot = false
	}
	if r.behind() {
		return errors.New("Another device holds moves this one has not received yet; they are on their way: play again in a moment.")
	}
	switch {
	case bot && r.bots[m.Player].runner != r.seat || bot && !r.hasBot(m.Player):
		return errors.New("On this device you play only your own seat.")
	case bot && r.BotToMove() != m.Player:
		return errors.New("The bot waits until every device here has accepted it.")
	case !bot && r.hasBot(r.seat):
		return fmt.Errorf("The bot on %s's device still plays your seat; it hands it back in a moment.", r.name(r.bots[r.seat].runner))
	}
	if r.dealer != nil {
		if err := r.playDealt(m); err != nil {
			return err
		}
		r.committed()
		return nil
	}
	s := r.id.SignMove(r.ledger.genesis.Game, r.ledger.Next(), m, bot)
	if err := r.ledger.Append(s, func(seat, runner int) bool { return true }); err != nil {
		var ref *Refusal
		if errors.As(err, &ref) && ref.Kind == RefuseIllegal {
			// The engine's own refusal, as the player should read it.
			m.At = nil
			return r.ledger.Game().Check(m)
		}
		return err
	}
	r.committed()
	r.broadcast(message{Type: msgMove, Move: &s, Hash: hashString(r.ledger.Game().Hash())})
	return nil
}

// committed is what follows every accepted move: save it, drop the requests it made obsolete,
// redraw.
func (r *Replica) committed() {
	r.out.Save = true
	r.out.Changed = true
	r.undo, r.asked = nil, nil
}

// onMove verifies and commits another device's move.
func (r *Replica) onMove(p *peer, m message) {
	s := *m.Move
	n := r.ledger.Len()
	if s.Index > n {
		// Moves are missing before it: fetch them; this one comes with them.
		r.send(p.id, message{Type: msgSyncRequest, At: n})
		return
	}
	if !r.accept(p, s) || m.Hash == "" {
		return
	}
	r.noteAck(p.seat, s.Index, s.Take, m.Hash, s.Link())
}

// accept commits one signed move from a peer, answering an acknowledgement; it reports
// whether the ledger holds the move now.
func (r *Replica) accept(p *peer, s Signed) bool {
	n := r.ledger.Len()
	var err error
	if r.dealer != nil {
		err = r.appendDealt(s)
	} else {
		err = r.ledger.Append(s, func(seat, runner int) bool { return r.botMayMove(seat, runner, s.Index, p) })
	}
	var eq *Equivocation
	var ref *Refusal
	switch {
	case errors.Is(err, errPending):
		return true // applied once the deal lets it; its acknowledgement goes out then
	case errors.As(err, &eq):
		r.cheat(*eq)
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
		default:
			r.notify(true, "Refused a move from %s: %s.", r.peerName(p), why)
		}
		return false
	case err != nil:
		return false
	}
	if r.ledger.Len() > n {
		delete(r.forked, p.seat)
		r.committed()
		link := r.ledger.links[s.Index]
		r.broadcast(message{Type: msgAck, At: s.Index, Take: s.Take, Hash: hashString(r.ledger.HashAfter(s.Index)), Link: &link})
		r.stepBots()
	}
	return true
}

// onRefused shows why another device refused a move of this one; a move on another history
// is a disagreement, named once.
func (r *Replica) onRefused(p *peer, m message) {
	switch m.Kind {
	case RefuseChain, RefuseState, RefuseRewrite:
		r.differ(p.seat, m.At-1)
	default:
		r.notify(true, "%s's device refused move %d: %s", capital(r.name(p.seat)), m.At+1, m.Reason)
	}
}

// Behind reports whether this device waits for moves another device said it holds: no move
// can be made here until they arrive.
func (r *Replica) Behind() bool { return r.behind() }

// behind reports whether a device this one can reach said it holds moves this one lacks (its
// hello, or an acknowledgement): no move may be made here until they arrive, or it would be
// made on an old position. A device that said so falsely is not believed past its sync.
func (r *Replica) behind() bool {
	n := r.ledger.Len()
	for _, p := range r.peers {
		if p.seat < 0 || !p.open || r.forked[p.seat] {
			continue
		}
		if p.count > n {
			return true
		}
		for at, a := range r.acks[p.seat] {
			if at >= n && a.take >= r.ledger.takes[at] {
				return true
			}
		}
	}
	return false
}

// onSyncRequest sends the signed moves a device lacks.
func (r *Replica) onSyncRequest(p *peer, m message) {
	moves := r.ledger.Moves()
	from := min(m.At, len(moves))
	r.send(p.id, message{Type: msgSync, At: from, Moves: moves[from:], Undos: r.ledger.Undos()})
	if r.dealer != nil {
		r.sendPending(p.id)  // (a move waiting for the deal is in no ledger yet)
		r.sendEvidence(p.id) // (a forged move can be checked only once the moves before it are in)
	}
}

// onSync commits the moves another device sent, from the first this device lacks; each is
// verified on its own, so a bad one stops the catch-up there. Moves this device already holds
// are checked too: one signed differently by the same key is proof of cheating.
func (r *Replica) onSync(p *peer, m message) {
	r.applyUndos(m.Undos)
	n := r.ledger.Len()
	if m.At > n {
		r.send(p.id, message{Type: msgSyncRequest, At: n})
		return
	}
	defer r.forgetClaimsBeyond(p)
	defer r.tellBotPlayed(n)
	for i, s := range m.Moves {
		if s.Index != m.At+i {
			return
		}
		if s.Index < n {
			if err := r.ledger.Append(s, AnyRunner); err != nil {
				var eq *Equivocation
				if errors.As(err, &eq) {
					r.cheat(*eq)
				} else {
					r.forked[p.seat] = true
					r.differ(p.seat, s.Index-1)
				}
				return
			}
			continue
		}
		if r.forked[p.seat] || !r.accept(p, s) || r.pending != nil {
			return // (a move waiting for the deal: the ones after it come again once it is in)
		}
	}
}

// forgetClaimsBeyond drops what a device said it held beyond what it sent when asked: a
// device that claims moves it does not send cannot hold this one up.
func (r *Replica) forgetClaimsBeyond(p *peer) {
	n := r.ledger.Len()
	if p.count > n {
		p.count = n
	}
	for at := range r.acks[p.seat] {
		if at >= n {
			delete(r.acks[p.seat], at)
		}
	}
}

// noteAck compares the state hash a device reported after move at (take) with this device's.
// A difference is shown, naming the device; it never changes a move this device accepted.
func (r *Replica) noteAck(seat, at, take int, hash string, link Link) {
	byMove := r.acks[seat]
	if byMove == nil {
		byMove = map[int]ack{}
		r.acks[seat] = byMove
	}
	byMove[at] = ack{take, hash}
	for k := range byMove {
		if k < at-256 {
			delete(byMove, k)
		}
	}
	switch compareAck(r.ledger, at, take, hash, link) {
	case ackAhead:
		r.fetchLater()
	case ackUndone:
		// Its proof comes with that device's moves from there.
		if p := r.peerOf(seat); p != nil {
			r.send(p.id, message{Type: msgSyncRequest, At: at})
		}
	case ackDiffers:
		r.differ(seat, at)
	case ackAgrees:
		if _, known := r.differs[seat]; known {
			delete(r.differs, seat)
			r.notify(false, "%s's device agrees with yours again (after move %d).", capital(r.name(seat)), at+1)
		}
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
	r.notify(true, "%s's device holds another game than yours after move %d. Nothing you accepted changes; the two devices cannot play on together until one of them is found wrong.", capital(r.name(seat)), at+1)
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

// fetchLater asks for the moves this device lacks if they have not come after Timing.Fetch:
// only the device that made a move sends it, and if it left as it went out, the move may
// have reached some devices only.
func (r *Replica) fetchLater() {
	if !r.fetching {
		r.fetching = true
		r.schedule(TimerFetch, -1, r.timing.Fetch)
	}
}

// fetch asks the connected device that reported the most moves for the ones missing here.
func (r *Replica) fetch() {
	r.fetching = false
	n := r.ledger.Len()
	best, most := -1, n-1
	for seat, byMove := range r.acks {
		if r.forked[seat] || r.peerOf(seat) == nil {
			continue
		}
		for at := range byMove {
			if at > most || at == most && seat < best {
				best, most = seat, at
			}
		}
	}
	if p := r.peerOf(best); p != nil {
		r.send(p.id, message{Type: msgSyncRequest, At: n})
	}
}

// Fire runs a timer the shell started.
func (r *Replica) Fire(t Timer) {
	switch t.Kind {
	case TimerFetch:
		r.fetch()
	case TimerGrace:
		r.graceOver(t.Seat, t.Gen)
	}
}

// cheat shows a proof of equivocation to everyone and stops the game: one key signed two
// moves for one slot, so its player's device runs modified code.
func (r *Replica) cheat(e Equivocation) {
	if r.stopped != "" {
		return
	}
	seat := e.A.Seat()
	if k := r.ledger.genesis.seatOf(e.A.Signer); k >= 0 {
		seat = k
	}
	r.proof = &e
	r.stopped = fmt.Sprintf("%s's device signed two different moves for move %d (%s and %s): it runs modified code, and the game cannot go on fairly.", capital(r.name(seat)), e.A.Index+1, e.A.Move, e.B.Move)
	r.notify(true, "%s", r.stopped)
	r.broadcast(message{Type: msgCheat, Proof: &e})
}

// onCheat checks a proof another device sends; a forged one only says so.
func (r *Replica) onCheat(p *peer, m message) {
	if err := m.Proof.Check(r.ledger.genesis); err != nil {
		r.notify(true, "%s sent a false accusation of cheating: %v.", capital(r.peerName(p)), err)
		return
	}
	r.cheat(*m.Proof)
}

func capital(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}
