package online

import (
	"errors"
	"fmt"
)

// Undo by agreement. A player may ask to take back their last move while the engine allows it
// (no card drawn since) and every other player is here. The request is signed by its maker for
// that very move (its index, take and chain link); each other player's yes is signed for it
// too, and the undo goes out with the request and every yes, so a device takes a move back only
// on proof that its maker asked and every other player agreed (undoproof.go). The index then
// reopens at the next take. A request that an answer does not come to within Timing.Stall
// lapses, naming who did not answer (stall.go).

// undoTalk is the undo requests under way: this player's, and another's waiting for this
// player's answer.
type undoTalk struct {
	mine   undoAsk
	theirs undoAsk
}

// undoAsk is a request to take back move at (take, link) of seat from: its maker's signed
// request and the signed yeses so far (on the asker's device). open is false when there is
// none.
type undoAsk struct {
	open     bool
	at, take int
	from     int
	link     Link
	request  []byte
	votes    map[int][]byte
}

// moved: a move was made, so every request under way is obsolete.
func (u *undoTalk) moved() { u.mine, u.theirs = undoAsk{}, undoAsk{} }

// away: a seat's player left; the requests that needed them lapse.
func (u *undoTalk) away(r *Replica, seat int) {
	if u.mine.open {
		u.mine = undoAsk{}
		r.notify(true, "Your undo request lapsed: %s left.", r.name(seat))
	}
	if u.theirs.open && u.theirs.from == seat {
		u.theirs = undoAsk{}
		r.notify(false, "%s's request to take back their move lapsed: they left.", capital(r.name(seat)))
	}
}

// CanUndo reports whether this device's player may ask to take back their last move now.
func (r *Replica) CanUndo() bool { return r.undoProblem() == nil }

func (r *Replica) undoProblem() error {
	g := r.ledger.Game()
	n := r.ledger.Len()
	switch {
	case r.halt.stopped():
		return errors.New(r.halt.why)
	case r.undo.mine.open:
		return errors.New("You have already asked; waiting for the answers.")
	case r.cards.dealt():
		return errors.New("In a game whose cards the devices deal, a move is not taken back: the cards it played were shown to everyone.")
	case n == 0 || r.ledger.At(n-1).Signer != r.id.Public() || r.ledger.At(n-1).Bot:
		return errors.New("Only your own last move can be taken back.")
	case !g.CanUndo():
		return g.Undo() // the engine's refusal, which changes nothing
	}
	for seat := range r.ledger.genesis.Keys {
		if !r.present(seat) {
			return fmt.Errorf("Taking back a move needs every player's agreement, and %s is away.", r.name(seat))
		}
	}
	return nil
}

// AskUndo asks the other players to let this device's player take back their last move.
func (r *Replica) AskUndo() error {
	defer r.after()
	if err := r.undoProblem(); err != nil {
		return err
	}
	at := r.ledger.Len() - 1
	game, take, link := r.ledger.genesis.Game, r.ledger.At(at).Take, r.ledger.links[at]
	r.undo.mine = undoAsk{open: true, at: at, take: take, from: r.seat, link: link,
		request: r.id.sign(requestContent(game, at, take, link)), votes: map[int][]byte{}}
	r.broadcast(message{Type: msgUndoRequest, At: at, Take: take, Sig: r.undo.mine.request})
	r.notify(false, "You asked the other players to let you take back your last move.")
	return nil
}

// UndoPending reports whether this device's request waits for answers.
func (r *Replica) UndoPending() bool { return r.undo.mine.open }

// UndoAsked is the seat of a player asking this device's player to allow an undo, or −1.
func (r *Replica) UndoAsked() int {
	if !r.undo.theirs.open {
		return -1
	}
	return r.undo.theirs.from
}

// AnswerUndo answers another player's request; a yes is signed for that move.
func (r *Replica) AnswerUndo(yes bool) {
	defer r.after()
	a := r.undo.theirs
	if !a.open {
		return
	}
	r.undo.theirs = undoAsk{}
	r.out.ready.Changed = true
	p := r.peerOf(a.from)
	if p == nil {
		return
	}
	m := message{Type: msgUndoVote, At: a.at, Take: a.take, Yes: yes}
	if yes {
		m.Sig = r.id.sign(voteContent(r.ledger.genesis.Game, a.at, a.take, a.link))
	}
	r.send(p.id, m)
}

