package online

import (
	"errors"
	"fmt"
)

// An agreed undo is kept as proof: the move taken back (its index, take and chain link), its
// maker's seat and signed request for that very move, and every other player's signed yes for
// it. A device stores its proofs with the game and sends them with every catch-up, so a device
// that crashed or was away when the undo went out takes the same move back, and every device
// reopens the index at the same next take. A proof cannot be made without the key of the
// player whose move it takes back, nor without every other player's: one checks the same
// wherever it arrives (live, in a catch-up, from the store, in an imported file).

// UndoProof is an agreed undo of move At (take Take, chain link Link), made by seat Maker.
// Request is the maker's signature of the undo itself, made once every yes was in
// (confirmContent): only the maker can complete a proof, and a maker who did never builds on
// the move it took back (UndoConflict).
type UndoProof struct {
	At      int    `json:"at"`
	Take    int    `json:"take"`
	Link    Link   `json:"link"`
	Maker   int    `json:"maker"`
	Request []byte `json:"request"`
	Votes   []Vote `json:"votes"`
}

// Vote is one player's signed yes to an undo.
type Vote struct {
	Seat int    `json:"seat"`
	Sig  []byte `json:"sig"`
}

// requestContent is what a player signs to ask to take back their move at (take, link).
func requestContent(game string, at, take int, link Link) []byte {
	return undoContent("brass undo request v1", game, at, take, link)
}

// confirmContent is what a player signs to take back their move at (take, link) once every
// other player agreed: the proof's request. (Another domain than the request it asked with,
// which every device saw, so that nobody but the maker can complete a proof.)
func confirmContent(game string, at, take int, link Link) []byte {
	return undoContent("brass undo confirm v1", game, at, take, link)
}

// voteContent is what a yes to taking back move at (take, link) signs.
func voteContent(game string, at, take int, link Link) []byte {
	return undoContent("brass undo v1", game, at, take, link)
}

// undoContent is the bytes signed about taking back move at (take, link); the domain keeps
// a signature made for one purpose from being used for another.
func undoContent(domain, game string, at, take int, link Link) []byte {
	w := newWriter(domain)
	w.str(game)
	w.num(int64(at))
	w.num(int64(take))
	w.bytes(link[:])
	return w.buf
}

// inOrder sorts proofs by the index and take they reopen, the order a ledger applies them in
// (a hand-written insertion sort: catch-ups carry few, and it keeps a generic sort out of the
// wasm).
func inOrder(proofs []UndoProof) []UndoProof {
	sorted := append([]UndoProof(nil), proofs...)
	for i := 1; i < len(sorted); i++ {
		for j := i; j > 0 && before(sorted[j], sorted[j-1]); j-- {
			sorted[j], sorted[j-1] = sorted[j-1], sorted[j]
		}
	}
	return sorted
}

func before(a, b UndoProof) bool { return a.At < b.At || a.At == b.At && a.Take < b.Take }

// check verifies that the maker asked for this undo and every other seat signed its yes.
func (p UndoProof) check(g Genesis) error {
	if p.At < 0 || p.Take < 0 || p.Maker < 0 || p.Maker >= len(g.Keys) {
		return errors.New("an undo of no move")
	}
	if !g.Keys[p.Maker].verify(confirmContent(g.Game, p.At, p.Take, p.Link), p.Request) {
		return fmt.Errorf("move %d was taken back without its maker's signed request", p.At+1)
	}
	signed := map[int]bool{}
	for _, v := range p.Votes {
		if v.Seat >= 0 && v.Seat < len(g.Keys) && v.Seat != p.Maker && g.Keys[v.Seat].verify(voteContent(g.Game, p.At, p.Take, p.Link), v.Sig) {
			signed[v.Seat] = true
		}
	}
	if len(signed) < len(g.Keys)-1 {
		return fmt.Errorf("move %d was taken back without every other player's signed agreement", p.At+1)
	}
	return nil
}

