package engine

// Legal appends every legal action of the player to act to buf and returns it. The list is
// complete and has no duplicates: where sources are interchangeable (two equally close coal
// mines, two iron works, two beer barrels) each distinct choice appears once, with repeated
// units of one kind listed in board order. Cards of the same kind are one choice.
func (s *State) Legal(buf []Action) []Action {
	if s.Phase == PhaseOver {
		return buf
	}
	p := s.Actor()
	switch s.Phase {
	case PhaseShortfall:
		for sp := range s.ed.Spaces {
			if s.Tiles[sp].Owner == uint8(p+1) && s.tileValue(sp) > 0 {
				a := blankAction(KindRemoveTile, p)
				a.Space = int8(sp)
				buf = append(buf, a)
			}
		}
		return buf
	case PhaseSelling:
		buf = append(buf, blankAction(KindEndSell, p))
		return s.legalSales(p, []CardKind{NoCard}, buf)
	}
	var cardBuf [maxCardKinds]CardKind
	cards := cardBuf[:0]
	for k, n := range s.Players[p].Hand {
		if n > 0 {
			cards = append(cards, CardKind(k))
		}
	}
	buf = s.legalBuilds(p, cards, buf)
	buf = s.legalNetworks(p, cards, buf)
	buf = s.legalDevelops(p, cards, buf)
	buf = s.legalSales(p, cards, buf)
	if s.IncomeLevel(p)-s.ed.Rules.LoanLevels >= s.ed.Rules.MinIncomeLevel {
		buf = withCards(buf, blankAction(KindLoan, p), cards)
	}
	buf = s.legalScouts(p, cards, buf)
	buf = withCards(buf, blankAction(KindPass, p), cards)
	return buf
}

// withCards appends the action once per card kind.
func withCards(buf []Action, a Action, cards []CardKind) []Action {
	for _, k := range cards {
		a.Card = k
		buf = append(buf, a)
	}
	return buf
}

// resPlan is one way of paying coal, iron or beer.
type resPlan struct {
	coal, iron, beer [2]int8
	nc, ni, nb       uint8
	cost             int
	merchantBeer     bool
}

// coalPlans calls emit for every legal way to take n coal, units at an equal distance in
// non-decreasing board order.
func (s *State) coalPlans(c *coalCtx, pl *pool, n int, plan resPlan, prevDist int8, emit func(*pool, resPlan)) {
	if int(plan.nc) == n {
		emit(pl, plan)
		return
	}
	var opts [maxSpaces]int8
	k, dist := c.options(pl, &opts)
	for i := 0; i < k; i++ {
		src := opts[i]
		if plan.nc > 0 && src >= 0 && dist == prevDist && src < plan.coal[plan.nc-1] {
			continue
		}
		np := *pl
		s.takeCoal(&np, src)
		next := plan
		next.coal[next.nc] = src
		next.nc++
		s.coalPlans(c, &np, n, next, dist, emit)
	}
}

// ironPlans calls emit for every legal way to take n iron, works in non-decreasing order.
func (s *State) ironPlans(pl *pool, n int, plan resPlan, emit func(*pool, resPlan)) {
	if int(plan.ni) == n {
		emit(pl, plan)
		return
	}
	var opts [maxSpaces]int8
	k := s.ironOptions(pl, &opts)
	for i := 0; i < k; i++ {
		src := opts[i]
		if plan.ni > 0 && src >= 0 && src < plan.iron[plan.ni-1] {
			continue
		}
		np := *pl
		s.takeIron(&np, src)
		next := plan
		next.iron[next.ni] = src
		next.ni++
		s.ironPlans(&np, n, next, emit)
	}
}

// beerPlans calls emit for every legal way to take n beer, sources in non-decreasing order.
func (s *State) beerPlans(p int, reach uint64, merchant int, pl *pool, n int, plan resPlan, emit func(*pool, resPlan)) {
	if int(plan.nb) == n {
		emit(pl, plan)
		return
	}
	var opts [maxSpaces + 1]int8
	k := s.beerOptions(p, reach, merchant, pl, &opts)
	for i := 0; i < k; i++ {
		src := opts[i]
		if plan.nb > 0 && src < plan.beer[plan.nb-1] {
			continue
		}
		np := *pl
		s.takeBeer(&np, src, merchant)
		next := plan
		next.beer[next.nb] = src
		next.nb++
		if src == SrcMerchant {
			next.merchantBeer = true
		}
		s.beerPlans(p, reach, merchant, &np, n, next, emit)
	}
}

