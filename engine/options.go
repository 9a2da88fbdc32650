package engine

// Step-by-step queries for a UI that builds a move one choice at a time: the player picks
// the action kind, then each field in the order of Steps; Next tells which field still has
// a choice among the legal moves and what the legal values are. Legality comes from the one
// enumeration (State.Legal), so the UI never offers what Apply would refuse.
//
// Legal lists each action once, in one canonical order (Scout's cards and the two tiles of
// a Develop in edition order, sources in board order), but some fields are really sets: the
// player may discard Scout's three cards, or name the two tiles developed, in any order.
// Next matches such fields (Unordered) as a set, so a choice is offered whenever some legal
// action contains it together with the choices made so far, whatever their order; the move
// it settles on is the canonical one, which Apply accepts like any other order.

// Steps lists, per move type, the fields a player chooses, in order. "links.1" etc. name
// the second entry of a list; an empty value means the entry is absent (a single link, no
// Gloucester develop, one tile developed).
// Lancashire adds "cards" to a build (the second card of a two-card build), "port" to a sale
// (a port's space or "distant_market") and "amount" to a loan; in Birmingham every legal
// move leaves them empty, so Next never asks for them. Scout's two extra cards are
// "cards.0" and "cards.1".
var Steps = map[string][]string{
	"build":       {"card", "cards", "industry", "space", "coal.0", "coal.1", "iron.0", "iron.1"},
	"network":     {"card", "links.0", "coal.0", "links.1", "coal.1", "beer.0"},
	"develop":     {"card", "develop.0", "develop.1", "iron.0", "iron.1"},
	"sell":        {"card", "space", "merchant", "port", "beer.0", "beer.1", "develop.0"},
	"end_sell":    {},
	"loan":        {"card", "amount"},
	"scout":       {"card", "cards.0", "cards.1"},
	"pass":        {"card"},
	"remove_tile": {"space"},
}

// Unordered lists, per move type, the groups of fields whose values form a set (a multiset:
// a card held twice may be named twice): the cards a Scout or a two-card build discards,
// the tiles developed, and the units of one resource taken for one thing. A network's two
// links are not a set: the second may only be reachable through the first, and Legal lists
// both orders where both are legal. Each group is in Steps order.
var Unordered = map[string][][]string{
	"build":   {{"card", "cards"}, {"coal.0", "coal.1"}, {"iron.0", "iron.1"}},
	"develop": {{"develop.0", "develop.1"}, {"iron.0", "iron.1"}},
	"sell":    {{"beer.0", "beer.1"}},
	"scout":   {{"card", "cards.0", "cards.1"}},
}

// Field returns the value of a named field of a move ("" when absent).
func (m Move) Field(name string) string {
	at := func(list []string, i int) string {
		if i < len(list) {
			return list[i]
		}
		return ""
	}
	switch name {
	case "card":
		return m.Card
	case "industry":
		return m.Industry
	case "space":
		return m.Space
	case "merchant":
		return m.Merchant
	case "links.0":
		return at(m.Links, 0)
	case "links.1":
		return at(m.Links, 1)
	case "coal.0":
		return at(m.Coal, 0)
	case "coal.1":
		return at(m.Coal, 1)
	case "iron.0":
		return at(m.Iron, 0)
	case "iron.1":
		return at(m.Iron, 1)
	case "beer.0":
		return at(m.Beer, 0)
	case "beer.1":
		return at(m.Beer, 1)
	case "develop.0":
		return at(m.Develop, 0)
	case "develop.1":
		return at(m.Develop, 1)
	case "cards", "cards.0":
		return at(m.Cards, 0)
	case "cards.1":
		return at(m.Cards, 1)
	case "port":
		return m.Port
	case "amount":
		if m.Amount != 0 {
			return itoa(m.Amount)
		}
		return ""
	}
	return ""
}

// Choice is the answer to Next: the next field to choose and its legal values, or, when
// Field is "", the one complete legal move the choices so far determine.
type Choice struct {
	Field  string
	Values []string // distinct legal values, in enumeration order ("" first in a set); "" means "none / stop here"
	Moves  []Move   // the legal moves consistent with the choices so far
}

