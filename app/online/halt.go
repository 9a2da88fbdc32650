package online

import (
	"fmt"
)

// Why a game cannot go on: proof that a device cheated (one key signed two moves for one
// slot; in a dealt game, a broken deal), or a player ended it because a device held it up
// (stall.go). A halted device keeps what it accepted, tells every device it greets why, and
// takes no more moves.

// halt is why the game stopped on this device, and what shows it to the others.
type halt struct {
	why      string        // "" while the game goes on
	proof    *Equivocation // one key signing two moves for one slot
	conflict *UndoConflict // a move taken back and built on by its maker
	ending   *Ending       // a player ended the game
}

func (h *halt) stopped() bool { return h.why != "" }

// tell shows a newly connected device why the game stopped here.
func (h *halt) tell(r *Replica, to string) {
	if h.proof != nil {
		r.send(to, message{Type: msgCheat, Proof: h.proof})
	}
	if h.conflict != nil {
		r.send(to, message{Type: msgCheat, Conflict: h.conflict})
	}
	if h.ending != nil {
		r.send(to, message{Type: msgEnd, End: h.ending})
	}
}

// stop halts the game for a reason the players read.
func (r *Replica) stop(why string) {
	r.halt.why = why
	r.notify(true, "%s", why)
	r.out.ready.Save = true
}

// cheat shows a proof of equivocation to everyone and stops the game: one key signed two
// moves for one slot, so its player's device runs modified code.
func (r *Replica) cheat(e Equivocation) {
	if r.halt.stopped() {
		return
	}
	seat := e.A.Seat()
	if k := r.ledger.genesis.seatOf(e.A.Signer); k >= 0 {
		seat = k
	}
	r.halt.proof = &e
	r.stop(fmt.Sprintf("%s signed two different moves for move %d (%s and %s): it runs modified code, and the game cannot go on fairly.", capital(r.device(seat)), e.A.Index+1, e.A.Move, e.B.Move))
	r.broadcast(message{Type: msgCheat, Proof: &e})
}

// conflict shows proof that a player took back a move and built on it, and stops the game.
func (r *Replica) conflict(c UndoConflict) {
	if r.halt.stopped() {
		return
	}
	r.halt.conflict = &c
	r.stop(fmt.Sprintf("%s took back its move %d, as everyone agreed, and also made move %d on it: it runs modified code, and the game cannot go on fairly.", capital(r.device(c.Undo.Maker)), c.Undo.At+1, c.Move.Index+1))
	r.broadcast(message{Type: msgCheat, Conflict: &c})
}

// onCheat checks a proof another device sends; a forged one only says so.
func (r *Replica) onCheat(p *peer, m message) {
	if m.Conflict != nil {
		if err := m.Conflict.Check(r.ledger.genesis); err != nil {
			r.notify(true, "%s sent a false accusation of cheating: %v.", capital(r.peerName(p)), err)
			return
		}
		r.conflict(*m.Conflict)
		return
	}
	if err := m.Proof.Check(r.ledger.genesis); err != nil {
		r.notify(true, "%s sent a false accusation of cheating: %v.", capital(r.peerName(p)), err)
		return
	}
	r.cheat(*m.Proof)
}
