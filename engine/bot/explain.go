package bot

import (
	"math/rand/v2"
	"strconv"
	"strings"

	"brass/engine"
)

// explain says in one sentence why action a is good for seat, from facts of the position
// before and after it: money, income, points, flips and connections. sm samples a complete
// game for applying the action (what it reports does not depend on the hidden cards).
func explain(sm *sampler, seat int, a engine.Action, seed uint64) string {
	var before engine.State
	sm.sample(rand.New(rand.NewPCG(seed, 0x68696e74)), &before)
	after := before
	if err := after.Apply(&a); err != nil {
		return "The bot's choice."
	}
	x := explainer{b: sm.b, ed: sm.b.ed, s: &before, t: &after, p: seat}
	switch a.Kind {
	case engine.KindBuild:
		return x.build(a)
	case engine.KindNetwork:
		return x.network(a)
	case engine.KindDevelop:
		return x.develop(a)
	case engine.KindSell:
		return x.sell(a)
	case engine.KindEndSell:
		if sm.b.facts.ports {
			return "Stop selling: the other sales you could make now gain less than they risk or give away (a Distant Market tile drawn, an opponent's port flipped)."
		}
		return "Stop selling: the other sales you could make now are worth less than keeping the beer they would use."
	case engine.KindLoan:
		return x.loan(a)
	case engine.KindScout:
		return "Scout for a Wild Location and a Wild Industry card: the cards in your hand do not build what you need where you need it."
	case engine.KindPass:
		return "Pass, discarding " + x.ed.Cards[a.Card].Name + ": no action gains enough to be worth its cost now."
	case engine.KindRemoveTile:
		t := before.Tiles[a.Space]
		return "Remove your " + x.tileName(t) + " in " + x.spaceTown(int(a.Space)) + ": it raises £" +
			strconv.Itoa(before.TileSpec(t).Cost/2) + " towards your negative income and costs you the least."
	}
	return "The bot's choice."
}

// explainer holds the position before (s) and after (t) the action of player p.
type explainer struct {
	b    *board
	ed   *engine.Edition
	s, t *engine.State
	p    int
}

var roman = []string{"", "I", "II", "III", "IV", "V", "VI", "VII", "VIII"}

func (x *explainer) tileName(t engine.Tile) string {
	lv := x.s.TileSpec(t).Level
	if lv < len(roman) {
		return t.Industry.Name() + " " + roman[lv]
	}
	return t.Industry.Name()
}

func (x *explainer) spaceTown(sp int) string { return x.ed.Locations[x.ed.Spaces[sp].Location].Name }

// income describes the change of the player's income level, or "".
func (x *explainer) income() string {
	d := x.t.IncomeLevel(x.p) - x.s.IncomeLevel(x.p)
	if d <= 0 {
		return ""
	}
	return "income +" + strconv.Itoa(d) + " (level " + strconv.Itoa(x.t.IncomeLevel(x.p)) + ")"
}

// received is the money the action brought in (market sales, bonuses).
func (x *explainer) received() int {
	return int(x.t.Players[x.p].Received - x.s.Players[x.p].Received)
}

// buyers lists the merchants a tile can be sold to now (connected and buying its industry).
func (x *explainer) buyers(st *engine.State, sp int) []string {
	var comp [64]int8
	x.b.components(st, &comp)
	c := comp[x.ed.Spaces[sp].Location]
	ind := st.Tiles[sp].Industry
	var out []string
	for m, ms := range x.ed.MerchantSpaces {
		slot := st.Merchants[m]
		if slot.Tile == 0 || comp[ms.Location] != c {
			continue
		}
		for _, b := range x.ed.MerchantTiles[slot.Tile-1].Buys {
			name := x.ed.Locations[ms.Location].Name
			if b == ind && !contains(out, name) {
				out = append(out, name)
			}
		}
	}
	return out
}

