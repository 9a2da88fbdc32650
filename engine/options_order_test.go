package engine

import (
	"fmt"
	"math/rand/v2"
	"testing"
)

// orderConfigs are the editions and rule sets whose random positions the order tests visit.
var orderConfigs = []Config{
	{Edition: "birmingham", Players: 2, Seed: 11},
	{Edition: "birmingham", Players: 3, Seed: 12},
	{Edition: "birmingham", Players: 4, Seed: 13},
	{Edition: "birmingham", Players: 4, Seed: 14},
	{Edition: "lancashire", Players: 3, Seed: 15},
	{Edition: "lancashire", Players: 4, Seed: 16},
	{Edition: "lancashire", Rules: "original", Players: 3, Seed: 17},
	{Edition: "lancashire", Rules: "original", Players: 4, Seed: 18},
}

// orderPositions calls visit on every 9th position of a random game of each config.
func orderPositions(t *testing.T, visit func(what string, g *Game, r *rand.Rand)) {
	for _, cfg := range orderConfigs {
		r := rand.New(rand.NewPCG(cfg.Seed, 7))
		playRandomGame(t, cfg, func(s *State, _ []Action, step int) {
			if step%9 == 4 {
				visit(fmt.Sprintf("%s/%s %dp seed %d step %d", cfg.Edition, cfg.Rules, cfg.Players, cfg.Seed, step), GameFromState(s), r)
			}
		})
	}
}

// TestNextOffersEveryOrder: for sampled legal actions at random positions, every order in
// which a player can make the action's choices (Scout's three cards, a Develop's two tiles,
// a two-card build's cards, the units of coal, iron or beer) is offered step by step by
// Next and ends at that action; and nothing is ever offered that no legal action contains
// with the choices made so far.
func TestNextOffersEveryOrder(t *testing.T) {
	orders, sets := 0, 0
	orderPositions(t, func(what string, g *Game, r *rand.Rand) {
		byType := map[string][]Move{}
		for _, m := range g.LegalMoves() {
			byType[m.Type] = append(byType[m.Type], m)
		}
		for typ, moves := range byType {
			for _, m := range sampleMoves(moves, 6, r) {
				for _, ord := range orderings(m, Unordered[typ]) {
					walkOrder(t, what, moves, m, ord)
					orders++
					for _, vals := range ord {
						if len(vals) > 1 {
							sets++
							break
						}
					}
				}
			}
		}
	})
	t.Logf("%d orders walked, %d of them picking two or more values of a set", orders, sets)
}

// sampleMoves picks up to n moves, those with two or more entries in a set first.
func sampleMoves(moves []Move, n int, r *rand.Rand) []Move {
	var multi, other []Move
	for _, m := range moves {
		if len(m.Develop) == 2 || len(m.Cards) > 0 || len(m.Coal) == 2 || len(m.Iron) == 2 || len(m.Beer) == 2 {
			multi = append(multi, m)
		} else {
			other = append(other, m)
		}
	}
	pick := func(list []Move, k int) []Move {
		r.Shuffle(len(list), func(i, j int) { list[i], list[j] = list[j], list[i] })
		return list[:min(k, len(list))]
	}
	out := pick(multi, n)
	return append(out, pick(other, n-len(out)/2)...)
}

// orderings lists, for each way of ordering the non-empty values of every set of m, the
// order in which a player picks each set's values (group index → values).
func orderings(m Move, groups [][]string) []map[int][]string {
	out := []map[int][]string{{}}
	for gi, g := range groups {
		var vals []string
		for _, f := range g {
			if v := m.Field(f); v != "" {
				vals = append(vals, v)
			}
		}
		var next []map[int][]string
		for _, perm := range permutations(vals) {
			for _, o := range out {
				c := map[int][]string{gi: perm}
				for k, v := range o {
					c[k] = v
				}
				next = append(next, c)
			}
		}
		out = next
	}
	return out
}

// permutations lists the distinct orders of vals.
func permutations(vals []string) [][]string {
	if len(vals) <= 1 {
		return [][]string{append([]string(nil), vals...)}
	}
	var out [][]string
	seen := map[string]bool{}
	for i, v := range vals {
		if seen[v] {
			continue
		}
		seen[v] = true
		others := append(append([]string(nil), vals[:i]...), vals[i+1:]...)
		for _, p := range permutations(others) {
			out = append(out, append([]string{v}, p...))
		}
	}
	return out
}

