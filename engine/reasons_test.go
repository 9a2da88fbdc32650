package engine

import (
	"errors"
	"fmt"
	"runtime"
	"testing"
)

// The property test of issue 11: in many positions from seeded random play, every legal
// action is varied one field at a time (the card, the industry, the space, a link, a
// source, the merchant, a developed industry). Whenever a variation is refused, its
// reason must name a rule that the variation really breaks. For the common rules the test
// works the condition out on its own, from the board data and the position, without the
// engine's rule functions (wrong card, card not held, not in the network, no icon, space
// taken, a second tile in a location in the Canal Era, a single-icon space first, no coal
// connection, not enough money, link taken or not touching the network), and checks it
// both ways: a refusal naming one of these rules has its condition true, and a variation
// with any of these conditions true is refused.

// world is what the test computes on its own about a position for player p.
type world struct {
	s        *State
	p        int
	network  uint64 // locations with p's tiles or next to p's links
	anyTiles bool   // p has an industry or link tile on the board
}

func newWorld(s *State, p int) world {
	w := world{s: s, p: p}
	for sp, sd := range s.ed.Spaces {
		if int(s.Tiles[sp].Owner) == p+1 {
			w.network |= 1 << uint(sd.Location)
			w.anyTiles = true
		}
	}
	for l, ld := range s.ed.Links {
		if int(s.Links[l]) == p+1 {
			for _, loc := range ld.Locations {
				w.network |= 1 << uint(loc)
			}
			w.anyTiles = true
		}
	}
	return w
}

// connected is every location joined to the start set by built links (breadth first).
func (w world) connected(start uint64) uint64 {
	seen := start
	for changed := true; changed; {
		changed = false
		for l, ld := range w.s.ed.Links {
			if w.s.Links[l] == 0 {
				continue
			}
			touches, all := false, uint64(0)
			for _, loc := range ld.Locations {
				all |= 1 << uint(loc)
				if seen&(1<<uint(loc)) != 0 {
					touches = true
				}
			}
			if touches && all&^seen != 0 {
				seen |= all
				changed = true
			}
		}
	}
	return seen
}

func (w world) holds(k CardKind) bool {
	return int(k) < len(w.s.ed.Cards) && w.s.Players[w.p].Hand[k] > 0
}

// wrongCard: a location card for another town, a wild location card outside a town, an
// industry card without the industry's icon ("Build Action" step 1, "Farm Breweries").
func (w world) wrongCard(k CardKind, ind Industry, loc int) bool {
	c := w.s.ed.Cards[k]
	switch c.Type {
	case LocationCard:
		return c.Location != loc
	case WildLocationCard:
		return w.s.ed.Locations[loc].Kind != Town
	}
	for _, i := range c.Industries {
		if i == ind {
			return false
		}
	}
	return true
}

// notInNetwork: an industry card used outside the network by a player with tiles on the board.
func (w world) notInNetwork(k CardKind, loc int) bool {
	t := w.s.ed.Cards[k].Type
	return (t == IndustryCard || t == WildIndustryCard) && w.anyTiles && w.network&(1<<uint(loc)) == 0
}

func (w world) noIcon(sp int, ind Industry) bool {
	for _, i := range w.s.ed.Spaces[sp].Icons {
		if i == ind {
			return false
		}
	}
	return true
}

// spaceTaken: the space holds a tile that this tile may not overbuild ("Overbuilding").
func (w world) spaceTaken(sp int, ind Industry, level int) bool {
	t := w.s.Tiles[sp]
	if t.Owner == 0 {
		return false
	}
	if t.Industry != ind || w.s.ed.Mats[t.Industry][t.Spec].Level >= level {
		return true
	}
	if int(t.Owner) == w.p+1 {
		return false
	}
	if ind != Coal && ind != Iron {
		return true
	}
	if ind == Coal && w.s.CoalMarket > 0 || ind == Iron && w.s.IronMarket > 0 {
		return true
	}
	for o := range w.s.ed.Spaces {
		if w.s.Tiles[o].Owner != 0 && w.s.Tiles[o].Industry == ind && w.s.Tiles[o].Cubes > 0 {
			return true
		}
	}
	return false
}

// secondTile: in the Canal Era, p already has a tile on another space of the location.
func (w world) secondTile(sp int) bool {
	if w.s.Era != Canal {
		return false
	}
	loc := w.s.ed.Spaces[sp].Location
	for o, od := range w.s.ed.Spaces {
		if o != sp && od.Location == loc && int(w.s.Tiles[o].Owner) == w.p+1 {
			return true
		}
	}
	return false
}

