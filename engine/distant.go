package engine

// Lancashire's cotton sales: to a port on the board or to the Distant Market (original rules
// "ACTION 4 Sell cotton"; Roxley summary "Sell"), and the Distant Market's tiles and demand
// track (fact sheet §6).

// ToDistantMarket in Action.Port sells to the Distant Market rather than to a port (whose
// build space + 1 Action.Port names otherwise; 0 is no sale to a port).
const ToDistantMarket int8 = -1

// setupDistant puts the era's Distant Market tiles for this player count in a stack and
// shuffles it (setup: "Shuffle the Distant Market tiles and place them face down").
func (s *State) setupDistant() {
	n := int(s.NumPlayers)
	s.DistantLen = 0
	for k, t := range s.ed.DistantTiles {
		for i := 0; i < t.Count[n]; i++ {
			s.Distant[s.DistantLen] = uint8(k)
			s.DistantLen++
		}
	}
	s.shuffleDistant()
}

// shuffleDistant gathers every Distant Market tile into the face-down stack, shuffles it and
// puts the cotton demand marker on the top space (setup, and the end of the Canal era). It
// draws nothing from the random source in an edition without a Distant Market.
func (s *State) shuffleDistant() {
	if s.DistantLen == 0 {
		return
	}
	s.DistantLeft, s.Demand = s.DistantLen, 0
	s.rng.shuffle(s.Distant[:s.DistantLen])
	s.hideDealt()
}

// DemandClosed reports whether the cotton demand marker is on "X": no more Distant Market
// sales this era.
func (s *State) DemandClosed() bool { return int(s.Demand) >= len(s.ed.DemandBonus) }

// DistantOpen reports whether the Distant Market buys cotton now from a mill connected to a
// port: the sale rule itself, asked with the connection granted.
func (s *State) DistantOpen() bool { return s.saleDistantRule(0, 1, 1).OK() }

// salePortRule: cotton sells to an unflipped Port tile (anyone's) connected to the mill
// ("To sell to a face-up port your mill must be connected to it"). reach is where the
// mill's location connects to.
func (s *State) salePortRule(sp int, port int, reach uint64) Reason {
	t := &s.Tiles[port]
	var r Reason
	switch {
	case t.Owner == 0 || t.Industry != Port:
		r = Reason{Rule: RuleNotAPort}
	case t.Flipped:
		r = Reason{Rule: RulePortUsed}
		r.Player, r.Level = int8(t.Owner)-1, int8(s.TileSpec(*t).Level)
	case reach&locBit(int(s.ed.tables.spaceLoc[port])) == 0:
		r = Reason{Rule: RulePortNotConnected}
		r.Player, r.Level = int8(t.Owner)-1, int8(s.TileSpec(*t).Level)
	default:
		return Reason{}
	}
	r.Space, r.N = int8(sp), int16(port)
	return r
}

// saleDistantRule: cotton sells to the Distant Market through a connection to a constructed
// port (any Port tile, flipped or not) or an external location, while the demand marker has
// not reached "X". anchors are those places (pool.anchors).
func (s *State) saleDistantRule(sp int, reach, anchors uint64) Reason {
	var r Reason
	switch {
	case s.DistantLen == 0:
		r = Reason{Rule: RuleNoDistantMarket}
	case s.DemandClosed() || s.DistantLeft == 0:
		r = Reason{Rule: RuleDemandClosed}
	case reach&anchors == 0:
		r = Reason{Rule: RuleDistantNotConnected}
	default:
		return Reason{}
	}
	r.Space = int8(sp)
	return r
}

// sellToPort flips the port sold to; its owner's income rises.
func (s *State) sellToPort(p int, sp, port int) {
	if s.log != nil {
		t := s.Tiles[sp]
		pt := s.Tiles[port]
		s.addLog(LogAction, p, s.name(p)+" sells "+tileName(t.Industry, s.TileSpec(t).Level)+" in "+s.spaceName(sp)+" to "+
			s.name(int(pt.Owner)-1)+"'s "+tileName(Port, s.TileSpec(pt).Level)+" in "+s.spaceName(port)+".")
	}
	s.flip(port)
	s.flip(sp)
}

