package engine

import (
	"encoding/json"
	"fmt"
	"slices"
)

// RecordFormat is the version of the record format this engine writes and reads.
const RecordFormat = 1

// Record is a whole game: the save file, the export file and the unit of network sync.
type Record struct {
	Format int    `json:"format"`
	Config Config `json:"config"`
	Moves  []Move `json:"moves"`
	// Reveals: in a dealt game (Config.Dealt), what the deal showed this device, each
	// applied once Move moves are.
	Reveals []Reveal `json:"reveals,omitempty"`
}

// ReplayError says which move of a record could not be applied, and why.
type ReplayError struct {
	Index int   // 0-based index of the first bad move
	Err   error // the engine's refusal
}

func (e *ReplayError) Error() string {
	return fmt.Sprintf("move %d cannot be replayed: %v", e.Index+1, e.Err)
}

// Unwrap gives the refusal, so errors.Is sees its kind.
func (e *ReplayError) Unwrap() error { return e.Err }

// ParseRecord decodes a record from JSON and checks its format version.
func ParseRecord(data []byte) (Record, error) {
	var probe struct {
		Format *int `json:"format"`
	}
	if err := json.Unmarshal(data, &probe); err != nil {
		return Record{}, errorf(ErrMalformed, "This is not a Brass game file (it is not valid JSON).")
	}
	if probe.Format == nil {
		return Record{}, errorf(ErrMalformed, "This is not a Brass game file (it has no format version).")
	}
	if *probe.Format > RecordFormat {
		return Record{}, errorf(ErrMalformed, "This game file was written by a newer version (format %d; this version reads up to %d).", *probe.Format, RecordFormat)
	}
	if *probe.Format < 1 {
		return Record{}, errorf(ErrMalformed, "This game file has an unknown format version %d.", *probe.Format)
	}
	var r Record
	if err := json.Unmarshal(data, &r); err != nil {
		return Record{}, errorf(ErrMalformed, "This game file is damaged: %v", err)
	}
	return r, nil
}

// Replay rebuilds a game from a record. If a move is refused, it returns the game after the
// valid prefix together with a *ReplayError naming the first bad move; a bad config returns
// no game at all.
func Replay(r Record) (*Game, error) {
	if r.Format > RecordFormat || r.Format < 1 {
		return nil, errorf(ErrMalformed, "Unsupported record format %d.", r.Format)
	}
	g, err := NewGame(r.Config)
	if err != nil {
		return nil, err
	}
	// Room for the moves, and for the log at a few lines a move, saves regrowing them.
	g.moves = make([]Move, 0, len(r.Moves))
	g.log = slices.Grow(g.log, 4*len(r.Moves))
	next := 0 // the next reveal
	for i, m := range r.Moves {
		m.At = nil
		if next, err = g.ShowUpTo(r.Reveals, next, i); err != nil {
			return g, &ReplayError{Index: i, Err: err}
		}
		if err := g.Apply(m); err != nil {
			return g, &ReplayError{Index: i, Err: err}
		}
	}
	if _, err := g.ShowAll(r.Reveals, next, len(r.Moves)); err != nil {
		return g, &ReplayError{Index: len(r.Moves), Err: err}
	}
	return g, nil
}

// ShowUpTo shows a dealt game, in order from reveals[next], the reveals of a record made
// before move i (those with Move ≤ i), and returns the index of the next: what Replay does
// before each move, for a caller that applies the moves itself (a signed ledger).
func (g *Game) ShowUpTo(reveals []Reveal, next, i int) (int, error) {
	for ; next < len(reveals) && reveals[next].Move <= i; next++ {
		if reveals[next].Move < i {
			return next, errorf(ErrMalformed, "The game file's cards shown are out of order (one after move %d comes after move %d).", reveals[next].Move, i)
		}
		if err := g.Reveal(reveals[next]); err != nil {
			return next, err
		}
	}
	return next, nil
}

// ShowAll is ShowUpTo after a record's last move (its n-th): every reveal left must be
// made then.
func (g *Game) ShowAll(reveals []Reveal, next, n int) (int, error) {
	next, err := g.ShowUpTo(reveals, next, n)
	if err == nil && next < len(reveals) {
		err = errorf(ErrMalformed, "The game file shows cards after move %d, past its last move.", reveals[next].Move)
	}
	return next, err
}
