package online

import (
	"fmt"

	"brass/engine"
)

// Ledger is one device's validated record of a game: the genesis, every signed move it
// accepted in order, and the engine game they build. Nothing enters it unverified, and
// nothing in it changes but by Undo.
type Ledger struct {
	genesis Genesis
	game    *engine.Game
	moves   []Signed
	links   []Link      // links[i]: the chain link after move i
	hashes  []uint64    // hashes[i]: the engine's state hash after move i
	takes   map[int]int // index → its current take (absent: 0)
	undos   []UndoProof // the agreed undos, as proof
	// seen: the first content each key signed for an (index, take), to catch equivocation.
	seen map[slot]Signed
}

// slot is one signer's one chance to move: an index at a take.
type slot struct {
	key         PublicKey
	index, take int
}

// Position is where the next move goes: what a signer signs it against.
type Position struct {
	Index  int
	Take   int
	Prev   Link
	Before uint64
}

// BotPolicy decides whether the device whose seat is runner may run a bot for seat: a
// caller's rule from what it observed itself (its own heartbeat says the seat's player is
// away, and this device's own seat is never given to a bot while it is connected).
type BotPolicy func(seat, runner int) bool

// AnyRunner allows any other seated player to have run a bot: for records checked after
// the fact (an import, a finished game), where who was away can no longer be observed.
func AnyRunner(seat, runner int) bool { return seat != runner }

// NewLedger starts a ledger at the genesis; the config must make a game and every seat must
// have a well-formed, distinct key.
func NewLedger(g Genesis) (*Ledger, error) {
	if len(g.Keys) != g.Config.Players {
		return nil, fmt.Errorf("the game has %d players but %d seat keys", g.Config.Players, len(g.Keys))
	}
	for i, k := range g.Keys {
		if !k.Valid() {
			return nil, fmt.Errorf("seat %d's key: %w", i+1, errBadKey)
		}
		if g.seatOf(k) != i {
			return nil, fmt.Errorf("seats %d and %d have the same key", g.seatOf(k)+1, i+1)
		}
	}
	game, err := engine.NewGame(g.Config)
	if err != nil {
		return nil, err
	}
	g.Keys = append([]PublicKey(nil), g.Keys...)
	return &Ledger{genesis: g, game: game, takes: map[int]int{}, seen: map[slot]Signed{}}, nil
}

// Genesis is what the ledger starts from.
func (l *Ledger) Genesis() Genesis { return l.genesis }

// Game is the game the accepted moves build. Callers read it; they change it only through
// the ledger.
func (l *Ledger) Game() *engine.Game { return l.game }

// Len is the number of accepted moves.
func (l *Ledger) Len() int { return len(l.moves) }

// Moves are the accepted signed moves, in order (a copy).
func (l *Ledger) Moves() []Signed { return append([]Signed(nil), l.moves...) }

// HashAfter is the state hash after move i (0 ≤ i < Len).
func (l *Ledger) HashAfter(i int) uint64 { return l.hashes[i] }

// At is accepted move i (0 ≤ i < Len).
func (l *Ledger) At(i int) Signed { return l.moves[i] }

// Next is the position the next move is signed against.
func (l *Ledger) Next() Position {
	n := len(l.moves)
	return Position{Index: n, Take: l.takes[n], Prev: l.tip(), Before: l.game.Hash()}
}

// tip is the link after the last accepted move.
func (l *Ledger) tip() Link {
	if len(l.links) == 0 {
		return l.genesis.Link()
	}
	return l.links[len(l.links)-1]
}

// Append verifies a signed move and, if it is the next one and legal, applies it. It
// returns nil when the move is accepted or is exactly one already accepted (a duplicate),
// an *Equivocation when its signer signed another move for the same index and take, or a
// *Refusal saying why nothing changed.
func (l *Ledger) Append(s Signed, bots BotPolicy) error {
	next, err := l.admit(s, bots)
	if err != nil || !next {
		return err
	}
	if err := l.game.Apply(s.Move); err != nil {
		return refuse(RefuseIllegal, s, "move %d is not legal here: %v", len(l.moves)+1, err)
	}
	l.moves = append(l.moves, s)
	l.links = append(l.links, s.Link())
	l.hashes = append(l.hashes, l.game.Hash())
	return nil
}

// admit is every check of Append but the engine's: it reports whether s is the next move
// (false, nil: exactly a move already accepted).
func (l *Ledger) admit(s Signed, bots BotPolicy) (bool, error) {
	if r := l.check(s); r != nil {
		return false, r
	}
	// Whether a bot may play is asked of the next move only: a different move where one
	// was accepted is another history, whoever signed it, and is named so (the device that
	// sent it says the same of this one).
	if s.Index >= len(l.moves) {
		if r := l.botAllowed(s, bots); r != nil {
			return false, r
		}
	}
	if e := l.equivocation(s); e != nil {
		return false, e
	}
	for _, p := range l.undos {
		if c := conflictOf(l.genesis, p, s); c != nil {
			return false, c // its maker took the move back and built on it
		}
	}
	n := len(l.moves)
	switch {
	case s.Index < n:
		if sameContent(l.moves[s.Index], s) {
			return false, nil
		}
		return false, refuse(RefuseRewrite, s, "move %d was already accepted as another move: history is never rewritten", s.Index+1)
	case s.Index > n:
		return false, refuse(RefuseGap, s, "move %d comes before move %d", s.Index+1, n+1)
	case s.Take != l.takes[n]:
		return false, refuse(RefuseStale, s, "move %d is take %d, but this game is at take %d of it", n+1, s.Take, l.takes[n])
	case s.Prev != l.tip():
		return false, refuse(RefuseChain, s, "move %d was made on another history (its previous link differs)", n+1)
	case s.Before != l.game.Hash():
		return false, refuse(RefuseState, s, "move %d was made on another position (its state hash differs)", n+1)
	}
	return true, nil
}

