package bot

import (
	"math"
	"math/rand/v2"
	"sort"

	"brass/engine"
)

// thinker holds what one decision needs: the evaluation, scratch buffers and a count of the
// work done (evaluations), which is what budgets the search.
type thinker struct {
	b     *board
	ev    *evaluator
	r     *rand.Rand
	evals int
	legal []engine.Action
	keep  [64]float64
	// coarse: merge candidates that differ only in their coal, iron and beer sources
	// (rollouts, see coarsen)
	coarse bool
	// loanBelow: loans are candidates only with less money than this in hand (0: always;
	// see profile.loanBelow; only Medium sets it, and Medium enumerates only its own turns)
	loanBelow int
}

func newThinker(b *board, w *weights, m *model, seed uint64) *thinker {
	return &thinker{b: b, ev: newEvaluator(b, w, m), r: rand.New(rand.NewPCG(seed, 0x6272617373))}
}

// candidates appends to out the distinct choices of the player to act. Actions that differ
// only in the card discarded are one choice, made with the card the player least wants to
// keep; of the Scout actions only the one discarding the three least wanted cards is kept.
func (t *thinker) candidates(s *engine.State, out []engine.Action) []engine.Action {
	t.legal = s.Legal(t.legal[:0])
	p := s.Actor()
	if s.Phase == engine.PhaseAction {
		cardValues(t.b, s, p, &t.keep)
	}
	start := len(out)
	var scout engine.Action
	scoutV := math.Inf(1)
	for _, a := range t.legal {
		if a.Kind == engine.KindLoan && t.loanBelow > 0 && int(s.Players[p].Money) >= t.loanBelow {
			continue
		}
		if a.Kind == engine.KindScout {
			if v := t.keep[a.Card] + t.keep[a.Cards[0]] + t.keep[a.Cards[1]]; v < scoutV {
				scout, scoutV = a, v
			}
			continue
		}
		if len(out) > start && a.Card != engine.NoCard {
			last := &out[len(out)-1]
			key, lk := a, *last
			key.Card, lk.Card = engine.NoCard, engine.NoCard
			if twoCards(&a) {
				key.Cards, lk.Cards = [2]engine.CardKind{}, [2]engine.CardKind{}
			}
			if key == lk {
				if t.cardCost(&a) < t.cardCost(last) {
					last.Card, last.Cards = a.Card, a.Cards
				}
				continue
			}
		}
		out = append(out, a)
	}
	if scoutV < math.Inf(1) {
		out = append(out, scout)
	}
	if t.coarse {
		out = t.coarsen(s, p, out, start)
	}
	return out
}

// twoCards: a build that discards two cards (Lancashire), its second in Cards[0].
func twoCards(a *engine.Action) bool { return a.Kind == engine.KindBuild && a.NCards == 1 }

// cardCost is how much the player wants to keep the cards the action discards.
func (t *thinker) cardCost(a *engine.Action) float64 {
	if twoCards(a) {
		return t.keep[a.Card] + t.keep[a.Cards[0]]
	}
	return t.keep[a.Card]
}

// coarsen merges candidates that differ only in where their coal, iron or beer comes from:
// the many Develop actions (each industry or pair with each iron source; a pair of
// different industries is dropped) and double rail links (each pair of lines, either order,
// each coal and beer source). Of each group it
// keeps the one that takes most coal and iron from the player's own tiles (flipping them
// sooner) and least beer from them (keeping it for sales). Rollouts think with the merged
// list; the decision itself sees every choice.
func (t *thinker) coarsen(s *engine.State, p int, out []engine.Action, start int) []engine.Action {
	kept := out[:start]
	for _, a := range out[start:] {
		if a.Kind == engine.KindDevelop && a.NDev == 2 && a.Dev[0] != a.Dev[1] {
			continue // two different industries at once: rarely the move, so left out
		}
		merge := -1
		if a.Kind == engine.KindDevelop || a.Kind == engine.KindNetwork && a.NLinks == 2 {
			for i := start; i < len(kept); i++ {
				if sameEffect(&kept[i], &a) {
					merge = i
					break
				}
			}
		}
		if merge < 0 {
			kept = append(kept, a)
		} else if ownUse(s, p, &a) > ownUse(s, p, &kept[merge]) {
			kept[merge] = a
		}
	}
	return kept
}

// sameEffect: two Develops of the same industries, or two double rail links on the same
// pair of lines.
func sameEffect(a, b *engine.Action) bool {
	if a.Kind != b.Kind {
		return false
	}
	if a.Kind == engine.KindDevelop {
		return a.NDev == b.NDev && a.Dev == b.Dev
	}
	return a.NLinks == 2 && b.NLinks == 2 &&
		(a.Links == b.Links || a.Links[0] == b.Links[1] && a.Links[1] == b.Links[0])
}