func (s *State) legalBuilds(p int, cards []CardKind, buf []Action) []Action {
	net := s.networkMask(p)
	anywhere := !s.hasTilesOnBoard(p)
	money := int(s.Players[p].Money)
	var spaces [8]int8
	var allowed [maxCardKinds]CardKind
	var base pool
	s.newPool(&base)
	for _, ind := range Industries {
		spec, ok := s.NextTile(p, ind)
		if !ok || !s.eraAllows(spec) || spec.Cost > money {
			continue
		}
		for loc := range s.ed.Locations {
			if s.ed.Locations[loc].Kind == MerchantLocation {
				continue
			}
			// which of the held cards allow this industry here
			na := 0
			for _, k := range cards {
				c := &s.ed.Cards[k]
				ok := false
				switch c.Type {
				case LocationCard:
					ok = c.Location == loc
				case WildLocationCard:
					ok = s.ed.Locations[loc].Kind == Town
				default:
					ok = containsInd(c.Industries, ind) && (anywhere || net&locBit(loc) != 0)
				}
				if ok {
					allowed[na] = k
					na++
				}
			}
			if na == 0 {
				continue
			}
			for _, sp := range s.buildSpaces(p, loc, ind, spec, spaces[:0]) {
				pl := base
				pl.cubes[sp] = 0
				emitIron := func(pl *pool, plan resPlan) {
					if spec.Cost+pl.cost > money {
						return
					}
					a := blankAction(KindBuild, p)
					a.Industry, a.Space = ind, sp
					a.Coal, a.NCoal, a.Iron, a.NIron = plan.coal, plan.nc, plan.iron, plan.ni
					buf = withCards(buf, a, allowed[:na])
				}
				emitCoal := func(pl *pool, plan resPlan) {
					s.ironPlans(pl, spec.Iron, plan, emitIron)
				}
				if spec.Coal > 0 {
					var c coalCtx
					s.coalContext(locBit(loc), &c)
					s.coalPlans(&c, &pl, spec.Coal, resPlan{}, -1, emitCoal)
				} else {
					emitCoal(&pl, resPlan{})
				}
			}
		}
	}
	return buf
}

func (s *State) legalNetworks(p int, cards []CardKind, buf []Action) []Action {
	pl := &s.Players[p]
	if pl.LinksLeft == 0 {
		return buf
	}
	r := &s.ed.Rules
	money := int(pl.Money)
	anywhere := !s.hasTilesOnBoard(p)
	net := s.networkMask(p)
	if s.Era == Canal {
		if money < r.CanalLinkCost {
			return buf
		}
		for l := range s.ed.Links {
			if s.linkLegal(l, net, anywhere) {
				a := blankAction(KindNetwork, p)
				a.Links[0], a.NLinks = int8(l), 1
				buf = withCards(buf, a, cards)
			}
		}
		return buf
	}
	if money < r.RailLinkCost {
		return buf
	}
	var base pool
	s.newPool(&base)
	for l1 := range s.ed.Links {
		if !s.linkLegal(l1, net, anywhere) {
			continue
		}
		s.Links[l1] = uint8(p + 1)
		var c1 coalCtx
		s.coalContext(s.ed.Links[l1].mask, &c1)
		net2 := net | s.ed.Links[l1].mask
		s.coalPlans(&c1, &base, 1, resPlan{}, -1, func(pl1 *pool, plan1 resPlan) {
			if r.RailLinkCost+pl1.cost <= money {
				a := blankAction(KindNetwork, p)
				a.Links[0], a.NLinks = int8(l1), 1
				a.Coal[0], a.NCoal = plan1.coal[0], 1
				buf = withCards(buf, a, cards)
			}
			if pl.LinksLeft < 2 || r.DoubleRailCost+pl1.cost > money {
				return
			}
			for l2 := range s.ed.Links {
				if l2 == l1 || !s.linkLegal(l2, net2, false) {
					continue
				}
				s.Links[l2] = uint8(p + 1)
				var c2 coalCtx
				s.coalContext(s.ed.Links[l2].mask, &c2)
				reach2 := s.reach(s.ed.Links[l2].mask)
				s.coalPlans(&c2, pl1, 1, resPlan{}, -1, func(pl2 *pool, plan2 resPlan) {
					if r.DoubleRailCost+pl2.cost > money {
						return
					}
					s.beerPlans(p, reach2, -1, pl2, 1, resPlan{}, func(_ *pool, plan3 resPlan) {
						a := blankAction(KindNetwork, p)
						a.Links[0], a.Links[1], a.NLinks = int8(l1), int8(l2), 2
						a.Coal[0], a.Coal[1], a.NCoal = plan1.coal[0], plan2.coal[0], 2
						a.Beer[0], a.NBeer = plan3.beer[0], 1
						buf = withCards(buf, a, cards)
					})
				})
				s.Links[l2] = 0
			}
		})
		s.Links[l1] = 0
	}
	return buf
}

