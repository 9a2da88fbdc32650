package engine

import "math/bits"

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
			// (only the player's own tiles are candidates at all)
			if s.Tiles[sp].Owner == uint8(p+1) && s.removeRule(p, sp).OK() {
				a := blankAction(KindRemoveTile, p)
				a.Space = int8(sp)
				buf = append(buf, a)
			}
		}
		return buf
	case PhaseSelling:
		buf = append(buf, blankAction(KindEndSell, p))
		var b boardScan
		s.scan(&b)
		noCard := [1]CardKind{NoCard}
		return s.legalSales(p, noCard[:], &b, buf)
	}
	var c legalCtx
	s.newLegalCtx(&c, p)
	buf = s.legalBuilds(&c, buf)
	buf = s.legalNetworks(&c, buf)
	buf = s.legalDevelops(&c, buf)
	cards := c.cards()
	buf = s.legalSales(p, cards, &c.b, buf)
	buf = s.legalLoans(p, cards, buf)
	buf = s.legalScouts(p, cards, buf)
	buf = withCards(buf, blankAction(KindPass, p), cards)
	return buf
}

// legalCtx is what the parts of the enumeration of one position share, derived from the
// state once: the cards held, the scan of the board (resources, links), the player's
// network and the ways to pay for iron (which do not depend on where it goes). It holds
// arrays and counts rather than slices of itself, so that it can stay on the stack.
type legalCtx struct {
	p        int
	nCards   int
	cardBuf  [maxCardKinds]CardKind
	b        boardScan
	net      uint64
	anywhere bool
	nIron    [3]int // by the number of iron needed
	ironBuf  [3][planBufSize]resPlan
	nPairs   int // Lancashire: the pairs of cards a two-card build may discard
	pairs    [64][2]CardKind
}

// newLegalCtx fills c for player p.
func (s *State) newLegalCtx(c *legalCtx, p int) {
	c.p = p
	c.nCards = 0
	hand := &s.Players[p].Hand
	for k := range s.ed.Cards {
		if hand[k] > 0 {
			c.cardBuf[c.nCards] = CardKind(k)
			c.nCards++
		}
	}
	s.scan(&c.b)
	c.net, c.anywhere = c.b.network(p)
	for n := 0; n <= 2; n++ {
		c.nIron[n] = len(s.ironPlans(&c.b.pl, n, c.ironBuf[n][:0]))
	}
	// Lancashire's two-card builds: every pair of cards held (a kind twice if held twice).
	c.nPairs = 0
	if s.ed.Rules.DoubleBuild && s.ActionsDone == 0 && s.ActionsThisTurn() >= 2 {
		for i, k1 := range c.cards() {
			for _, k2 := range c.cardBuf[i:c.nCards] {
				if c.nPairs < len(c.pairs) && s.doubleBuildRule(p, k1, k2).OK() {
					c.pairs[c.nPairs] = [2]CardKind{k1, k2}
					c.nPairs++
				}
			}
		}
	}
}

// legalLoans lists the loans: Birmingham's one amount, or Lancashire's £10, £20 and £30.
func (s *State) legalLoans(p int, cards []CardKind, buf []Action) []Action {
	if !s.loanCutoffRule().OK() {
		return buf
	}
	if s.ed.Rules.LoanSteps == 1 {
		if s.loanRule(p, 1).OK() {
			buf = withCards(buf, blankAction(KindLoan, p), cards)
		}
		return buf
	}
	for steps := 1; steps <= s.ed.Rules.LoanSteps; steps++ {
		if s.loanRule(p, steps).OK() {
			a := blankAction(KindLoan, p)
			a.Loan = uint8(steps)
			buf = withCards(buf, a, cards)
		}
	}
	return buf
}

// withPairs appends the action once per pair of cards of a two-card build.
func withPairs(buf []Action, a Action, pairs [][2]CardKind) []Action {
	for _, pr := range pairs {
		a.Card, a.Cards[0], a.NCards = pr[0], pr[1], 1
		buf = append(buf, a)
	}
	return buf
}