// onUndoRequest takes another player's request, if it is for their own last move as here and
// signed by them for it.
func (r *Replica) onUndoRequest(p *peer, m message) {
	n := r.ledger.Len()
	if r.cards.dealt() {
		r.send(p.id, message{Type: msgUndoVote, At: m.At, Take: m.Take, Reason: "no move is taken back in a game whose cards the devices deal"})
		return
	}
	no := func(why string) { r.send(p.id, message{Type: msgUndoVote, At: m.At, Take: m.Take, Reason: why}) }
	if m.At != n-1 || m.Take != r.ledger.At(n-1).Take || r.ledger.At(n-1).Signer != r.ledger.genesis.Keys[p.seat] || r.ledger.At(n-1).Bot {
		no("that is not their own last move here")
		return
	}
	link := r.ledger.links[m.At]
	switch {
	case !r.ledger.genesis.Keys[p.seat].verify(requestContent(r.ledger.genesis.Game, m.At, m.Take, link), m.Sig):
		r.notify(true, "%s asked to take back a move without signing the request; ignored.", capital(r.peerName(p)))
	case !r.ledger.Game().CanUndo():
		no("cards were drawn since")
	default:
		r.undo.theirs = undoAsk{open: true, at: m.At, take: m.Take, from: p.seat, link: link, request: m.Sig}
		r.out.ready.Changed = true
	}
}

// onUndoVote counts an answer to this device's request; with every other player's yes, the
// move is taken back here and the undo goes out with the request and the votes.
func (r *Replica) onUndoVote(p *peer, m message) {
	u := &r.undo.mine
	if !u.open || m.At != u.at || m.Take != u.take {
		return
	}
	if !m.Yes {
		r.undo.mine = undoAsk{}
		why := ""
		if m.Reason != "" {
			why = " (" + m.Reason + ")"
		}
		r.notify(true, "%s did not agree to take back your move%s.", capital(r.name(p.seat)), why)
		return
	}
	if !r.ledger.genesis.Keys[p.seat].verify(voteContent(r.ledger.genesis.Game, u.at, u.take, u.link), m.Sig) {
		r.notify(true, "%s's agreement to your undo is not signed for your move; ignored.", capital(r.name(p.seat)))
		return
	}
	u.votes[p.seat] = m.Sig
	if len(u.votes) < len(r.ledger.genesis.Keys)-1 {
		return
	}
	proof := UndoProof{At: u.at, Take: u.take, Link: u.link, Maker: r.seat,
		Request: r.id.sign(confirmContent(r.ledger.genesis.Game, u.at, u.take, u.link))}
	for seat := range r.ledger.genesis.Keys {
		if sig, ok := u.votes[seat]; ok {
			proof.Votes = append(proof.Votes, Vote{Seat: seat, Sig: sig})
		}
	}
	r.undo.mine = undoAsk{}
	if err := r.ledger.Undo(proof); err != nil {
		r.notify(true, "%s", err)
		return
	}
	r.tookBack()
	r.broadcast(message{Type: msgUndo, Undo: &proof})
	r.notify(false, "Everyone agreed: your last move is taken back.")
}

// onUndo takes a move back on its proof, checked as every proof is, whoever passes it on.
func (r *Replica) onUndo(p *peer, m message) {
	if r.cards.dealt() {
		r.notify(true, "%s sent an undo in a game whose cards the devices deal, where no move is taken back; refused.", capital(r.peerName(p)))
		return
	}
	undone, err := r.ledger.ApplyUndo(*m.Undo)
	var conflict *UndoConflict
	switch {
	case errors.As(err, &conflict):
		r.conflict(*conflict)
		return
	case err != nil:
		r.notify(true, "%s sent an undo that does not hold: %v; refused.", capital(r.peerName(p)), sentenceFragment(err.Error()))
		return
	case !undone:
		r.out.ready.Save = r.out.ready.Save || r.keptUndo()
		return
	}
	if r.undo.theirs.open && r.undo.theirs.at == m.Undo.At {
		r.undo.theirs = undoAsk{}
	}
	r.tookBack()
	r.notify(false, "%s took back their last move, as everyone agreed.", capital(r.name(m.Undo.Maker)))
}

// keptUndo reports whether the ledger kept a proof it did not have before (to store it).
func (r *Replica) keptUndo() bool {
	n := len(r.ledger.undos)
	if n != r.undosStored {
		r.undosStored = n
		return true
	}
	return false
}

// applyUndos takes the undos a catch-up carries; each is checked, and one that does not hold
// is named once.
func (r *Replica) applyUndos(proofs []UndoProof) {
	if r.cards.dealt() && len(proofs) > 0 {
		r.notify(true, "A catch-up carried undos in a game whose cards the devices deal, where no move is taken back; refused.")
		return
	}
	named := false
	for _, q := range proofs {
		undone, err := r.ledger.ApplyUndo(q)
		var conflict *UndoConflict
		switch {
		case errors.As(err, &conflict):
			r.conflict(*conflict)
			return
		case err != nil && !named:
			named = true
			r.notify(true, "A catch-up carried an undo of move %d that does not hold (%s); refused.", q.At+1, sentenceFragment(err.Error()))
		case undone:
			r.tookBack()
			r.notify(false, "%s took back their move %d, as everyone agreed.", capital(r.name(q.Maker)), q.At+1)
		}
	}
	if r.keptUndo() {
		r.out.ready.Save = true // a proof to store, even where nothing was taken back
	}
}

// tookBack: the ledger took a move back; save and redraw.
func (r *Replica) tookBack() {
	r.out.ready.Save = true
	r.out.ready.Changed = true
	r.undosStored = len(r.ledger.undos)
	r.settleClaims()
}
