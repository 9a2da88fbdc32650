package ui

// A half-built action survives a reload: the builder's answers are kept per device with the
// game (app.SaveDraft), with the number of moves they were made at. A draft
// for another position is stale and dropped; a restored draft is replayed answer by answer
// through engine.Next, so only answers that are still legal come back.

import "brass/engine"

// actionDraft is what is stored.
type actionDraft struct {
	Moves int         `json:"moves"` // moves applied when the answers were given
	Type  string      `json:"type"`
	Steps [][2]string `json:"steps"` // field, value, in the order answered
}

// draftOf records the builder at a move count; ok is false when there is nothing to keep.
func draftOf(b *actionBuilder, moves int) (actionDraft, bool) {
	if !b.active() {
		return actionDraft{}, false
	}
	d := actionDraft{Moves: moves, Type: b.typ}
	for _, f := range b.order {
		d.Steps = append(d.Steps, [2]string{f, b.chosen[f]})
	}
	return d, true
}

// restore rebuilds the builder from a draft made at the same move count, keeping the
// answers that are still legal in order. It reports whether anything was restored.
// legalMoves is asked only when there is a draft to check: opening a game with none
// (the usual case) does not list every legal move before the screen shows.
func (d actionDraft) restore(b *actionBuilder, moves int, legalMoves func() []engine.Move) bool {
	if d.Moves != moves || d.Type == "" {
		return false
	}
	legal := legalMoves()
	found := false
	for _, m := range legal {
		if m.Type == d.Type {
			found = true
			break
		}
	}
	if !found {
		return false
	}
	b.start(d.Type)
	for _, st := range d.Steps {
		c := b.next(legal)
		if c.Field != st[0] || !containsString(c.Values, st[1]) {
			break
		}
		b.choose(st[0], st[1])
	}
	return true
}

func containsString(list []string, v string) bool {
	for _, x := range list {
		if x == v {
			return true
		}
	}
	return false
}