// check is what a move must pass whatever the record: the game, a valid signature, and a
// key that holds a seat and signs for its own seat or, as a bot's runner, another's.
func (l *Ledger) check(s Signed) *Refusal {
	if s.Game != l.genesis.Game {
		return refuse(RefuseGame, s, "a move of another game")
	}
	if s.Index < 0 || s.Take < 0 {
		return refuse(RefuseGap, s, "a move with a negative index or take")
	}
	seat := s.Seat()
	if seat < 0 || seat >= len(l.genesis.Keys) {
		return refuse(RefuseSeat, s, "a move for seat %d of a %d-player game", seat+1, len(l.genesis.Keys))
	}
	if !s.Verify() {
		return refuse(RefuseSignature, s, "move %d's signature does not verify", s.Index+1)
	}
	signer := l.genesis.seatOf(s.Signer)
	switch {
	case signer < 0:
		return refuse(RefuseSeat, s, "move %d is signed by a key that holds no seat", s.Index+1)
	case !s.Bot && signer != seat:
		return refuse(RefuseSeat, s, "move %d is for seat %d but signed by seat %d's key", s.Index+1, seat+1, signer+1)
	case s.Bot && signer == seat:
		return refuse(RefuseBot, s, "move %d is a bot's for seat %d, run by that seat itself", s.Index+1, seat+1)
	}
	return nil
}

// botAllowed asks the policy whether the device that signed a bot's move may run that seat's
// bot now.
func (l *Ledger) botAllowed(s Signed, bots BotPolicy) *Refusal {
	if !s.Bot {
		return nil
	}
	seat, signer := s.Seat(), l.genesis.seatOf(s.Signer)
	if bots == nil || !bots(seat, signer) {
		return refuse(RefuseBot, s, "move %d is a bot's for seat %d, run by seat %d, which may not play it now", s.Index+1, seat+1, signer+1)
	}
	return nil
}

// equivocation remembers the first move each key signed for an index and take, and returns
// the proof when a different one comes.
// Only slots that exist here (an accepted index or the next, at a take it has reached) are
// remembered, so a peer cannot grow the memory without bound.
func (l *Ledger) equivocation(s Signed) *Equivocation {
	k := slot{s.Signer, s.Index, s.Take}
	first, ok := l.seen[k]
	if !ok {
		if s.Index <= len(l.moves) && s.Take <= l.takes[s.Index] {
			l.seen[k] = s
		}
		return nil
	}
	if sameContent(first, s) {
		return nil
	}
	return &Equivocation{A: first, B: s}
}

// Show shows a dealt game a card or tile the deal opened for this device (engine.Game.Reveal):
// the one way anything but a signed move changes the ledger's game.
func (l *Ledger) Show(r engine.Reveal) error { return l.game.Reveal(r) }

// Undo takes back the last move on the strength of a proof that every other player agreed
// (ApplyUndo); the index reopens at the next take, so the old move can never be replayed into
// it.
func (l *Ledger) Undo(p UndoProof) error {
	undone, err := l.ApplyUndo(p)
	if err == nil && !undone {
		err = fmt.Errorf("move %d is not the last move here", p.At+1)
	}
	return err
}

// VerifyRecord checks a whole signed record from its genesis before any of it is used (a
// reopened game, an imported file) and returns the ledger it builds. A record is all or
// nothing: the first move that fails is reported with its index and reason. A move at a take
// above 0 stands on the proofs of the undos that reopened its index (every one, each checked
// as any undo is); a proof for the index after the last move reopens it.
func VerifyRecord(g Genesis, moves []Signed, undos []UndoProof, bots BotPolicy) (*Ledger, error) {
	return verifyRecord(g, moves, undos, nil, bots)
}

// verifyRecord is VerifyRecord and, with what the deal showed the game (reveals), its dealt
// games' VerifyDealtRecord.
func verifyRecord(g Genesis, moves []Signed, undos []UndoProof, reveals []engine.Reveal, bots BotPolicy) (*Ledger, error) {
	l, err := NewLedger(g)
	if err != nil {
		return nil, err
	}
	proofs := map[[2]int]UndoProof{}
	for _, p := range undos {
		if err := p.check(g); err != nil {
			return nil, err
		}
		proofs[[2]int{p.At, p.Take}] = p
	}
	next := 0 // the next reveal
	for i, s := range moves {
		if s.Index != i {
			return nil, refuse(RefuseGap, s, "the record's move %d says it is move %d", i+1, s.Index+1)
		}
		for take := 0; take < s.Take; take++ {
			p, ok := proofs[[2]int{i, take}]
			if !ok {
				return nil, refuse(RefuseStale, s, "the record's move %d is take %d, but take %d was not taken back by an agreed undo", i+1, s.Take+1, take+1)
			}
			l.reopen(p)
			delete(proofs, [2]int{i, take})
		}
		if next, err = l.game.ShowUpTo(reveals, next, i); err != nil {
			return nil, err
		}
		if err := l.Append(s, bots); err != nil {
			return nil, err
		}
	}
	if _, err := l.game.ShowAll(reveals, next, len(moves)); err != nil {
		return nil, err
	}
	var rest []UndoProof
	for _, p := range proofs {
		rest = append(rest, p)
	}
	for _, p := range inOrder(rest) {
		if _, err := l.ApplyUndo(p); err != nil || p.At != len(moves) {
			return nil, fmt.Errorf("the record keeps an undo of move %d that it does not show", p.At+1)
		}
	}
	return l, nil
}