// sellToDistant draws the top Distant Market tile and moves the demand marker down by its
// drop. On "X" the sale fails and it returns false; otherwise the mill flips and its owner
// gains the bonus income spaces beside the marker's new space.
func (s *State) sellToDistant(p int, sp int) bool {
	s.DistantLeft--
	tile := &s.ed.DistantTiles[s.Distant[s.DistantLeft]]
	s.Demand = uint8(s.demandAfter(tile.Drop))
	s.Revealed = s.Moves // a hidden tile was revealed: no undo past this move
	what := ""
	if s.log != nil {
		t := s.Tiles[sp]
		what = tileName(t.Industry, s.TileSpec(t).Level) + " in " + s.spaceName(sp)
	}
	if s.DemandClosed() {
		if s.log != nil {
			s.addLog(LogAction, p, s.name(p)+" tries to sell "+what+" to the Distant Market: the tile shows −"+itoa(tile.Drop)+
				" and the cotton demand marker reaches X. The sale fails, the Sell action ends, and no more cotton is sold to the Distant Market this era.")
		}
		return false
	}
	bonus := s.ed.DemandBonus[s.Demand]
	if s.log != nil {
		moves := ", the cotton demand marker moves to space "
		if tile.Drop == 0 {
			moves = ", the cotton demand marker stays on space "
		}
		s.addLog(LogAction, p, s.name(p)+" sells "+what+" to the Distant Market: the tile shows −"+itoa(tile.Drop)+
			moves+itoa(int(s.Demand)+1)+" (+"+itoa(bonus)+" income spaces).")
	}
	s.flip(sp)
	s.advanceIncome(p, bonus)
	if s.log != nil && bonus > 0 {
		s.logf(LogFlip, p, "%s's Distant Market bonus: income +%d spaces (level %d).", s.name(p), bonus, s.IncomeLevel(p))
	}
	return true
}

// doCottonSale sells one of the player's mills to a port or to the Distant Market; the first
// sale of a Sell action names its card, the next ones none (as in Birmingham's Sell action).
func (s *State) doCottonSale(a *Action) Reason {
	p := int(a.Player)
	sp, port := int(a.Space), int(a.Port)-1
	var b boardScan
	s.scan(&b)
	if r := s.saleTileRule(p, sp); !r.OK() {
		return r
	}
	reach := s.saleReach(&b.g, sp)
	var r Reason
	if a.Port == ToDistantMarket {
		r = s.saleDistantRule(sp, reach, b.pl.anchors)
	} else {
		r = s.salePortRule(sp, port, reach)
	}
	if !r.OK() {
		return r
	}
	if a.NBeer > 0 {
		return Reason{Rule: RuleNoBeerHere}
	}
	if a.NDev > 0 {
		return Reason{Rule: RuleFreeDevelopBonus}
	}
	if a.Port == ToDistantMarket && s.Distant[s.DistantLeft-1] == HiddenCard {
		return Reason{Rule: RuleDistantHidden} // checked last: the move is otherwise legal
	}
	if a.Card != NoCard {
		s.discard(p, a.Card)
		s.Phase = PhaseSelling
	}
	if a.Port != ToDistantMarket {
		s.sellToPort(p, sp, port)
	} else if !s.sellToDistant(p, sp) {
		s.Phase = PhaseAction // "Your action ends immediately"
		s.actionDone()
		return Reason{}
	}
	if !s.anySale(p) {
		s.Phase = PhaseAction
		s.actionDone()
	}
	return Reason{}
}

// demandAfter is the cotton demand marker's space after a tile with this drop is turned
// over: down as many spaces as it shows, at most to X (len(Edition.DemandBonus)).
func (s *State) demandAfter(drop int) int { return min(int(s.Demand)+drop, len(s.ed.DemandBonus)) }

// distantTop is what a sale to the Distant Market would turn over now (the top tile of the
// stack, known to the state applying it), and whether the action is one.
func (s *State) distantTop(a *Action) (DistantDraw, bool) {
	if !a.drawsDistant() || s.DistantLeft == 0 {
		return DistantDraw{}, false
	}
	k := int(s.Distant[s.DistantLeft-1])
	if k >= len(s.ed.DistantTiles) {
		return DistantDraw{}, false // hidden: a dealt game shows the tile before the sale
	}
	drop := s.ed.DistantTiles[k].Drop
	return DistantDraw{Player: int(a.Player), Drop: drop, Demand: s.demandAfter(drop)}, true
}

// drawsDistant reports whether the action turns over a Distant Market tile: a sale to it.
func (a *Action) drawsDistant() bool { return a.Kind == KindSell && a.Port == ToDistantMarket }

// faceDownDistant counts the tiles of the face-down stack by kind (index into
// Edition.DistantTiles).
func (s *State) faceDownDistant() []int {
	n := make([]int, len(s.ed.DistantTiles))
	for _, k := range s.Distant[:s.DistantLeft] {
		if int(k) < len(n) {
			n[k]++
		}
	}
	return n
}

// distantOnTop puts a face-down tile of kind k on top of the stack, where the next sale
// draws it (a preview's supposition; the stack's order is hidden anyway).
func (s *State) distantOnTop(k int) {
	top := int(s.DistantLeft) - 1
	for i := top; i >= 0; i-- {
		if int(s.Distant[i]) == k {
			s.Distant[i], s.Distant[top] = s.Distant[top], s.Distant[i]
			return
		}
	}
}