func (x *explainer) build(a engine.Action) string {
	sp := int(a.Space)
	t := x.t.Tiles[sp]
	spec := x.t.TileSpec(t)
	head := "Build " + article(x.tileName(t)) + " in " + x.spaceTown(sp)
	if twoCards(&a) {
		head += " with two cards (both actions)"
	}
	var why []string
	switch {
	case x.b.facts.ports && a.Industry != engine.Coal && a.Industry != engine.Iron:
		why = x.buildPortEdition(a, t, spec)
	default:
		why = x.buildBirmingham(a, t, spec)
	}
	if x.s.Era == engine.Canal && spec.Level >= 2 {
		why = append(why, "as a level "+roman[spec.Level]+" tile it stays on the board for the Rail Era")
	}
	return sentence(head, why)
}

// buildBirmingham gives the reasons for a build: what coal and iron it sells, what its beer
// lets the player sell, who buys what it makes.
func (x *explainer) buildBirmingham(a engine.Action, t engine.Tile, spec *engine.TileSpec) []string {
	sp := int(a.Space)
	var why []string
	switch a.Industry {
	case engine.Coal, engine.Iron:
		what := "coal"
		sold := int(x.t.CoalMarket) - int(x.s.CoalMarket)
		if a.Industry == engine.Iron {
			what = "iron"
			sold = int(x.t.IronMarket) - int(x.s.IronMarket)
		}
		if sold > 0 {
			why = append(why, "it sells "+strconv.Itoa(sold)+" "+what+" to the market for £"+strconv.Itoa(x.received()))
		}
		if t.Flipped {
			flip := "flips at once for " + strconv.Itoa(spec.VP) + " VP"
			if inc := x.income(); inc != "" {
				flip += " with " + inc
			}
			why = append(why, flip)
		} else if t.Cubes > 0 {
			why = append(why, "its "+strconv.Itoa(int(t.Cubes))+" "+what+" will flip it when used ("+strconv.Itoa(spec.VP)+" VP)")
		}
	case engine.Brewery:
		// own tiles with a buyer connected: the new beer can go to their sale
		var sellers []string
		for o := range x.ed.Spaces {
			u := x.t.Tiles[o]
			if u.Owner == uint8(x.p+1) && !u.Flipped && sellable(u.Industry) && len(x.buyers(x.t, o)) > 0 {
				sellers = append(sellers, "your "+x.tileName(u)+" in "+x.spaceTown(o))
			}
		}
		if len(sellers) > 0 {
			why = append(why, "its beer lets you sell "+sellers[0])
		} else {
			why = append(why, "it holds "+strconv.Itoa(int(t.Cubes))+" beer for sales and flips for "+strconv.Itoa(spec.VP)+" VP when they are drunk")
		}
	default:
		gain := strconv.Itoa(spec.VP) + " VP and income +" + plural(spec.Income, "space")
		b := x.buyers(x.t, sp)
		switch {
		case len(b) > 0 && x.class(sp) == classSellReady:
			why = append(why, "it can be sold to "+b[0]+", with beer in reach, for "+gain)
		case len(b) > 0:
			why = append(why, "it can be sold to "+b[0]+" for "+gain+" once there is beer for it")
		default:
			why = append(why, "once linked to a merchant that buys it, it sells for "+gain)
		}
	}
	return why
}

func (x *explainer) network(a engine.Action) string {
	kind := "canal"
	if x.s.Era == engine.Rail {
		kind = "rail"
	}
	names := make([]string, a.NLinks)
	for i := range names {
		names[i] = x.ed.LinkName(int(a.Links[i]))
	}
	head := "Build the " + kind + " " + strings.Join(names, " and ")
	var why []string
	// tiles of the player that gain a buyer through the new links
	for sp := range x.ed.Spaces {
		u := x.t.Tiles[sp]
		if u.Owner != uint8(x.p+1) || u.Flipped || !sellable(u.Industry) {
			continue
		}
		if x.b.facts.ports {
			if len(x.outlets(x.s, sp)) == 0 {
				if b := x.outlets(x.t, sp); len(b) > 0 {
					why = append(why, "it connects your "+x.tileName(u)+" in "+x.spaceTown(sp)+" to "+b[0])
					break
				}
			}
			continue
		}
		if len(x.buyers(x.s, sp)) == 0 {
			if b := x.buyers(x.t, sp); len(b) > 0 {
				why = append(why, "it connects your "+x.tileName(u)+" in "+x.spaceTown(sp)+" to the merchant at "+b[0])
				break
			}
		}
	}
	icons := 0
	for i := 0; i < int(a.NLinks); i++ {
		icons += x.t.LinkVP(int(a.Links[i]))
	}
	if icons > 0 {
		why = append(why, "it would score "+strconv.Itoa(icons)+" VP if the era ended now")
	}
	if len(why) == 0 {
		why = append(why, "it extends your network towards places to build and sell")
	}
	return sentence(head, why)
}