// singleIconFirst: an empty shared space chosen while a single-icon space for the industry
// is empty in the same location.
func (w world) singleIconFirst(sp int, ind Industry) bool {
	sd := w.s.ed.Spaces[sp]
	if len(sd.Icons) < 2 || w.s.Tiles[sp].Owner != 0 {
		return false
	}
	for o, od := range w.s.ed.Spaces {
		if o != sp && od.Location == sd.Location && w.s.Tiles[o].Owner == 0 && len(od.Icons) == 1 && od.Icons[0] == ind {
			return true
		}
	}
	return false
}

// noCoal: fewer coal cubes on connected unflipped mines than needed, and no merchant
// connected to buy the rest from the market ("Consuming Coal").
func (w world) noCoal(at uint64, need int) bool {
	if need == 0 {
		return false
	}
	reach := w.connected(at)
	cubes := 0
	for sp, sd := range w.s.ed.Spaces {
		t := w.s.Tiles[sp]
		if t.Owner != 0 && t.Industry == Coal && !t.Flipped && reach&(1<<uint(sd.Location)) != 0 {
			cubes += int(t.Cubes)
		}
	}
	for loc, ld := range w.s.ed.Locations {
		if ld.Kind == MerchantLocation && reach&(1<<uint(loc)) != 0 {
			return false
		}
	}
	return cubes < need
}

// marketCost is what the named market units cost: the cheapest filled spaces first, £8
// (coal) or £6 (iron) when the market is empty (fact sheet §7).
func marketCost(prices []int, empty int, count int, units int) int {
	cost := 0
	for i := 0; i < units; i++ {
		if count == 0 {
			cost += empty
			continue
		}
		cost += prices[len(prices)-count]
		count--
	}
	return cost
}

func countMarket(list []int8) int {
	n := 0
	for _, v := range list {
		if v == SrcMarket {
			n++
		}
	}
	return n
}

// brokenBy lists, for a varied action, the common conditions it breaks, by rule. price is
// what the action costs at least; exact says it costs exactly that (every coal and iron
// unit is named, so no default source adds to it).
func (w world) brokenBy(a *Action) (out map[Rule]bool, price int, exact bool) {
	s := w.s
	out = map[Rule]bool{}
	exact = true
	discards := []CardKind{a.Card} // the cards discarded together must all be in the hand
	if a.Kind == KindScout {
		discards = append(discards, a.Cards[:a.NCards]...)
	}
	for _, k := range discards {
		n := 0
		for _, x := range discards {
			if x == k {
				n++
			}
		}
		if k != NoCard && (int(k) >= len(s.ed.Cards) || int(s.Players[w.p].Hand[k]) < n) {
			out[RuleCardNotHeld] = true
		}
	}
	money := int(s.Players[w.p].Money)
	switch a.Kind {
	case KindBuild:
		sp, ind := int(a.Space), a.Industry
		used := int(s.Players[w.p].MatUsed[ind])
		if used >= len(s.ed.Mats[ind]) {
			return out, 0, false
		}
		spec := s.ed.Mats[ind][used]
		loc := s.ed.Spaces[sp].Location
		if w.holds(a.Card) && w.wrongCard(a.Card, ind, loc) {
			out[RuleCardLocation], out[RuleWildLocationFarm], out[RuleCardIndustry] = true, true, true
		}
		if w.holds(a.Card) && !w.wrongCard(a.Card, ind, loc) && w.notInNetwork(a.Card, loc) {
			out[RuleNotInNetwork] = true
		}
		if w.noIcon(sp, ind) {
			out[RuleNoIcon] = true
		} else {
			if w.secondTile(sp) {
				out[RuleCanalOneTile] = true
			}
			if w.spaceTaken(sp, ind, spec.Level) {
				out[RuleSpaceTaken], out[RuleOverbuildLevel], out[RuleOverbuildOpponent], out[RuleOverbuildResource] = true, true, true, true
			}
			if w.singleIconFirst(sp, ind) {
				out[RuleSingleIconFirst] = true
			}
		}
		if w.noCoal(1<<uint(loc), spec.Coal) {
			out[RuleNoCoalConnection] = true
		}
		price = spec.Cost + marketCost(s.ed.CoalMarket.Prices, s.ed.CoalMarket.EmptyPrice, int(s.CoalMarket), countMarket(a.Coal[:a.NCoal])) +
			marketCost(s.ed.IronMarket.Prices, s.ed.IronMarket.EmptyPrice, int(s.IronMarket), countMarket(a.Iron[:a.NIron]))
		exact = int(a.NCoal) >= spec.Coal && int(a.NIron) >= spec.Iron
	case KindNetwork:
		price = s.ed.Rules.CanalLinkCost
		if s.Era == Rail {
			price = s.ed.Rules.RailLinkCost
			if a.NLinks == 2 {
				price = s.ed.Rules.DoubleRailCost
			}
			exact = a.NCoal == a.NLinks
		}
		price += marketCost(s.ed.CoalMarket.Prices, s.ed.CoalMarket.EmptyPrice, int(s.CoalMarket), countMarket(a.Coal[:a.NCoal]))
		network, anywhere := w.network, !w.anyTiles
		for i := 0; i < int(a.NLinks); i++ {
			l := int(a.Links[i])
			if s.Links[l] != 0 || i == 1 && a.Links[0] == a.Links[1] {
				out[RuleLinkBuilt] = true
			}
			near := anywhere
			for _, loc := range s.ed.Links[l].Locations {
				near = near || network&(1<<uint(loc)) != 0
			}
			if !near {
				out[RuleLinkNotInNetwork] = true
			}
			for _, loc := range s.ed.Links[l].Locations {
				network |= 1 << uint(loc)
			}
			anywhere = false
		}
	case KindSell:
		sp := int(a.Space)
		if int(s.Tiles[sp].Owner) != w.p+1 {
			out[RuleNoTileToSell] = true
		} else if ms := s.ed.MerchantSpaces[a.Merchant]; w.connected(1<<uint(s.ed.Spaces[sp].Location))&(1<<uint(ms.Location)) == 0 {
			out[RuleNotConnected] = true
		}
	}
	if money < price {
		out[RuleMoney] = true
	}
	return out, price, exact
}