// cards lists the kinds of card held.
func (c *legalCtx) cards() []CardKind { return c.cardBuf[:c.nCards] }

// iron lists the ways to pay n iron.
func (c *legalCtx) iron(n int) []resPlan { return c.ironBuf[n][:c.nIron[n]] }

// withCards appends the action once per card kind. It makes room for all of them at once,
// then copies the action and sets the card in the copy (setting it first and copying after
// would make the processor wait for the one-byte store before each wide load).
func withCards(buf []Action, a Action, cards []CardKind) []Action {
	n := len(buf)
	if cap(buf)-n < len(cards) {
		buf = append(buf, make([]Action, len(cards))...)
	}
	buf = buf[:n+len(cards)]
	out := buf[n:]
	for i, k := range cards {
		out[i] = a
		out[i].Card = k
	}
	return buf
}

// resPlan is one way of paying coal, iron or beer (which one the caller knows): the sources
// in order and the market cost. It is kept small because Legal holds arrays of them, which
// Go zeroes on every call.
type resPlan struct {
	cost         int32
	src          [2]int8
	n            uint8
	merchantBeer bool
}

// plan lists stay on the stack in the common case.
const planBufSize = 128

// untake restores a pool after taking one unit from src; cost and the market counts are
// the values saved before the take.
func untake(pl *pool, src int8, cost int, coalMkt, ironMkt uint8) {
	if src >= 0 {
		pl.cubes[src]++
	}
	pl.cost, pl.coalMkt, pl.ironMkt = cost, coalMkt, ironMkt
}

// coalPlans appends every legal way to take n (0–2) coal; units at an equal distance are
// listed in non-decreasing board order so each choice appears once. Plan costs include the
// pool's cost so far.
func (s *State) coalPlans(c *coalCtx, pl *pool, n int, out []resPlan) []resPlan {
	if n == 0 {
		return append(out, resPlan{cost: int32(pl.cost)})
	}
	var o1, o2 [maxSpaces]int8
	k1, d1 := c.options(pl, &o1)
	for i := 0; i < k1; i++ {
		src1 := o1[i]
		cost, cm, im := pl.cost, pl.coalMkt, pl.ironMkt
		s.takeCoal(pl, src1)
		if n == 1 {
			out = append(out, resPlan{src: [2]int8{src1, none}, n: 1, cost: int32(pl.cost)})
		} else {
			k2, d2 := c.options(pl, &o2)
			for j := 0; j < k2; j++ {
				src2 := o2[j]
				if src1 >= 0 && src2 >= 0 && d1 == d2 && src2 < src1 {
					continue
				}
				cost2, cm2, im2 := pl.cost, pl.coalMkt, pl.ironMkt
				s.takeCoal(pl, src2)
				out = append(out, resPlan{src: [2]int8{src1, src2}, n: 2, cost: int32(pl.cost)})
				untake(pl, src2, cost2, cm2, im2)
			}
		}
		untake(pl, src1, cost, cm, im)
	}
	return out
}

// ironPlans appends every legal way to take n (0–2) iron, works in non-decreasing order.
func (s *State) ironPlans(pl *pool, n int, out []resPlan) []resPlan {
	if n == 0 {
		return append(out, resPlan{cost: int32(pl.cost)})
	}
	var o1, o2 [maxSpaces]int8
	k1 := s.ironOptions(pl, &o1)
	for i := 0; i < k1; i++ {
		src1 := o1[i]
		cost, cm, im := pl.cost, pl.coalMkt, pl.ironMkt
		s.takeIron(pl, src1)
		if n == 1 {
			out = append(out, resPlan{src: [2]int8{src1, none}, n: 1, cost: int32(pl.cost)})
		} else {
			k2 := s.ironOptions(pl, &o2)
			for j := 0; j < k2; j++ {
				src2 := o2[j]
				if src1 >= 0 && src2 >= 0 && src2 < src1 {
					continue
				}
				cost2, cm2, im2 := pl.cost, pl.coalMkt, pl.ironMkt
				s.takeIron(pl, src2)
				out = append(out, resPlan{src: [2]int8{src1, src2}, n: 2, cost: int32(pl.cost)})
				untake(pl, src2, cost2, cm2, im2)
			}
		}
		untake(pl, src1, cost, cm, im)
	}
	return out
}

