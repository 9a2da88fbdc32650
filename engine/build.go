package engine

import "math/bits"

// The Build action ("Build Action", "Canal Era Building", "Rail Era Building",
// "Overbuilding", "Farm Breweries", "Building If You Have No Tiles on the Board").

// nextTileRule: the tile built or developed is the lowest of its industry left on the mat.
func (s *State) nextTileRule(p int, ind Industry) (*TileSpec, Reason) {
	spec, ok := s.NextTile(p, ind)
	if !ok {
		r := Reason{Rule: RuleMatEmpty}
		r.Industry = ind
		return nil, r
	}
	return spec, Reason{}
}

// eraRule: canal-only tiles cannot be built in the Rail Era, rail-only ones not in the
// Canal Era.
// A tile of neither era (Lancashire's level-0 shipyard) is never built.
func (s *State) eraRule(ind Industry, spec *TileSpec) Reason {
	if spec.BuildableIn(s.Era) {
		return Reason{}
	}
	r := Reason{Rule: RuleWrongEra}
	if !spec.CanalOK && !spec.RailOK {
		r.Rule = RuleNeverBuilt
	}
	r.Industry, r.Level, r.N = ind, int8(spec.Level), int16(s.Era)
	return r
}

// cardRule is which card builds what where ("Build Action" step 1, "Farm Breweries",
// "Building If You Have No Tiles on the Board"): it returns the locations where card k
// builds an industry, and the reason it builds it nowhere else (the caller adds the
// Location tried). net is the player's network and anywhere says they have no tiles on
// the board. It answers for all locations at once so that Legal asks it once per card.
func (s *State) cardRule(k CardKind, ind Industry, net uint64, anywhere bool) (uint64, Reason) {
	c := &s.ed.Cards[k]
	r := Reason{Rule: RuleNotInNetwork}
	r.Card, r.Industry = k, ind
	switch {
	case c.Type == LocationCard:
		r.Rule = RuleCardLocation
		return locBit(c.Location), r
	case c.Type == WildLocationCard:
		r.Rule = RuleWildLocationFarm
		return s.ed.townMask, r
	case s.ed.tables.cardIcons[k]&(1<<ind) == 0:
		r.Rule = RuleCardIndustry
		return 0, r
	case anywhere:
		return ^uint64(0), Reason{}
	}
	// (the original Lancashire's virtual link joins the network for this purpose only)
	return s.ed.tables.virtualReach(net), r
}

// doubleBuildRule: Lancashire's build with two cards, "as if you had played a Location card"
// for any town, takes both actions of the turn (original "Combining actions": "This cannot
// be done on your first turn of the game"; Roxley summary "Build": "This uses both of your
// turn's actions"). The player must hold both cards.
func (s *State) doubleBuildRule(p int, k1, k2 CardKind) Reason {
	switch {
	case !s.ed.Rules.DoubleBuild:
		return Reason{Rule: RuleNoDoubleBuild}
	case s.ActionsDone != 0 || s.ActionsThisTurn() < 2:
		return Reason{Rule: RuleDoubleBuildTurn}
	}
	return s.cardsHeldRule(p, k1, k2)
}

// doubleBuildPlaces is where a two-card build may be: any town (and the reason for elsewhere).
func (s *State) doubleBuildPlaces() (uint64, Reason) {
	return s.ed.townMask, Reason{Rule: RuleDoubleBuildTown}
}

// spaceRule is where a tile may go within a location: a space showing the industry; in
// the Canal Era not a second own tile in the location; an empty space, a single-icon space
// before a shared one, or else an overbuild (a higher level of the same industry, over an
// own tile, or over an opponent's coal mine or iron works when none of its resource is left).
func (s *State) spaceRule(p int, sp int, ind Industry, spec *TileSpec) Reason {
	tab := &s.ed.tables
	bit := uint64(1) << uint(sp)
	var r Reason
	r.Space, r.Industry, r.Level = int8(sp), ind, int8(spec.Level)
	if tab.icons[ind]&bit == 0 {
		r.Rule = RuleNoIcon
		return r
	}
	owner := uint8(p + 1)
	loc := int(tab.spaceLoc[sp])
	others := tab.locSpaces[loc] &^ bit // the location's other spaces, in board order
	if s.Era == Canal {
		for m := others; m != 0; m &= m - 1 {
			if s.Tiles[bits.TrailingZeros64(m)].Owner == owner {
				r.Rule, r.Location = RuleCanalOneTile, int8(loc)
				return r
			}
		}
	}
	t := &s.Tiles[sp]
	if t.Owner != 0 {
		have := s.TileSpec(*t)
		r.Player = int8(t.Owner) - 1
		switch {
		case t.Industry != ind:
			r.Rule, r.Industry, r.Level = RuleSpaceTaken, t.Industry, int8(have.Level)
		case have.Level >= spec.Level:
			r.Rule, r.N = RuleOverbuildLevel, int16(have.Level)
		case t.Owner != owner && ind != Coal && ind != Iron:
			r.Rule = RuleOverbuildOpponent
		case t.Owner != owner && s.resourceOnBoard(ind):
			r.Rule = RuleOverbuildResource
		default:
			return Reason{}
		}
		return r
	}
	if tab.shared&bit != 0 {
		for m := others & tab.onlyIcon[ind]; m != 0; m &= m - 1 {
			if o := bits.TrailingZeros64(m); s.Tiles[o].Owner == 0 {
				r.Rule, r.N = RuleSingleIconFirst, int16(o)
				return r
			}
		}
	}
	return Reason{}
}

