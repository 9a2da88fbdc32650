package engine

// Step-by-step queries for a UI that builds a move one choice at a time: the player picks
// the action kind, then each field in the order of Steps; Next tells which field still has
// a choice among the legal moves and what the legal values are. Legality comes from the one
// enumeration (State.Legal), so the UI never offers what Apply would refuse.

// Steps lists, per move type, the fields a player chooses, in order. "links.1" etc. name
// the second entry of a list; an empty value means the entry is absent (a single link, no
// Gloucester develop, one tile developed).
// Lancashire adds "cards" to a build (the second card of a two-card build), "port" to a sale
// (a port's space or "distant_market") and "amount" to a loan; in Birmingham every legal
// move leaves them empty, so Next never asks for them.
var Steps = map[string][]string{
	"build":       {"card", "cards", "industry", "space", "coal.0", "coal.1", "iron.0", "iron.1"},
	"network":     {"card", "links.0", "coal.0", "links.1", "coal.1", "beer.0"},
	"develop":     {"card", "develop.0", "develop.1", "iron.0", "iron.1"},
	"sell":        {"card", "space", "merchant", "port", "beer.0", "beer.1", "develop.0"},
	"end_sell":    {},
	"loan":        {"card", "amount"},
	"scout":       {"card", "cards"},
	"pass":        {"card"},
	"remove_tile": {"space"},
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
	case "cards":
		switch len(m.Cards) {
		case 1:
			return m.Cards[0]
		case 2:
			return m.Cards[0] + "+" + m.Cards[1]
		}
		return ""
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
	Values []string // distinct legal values, in enumeration order; "" means "none / stop here"
	Moves  []Move   // the legal moves consistent with the choices so far
}

// Next filters the legal moves of a type by the fields chosen so far (name → value) and
// returns the first field in Steps order on which they still differ. Fields on which all
// remaining moves agree need no choice and are skipped.
func Next(legal []Move, typ string, chosen map[string]string) Choice {
	var cands []Move
	for _, m := range legal {
		if m.Type != typ {
			continue
		}
		ok := true
		for f, v := range chosen {
			if m.Field(f) != v {
				ok = false
				break
			}
		}
		if ok {
			cands = append(cands, m)
		}
	}
	for _, f := range Steps[typ] {
		if _, done := chosen[f]; done || len(cands) == 0 {
			continue
		}
		var values []string
		seen := map[string]bool{}
		for _, m := range cands {
			v := m.Field(f)
			if !seen[v] {
				seen[v] = true
				values = append(values, v)
			}
		}
		if len(values) > 1 {
			return Choice{Field: f, Values: values, Moves: cands}
		}
	}
	return Choice{Moves: cands}
}