// ownUse counts the coal and iron an action takes from the player's own tiles, less the
// beer it takes from them.
func ownUse(s *engine.State, p int, a *engine.Action) int {
	own := func(src int8) bool { return src >= 0 && s.Tiles[src].Owner == uint8(p+1) }
	n := 0
	for i := 0; i < int(a.NCoal); i++ {
		if own(a.Coal[i]) {
			n++
		}
	}
	for i := 0; i < int(a.NIron); i++ {
		if own(a.Iron[i]) {
			n++
		}
	}
	for i := 0; i < int(a.NBeer); i++ {
		if own(a.Beer[i]) {
			n--
		}
	}
	return n
}

// score applies a to a copy of s and returns player p's relative evaluation afterwards.
func (t *thinker) score(s *engine.State, a *engine.Action, p int) (float64, bool) {
	if drawsDistant(a) {
		return overDistant(s, func(c *engine.State) (float64, bool) {
			if err := c.Apply(a); err != nil {
				return 0, false
			}
			return t.eval(c, p), true
		})
	}
	// Not through overDistant's closure: a copy handed to a function value escapes to the
	// heap, and this is the bots' hottest path (measured: Medium 1.7× slower that way).
	c := *s
	if err := c.Apply(a); err != nil {
		return 0, false
	}
	return t.eval(&c, p), true
}

// eval is player p's relative evaluation of s.
func (t *thinker) eval(s *engine.State, p int) float64 {
	t.evals++
	var proj [engine.MaxPlayers]float64
	t.ev.project(s, &proj)
	return t.ev.relative(&proj, int(s.NumPlayers), p)
}

// rated is a candidate action with its value.
type rated struct {
	a engine.Action
	v float64
	n int // Hard: the deals it was played forward on (its v is their mean; 0: not played)
}

// rateAll rates every candidate by the position right after it.
func (t *thinker) rateAll(s *engine.State, out []rated) []rated {
	var cbuf [256]engine.Action
	p := s.Actor()
	for _, a := range t.candidates(s, cbuf[:0]) {
		if v, ok := t.score(s, &a, p); ok {
			out = append(out, rated{a: a, v: v})
		}
	}
	return out
}

// greedy returns the candidate with the best value right after it. With noise > 0 each
// value gets a random disturbance of that size (Easy's mistakes).
func (t *thinker) greedy(s *engine.State, noise float64) (engine.Action, bool) {
	var cbuf [256]engine.Action
	p := s.Actor()
	best, bestV, found := engine.Action{}, math.Inf(-1), false
	for _, a := range t.candidates(s, cbuf[:0]) {
		v, ok := t.score(s, &a, p)
		if !ok {
			continue
		}
		if noise > 0 {
			v += noise * (t.r.Float64()*2 - 1)
		}
		if v > bestV {
			best, bestV, found = a, v, true
		}
	}
	return best, found
}

// turnKey identifies the turn in progress.
func turnKey(s *engine.State) uint32 {
	return uint32(s.Era)<<16 | uint32(s.Round)<<8 | uint32(s.TurnPos)
}

// finishTurn plays the rest of the current turn of player p greedily (the second action,
// further sales of a Sell action).
func (t *thinker) finishTurn(s *engine.State, p int) {
	key := turnKey(s)
	for s.Phase != engine.PhaseOver && s.Phase != engine.PhaseShortfall && s.Actor() == p && turnKey(s) == key {
		a, ok := t.greedy(s, 0)
		if !ok || s.Apply(&a) != nil {
			return
		}
	}
}

// planTurn rates the first actions of the turn by the whole turn: each of the most
// promising candidates (the best overall plus the best of each kind, so that a loan or a
// develop that pays off only with the next action is tried) is applied, the rest of the turn
// is played greedily and the position evaluated. The result is sorted, best first.
func (t *thinker) planTurn(s *engine.State, width, perKind int) []rated {
	p := s.Actor()
	all := t.rateAll(s, nil)
	sort.SliceStable(all, func(i, j int) bool { return all[i].v > all[j].v })
	var picked []rated
	var kinds [16]int
	for i, r := range all {
		k := int(r.a.Kind)
		if i < width || kinds[k] < perKind {
			picked = append(picked, r)
		}
		kinds[k]++
	}
	key := turnKey(s)
	for i := range picked {
		if drawsDistant(&picked[i].a) {
			// judged by the odds of the tile drawn, the rest of the turn played after each
			if v, ok := overDistant(s, func(c *engine.State) (float64, bool) {
				if err := c.Apply(&picked[i].a); err != nil {
					return 0, false
				}
				if c.Phase != engine.PhaseOver && c.Actor() == p && turnKey(c) == key {
					t.finishTurn(c, p)
				}
				return t.eval(c, p), true
			}); ok {
				picked[i].v = v
			}
			continue
		}
		c := *s
		if err := c.Apply(&picked[i].a); err != nil {
			continue
		}
		if c.Phase != engine.PhaseOver && c.Actor() == p && turnKey(&c) == key {
			t.finishTurn(&c, p)
			picked[i].v = t.eval(&c, p)
		}
	}
	sort.SliceStable(picked, func(i, j int) bool { return picked[i].v > picked[j].v })
	return picked
}