// buildSpaces lists the legal spaces for the player's next tile of an industry in a location.
// Only the spaces showing the industry's icon are candidates at all (spaceRule refuses the
// others first); spaceRule decides each of them.
func (s *State) buildSpaces(p int, loc int, ind Industry, spec *TileSpec, out []int8) []int8 {
	tab := &s.ed.tables
	for m := tab.locSpaces[loc] & tab.icons[ind]; m != 0; m &= m - 1 {
		if sp := bits.TrailingZeros64(m); s.spaceRule(p, sp, ind, spec).OK() {
			out = append(out, int8(sp))
		}
	}
	return out
}

// moneyRule: the player can pay price, of which market is for coal or iron from the
// markets. The caller adds the ids of what is bought to a refusal.
func (s *State) moneyRule(p int, price, market int) Reason {
	if int(s.Players[p].Money) >= price {
		return Reason{}
	}
	r := Reason{Rule: RuleMoney}
	r.Player, r.N, r.M = int8(p), int16(price), int16(market)
	return r
}

func (s *State) doBuild(a *Action) Reason {
	p := int(a.Player)
	ind, sp := a.Industry, int(a.Space)
	loc := s.ed.Spaces[sp].Location
	spec, r := s.nextTileRule(p, ind)
	if !r.OK() {
		return r
	}
	if r := s.eraRule(ind, spec); !r.OK() {
		return r
	}
	var b boardScan
	s.scan(&b)
	net, anywhere := b.network(p)
	var at uint64
	if a.NCards == 1 {
		at, r = s.doubleBuildPlaces()
	} else {
		at, r = s.cardRule(a.Card, ind, net, anywhere)
	}
	if at&locBit(loc) == 0 {
		r.Location = int8(loc)
		return r
	}
	if r := s.spaceRule(p, sp, ind, spec); !r.OK() {
		return r
	}
	ctx := Reason{Rule: RuleNoCoalConnection}
	ctx.Industry, ctx.Level, ctx.Location, ctx.Merchant = ind, int8(spec.Level), int8(loc), none
	pl, g := &b.pl, &b.g
	pl.cubes[sp] = 0 // an overbuilt tile's cubes go back to the supply
	var used consumed
	if r := s.payCoal(g, pl, locBit(loc), spec.Coal, a.Coal[:a.NCoal], &used, ctx); !r.OK() {
		return r
	}
	if r := s.payIron(pl, spec.Iron, a.Iron[:a.NIron], &used, ctx); !r.OK() {
		return r
	}
	total := spec.Cost + pl.cost
	if r := s.moneyRule(p, total, pl.cost); !r.OK() {
		r.Industry, r.Level = ind, int8(spec.Level)
		return r
	}
	old := s.Tiles[sp]
	if s.log != nil {
		txt := s.name(p) + " builds " + tileName(ind, spec.Level) + " in " + s.spaceName(sp)
		if old.Owner != 0 {
			txt += ", overbuilding " + s.name(int(old.Owner)-1) + "'s " + tileName(old.Industry, s.TileSpec(old).Level) + ","
		}
		if a.NCards == 1 {
			txt += " with the " + s.ed.Cards[a.Card].Name + " and " + s.ed.Cards[a.Cards[0]].Name + " cards (both actions)"
		} else {
			txt += " with the " + s.ed.Cards[a.Card].Name + " card"
		}
		s.addLog(LogAction, p, txt+s.usingText(&used, -1)+", paying £"+itoa(total)+".")
	}
	s.discard(p, a.Card)
	if a.NCards == 1 {
		s.discard(p, a.Cards[0])
	}
	s.spend(p, total)
	s.Tiles[sp] = Tile{} // the overbuilt tile leaves the game; its cubes do not flip it
	s.commitPool(pl)
	s.Players[p].MatUsed[ind]++
	s.Tiles[sp] = Tile{Owner: uint8(p + 1), Industry: ind, Spec: s.Players[p].MatUsed[ind] - 1}
	switch ind {
	case Coal, Iron:
		s.Tiles[sp].Cubes = uint8(spec.Produces)
		s.sellToMarket(g, pl.anchors, p, sp)
	case Brewery:
		s.Tiles[sp].Cubes = uint8(s.ed.Rules.BreweryBeer[s.Era])
	}
	if spec.FlipOnBuild {
		s.flip(sp) // Lancashire shipyards: "When you build a shipyard you immediately flip it"
	}
	return Reason{}
}

// sellToMarket moves cubes from a newly built coal mine (connected to any merchant location;
// Lancashire: to a constructed port or an external location) or iron works to its market,
// most expensive spaces first, paying the owner ("Moving Coal and Iron to the Market").
// g is the board's links and anchors the places that give access to the coal market.
func (s *State) sellToMarket(g *graph, anchors uint64, p int, sp int) {
	t := &s.Tiles[sp]
	mkt, count, what := &s.ed.CoalMarket, &s.CoalMarket, "coal"
	if t.Industry == Iron {
		mkt, count, what = &s.ed.IronMarket, &s.IronMarket, "iron"
	} else if g.reach(locBit(s.ed.Spaces[sp].Location))&anchors == 0 {
		return
	}
	sold, earned := 0, 0
	for t.Cubes > 0 {
		price, ok := mkt.sellPrice(int(*count))
		if !ok {
			break
		}
		*count++
		t.Cubes--
		sold++
		earned += price
	}
	if sold == 0 {
		return
	}
	s.receive(p, earned)
	if s.log != nil {
		s.logf(LogMarket, p, "%s sells %d %s to the market for £%d.", s.name(p), sold, what, earned)
	}
	if t.Cubes == 0 {
		s.flip(sp)
	}
}