// beerPlans appends every legal way to take n (0–2) beer, sources in non-decreasing order.
func (s *State) beerPlans(p int, reach uint64, merchant int, pl *pool, n int, out []resPlan) []resPlan {
	if n == 0 {
		return append(out, resPlan{})
	}
	var o1, o2 [maxSpaces + 1]int8
	k1 := s.beerOptions(p, reach, merchant, pl, &o1)
	for i := 0; i < k1; i++ {
		src1 := o1[i]
		s.takeBeer(pl, src1, merchant)
		if n == 1 {
			out = append(out, resPlan{src: [2]int8{src1, none}, n: 1, merchantBeer: src1 == SrcMerchant})
		} else {
			k2 := s.beerOptions(p, reach, merchant, pl, &o2)
			for j := 0; j < k2; j++ {
				if src2 := o2[j]; src2 >= src1 {
					out = append(out, resPlan{src: [2]int8{src1, src2}, n: 2, merchantBeer: src1 == SrcMerchant || src2 == SrcMerchant})
				}
			}
		}
		if src1 == SrcMerchant {
			pl.mbeer[merchant]++
		} else {
			pl.cubes[src1]++
		}
	}
	return out
}

func (s *State) legalBuilds(c *legalCtx, buf []Action) []Action {
	p, cards := c.p, c.cards()
	var spaces [8]int8
	var allowed [maxCardKinds]CardKind
	var coalBuf [planBufSize]resPlan
	var cc coalCtx
	a := blankAction(KindBuild, p) // every field that varies is set below
	pairs := c.pairs[:c.nPairs]
	doublePlaces := uint64(0)
	if len(pairs) > 0 {
		doublePlaces, _ = s.doubleBuildPlaces()
	}
	for _, ind := range s.ed.Industries {
		spec, r := s.nextTileRule(p, ind)
		if !r.OK() || !s.eraRule(ind, spec).OK() || !s.moneyRule(p, spec.Cost, 0).OK() {
			continue
		}
		// where each held card builds this industry
		var places [maxCardKinds]uint64
		union := doublePlaces
		for i, k := range cards {
			places[i], _ = s.cardRule(k, ind, c.net, c.anywhere)
			union |= places[i]
		}
		union &= s.ed.tables.iconLocs[ind] // (only where a space shows the icon: see buildSpaces)
		for u := union; u != 0; u &= u - 1 {
			loc := bits.TrailingZeros64(u)
			sps := s.buildSpaces(p, loc, ind, spec, spaces[:0])
			if len(sps) == 0 {
				continue
			}
			na := 0
			for i, k := range cards {
				if places[i]&locBit(loc) != 0 {
					allowed[na] = k
					na++
				}
			}
			// Only a coal mine's own cubes could be lost to an overbuild, and a coal mine
			// needs no coal, so the coal plans are the same for every space here.
			coal := coalBuf[:0]
			if spec.Coal > 0 {
				s.coalContext(&c.b.g, &c.b.pl, locBit(loc), &cc)
				coal = s.coalPlans(&cc, &c.b.pl, spec.Coal, coal)
			} else {
				coal = append(coal, resPlan{})
			}
			for _, sp := range sps {
				for _, cp := range coal {
					for _, ip := range c.iron(spec.Iron) {
						if !s.moneyRule(p, spec.Cost+int(cp.cost+ip.cost), int(cp.cost+ip.cost)).OK() {
							continue
						}
						a.Industry, a.Space = ind, sp
						a.Coal, a.NCoal, a.Iron, a.NIron = cp.src, cp.n, ip.src, ip.n
						buf = withCards(buf, a, allowed[:na])
						if doublePlaces&locBit(loc) != 0 {
							buf = withPairs(buf, a, pairs)
						}
					}
				}
			}
		}
	}
	return buf
}

