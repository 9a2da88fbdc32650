package engine

import "sort"

// Full refusals: why a card, or a whole action, cannot be used now. A UI shows a dimmed
// card or action button; the player asks why. One Check names only the first rule its one
// move breaks, and the move the player meant is not known: the Cotton Mill a location card
// cannot pay for may be the answer, or the Manufacturer it has no space for. So the moves
// the player may mean (Attempts) are each checked, by the same rule functions as always,
// and their reasons are gathered (Refusals): one line per rule and industry (or tile),
// naming the other places the same rule refuses, nearest to legal first.

// Attempts lists the moves a player may mean by an action of a type with a card (card ""
// for every card held): a build of each industry the card names, on each space showing it
// where the card builds (a location card in its town, an industry card anywhere); a develop
// of each industry; a network over each line next to the player's network; a sale of each
// of the player's tiles to each merchant or port; otherwise the action with the card alone.
// Resources are left to the engine's defaults.
func (g *Game) Attempts(typ, card string) []Move {
	s := &g.state
	p := s.Actor()
	if p < 0 {
		return nil
	}
	if card == "" {
		var out []Move
		for k, n := range s.Players[p].Hand {
			if n > 0 {
				out = append(out, g.Attempts(typ, s.ed.Cards[k].ID)...)
			}
		}
		return out
	}
	base := Move{Type: typ, Player: p, Card: card}
	switch typ {
	case "build":
		return s.buildAttempts(base)
	case "develop":
		var out []Move
		for _, ind := range s.ed.Industries {
			m := base
			m.Develop = []string{ind.ID()}
			out = append(out, m)
		}
		return out
	case "network":
		return s.networkAttempts(base)
	case "sell":
		return s.saleAttempts(base)
	case "loan":
		var out []Move
		for steps := 1; steps <= s.ed.Rules.LoanSteps && s.ed.Rules.LoanSteps > 1; steps++ {
			m := base
			m.Amount = steps * s.ed.Rules.LoanAmount
			out = append(out, m)
		}
		if out != nil {
			return out
		}
	}
	return []Move{base}
}

// buildAttempts lists the builds a card may mean: each industry it names on each space
// showing that industry in a place it names.
func (s *State) buildAttempts(base Move) []Move {
	k, ok := s.ed.CardByID(base.Card)
	if !ok {
		return []Move{base}
	}
	c := &s.ed.Cards[k]
	var out []Move
	for sp := range s.ed.Spaces {
		space := &s.ed.Spaces[sp]
		if c.Type == LocationCard && space.Location != c.Location {
			continue
		}
		for _, ind := range space.Icons {
			if c.Type == IndustryCard && s.ed.tables.cardIcons[k]&(1<<ind) == 0 {
				continue
			}
			m := base
			m.Industry, m.Space = ind.ID(), space.ID
			out = append(out, m)
		}
	}
	return out
}

// networkAttempts lists a link on each line touching the player's network (every line for
// a player with no network yet).
func (s *State) networkAttempts(base Move) []Move {
	var b boardScan
	s.scan(&b)
	net, anywhere := b.network(base.Player)
	lines := s.ed.tables.linksTouching(net)
	if anywhere {
		lines = 1<<uint(len(s.ed.Links)) - 1
	}
	var out []Move
	for l := range s.ed.Links {
		if lines&(1<<uint(l)) != 0 {
			m := base
			m.Links = []string{s.ed.Links[l].ID}
			out = append(out, m)
		}
	}
	return out
}

// saleAttempts lists a sale of each of the player's tiles to each merchant, or, where
// cotton goes to ports, to each port and the Distant Market.
func (s *State) saleAttempts(base Move) []Move {
	var out []Move
	for sp := range s.ed.Spaces {
		if s.Tiles[sp].Owner != uint8(base.Player+1) {
			continue
		}
		m := base
		m.Space = s.ed.Spaces[sp].ID
		if s.ed.ports {
			for port := range s.ed.Spaces {
				if t := s.Tiles[port]; t.Owner != 0 && t.Industry == Port {
					m.Port = s.ed.Spaces[port].ID
					out = append(out, m)
				}
			}
			m.Port = DistantMarketID
			out = append(out, m)
			continue
		}
		for ms := range s.ed.MerchantSpaces {
			m.Merchant = s.ed.MerchantSpaces[ms].ID
			out = append(out, m)
		}
	}
	return out
}