func (x *explainer) develop(a engine.Action) string {
	if s := x.developFirst(a); s != "" {
		return s
	}
	var gone, next []string
	for i := 0; i < int(a.NDev); i++ {
		ind := a.Dev[i]
		spec := &x.ed.Mats[ind][x.s.Players[x.p].MatUsed[ind]+uint8(countBefore(a, i, ind))]
		gone = append(gone, ind.Name()+" "+roman[spec.Level])
	}
	for i := 0; i < int(a.NDev); i++ {
		ind := a.Dev[i]
		if countBefore(a, i, ind) > 0 {
			continue
		}
		if spec, ok := x.t.NextTile(x.p, ind); ok {
			next = append(next, ind.Name()+" "+roman[spec.Level]+" ("+strconv.Itoa(spec.VP)+" VP)")
		}
	}
	head := "Develop " + strings.Join(gone, " and ")
	if len(next) == 0 {
		return head + "."
	}
	return head + ": your next tile becomes " + strings.Join(next, " and ") + "."
}

// countBefore counts the entries of a's develop list before i that name ind.
func countBefore(a engine.Action, i int, ind engine.Industry) int {
	n := 0
	for j := 0; j < i; j++ {
		if a.Dev[j] == ind {
			n++
		}
	}
	return n
}

func (x *explainer) sell(a engine.Action) string {
	sp := int(a.Space)
	t := x.s.Tiles[sp]
	spec := x.s.TileSpec(t)
	if a.Port != 0 {
		return x.sellCotton(a)
	}
	m := x.ed.MerchantSpaces[a.Merchant]
	head := "Sell your " + x.tileName(t) + " in " + x.spaceTown(sp) + " to " + x.ed.Locations[m.Location].Name
	why := []string{"it flips for " + strconv.Itoa(spec.VP) + " VP at the end of the era"}
	if inc := x.income(); inc != "" {
		why = append(why, inc)
	}
	if r := x.received(); r > 0 {
		why = append(why, "the merchant's beer adds £"+strconv.Itoa(r))
	} else if dv := x.t.Players[x.p].VP - x.s.Players[x.p].VP; dv > 0 {
		why = append(why, "the merchant's beer adds "+strconv.Itoa(int(dv))+" VP")
	}
	return sentence(head, why)
}

func (x *explainer) loan(a engine.Action) string {
	money := int(x.s.Players[x.p].Money)
	level := " (income falls to level " + strconv.Itoa(x.t.IncomeLevel(x.p)) + ")"
	take := "Take a £" + strconv.Itoa(x.loanAmount(a)) + " loan"
	if money < 15 {
		return take + level + ": with only £" + strconv.Itoa(money) + " you cannot pay for the builds and links ahead."
	}
	return take + level + ": the money pays for more of your next actions than the lost income costs you in the rounds left."
}

// class is the evaluation's class of the player's tile on sp after the action.
func (x *explainer) class(sp int) int {
	ev := newEvaluator(x.b, &profiles[Hard].w, nil)
	var proj [engine.MaxPlayers]float64
	ev.project(x.t, &proj)
	return ev.tileClass(x.t, sp, x.t.Tiles[sp], x.p)
}

// sentence joins a head and reasons: "Head: a, b and c."
func sentence(head string, why []string) string {
	switch len(why) {
	case 0:
		return head + "."
	case 1:
		return head + ": " + why[0] + "."
	}
	return head + ": " + strings.Join(why[:len(why)-1], ", ") + " and " + why[len(why)-1] + "."
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// article puts "a" or "an" before a name.
func article(name string) string {
	if name != "" && strings.ContainsRune("AEIOU", rune(name[0])) {
		return "an " + name
	}
	return "a " + name
}

// plural is "1 space", "3 spaces".
func plural(n int, what string) string {
	if n == 1 {
		return "1 " + what
	}
	return strconv.Itoa(n) + " " + what + "s"
}