// commonRules are the rules whose conditions brokenBy works out.
var commonRules = []Rule{RuleCardNotHeld, RuleCardLocation, RuleWildLocationFarm, RuleCardIndustry, RuleNotInNetwork,
	RuleNoIcon, RuleCanalOneTile, RuleSpaceTaken, RuleOverbuildLevel, RuleOverbuildOpponent, RuleOverbuildResource,
	RuleSingleIconFirst, RuleNoCoalConnection, RuleMoney, RuleLinkBuilt, RuleLinkNotInNetwork, RuleNoTileToSell,
	RuleNotConnected}

// variations changes one field of a legal action at a time.
func variations(s *State, a Action) []Action {
	var out []Action
	vary := func(change func(v *Action)) {
		v := a
		change(&v)
		if v != a {
			out = append(out, v)
		}
	}
	if a.Card != NoCard {
		for k := range s.ed.Cards {
			vary(func(v *Action) { v.Card = CardKind(k) })
		}
	}
	switch a.Kind {
	case KindBuild:
		for sp := range s.ed.Spaces {
			vary(func(v *Action) { v.Space = int8(sp) })
		}
		for _, ind := range Industries {
			vary(func(v *Action) { v.Industry = ind })
		}
	case KindNetwork:
		for l := range s.ed.Links {
			vary(func(v *Action) { v.Links[0] = int8(l) })
			if a.NLinks == 2 {
				vary(func(v *Action) { v.Links[1] = int8(l) })
			}
		}
	case KindSell:
		for m := range s.ed.MerchantSpaces {
			vary(func(v *Action) { v.Merchant = int8(m) })
		}
		for sp := range s.ed.Spaces {
			vary(func(v *Action) { v.Space = int8(sp) })
		}
	case KindDevelop:
		for _, ind := range Industries {
			vary(func(v *Action) { v.Dev[0] = ind })
		}
	}
	// Sources: the market or merchant beer, and every space with a tile (the others are
	// refused alike, so one empty space stands for them).
	sources := []int8{SrcMarket, SrcMerchant, none}
	for sp := range s.ed.Spaces {
		if s.Tiles[sp].Owner != 0 || sp == 0 {
			sources = append(sources, int8(sp))
		}
	}
	for _, src := range sources {
		for i := 0; i < int(a.NCoal); i++ {
			vary(func(v *Action) { v.Coal[i] = src })
		}
		for i := 0; i < int(a.NIron); i++ {
			vary(func(v *Action) { v.Iron[i] = src })
		}
		for i := 0; i < int(a.NBeer); i++ {
			vary(func(v *Action) { v.Beer[i] = src })
		}
	}
	return out
}