// Refusals checks each move and gathers why the refused ones are refused. Of the moves
// with one subject (the industry built or developed, the tile sold) at one place (a town,
// a line), only the nearest to legal counts: a Manufacturer that could go on one space of
// a town but for its coal is not also refused for the town's other spaces. Those reasons
// make one *Error per rule and subject, with the message of its nearest instance, to which
// the other places the same rule refuses are added ("The same goes for Dudley and
// Walsall."). The nearest to legal come first (see nearer). Legal moves and moves that
// cannot be read are skipped.
func (g *Game) Refusals(moves []Move) []*Error {
	type tried struct {
		err   *Error
		place string
	}
	var nearest []*tried
	at := map[string]*tried{}
	for _, m := range moves {
		err, ok := g.Check(m).(*Error)
		if !ok || err == nil || err.Reason.Rule == RuleNone {
			continue
		}
		t := &tried{err, g.refusalPlace(m)}
		key := refusalSubject(m) + "|" + t.place
		switch old := at[key]; {
		case old == nil:
			at[key] = t
			nearest = append(nearest, t)
		case g.nearer(err.Reason, old.err.Reason):
			*old = *t
		}
	}
	type group struct {
		head   *tried
		places []string
	}
	var groups []*group
	byKey := map[string]*group{}
	for _, t := range nearest {
		key := t.err.Reason.Rule.String() + "|" + subjectOf(t.err.Reason)
		gr := byKey[key]
		switch {
		case gr == nil:
			gr = &group{head: t}
			byKey[key] = gr
			groups = append(groups, gr)
		case g.nearer(t.err.Reason, gr.head.err.Reason):
			gr.places = append(gr.places, gr.head.place)
			gr.head = t
		case t.err.Msg != gr.head.err.Msg:
			gr.places = append(gr.places, t.place)
		}
	}
	sort.SliceStable(groups, func(i, j int) bool { return g.nearer(groups[i].head.err.Reason, groups[j].head.err.Reason) })
	out := make([]*Error, len(groups))
	for i, gr := range groups {
		e := *gr.head.err
		e.Msg += sameGoesFor(gr.places, gr.head.place)
		out[i] = &e
	}
	return out
}

// subjectOf is what a reason is about beyond its place: the industry it names.
func subjectOf(r Reason) string {
	if r.Industry != NoIndustry && r.Industry < numIndustries {
		return r.Industry.ID()
	}
	return ""
}

// refusalSubject is what a line of refusals is about: the industry built or developed, or
// the tile sold ("" for a network, whose lines differ only by place).
func refusalSubject(m Move) string {
	switch {
	case m.Industry != "":
		return m.Industry
	case len(m.Develop) > 0:
		return m.Develop[0]
	case m.Type == "sell":
		return m.Space
	}
	return ""
}

// refusalPlace names where a move was tried: a link's line, a merchant's or port's town,
// a build's town.
func (g *Game) refusalPlace(m Move) string {
	ed := g.state.ed
	if len(m.Links) > 0 {
		if l, ok := ed.LinkByID(m.Links[0]); ok {
			return ed.LinkName(l)
		}
	}
	if ms, ok := ed.MerchantSpaceByID(m.Merchant); ok {
		return ed.Locations[ed.MerchantSpaces[ms].Location].Name
	}
	if m.Port == DistantMarketID {
		return "the Distant Market"
	}
	for _, id := range []string{m.Port, m.Space} {
		if sp, ok := ed.SpaceByID(id); ok {
			return ed.Locations[ed.Spaces[sp].Location].Name
		}
	}
	return ""
}

// sameGoesFor names the other places (not head's) where the same rule refuses, a few of
// them and how many more.
func sameGoesFor(places []string, head string) string {
	var names []string
	for _, p := range places {
		if p != "" && p != head && indexOf(names, p) < 0 {
			names = append(names, p)
		}
	}
	const most = 4
	more := 0
	if len(names) > most {
		names, more = names[:most], len(names)-most
	}
	switch {
	case len(names) == 0:
		return ""
	case more > 0:
		return " The same goes for " + joinNames(names) + " and " + itoa(more) + " more places."
	}
	return " The same goes for " + joinNames(names) + "."
}