func (s *State) legalDevelops(p int, cards []CardKind, buf []Action) []Action {
	money := int(s.Players[p].Money)
	var base pool
	s.newPool(&base)
	used := s.Players[p].MatUsed
	developable := func(ind Industry, extra uint8) bool {
		mat := s.ed.Mats[ind]
		i := int(used[ind] + extra)
		return i < len(mat) && !mat[i].Lightbulb
	}
	for i1, ind1 := range Industries {
		if !developable(ind1, 0) {
			continue
		}
		for n := 1; n <= 2; n++ {
			for i2 := i1; i2 < len(Industries); i2++ {
				ind2 := Industries[i2]
				if n == 1 && i2 > i1 {
					break
				}
				if n == 2 {
					extra := uint8(0)
					if ind2 == ind1 {
						extra = 1
					}
					if !developable(ind2, extra) {
						continue
					}
				}
				s.ironPlans(&base, n, resPlan{}, func(pl *pool, plan resPlan) {
					if pl.cost > money {
						return
					}
					a := blankAction(KindDevelop, p)
					a.Dev[0], a.NDev = ind1, uint8(n)
					if n == 2 {
						a.Dev[1] = ind2
					}
					a.Iron, a.NIron = plan.iron, plan.ni
					buf = withCards(buf, a, cards)
				})
			}
		}
	}
	return buf
}

func (s *State) legalSales(p int, cards []CardKind, buf []Action) []Action {
	var base pool
	s.newPool(&base)
	for sp := range s.ed.Spaces {
		t := &s.Tiles[sp]
		if t.Owner != uint8(p+1) || t.Flipped || !t.Industry.sellable() {
			continue
		}
		reach := s.saleReach(sp)
		spec := s.TileSpec(*t)
		for m := range s.ed.MerchantSpaces {
			if !s.canSellTo(p, sp, m, reach) {
				continue
			}
			bonus := s.ed.Locations[s.ed.MerchantSpaces[m].Location].Bonus
			s.beerPlans(p, reach, m, &base, spec.Beer, resPlan{}, func(_ *pool, plan resPlan) {
				a := blankAction(KindSell, p)
				a.Space, a.Merchant = int8(sp), int8(m)
				a.Beer, a.NBeer = plan.beer, plan.nb
				buf = withCards(buf, a, cards)
				if plan.merchantBeer && bonus == BonusDevelop {
					for _, ind := range Industries {
						if next, ok := s.NextTile(p, ind); ok && !next.Lightbulb {
							a.Dev[0], a.NDev = ind, 1
							buf = withCards(buf, a, cards)
						}
					}
				}
			})
		}
	}
	return buf
}

func (s *State) legalScouts(p int, cards []CardKind, buf []Action) []Action {
	hand := &s.Players[p].Hand
	if hand[s.ed.wildLoc] > 0 || hand[s.ed.wildInd] > 0 || s.WildLocations == 0 || s.WildIndustries == 0 {
		return buf
	}
	for i, k1 := range cards {
		for j := i; j < len(cards); j++ {
			k2 := cards[j]
			for l := j; l < len(cards); l++ {
				k3 := cards[l]
				var need [maxCardKinds]uint8
				need[k1]++
				need[k2]++
				need[k3]++
				if need[k1] > hand[k1] || need[k2] > hand[k2] || need[k3] > hand[k3] {
					continue
				}
				a := blankAction(KindScout, p)
				a.Card, a.Cards, a.NCards = k1, [2]CardKind{k2, k3}, 2
				buf = append(buf, a)
			}
		}
	}
	return buf
}
