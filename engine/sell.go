package engine

// The Sell action ("Sell Action", "Merchant Beer Bonuses").

// saleReach is where an opponent's brewery must be to supply beer for a sale of the tile,
// over the links in g.
func (s *State) saleReach(g *graph, sp int) uint64 {
	return g.reach(locBit(int(s.ed.tables.spaceLoc[sp])))
}

// saleRule: the player's own unflipped Cotton Mill, Manufacturer or Pottery (saleTileRule),
// connected (reach, from saleReach) to a merchant tile that buys its industry
// (saleMerchantRule).
func (s *State) saleRule(p int, sp int, m int, reach uint64) Reason {
	if r := s.saleTileRule(p, sp); !r.OK() {
		return r
	}
	return s.saleMerchantRule(sp, m, reach)
}

func (s *State) saleTileRule(p int, sp int) Reason {
	t := &s.Tiles[sp]
	var r Reason
	switch {
	case t.Owner != uint8(p+1):
		r = Reason{Rule: RuleNoTileToSell}
		r.Space = int8(sp)
		return r
	case !t.Industry.sellable():
		r = Reason{Rule: RuleNotSellable}
	case t.Flipped:
		r = Reason{Rule: RuleAlreadySold}
	default:
		return Reason{}
	}
	r.Space, r.Industry, r.Level = int8(sp), t.Industry, int8(s.TileSpec(*t).Level)
	return r
}

func (s *State) saleMerchantRule(sp int, m int, reach uint64) Reason {
	t := &s.Tiles[sp]
	slot := s.Merchants[m]
	var r Reason
	switch {
	case slot.Tile == 0:
		r = Reason{Rule: RuleNoMerchantTile}
	case !s.ed.MerchantTiles[slot.Tile-1].buys(t.Industry):
		r = Reason{Rule: RuleMerchantDoesNotBuy}
	case reach&locBit(s.ed.MerchantSpaces[m].Location) == 0:
		r = Reason{Rule: RuleNotConnected}
	default:
		return Reason{}
	}
	r.Space, r.Merchant, r.Industry, r.Level = int8(sp), int8(m), t.Industry, int8(s.TileSpec(*t).Level)
	return r
}

// freeDevelopRule: a develop named with a sale is Gloucester's merchant beer bonus, so the
// sale must take that merchant's beer.
func (s *State) freeDevelopRule(m int, merchantBeer bool) Reason {
	if merchantBeer && s.ed.Locations[s.ed.MerchantSpaces[m].Location].Bonus == BonusDevelop {
		return Reason{}
	}
	return Reason{Rule: RuleFreeDevelopBonus}
}

func (s *State) doSale(a *Action) Reason {
	if a.Port != 0 {
		return s.doCottonSale(a)
	}
	p := int(a.Player)
	sp, m := int(a.Space), int(a.Merchant)
	var b boardScan
	s.scan(&b)
	pl, g := &b.pl, &b.g
	reach := s.saleReach(g, sp)
	if r := s.saleRule(p, sp, m, reach); !r.OK() {
		return r
	}
	t := s.Tiles[sp]
	spec := s.TileSpec(t)
	var used consumed
	ctx := Reason{Rule: RuleNoBeer}
	ctx.Space, ctx.Industry, ctx.Level, ctx.Merchant, ctx.N = int8(sp), t.Industry, int8(spec.Level), int8(m), int16(spec.Beer)
	r, merchantBeer := s.payBeer(p, pl, reach, m, spec.Beer, a.Beer[:a.NBeer], &used, ctx)
	if !r.OK() {
		return r
	}
	var dev *TileSpec
	if a.NDev == 1 {
		if r := s.freeDevelopRule(m, merchantBeer); !r.OK() {
			return r
		}
		if dev, r = s.developRule(a.Dev[0], int(s.Players[p].MatUsed[a.Dev[0]])); !r.OK() {
			return r
		}
	}
	if s.log != nil {
		s.addLog(LogAction, p, s.name(p)+" sells "+tileName(t.Industry, spec.Level)+" in "+s.spaceName(sp)+" to "+s.merchantName(m)+s.usingText(&used, m)+".")
	}
	if a.Card != NoCard {
		s.discard(p, a.Card)
		s.Phase = PhaseSelling
	}
	s.commitPool(pl)
	s.flip(sp)
	if merchantBeer {
		loc := &s.ed.Locations[s.ed.MerchantSpaces[m].Location]
		switch loc.Bonus {
		case BonusDevelop:
			if dev != nil {
				if s.log != nil {
					s.logf(LogAction, p, "%s's beer bonus: %s develops %s for free.", loc.Name, s.name(p), tileName(a.Dev[0], dev.Level))
				}
				s.Players[p].MatUsed[a.Dev[0]]++
			}
		case BonusIncome:
			s.advanceIncome(p, loc.BonusAmount)
			if s.log != nil {
				s.logf(LogAction, p, "%s's beer bonus: income +%d spaces (level %d).", loc.Name, loc.BonusAmount, s.IncomeLevel(p))
			}
		case BonusVP:
			s.Players[p].VP += int32(loc.BonusAmount)
			if s.log != nil {
				s.logf(LogAction, p, "%s's beer bonus: %d VP.", loc.Name, loc.BonusAmount)
			}
		case BonusMoney:
			s.receive(p, loc.BonusAmount)
			if s.log != nil {
				s.logf(LogAction, p, "%s's beer bonus: £%d.", loc.Name, loc.BonusAmount)
			}
		}
	}
	if !s.anySale(p) {
		s.Phase = PhaseAction
		s.actionDone()
	}
	return Reason{}
}

// anySale reports whether the player has at least one legal sale now, by the same
// enumeration the legal-move list uses.
func (s *State) anySale(p int) bool {
	var b boardScan
	s.scan(&b)
	var buf [64]Action
	noCard := [1]CardKind{NoCard}
	return len(s.legalSales(p, noCard[:], &b, buf[:0])) > 0
}