// joinNames writes "A", "A and B", "A, B and C".
func joinNames(names []string) string {
	out := ""
	for i, n := range names {
		switch {
		case i == 0:
		case i == len(names)-1:
			out += " and "
		default:
			out += ", "
		}
		out += n
	}
	return out
}

// nearer reports whether a move refused for a is nearer to legal than one refused for b:
// refused by a later stage of the checks (see refusalStage), or, both by money, short of
// less.
func (g *Game) nearer(a, b Reason) bool {
	sa, sb := refusalStage(a.Rule), refusalStage(b.Rule)
	if sa != sb {
		return sa > sb
	}
	return a.Rule == RuleMoney && b.Rule == RuleMoney && g.moneyShort(a) < g.moneyShort(b)
}

// moneyShort is how much more money a move refused by RuleMoney needs.
func (g *Game) moneyShort(r Reason) int {
	if r.Player < 0 || int(r.Player) >= int(g.state.NumPlayers) {
		return int(r.N)
	}
	return int(r.N) - int(g.state.Players[r.Player].Money)
}

// refusalStage orders the rules as the checks meet them: the turn and the form of the move
// (0), what is done (1: a tile left on the mat, the era, a link tile, the loan or the wild
// cards), where (2: the card's places, the network, the space, the merchant or port), the
// resources (3: coal, iron and beer reaching it) and last the money (4). A move refused
// later is nearer to legal: only the last thing is missing.
func refusalStage(r Rule) int {
	switch r {
	case RuleGameOver, RuleNoSuchPlayer, RuleUnknown, RuleMalformed, RuleNotYourTurn, RuleMidSale,
		RuleShortfallFirst, RuleNotSelling, RuleNoShortfall, RuleNeedCard, RuleCardNotHeld,
		RuleNoDoubleBuild, RuleDoubleBuildTurn, RuleNoScout, RuleNoBeerHere, RuleNoDistantMarket,
		RuleScoutCards, RuleDevelopCount, RuleCanalOneLink, RuleCanalNoCoalBeer, RuleBeerDoubleRailOnly,
		RuleTooManySources, RuleFreeDevelopBonus, RuleOtherMerchantBeer:
		return 0
	case RuleMatEmpty, RuleWrongEra, RuleNeverBuilt, RuleLightbulb, RuleLinksLeft, RuleScoutWildHeld,
		RuleNoWildLeft, RuleLoanIncome, RuleLoanCutoff, RuleNotSellable, RuleAlreadySold,
		RuleNoTileToSell, RuleNoTileToRemove, RuleTileWorthless:
		return 1
	case RuleNoCoalConnection, RuleNoCoalForLink, RuleSource, RuleNoBeer, RuleNoBeerForLink:
		return 3
	case RuleMoney:
		return 4
	}
	return 2 // where: the card's places, the network, the space, the merchant or port
}

// Unavailable explains, in general terms, why no move of a type is legal now, for when
// Attempts names no move whose refusal would say it (no card in hand, no tile to sell):
// the rules' own message explains any particular move once the player makes it.
func (s *State) Unavailable(typ string) string {
	p := s.Actor()
	if p < 0 {
		return "the game is over."
	}
	pl := &s.Players[p]
	r := &s.ed.Rules
	switch typ {
	case "loan":
		return "a loan would take your income below level " + signed(r.MinIncomeLevel) + "."
	case "scout":
		for _, k := range s.HandCards(p) {
			if t := s.ed.Cards[k].Type; t == WildLocationCard || t == WildIndustryCard {
				return "you already hold a wild card."
			}
		}
		return "Scout discards 3 cards and you hold fewer."
	case "sell":
		return "none of your Cotton Mills, Manufacturers or Potteries can be sold: each must be unflipped, connected to a merchant that buys it, with enough beer."
	case "network":
		if pl.LinksLeft == 0 {
			return "you have no link tiles left."
		}
		return "no line next to your network can be built and paid for (rail links also need coal)."
	case "develop":
		return "you cannot pay for the iron, or no tile left on your mat may be developed."
	case "build":
		return "none of your cards allows a tile you can place and pay for (with its coal and iron)."
	}
	return "no legal move of this kind."
}
