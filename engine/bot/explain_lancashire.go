package bot

import (
	"math/bits"
	"strconv"

	"brass/engine"
)

// The hints' sentences for what only editions with ports have (Lancashire): cotton sold to
// a port or to the Distant Market, ports and shipyards built, loans of several sizes.

// outlets lists where the cotton of the mill on sp can be sold now: the unflipped ports
// connected to it ("the port in Preston") and the Distant Market while it still buys and a
// port or external location is connected.
func (x *explainer) outlets(st *engine.State, sp int) []string {
	var comp [64]int8
	x.b.components(st, &comp)
	c := comp[x.ed.Spaces[sp].Location]
	var out []string
	anchored := false
	for m := x.b.facts.external; m != 0; m &= m - 1 {
		if comp[bits.TrailingZeros64(m)] == c {
			anchored = true
		}
	}
	for o := range x.ed.Spaces {
		t := st.Tiles[o]
		if t.Owner == 0 || t.Industry != engine.Port || comp[x.ed.Spaces[o].Location] != c {
			continue
		}
		anchored = true
		if name := "the port in " + x.spaceTown(o); !t.Flipped && !contains(out, name) {
			out = append(out, name)
		}
	}
	if anchored && st.DistantOpen() {
		out = append(out, "the Distant Market")
	}
	return out
}

// sellCotton: "Sell cotton from your Cotton Mill II in Bolton to the port in Preston: …".
func (x *explainer) sellCotton(a engine.Action) string {
	sp := int(a.Space)
	t := x.s.Tiles[sp]
	spec := x.s.TileSpec(t)
	gain := strconv.Itoa(spec.VP) + " VP and income +" + plural(spec.Income, "space")
	if a.Port == engine.ToDistantMarket {
		head := "Sell cotton from your " + x.tileName(t) + " in " + x.spaceTown(sp) + " to the Distant Market"
		why := "it flips for " + gain
		if bonus := x.ed.DemandBonus[x.s.Demand]; bonus > 0 {
			why += " with a demand bonus of up to +" + plural(bonus, "space")
		}
		return head + ": " + why + ", unless the demand tile drawn moves the marker to X and the sale fails."
	}
	port := int(a.Port) - 1
	pt := x.s.Tiles[port]
	head := "Sell cotton from your " + x.tileName(t) + " in " + x.spaceTown(sp) + " to the port in " + x.spaceTown(port)
	why := []string{"it flips for " + gain}
	pspec := x.s.TileSpec(pt)
	if int(pt.Owner) == x.p+1 {
		why = append(why, "your "+x.tileName(pt)+" flips too for "+strconv.Itoa(pspec.VP)+" VP")
	} else {
		why = append(why, "a sure sale, with no Distant Market tile drawn")
	}
	return sentence(head, why)
}

// buildPortEdition gives the reasons for building a Cotton Mill, Port or Shipyard where
// cotton sells to ports.
func (x *explainer) buildPortEdition(a engine.Action, t engine.Tile, spec *engine.TileSpec) []string {
	sp := int(a.Space)
	gain := strconv.Itoa(spec.VP) + " VP and income +" + plural(spec.Income, "space")
	switch {
	case t.Flipped:
		// a shipyard flips as soon as it is built
		return []string{"it flips at once for " + gain}
	case a.Industry == engine.Port:
		var comp [64]int8
		x.b.components(x.t, &comp)
		c := comp[x.ed.Spaces[sp].Location]
		mills := 0
		for o := range x.ed.Spaces {
			u := x.t.Tiles[o]
			if u.Owner != 0 && u.Industry == engine.Cotton && !u.Flipped && comp[x.ed.Spaces[o].Location] == c {
				mills++
			}
		}
		why := "a Cotton Mill that sells to it flips it for " + gain
		if mills > 0 {
			why += ", and " + plural(mills, "unsold Cotton Mill") + " already connect to it"
		}
		return []string{why, "it opens the Distant Market and the coal market to the mills and mines joined to it"}
	}
	if out := x.outlets(x.t, sp); len(out) > 0 {
		return []string{"it can sell its cotton to " + out[0] + " for " + gain}
	}
	return []string{"once connected to a port or the Distant Market, it sells for " + gain}
}

// loanAmount is the money a loan action borrows.
func (x *explainer) loanAmount(a engine.Action) int {
	return max(int(a.Loan), 1) * x.ed.Rules.LoanAmount
}

// developFirst explains a Develop that removes only level-0 tiles (Lancashire's shipyards),
// or returns "".
func (x *explainer) developFirst(a engine.Action) string {
	ind := a.Dev[0]
	used := int(x.s.Players[x.p].MatUsed[ind])
	for i := 0; i < int(a.NDev); i++ {
		if a.Dev[i] != ind || used+i >= len(x.ed.Mats[ind]) || x.ed.Mats[ind][used+i].Level != 0 {
			return ""
		}
	}
	head := "Develop away your level-0 " + ind.Name()
	if a.NDev > 1 {
		head += "s"
	}
	spec, ok := x.t.NextTile(x.p, ind)
	if !ok || spec.Level == 0 {
		return head + ", which can never be built."
	}
	why := "your next tile becomes " + ind.Name() + " " + roman[spec.Level] + ", worth " + strconv.Itoa(spec.VP) + " VP"
	if spec.FlipOnBuild {
		why += " as soon as it is built"
	}
	if x.s.Era == engine.Canal && !spec.CanalOK {
		why += " in the Rail Era"
	}
	return head + ": " + why + "."
}
