package online

import (
	"errors"
	"fmt"
)

// Undo by agreement. A player may ask to take back their last move while the engine allows it
// (no card drawn since) and every other player is here. Each other player's yes is signed for
// that very move (its index, take and chain link), and the undo goes out with every yes, so a
// device takes a move back only on proof that every other player agreed: its own yes among
// them. The index then reopens at the next take.

// CanUndo reports whether this device's player may ask to take back their last move now.
func (r *Replica) CanUndo() bool { return r.undoProblem() == nil }

func (r *Replica) undoProblem() error {
	g := r.ledger.Game()
	n := r.ledger.Len()
	switch {
	case r.stopped != "":
		return errors.New(r.stopped)
	case r.undo != nil:
		return errors.New("You have already asked; waiting for the answers.")
	case r.dealer != nil:
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
	if err := r.undoProblem(); err != nil {
		return err
	}
	at := r.ledger.Len() - 1
	r.undo = &undoAsk{at: at, take: r.ledger.At(at).Take, from: r.seat, votes: map[int][]byte{}}
	r.broadcast(message{Type: msgUndoRequest, At: at, Take: r.undo.take})
	r.notify(false, "You asked the other players to let you take back your last move.")
	return nil
}

// UndoPending reports whether this device's request waits for answers.
func (r *Replica) UndoPending() bool { return r.undo != nil }

// UndoAsked is the seat of a player asking this device's player to allow an undo, or −1.
func (r *Replica) UndoAsked() int {
	if r.asked == nil {
		return -1
	}
	return r.asked.from
}

// AnswerUndo answers another player's request; a yes is signed for that move.
func (r *Replica) AnswerUndo(yes bool) {
	a := r.asked
	if a == nil {
		return
	}
	r.asked = nil
	p := r.peerOf(a.from)
	if p == nil {
		return
	}
	m := message{Type: msgUndoVote, At: a.at, Take: a.take, Yes: yes}
	if yes {
		m.Sig = r.id.sign(voteContent(r.ledger.genesis.Game, a.at, a.take, r.ledger.links[a.at]))
	}
	r.send(p.id, m)
	r.out.Changed = true
}

// onUndoRequest takes another player's request, if it is for their own last move as here.
func (r *Replica) onUndoRequest(p *peer, m message) {
	n := r.ledger.Len()
	no := func(why string) { r.send(p.id, message{Type: msgUndoVote, At: m.At, Take: m.Take, Reason: why}) }
	switch {
	case m.At != n-1 || m.Take != r.ledger.At(n-1).Take || r.ledger.At(n-1).Signer != r.ledger.genesis.Keys[p.seat] || r.ledger.At(n-1).Bot:
		no("that is not their own last move here")
	case !r.ledger.Game().CanUndo():
		no("cards were drawn since")
	default:
		r.asked = &undoAsk{at: m.At, take: m.Take, from: p.seat}
		r.out.Changed = true
	}
}

// onUndoVote counts an answer to this device's request; with every other player's yes, the
// move is taken back here and the undo goes out with the votes.
func (r *Replica) onUndoVote(p *peer, m message) {
	u := r.undo
	if u == nil || m.At != u.at || m.Take != u.take {
		return
	}
	if !m.Yes {
		r.undo = nil
		why := ""
		if m.Reason != "" {
			why = " (" + m.Reason + ")"
		}
		r.notify(true, "%s did not agree to take back your move%s.", capital(r.name(p.seat)), why)
		return
	}
	if !r.ledger.genesis.Keys[p.seat].verify(voteContent(r.ledger.genesis.Game, u.at, u.take, r.ledger.links[u.at]), m.Sig) {
		r.notify(true, "%s's agreement to your undo is not signed for your move; ignored.", capital(r.name(p.seat)))
		return
	}
	u.votes[p.seat] = m.Sig
	if len(u.votes) < len(r.ledger.genesis.Keys)-1 {
		return
	}
	proof := UndoProof{At: u.at, Take: u.take, Link: r.ledger.links[u.at], Maker: r.seat}
	for seat := range r.ledger.genesis.Keys {
		if sig, ok := u.votes[seat]; ok {
			proof.Votes = append(proof.Votes, Vote{Seat: seat, Sig: sig})
		}
	}
	r.undo = nil
	if err := r.ledger.Undo(proof); err != nil {
		r.notify(true, "%s", err)
		return
	}
	r.tookBack()
	r.broadcast(message{Type: msgUndo, Undo: &proof})
	r.notify(false, "Everyone agreed: your last move is taken back.")
}

// onUndo takes a move back on proof that every player but its maker agreed; a proof for a
// move already gone here only reopens its index.
func (r *Replica) onUndo(p *peer, m message) {
	if m.Undo == nil || m.Undo.Maker != p.seat {
		return
	}
	undone, err := r.ledger.ApplyUndo(*m.Undo)
	if err != nil {
		r.notify(true, "%s's device took back a move without every player's signed agreement; refused.", capital(r.name(p.seat)))
		return
	}
	if !undone {
		return
	}
	if r.asked != nil && r.asked.at == m.Undo.At {
		r.asked = nil
	}
	r.tookBack()
	r.notify(false, "%s took back their last move, as everyone agreed.", capital(r.name(p.seat)))
}

// applyUndos takes the undos a catch-up carries, before its moves.
func (r *Replica) applyUndos(proofs []UndoProof) {
	for _, q := range proofs {
		known := len(r.ledger.undos)
		if undone, err := r.ledger.ApplyUndo(q); err == nil {
			if len(r.ledger.undos) > known {
				r.out.Save = true // a proof to store, even where nothing was taken back
			}
			if undone {
				r.tookBack()
				r.notify(false, "%s took back their move %d, as everyone agreed.", capital(r.name(q.Maker)), q.At+1)
			}
		}
	}
}

// tookBack: the ledger took a move back; save and redraw.
func (r *Replica) tookBack() {
	r.out.Save = true
	r.out.Changed = true
}