func TestReasonsNameABrokenRule(t *testing.T) {
	// The wasm run under Node is several times slower: it checks fewer positions.
	games, files, every := 12, []string{"game-3p.json", "game-4p.json"}, 5
	if testing.Short() || runtime.GOARCH == "wasm" {
		games, files, every = 3, []string{"game-3p.json"}, 15
	}
	seen := map[Rule]int{}
	refused := 0
	check := func(name string, s *State, legal []Action, step int) {
		w := newWorld(s, s.Actor())
		for i, a := range legal {
			if i%4 != step%4 { // a quarter of the legal actions, a different quarter each time
				continue
			}
			for _, v := range variations(s, a) {
				c := *s
				err := c.Apply(&v)
				broken, price, exact := w.brokenBy(&v)
				common := false
				for r := range broken {
					common = common || broken[r]
				}
				where := fmt.Sprintf("%s step %d: %v varied to %v", name, step, s.ed.Encode(a), v)
				if err == nil {
					if common {
						t.Fatalf("%s: accepted, but it breaks %v", where, broken)
					}
					continue
				}
				refused++
				var e *Error
				if !errors.As(err, &e) || e.Reason.Rule == RuleNone {
					t.Fatalf("%s: refusal without a rule: %v", where, err)
				}
				rule := e.Reason.Rule
				seen[rule]++
				isCommon := false
				for _, r := range commonRules {
					isCommon = isCommon || r == rule
				}
				if rule == RuleMoney && !exact {
					// Default sources were added: the price is only known to be at least price.
					broken[RuleMoney] = int(e.Reason.N) >= price && int(e.Reason.N) > int(s.Players[w.p].Money)
				}
				if rule == RuleMoney && exact && int(e.Reason.N) != price {
					t.Fatalf("%s: refused for a price of £%d, not £%d", where, e.Reason.N, price)
				}
				if isCommon && !broken[rule] {
					t.Fatalf("%s: refused for %s (%q), which it does not break (it breaks %v)", where, rule, e.Msg, broken)
				}
			}
		}
	}
	// Positions from seeded random play, and from the recorded fixture games (greedy play,
	// with fuller boards).
	for g := 0; g < games; g++ {
		players := 2 + g%3
		name := fmt.Sprintf("%dp seed %d", players, 7000+g)
		playRandom(t, players, uint64(7000+g), func(s *State, legal []Action, step int) {
			if step%6 == 3 && s.Phase == PhaseAction {
				check(name, s, legal, step)
			}
		})
	}
	for _, file := range files {
		f := loadFixture(t, file)
		g, err := NewGame(f.Record.Config)
		if err != nil {
			t.Fatal(err)
		}
		for step, m := range f.Record.Moves {
			if s := g.State(); step%every == 2 && s.Phase == PhaseAction {
				check(file, s, s.Legal(nil), step)
			}
			if err := g.Apply(m); err != nil {
				t.Fatal(err)
			}
		}
	}
	t.Logf("%d refusals: %v", refused, seen)
	for _, r := range []Rule{RuleCardNotHeld, RuleCardLocation, RuleCardIndustry, RuleNotInNetwork, RuleNoIcon,
		RuleCanalOneTile, RuleSpaceTaken, RuleNoCoalConnection, RuleMoney, RuleLinkBuilt, RuleLinkNotInNetwork, RuleSource} {
		if seen[r] == 0 {
			t.Errorf("no variation was refused for %s: the positions do not exercise it", r)
		}
	}
}

// TestEveryRuleHasAnIDAndAMessage: rule ids are distinct and stable names, and every rule
// has its own message (not the fallback).
func TestEveryRuleHasAnIDAndAMessage(t *testing.T) {
	s, _ := New(Config{Edition: "birmingham", Players: 3, Seed: 1})
	fallback := s.reasonText(Reason{Rule: numRules})
	ids := map[string]Rule{}
	for r := RuleNone + 1; r < numRules; r++ {
		if id := r.String(); id == "" || ids[id] != 0 {
			t.Errorf("rule %d: id %q empty or shared with %d", r, id, ids[id])
		}
		ids[r.String()] = r
		if msg := s.refusal(Reason{Rule: r}).Msg; msg == "" || msg == fallback {
			t.Errorf("rule %s has no message of its own", r)
		}
	}
}