func (s *State) legalNetworks(c *legalCtx, buf []Action) []Action {
	p, cards := c.p, c.cards()
	if !s.linksLeftRule(p, 1).OK() || !s.moneyRule(p, s.linkPrice(1), 0).OK() {
		return buf
	}
	anywhere, net := c.anywhere, c.net
	// Only the lines touching the network (any line, for a player with no tiles on the
	// board, where the edition may allow one) are candidates at all; linkRule decides each.
	candidates := s.ed.tables.linksTouching(net)
	if anywhere {
		candidates = 1<<uint(len(s.ed.Links)) - 1
	}
	if s.Era == Canal {
		for m := candidates; m != 0; m &= m - 1 {
			if l := bits.TrailingZeros64(m); s.linkRule(l, net, anywhere).OK() {
				a := blankAction(KindNetwork, p)
				a.Links[0], a.NLinks = int8(l), 1
				buf = withCards(buf, a, cards)
			}
		}
		return buf
	}
	double := s.linksLeftRule(p, 2).OK()
	single, pair := s.linkPrice(1), s.linkPrice(2)
	base := &c.b.pl
	var plans1, plans2, beers [planBufSize]resPlan
	var c1, c2 coalCtx
	for m := candidates; m != 0; m &= m - 1 {
		l1 := bits.TrailingZeros64(m)
		if !s.linkRule(l1, net, anywhere).OK() {
			continue
		}
		// As doNetwork does: each link is placed before its coal is found.
		m1 := s.ed.tables.linkMask[l1]
		s.Links[l1] = uint8(p + 1)
		undo1 := c.b.g.place(m1)
		s.coalContext(&c.b.g, base, m1, &c1)
		net2 := net | m1
		for _, plan1 := range s.coalPlans(&c1, base, 1, plans1[:0]) {
			if s.moneyRule(p, single+int(plan1.cost), int(plan1.cost)).OK() {
				a := blankAction(KindNetwork, p)
				a.Links[0], a.NLinks = int8(l1), 1
				a.Coal[0], a.NCoal = plan1.src[0], 1
				buf = withCards(buf, a, cards)
			}
			if !double || !s.moneyRule(p, pair+int(plan1.cost), int(plan1.cost)).OK() {
				continue
			}
			after1 := *base
			s.takeCoal(&after1, plan1.src[0])
			for m2 := s.ed.tables.linksTouching(net2); m2 != 0; m2 &= m2 - 1 {
				l2 := bits.TrailingZeros64(m2)
				if !s.linkRule(l2, net2, false).OK() {
					continue
				}
				m2 := s.ed.tables.linkMask[l2]
				undo2 := c.b.g.place(m2)
				s.coalContext(&c.b.g, base, m2, &c2)
				reach2 := c.b.g.reach(m2)
				beer := s.beerPlans(p, reach2, -1, base, s.ed.Rules.DoubleRailBeer, beers[:0])
				for _, plan2 := range s.coalPlans(&c2, &after1, 1, plans2[:0]) {
					if !s.moneyRule(p, pair+int(plan2.cost), int(plan2.cost)).OK() {
						continue
					}
					for _, plan3 := range beer {
						a := blankAction(KindNetwork, p)
						a.Links[0], a.Links[1], a.NLinks = int8(l1), int8(l2), 2
						a.Coal[0], a.Coal[1], a.NCoal = plan1.src[0], plan2.src[0], 2
						a.Beer[0], a.NBeer = plan3.src[0], plan3.n
						buf = withCards(buf, a, cards)
					}
				}
				c.b.g.unplace(m2, undo2)
			}
		}
		c.b.g.unplace(m1, undo1)
		s.Links[l1] = 0
	}
	return buf
}