// Next filters the legal moves of a type by the fields chosen so far (name → value; the
// fields of an Unordered group as a set) and returns the first field in Steps order on
// which they still differ. A field on which all remaining moves agree needs no choice and
// is skipped, and so is a whole set on which they agree.
func Next(legal []Move, typ string, chosen map[string]string) Choice {
	groups := Unordered[typ]
	var cands []Move
	for _, m := range legal {
		if m.Type == typ && matches(m, groups, chosen) {
			cands = append(cands, m)
		}
	}
	if len(cands) == 0 {
		return Choice{}
	}
	// known is what is chosen plus what needed no choice: in a set, a value every move
	// still has left is taken out before the next field of the set is asked.
	known := make(map[string]string, len(chosen)+4)
	for f, v := range chosen {
		known[f] = v
	}
	for _, f := range Steps[typ] {
		if _, done := known[f]; done {
			continue
		}
		g := groupOf(groups, f)
		values := fieldValues(cands, f, g, known)
		switch {
		case len(values) == 1:
			known[f] = values[0]
		case g != nil && sameRest(cands, g, known):
			settle(cands[0], g, known)
		default:
			return Choice{Field: f, Values: values, Moves: cands}
		}
	}
	return Choice{Moves: cands}
}

// groupOf is the Unordered group holding f, or nil.
func groupOf(groups [][]string, f string) []string {
	for _, g := range groups {
		for _, x := range g {
			if x == f {
				return g
			}
		}
	}
	return nil
}

// matches reports whether m agrees with the choices: each field outside a set equal, and
// the values chosen in each set all among m's (counting repeats).
func matches(m Move, groups [][]string, chosen map[string]string) bool {
	for f, v := range chosen {
		if groupOf(groups, f) == nil && m.Field(f) != v {
			return false
		}
	}
	for _, g := range groups {
		if _, ok := rest(m, g, chosen); !ok {
			return false
		}
	}
	return true
}

// rest is m's values in group g less those known (a multiset difference, in field order),
// and whether every known value was among m's.
func rest(m Move, g []string, known map[string]string) ([]string, bool) {
	left := make([]string, 0, len(g))
	for _, f := range g {
		left = append(left, m.Field(f))
	}
	for _, f := range g {
		v, ok := known[f]
		if !ok {
			continue
		}
		i := indexOf(left, v)
		if i < 0 {
			return nil, false
		}
		left = append(left[:i], left[i+1:]...)
	}
	return left, true
}

func indexOf(list []string, v string) int {
	for i, x := range list {
		if x == v {
			return i
		}
	}
	return -1
}

// fieldValues lists the distinct values the moves offer for f. In a set, a move offers
// each value it has left, or "" ("stop here") once only empty entries are left; "" comes
// first there, as it does where Legal lists the shorter action first.
func fieldValues(cands []Move, f string, g []string, known map[string]string) []string {
	var values []string
	add := func(v string) {
		if indexOf(values, v) < 0 {
			values = append(values, v)
		}
	}
	for _, m := range cands {
		if g == nil {
			add(m.Field(f))
			continue
		}
		left, _ := rest(m, g, known)
		stop := true
		for _, v := range left {
			if v != "" {
				add(v)
				stop = false
			}
		}
		if stop {
			add("")
		}
	}
	if i := indexOf(values, ""); i > 0 && g != nil {
		copy(values[1:i+1], values[:i])
		values[0] = ""
	}
	return values
}

// sameRest reports whether every move has the same values left in group g (as a set), so
// the set needs no choice.
func sameRest(cands []Move, g []string, known map[string]string) bool {
	first, _ := rest(cands[0], g, known)
	for _, m := range cands[1:] {
		left, _ := rest(m, g, known)
		if !sameMultiset(first, left) {
			return false
		}
	}
	return true
}

func sameMultiset(a, b []string) bool {
	if len(a) != len(b) {
		return false
	}
	b = append([]string(nil), b...)
	for _, v := range a {
		i := indexOf(b, v)
		if i < 0 {
			return false
		}
		b = append(b[:i], b[i+1:]...)
	}
	return true
}

// settle records the values m has left in group g against the fields not yet known,
// the non-empty ones first.
func settle(m Move, g []string, known map[string]string) {
	left, _ := rest(m, g, known)
	ordered := make([]string, 0, len(left))
	for _, v := range left {
		if v != "" {
			ordered = append(ordered, v)
		}
	}
	for len(ordered) < len(left) {
		ordered = append(ordered, "")
	}
	for _, f := range g {
		if _, ok := known[f]; !ok && len(ordered) > 0 {
			known[f], ordered = ordered[0], ordered[1:]
		}
	}
}
