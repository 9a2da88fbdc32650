package engine

// The Network action ("Network Action", "Network During Canal Era", "Network During Rail Era").

// linkRule: an undeveloped line of this era's type, next to the player's network. net is
// the player's network mask; anywhere says it is empty (no tile and no link on the board).
// Such a player may link anywhere only where the edition says so (Rules.LinkWithoutNetwork:
// Birmingham); in Lancashire a link always starts from the network (S0 "ACTION 2 Build
// link", S1 "Network"), so they are told to build an industry first.
func (s *State) linkRule(l int, net uint64, anywhere bool) Reason {
	link := &s.ed.Links[l]
	var r Reason
	switch {
	case s.Links[l] != 0:
		r.Rule = RuleLinkBuilt
	case s.Era == Canal && !link.Canal || s.Era == Rail && !link.Rail:
		r.Rule = RuleLinkType
	case net&link.mask != 0 || anywhere && s.ed.Rules.LinkWithoutNetwork:
		return Reason{}
	case anywhere:
		r.Rule = RuleLinkNoNetwork
	default:
		r.Rule = RuleLinkNotInNetwork
	}
	r.Link = int8(l)
	return r
}

// linksLeftRule: the player has n link tiles left to place.
func (s *State) linksLeftRule(p int, n int) Reason {
	if left := int(s.Players[p].LinksLeft); left < n {
		r := Reason{Rule: RuleLinksLeft}
		r.N = int16(left)
		return r
	}
	return Reason{}
}

// linkCountRule: how many links and which resources one Network action may name.
func (s *State) linkCountRule(a *Action) Reason {
	n := int(a.NLinks)
	switch {
	case s.Era == Canal && n > 1:
		return Reason{Rule: RuleCanalOneLink}
	case s.Era == Canal && (a.NCoal != 0 || a.NBeer != 0):
		return Reason{Rule: RuleCanalNoCoalBeer}
	case int(a.NCoal) > n:
		r := Reason{Rule: RuleTooManySources}
		r.Res, r.N, r.M = ResCoal, int16(n), int16(a.NCoal)
		return r
	case a.NBeer != 0 && s.ed.Rules.DoubleRailBeer == 0:
		return Reason{Rule: RuleNoBeerHere}
	case n == 1 && a.NBeer != 0 || a.NBeer > 1:
		return Reason{Rule: RuleBeerDoubleRailOnly}
	}
	return Reason{}
}

// linkPrice is what the links cost, before any coal from the market.
func (s *State) linkPrice(n int) int {
	r := &s.ed.Rules
	switch {
	case s.Era == Canal:
		return r.CanalLinkCost
	case n == 2:
		return r.DoubleRailCost
	}
	return r.RailLinkCost
}

func (s *State) doNetwork(a *Action) Reason {
	p := int(a.Player)
	n := int(a.NLinks)
	if r := s.linkCountRule(a); !r.OK() {
		return r
	}
	if r := s.linksLeftRule(p, n); !r.OK() {
		return r
	}
	var b boardScan
	s.scan(&b)
	pl, g := &b.pl, &b.g
	var used consumed
	net, anywhere := b.network(p)
	for i := 0; i < n; i++ {
		l := int(a.Links[i])
		if r := s.linkRule(l, net, anywhere); !r.OK() {
			return r
		}
		s.Links[l] = uint8(p + 1) // placed before its coal is found (coal must reach it after placement)
		g.add(s.ed.Links[l].mask)
		net |= s.ed.Links[l].mask
		anywhere = false // a second link must touch the first or the network
		if s.Era == Rail {
			var given []int8
			if i < int(a.NCoal) {
				given = a.Coal[i : i+1]
			}
			ctx := Reason{Rule: RuleNoCoalForLink}
			ctx.Link, ctx.Merchant = int8(l), none
			if r := s.payCoal(g, pl, s.ed.Links[l].mask, 1, given, &used, ctx); !r.OK() {
				return r
			}
		}
	}
	if n == 2 && s.ed.Rules.DoubleRailBeer > 0 {
		ctx := Reason{Rule: RuleNoBeerForLink}
		ctx.Link, ctx.Merchant = a.Links[1], none
		reach := g.reach(s.ed.Links[a.Links[1]].mask)
		if r, _ := s.payBeer(p, pl, reach, -1, s.ed.Rules.DoubleRailBeer, a.Beer[:a.NBeer], &used, ctx); !r.OK() {
			return r
		}
	}
	price := s.linkPrice(n)
	total := price + pl.cost
	if r := s.moneyRule(p, total, pl.cost); !r.OK() {
		return r
	}
	if s.log != nil {
		what := s.linkName(int(a.Links[0]))
		if n == 2 {
			what += " and " + s.linkName(int(a.Links[1]))
		}
		kind := "canal"
		if s.Era == Rail {
			kind = "rail"
		}
		s.addLog(LogAction, p, s.name(p)+" builds "+kind+" "+what+s.usingText(&used, -1)+", paying £"+itoa(total)+".")
	}
	s.discard(p, a.Card)
	s.spend(p, total)
	s.Players[p].LinksLeft -= uint8(n)
	s.commitPool(pl)
	return Reason{}
}