// ApplyUndo takes back the move a proof names if this ledger holds it last (a move of the
// proof's maker, at its take and link), or reopens the next index at the next take if the
// move never came here; a proof of an undo this ledger already made is kept, to pass on. A
// proof for a later index changes nothing and is not kept (a catch-up applies it when it
// reaches that index), so proofs never outnumber what the record allows. It reports whether
// the ledger took a move back; an invalid proof is an error and changes nothing.
func (l *Ledger) ApplyUndo(p UndoProof) (bool, error) {
	if err := p.check(l.genesis); err != nil {
		return false, err
	}
	n := len(l.moves)
	switch {
	case p.At == n-1 && l.moves[p.At].Take == p.Take && l.links[p.At] == p.Link:
		s := l.moves[p.At]
		if s.Bot || l.genesis.seatOf(s.Signer) != p.Maker {
			return false, fmt.Errorf("move %d is not its maker's own move", p.At+1)
		}
		if err := l.game.Undo(); err != nil {
			return false, err
		}
		l.moves, l.links, l.hashes = l.moves[:n-1], l.links[:n-1], l.hashes[:n-1]
		l.reopen(p)
		return true, nil
	case p.At == n && l.takes[n] <= p.Take:
		l.reopen(p)
	case p.At < n && l.moves[p.At].Take > p.Take:
		l.keep(p) // an undo already made here
	case p.At+1 < n && l.moves[p.At].Take == p.Take && l.links[p.At] == p.Link:
		// This record holds the move and one after it: if its maker made that one on it, the
		// maker both took the move back and built on it.
		if c := conflictOf(l.genesis, p, l.moves[p.At+1]); c != nil {
			return false, c
		}
	}
	return false, nil
}

// UndoConflict is proof of cheating: a player confirmed taking back their move (the proof)
// and also signed a move built on it. An honest device never does both: once it confirmed,
// it has taken the move back; once it moved on, it drops its request.
type UndoConflict struct {
	Undo UndoProof `json:"undo"`
	Move Signed    `json:"move"`
}

func (c *UndoConflict) Error() string {
	return fmt.Sprintf("seat %d took back its move %d and also made move %d on it", c.Undo.Maker+1, c.Undo.At+1, c.Move.Index+1)
}

// conflictOf is the conflict between a proof and a move, if the move is its maker's, built
// directly on the move taken back.
func conflictOf(g Genesis, p UndoProof, s Signed) *UndoConflict {
	c := &UndoConflict{Undo: p, Move: s}
	if c.Check(g) != nil {
		return nil
	}
	return c
}

// Check verifies that the conflict is real: a valid proof, and a move signed by its maker
// (not as a bot's) for the next index, built on the very move the proof takes back.
func (c UndoConflict) Check(g Genesis) error {
	p, s := c.Undo, c.Move
	switch {
	case p.check(g) != nil:
		return errors.New("the undo in it does not hold")
	case !s.Verify() || s.Game != g.Game || s.Bot || s.Signer != g.Keys[p.Maker]:
		return errors.New("the move in it is not its maker's own, signed")
	case s.Index != p.At+1 || s.Prev != p.Link:
		return errors.New("the move in it is not built on the move taken back")
	}
	return nil
}

// reopen records the proof and moves the index to the next take.
func (l *Ledger) reopen(p UndoProof) {
	l.takes[p.At] = max(l.takes[p.At], p.Take+1)
	l.keep(p)
}

// keep records a proof once.
func (l *Ledger) keep(p UndoProof) {
	for _, q := range l.undos {
		if q.At == p.At && q.Take == p.Take {
			return
		}
	}
	l.undos = append(l.undos, p)
}

// Undos are the agreed undos this ledger knows, for storage and catch-up (a copy).
func (l *Ledger) Undos() []UndoProof { return append([]UndoProof(nil), l.undos...) }