// walkOrder makes m's choices as Next asks for them, picking each set's values in the
// order ord gives, and checks that each pick is offered (or needed no choice), that every
// value offered leads to a legal action, and that the walk ends at m.
func walkOrder(t *testing.T, what string, legal []Move, m Move, ord map[int][]string) {
	t.Helper()
	groups := Unordered[m.Type]
	queue := map[int][]string{}
	for k, v := range ord {
		queue[k] = append([]string(nil), v...)
	}
	chosen := map[string]string{}
	for step := 0; ; step++ {
		c := Next(legal, m.Type, chosen)
		if c.Field == "" {
			if len(c.Moves) != 1 || c.Moves[0].String() != m.String() {
				t.Fatalf("%s: %v in the order %v ends at %d moves (%v), not at it", what, m, ord, len(c.Moves), c.Moves)
			}
			return
		}
		if step > 12 {
			t.Fatalf("%s: %v: Next keeps asking (%v)", what, m, chosen)
		}
		for _, v := range c.Values {
			if len(Next(legal, m.Type, with(chosen, c.Field, v)).Moves) == 0 {
				t.Fatalf("%s: %s=%q is offered after %v, but no legal action has it", what, c.Field, v, chosen)
			}
		}
		gi := groupIndex(groups, c.Field)
		if gi < 0 {
			v := m.Field(c.Field)
			if indexOf(c.Values, v) < 0 {
				t.Fatalf("%s: %v: %s=%q is not offered after %v (offered %v)", what, m, c.Field, v, chosen, c.Values)
			}
			chosen[c.Field] = v
			continue
		}
		for {
			want := ""
			if q := queue[gi]; len(q) > 0 {
				want = q[0]
			}
			if indexOf(c.Values, want) >= 0 {
				chosen[c.Field] = want
				if want != "" {
					queue[gi] = queue[gi][1:]
				}
				break
			}
			// Not offered: fine only where no choice was needed, every action left having it.
			if want == "" || !allHaveLeft(c.Moves, groups[gi], chosen, want) {
				t.Fatalf("%s: %v in the order %v: %s=%q is not offered after %v (offered %v)", what, m, ord, c.Field, want, chosen, c.Values)
			}
			queue[gi] = queue[gi][1:]
		}
	}
}

func with(chosen map[string]string, f, v string) map[string]string {
	out := map[string]string{f: v}
	for k, x := range chosen {
		out[k] = x
	}
	return out
}

func groupIndex(groups [][]string, f string) int {
	for i, g := range groups {
		if indexOf(g, f) >= 0 {
			return i
		}
	}
	return -1
}

// allHaveLeft reports whether every move has v among its values of g not yet chosen.
func allHaveLeft(moves []Move, g []string, chosen map[string]string, v string) bool {
	for _, m := range moves {
		left, _ := rest(m, g, chosen)
		if indexOf(left, v) < 0 {
			return false
		}
	}
	return true
}

// TestApplyAcceptsAnyOrder: the engine takes Scout's cards, a Develop's tiles and a
// two-card build's cards in any order; a Develop in either order leaves the same state (the
// cards' order shows in the discard pile, so the builder submits the listed order).
func TestApplyAcceptsAnyOrder(t *testing.T) {
	checked := 0
	orderPositions(t, func(what string, g *Game, r *rand.Rand) {
		for _, m := range g.LegalMoves() {
			var alt Move
			switch {
			case m.Type == "scout":
				alt = m
				alt.Card, alt.Cards = m.Cards[1], []string{m.Cards[0], m.Card}
			case m.Type == "develop" && len(m.Develop) == 2 && m.Develop[0] != m.Develop[1]:
				alt = m
				alt.Develop = []string{m.Develop[1], m.Develop[0]}
			case m.Type == "build" && len(m.Cards) == 1 && m.Cards[0] != m.Card:
				alt = m
				alt.Card, alt.Cards = m.Cards[0], []string{m.Card}
			default:
				continue
			}
			if r.IntN(4) != 0 {
				continue // a sample keeps the test quick
			}
			a, b := GameFromState(g.State()), GameFromState(g.State())
			if err := a.Apply(m); err != nil {
				t.Fatalf("%s: %v: %v", what, m, err)
			}
			if err := b.Apply(alt); err != nil {
				t.Fatalf("%s: %v refused in the order %v: %v", what, m, alt, err)
			}
			if m.Type == "develop" && a.Hash() != b.Hash() {
				t.Fatalf("%s: %v and %v lead to different states", what, m, alt)
			}
			checked++
		}
	})
	if checked == 0 {
		t.Fatal("no reordered action was tried")
	}
	t.Logf("%d reordered actions checked", checked)
}