func (s *State) legalDevelops(c *legalCtx, buf []Action) []Action {
	p, cards := c.p, c.cards()
	a := blankAction(KindDevelop, p) // every field that varies is set below
	// What developRule says of each industry's next tile (next) and, for two tiles of one
	// industry, of the tile after it (again).
	var next, again [numIndustries]bool
	used := &s.Players[p].MatUsed
	inds := s.ed.Industries
	for _, ind := range inds {
		_, r := s.developRule(ind, int(used[ind]))
		next[ind] = r.OK()
		_, r = s.developRule(ind, int(used[ind])+1)
		again[ind] = r.OK()
	}
	for i1, ind1 := range inds {
		if !next[ind1] {
			continue
		}
		for n := 1; n <= 2; n++ {
			for i2 := i1; i2 < len(inds); i2++ {
				ind2 := inds[i2]
				if n == 1 && i2 > i1 {
					break
				}
				if n == 2 && (ind2 == ind1 && !again[ind2] || ind2 != ind1 && !next[ind2]) {
					continue
				}
				for _, plan := range c.iron(n) {
					if !s.moneyRule(p, int(plan.cost), int(plan.cost)).OK() {
						continue
					}
					a.Dev[0], a.Dev[1], a.NDev = ind1, NoIndustry, uint8(n)
					if n == 2 {
						a.Dev[1] = ind2
					}
					a.Iron, a.NIron = plan.src, plan.n
					buf = withCards(buf, a, cards)
				}
			}
		}
	}
	return buf
}

func (s *State) legalSales(p int, cards []CardKind, b *boardScan, buf []Action) []Action {
	var beerBuf [planBufSize]resPlan
	for own := b.owned[p]; own != 0; own &= own - 1 { // (only the player's own tiles are candidates at all)
		sp := bits.TrailingZeros64(own)
		if !s.saleTileRule(p, sp).OK() {
			continue
		}
		reach := s.saleReach(&b.g, sp)
		spec := s.TileSpec(s.Tiles[sp])
		for m := range s.ed.MerchantSpaces {
			if !s.saleMerchantRule(sp, m, reach).OK() {
				continue
			}
			bonus := s.ed.Locations[s.ed.MerchantSpaces[m].Location].Bonus
			for _, plan := range s.beerPlans(p, reach, m, &b.pl, spec.Beer, beerBuf[:0]) {
				a := blankAction(KindSell, p)
				a.Space, a.Merchant = int8(sp), int8(m)
				a.Beer, a.NBeer = plan.src, plan.n
				buf = withCards(buf, a, cards)
				if plan.merchantBeer && bonus == BonusDevelop {
					for _, ind := range s.ed.Industries {
						if _, r := s.developRule(ind, int(s.Players[p].MatUsed[ind])); r.OK() {
							a.Dev[0], a.NDev = ind, 1
							buf = withCards(buf, a, cards)
						}
					}
				}
			}
		}
		if s.ed.ports {
			buf = s.legalCottonSales(p, sp, reach, cards, &b.pl, buf)
		}
	}
	return buf
}

// legalCottonSales lists Lancashire's sales of the mill on sp: to each unflipped port it
// reaches, then to the Distant Market.
func (s *State) legalCottonSales(p, sp int, reach uint64, cards []CardKind, pl *pool, buf []Action) []Action {
	a := blankAction(KindSell, p)
	a.Space = int8(sp)
	for m := pl.ports; m != 0; m &= m - 1 {
		if port := bits.TrailingZeros64(m); s.salePortRule(sp, port, reach).OK() {
			a.Port = int8(port + 1)
			buf = withCards(buf, a, cards)
		}
	}
	if s.saleDistantRule(sp, reach, pl.anchors).OK() {
		a.Port = ToDistantMarket
		buf = withCards(buf, a, cards)
	}
	return buf
}

func (s *State) legalScouts(p int, cards []CardKind, buf []Action) []Action {
	if !s.scoutRule(p).OK() {
		return buf
	}
	a := blankAction(KindScout, p)
	a.NCards = 2
	for i, k1 := range cards {
		for j := i; j < len(cards); j++ {
			k2 := cards[j]
			for l := j; l < len(cards); l++ {
				k3 := cards[l]
				if !s.cardsHeldRule(p, k1, k2, k3).OK() {
					continue
				}
				buf = append(buf, a)
				b := &buf[len(buf)-1]
				b.Card, b.Cards = k1, [2]CardKind{k2, k3}
			}
		}
	}
	return buf
}
