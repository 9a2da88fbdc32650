package engine

// Apply validates the action and, only if it is legal, performs it. A refused action
// returns an *Error and leaves the state exactly as it was.
func (s *State) Apply(a *Action) error {
	return s.applyLogged(a, nil)
}

// applyLogged is Apply that appends log entries for the move to log (when not nil).
func (s *State) applyLogged(a *Action, log *[]LogEntry) error {
	if s.Phase == PhaseOver {
		return errorf(ErrGameOver, "The game is over; no more moves can be made.")
	}
	if int(a.Player) >= int(s.NumPlayers) {
		return errorf(ErrMalformed, "There is no player %d in this %d-player game.", int(a.Player)+1, s.NumPlayers)
	}
	if !s.validShape(a) {
		return errorf(ErrMalformed, "This action refers to things that do not exist.")
	}
	if actor := s.Actor(); int(a.Player) != actor {
		return errorf(ErrNotYourTurn, "It is %s's turn, not %s's.", s.name(actor), s.name(int(a.Player)))
	}
	t := *s
	var tmp []LogEntry
	if log != nil {
		t.log = &tmp
	} else {
		t.log = nil
	}
	t.Moves++
	if err := t.apply(a); err != nil {
		return err
	}
	t.log = s.log
	*s = t
	if log != nil {
		*log = append(*log, tmp...)
	}
	return nil
}

// validShape checks that every index in the action is in range, so nothing below can panic
// on a hand-made Action.
func (s *State) validShape(a *Action) bool {
	e := s.ed
	if a.NLinks > 2 || a.NCoal > 2 || a.NIron > 2 || a.NBeer > 2 || a.NDev > 2 || a.NCards > 2 {
		return false
	}
	if a.Card != NoCard && int(a.Card) >= len(e.Cards) || a.Industry >= numIndustries {
		return false
	}
	if a.Space < none || int(a.Space) >= len(e.Spaces) || a.Merchant < none || int(a.Merchant) >= len(e.MerchantSpaces) {
		return false
	}
	for i := 0; i < int(a.NLinks); i++ {
		if a.Links[i] < 0 || int(a.Links[i]) >= len(e.Links) {
			return false
		}
	}
	src := func(list []int8) bool {
		for _, v := range list {
			if v != SrcMarket && v != SrcMerchant && (v < 0 || int(v) >= len(e.Spaces)) {
				return false
			}
		}
		return true
	}
	if !src(a.Coal[:a.NCoal]) || !src(a.Iron[:a.NIron]) || !src(a.Beer[:a.NBeer]) {
		return false
	}
	for i := 0; i < int(a.NDev); i++ {
		if a.Dev[i] == NoIndustry || a.Dev[i] >= numIndustries {
			return false
		}
	}
	for i := 0; i < int(a.NCards); i++ {
		if int(a.Cards[i]) >= len(e.Cards) {
			return false
		}
	}
	return true
}

func (s *State) apply(a *Action) error {
	switch s.Phase {
	case PhaseSelling:
		switch a.Kind {
		case KindSell:
			if a.Card != NoCard {
				return errorf(ErrNotAvailable, "You are in the middle of a Sell action: sell another tile without a card, or stop selling.")
			}
			return s.doSale(a)
		case KindEndSell:
			s.logf(LogAction, int(a.Player), "%s stops selling.", s.name(int(a.Player)))
			s.Phase = PhaseAction
			s.actionDone()
			return nil
		}
		return errorf(ErrNotAvailable, "You are in the middle of a Sell action: sell another tile or stop selling.")
	case PhaseShortfall:
		if a.Kind != KindRemoveTile {
			return errorf(ErrNotAvailable, "You must first remove industry tiles from the board to pay your negative income.")
		}
		return s.doRemoveTile(a)
	}
	switch a.Kind {
	case KindBuild, KindNetwork, KindDevelop, KindSell, KindLoan, KindScout, KindPass:
	case KindEndSell:
		return errorf(ErrNotAvailable, "You are not selling, so there is nothing to stop.")
	case KindRemoveTile:
		return errorf(ErrNotAvailable, "Tiles are removed from the board only to pay a shortfall of negative income at the end of a round.")
	default:
		return errorf(ErrMalformed, "Unknown action.")
	}
	p := int(a.Player)
	if err := s.checkCard(p, a.Card); err != nil {
		return err
	}
	var err error
	switch a.Kind {
	case KindBuild:
		err = s.doBuild(a)
	case KindNetwork:
		err = s.doNetwork(a)
	case KindDevelop:
		err = s.doDevelop(a)
	case KindSell:
		return s.doSale(a) // counts the action itself when the selling ends
	case KindLoan:
		err = s.doLoan(a)
	case KindScout:
		err = s.doScout(a)
	case KindPass:
		s.discard(p, a.Card)
		s.logf(LogAction, p, "%s passes, discarding %s.", s.name(p), s.ed.Cards[a.Card].Name)
	}
	if err != nil {
		return err
	}
	if s.Phase == PhaseAction {
		s.actionDone()
	}
	return nil
}

// checkCard: every action discards one card from the hand ("Player Turns").
func (s *State) checkCard(p int, k CardKind) error {
	if k == NoCard {
		return errorf(ErrIllegal, "Every action needs a card from your hand to discard.")
	}
	if int(k) >= len(s.ed.Cards) {
		return errorf(ErrMalformed, "Unknown card.")
	}
	if s.Players[p].Hand[k] == 0 {
		return errorf(ErrIllegal, "You do not hold a %s card.", s.ed.Cards[k].Name)
	}
	return nil
}

// actionDone counts an action; the turn ends after the last action of the turn.
func (s *State) actionDone() {
	s.ActionsDone++
	if int(s.ActionsDone) >= s.ActionsThisTurn() {
		s.endTurn()
	}
}

// ---- Build ----

// eraAllows: canal-only tiles cannot be built in the Rail Era, rail-only ones not in the Canal Era.
func (s *State) eraAllows(spec *TileSpec) bool {
	if s.Era == Canal {
		return spec.CanalOK
	}
	return spec.RailOK
}

// cardAllowsBuild checks the card rules of "Build Action" step 1, "Farm Breweries" and
// "Building If You Have No Tiles on the Board".
func (s *State) cardAllowsBuild(p int, k CardKind, ind Industry, loc int) bool {
	c := &s.ed.Cards[k]
	l := &s.ed.Locations[loc]
	switch c.Type {
	case LocationCard:
		return c.Location == loc
	case WildLocationCard:
		return l.Kind == Town
	case IndustryCard, WildIndustryCard:
		if !containsInd(c.Industries, ind) {
			return false
		}
		return s.networkMask(p)&locBit(loc) != 0 || !s.hasTilesOnBoard(p)
	}
	return false
}

func (s *State) explainCard(p int, k CardKind, ind Industry, loc int) error {
	c := &s.ed.Cards[k]
	l := &s.ed.Locations[loc]
	switch c.Type {
	case LocationCard:
		return errorf(ErrIllegal, "The %s card builds only in %s, not in %s.", c.Name, s.ed.Locations[c.Location].Name, l.Name)
	case WildLocationCard:
		return errorf(ErrIllegal, "A Wild Location card cannot build at a Farm Brewery; use a Brewery or Wild Industry card.")
	default:
		if !containsInd(c.Industries, ind) {
			return errorf(ErrIllegal, "The %s card cannot build a %s.", c.Name, ind.Name())
		}
		return errorf(ErrIllegal, "%s is not part of your network: an industry card builds only where you have an industry tile or next to one of your links (or use a %s location card).", l.Name, l.Name)
	}
}

// spaceOK is the single definition of where a tile may go within a location: an
// undeveloped space showing the industry (a single-icon space first), or an overbuild.
func (s *State) spaceOK(p int, sp int, ind Industry, spec *TileSpec) bool {
	space := &s.ed.Spaces[sp]
	if !space.accepts(ind) {
		return false
	}
	t := &s.Tiles[sp]
	owner := uint8(p + 1)
	if t.Owner == 0 {
		if len(space.Icons) > 1 {
			for _, o := range s.ed.Locations[space.Location].Spaces {
				os := &s.ed.Spaces[o]
				if o != sp && s.Tiles[o].Owner == 0 && len(os.Icons) == 1 && os.Icons[0] == ind {
					return false
				}
			}
		}
	} else {
		if t.Industry != ind || s.TileSpec(*t).Level >= spec.Level {
			return false
		}
		if t.Owner != owner && (ind != Coal && ind != Iron || s.resourceOnBoard(ind)) {
			return false
		}
	}
	if s.Era == Canal {
		for _, o := range s.ed.Locations[space.Location].Spaces {
			if o != sp && s.Tiles[o].Owner == owner {
				return false
			}
		}
	}
	return true
}

func (s *State) explainSpace(p int, sp int, ind Industry, spec *TileSpec) error {
	space := &s.ed.Spaces[sp]
	t := &s.Tiles[sp]
	label := s.spaceLabel(sp)
	if !space.accepts(ind) {
		return errorf(ErrIllegal, "%s has no %s icon.", label, ind.Name())
	}
	if t.Owner == 0 {
		for _, o := range s.ed.Locations[space.Location].Spaces {
			os := &s.ed.Spaces[o]
			if o != sp && s.Tiles[o].Owner == 0 && len(os.Icons) == 1 && os.Icons[0] == ind {
				return errorf(ErrIllegal, "A %s must go on %s, which shows only its icon, before a shared space.", ind.Name(), s.spaceLabel(o))
			}
		}
	} else {
		have := s.TileSpec(*t)
		switch {
		case t.Industry != ind:
			return errorf(ErrIllegal, "%s already holds %s's %s.", label, s.name(int(t.Owner)-1), tileName(t.Industry, have.Level))
		case have.Level >= spec.Level:
			return errorf(ErrIllegal, "Overbuilding needs a higher level: your next tile is %s and %s holds %s.", tileName(ind, spec.Level), label, tileName(ind, have.Level))
		case t.Owner != uint8(p+1) && ind != Coal && ind != Iron:
			return errorf(ErrIllegal, "You may overbuild only your own tiles, or an opponent's Coal Mine or Iron Works; %s belongs to %s.", label, s.name(int(t.Owner)-1))
		case t.Owner != uint8(p+1):
			what := "coal"
			if ind == Iron {
				what = "iron"
			}
			return errorf(ErrIllegal, "You may overbuild %s's %s only when no %s is left on the board or in its market.", s.name(int(t.Owner)-1), ind.Name(), what)
		}
	}
	return errorf(ErrIllegal, "In the Canal Era you may have only one industry tile in each location, and you already have one in %s.", s.spaceName(sp))
}

// buildSpaces lists the legal spaces for the player's next tile of an industry in a location.
func (s *State) buildSpaces(p int, loc int, ind Industry, spec *TileSpec, out []int8) []int8 {
	for _, sp := range s.ed.Locations[loc].Spaces {
		if s.spaceOK(p, sp, ind, spec) {
			out = append(out, int8(sp))
		}
	}
	return out
}

func (s *State) doBuild(a *Action) error {
	p := int(a.Player)
	ind := a.Industry
	if ind == NoIndustry || ind >= numIndustries {
		return errorf(ErrMalformed, "A build must name an industry.")
	}
	if a.Space < 0 || int(a.Space) >= len(s.ed.Spaces) {
		return errorf(ErrMalformed, "A build must name a build space.")
	}
	sp := int(a.Space)
	loc := s.ed.Spaces[sp].Location
	spec, ok := s.NextTile(p, ind)
	if !ok {
		return errorf(ErrIllegal, "You have no %s tiles left on your mat.", ind.Name())
	}
	if !s.eraAllows(spec) {
		if s.Era == Rail {
			return errorf(ErrIllegal, "%s cannot be built in the Rail Era; develop it off your mat to reach the next level.", tileName(ind, spec.Level))
		}
		return errorf(ErrIllegal, "%s can only be built in the Rail Era.", tileName(ind, spec.Level))
	}
	if !s.cardAllowsBuild(p, a.Card, ind, loc) {
		return s.explainCard(p, a.Card, ind, loc)
	}
	if !s.spaceOK(p, sp, ind, spec) {
		return s.explainSpace(p, sp, ind, spec)
	}
	if a.NLinks != 0 || a.NBeer != 0 || a.NDev != 0 || a.NCards != 0 {
		return errorf(ErrMalformed, "A build names only a card, an industry, a space and its coal and iron.")
	}
	var pl pool
	s.newPool(&pl)
	pl.cubes[sp] = 0 // an overbuilt tile's cubes go back to the supply
	if err := s.payCoal(p, &pl, locBit(loc), spec.Coal, a.Coal[:a.NCoal], tileName(ind, spec.Level), s.spaceName(sp)); err != nil {
		return err
	}
	if err := s.payIron(&pl, spec.Iron, a.Iron[:a.NIron], tileName(ind, spec.Level)); err != nil {
		return err
	}
	total := spec.Cost + pl.cost
	if int(s.Players[p].Money) < total {
		return errorf(ErrIllegal, "%s costs £%d%s; you have £%d.", tileName(ind, spec.Level), spec.Cost, extraCost(pl.cost), s.Players[p].Money)
	}
	s.discard(p, a.Card)
	s.spend(p, total)
	old := s.Tiles[sp]
	s.Tiles[sp] = Tile{} // the overbuilt tile leaves the game; its cubes do not flip it
	s.commitPool(&pl)
	s.Players[p].MatUsed[ind]++
	s.Tiles[sp] = Tile{Owner: uint8(p + 1), Industry: ind, Spec: s.Players[p].MatUsed[ind] - 1}
	over := ""
	if old.Owner != 0 {
		over = ", overbuilding " + s.name(int(old.Owner)-1) + "'s " + tileName(old.Industry, s.TileSpec(old).Level)
	}
	s.logf(LogAction, p, "%s builds %s in %s%s with %s, paying £%d.", s.name(p), tileName(ind, spec.Level), s.spaceName(sp), over, s.ed.Cards[a.Card].Name, total)
	switch ind {
	case Coal, Iron:
		s.Tiles[sp].Cubes = uint8(spec.Produces)
		s.sellToMarket(p, sp)
	case Brewery:
		s.Tiles[sp].Cubes = uint8(s.ed.Rules.BreweryBeer[s.Era])
	}
	return nil
}

func extraCost(c int) string {
	if c == 0 {
		return ""
	}
	return " plus £" + itoa(c) + " from the market"
}

// payCoal plans n coal for a tile or link at the locations in at, taking the given sources
// in order and the default (first legal) source for the rest.
func (s *State) payCoal(p int, pl *pool, at uint64, n int, given []int8, what, where string) error {
	if len(given) > n {
		return errorf(ErrIllegal, "%s needs %d coal, but %d coal sources were given.", what, n, len(given))
	}
	if n == 0 {
		return nil
	}
	var c coalCtx
	s.coalContext(at, &c)
	var opts [maxSpaces]int8
	for i := 0; i < n; i++ {
		k, _ := c.options(pl, &opts)
		if k == 0 {
			return errorf(ErrIllegal, "%s is not connected to a coal mine or to a merchant, so the coal for %s cannot reach it.", where, what)
		}
		src := opts[0]
		if i < len(given) {
			src = given[i]
			if !containsSrc(opts[:k], src) {
				return errorf(ErrIllegal, "The coal for %s cannot come from %s: it must come from %s.", what, s.sourceName(src, "coal", -1), s.listSources(opts[:k], "coal", -1))
			}
		}
		s.takeCoal(pl, src)
	}
	return nil
}

// payIron plans n iron.
func (s *State) payIron(pl *pool, n int, given []int8, what string) error {
	if len(given) > n {
		return errorf(ErrIllegal, "%s needs %d iron, but %d iron sources were given.", what, n, len(given))
	}
	var opts [maxSpaces]int8
	for i := 0; i < n; i++ {
		k := s.ironOptions(pl, &opts)
		src := opts[0]
		if i < len(given) {
			src = given[i]
			if !containsSrc(opts[:k], src) {
				return errorf(ErrIllegal, "The iron for %s cannot come from %s: it must come from %s.", what, s.sourceName(src, "iron", -1), s.listSources(opts[:k], "iron", -1))
			}
		}
		s.takeIron(pl, src)
	}
	return nil
}

func (s *State) listSources(opts []int8, what string, merchant int) string {
	out := ""
	for i, o := range opts {
		if i > 0 {
			if i == len(opts)-1 {
				out += " or "
			} else {
				out += ", "
			}
		}
		out += s.sourceName(o, what, merchant)
	}
	return out
}

// sellToMarket moves cubes from a newly built coal mine (connected to any merchant location)
// or iron works to its market, most expensive spaces first, paying the owner ("Moving Coal
// and Iron to the Market").
func (s *State) sellToMarket(p int, sp int) {
	t := &s.Tiles[sp]
	mkt, count, what := &s.ed.CoalMarket, &s.CoalMarket, "coal"
	if t.Industry == Iron {
		mkt, count, what = &s.ed.IronMarket, &s.IronMarket, "iron"
	} else if s.reach(locBit(s.ed.Spaces[sp].Location))&s.ed.merchantMask == 0 {
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
	s.logf(LogMarket, p, "%s sells %d %s to the market for £%d.", s.name(p), sold, what, earned)
	if t.Cubes == 0 {
		s.flip(sp)
	}
}

// ---- Network ----

func (s *State) doNetwork(a *Action) error {
	p := int(a.Player)
	r := &s.ed.Rules
	n := int(a.NLinks)
	if n == 0 {
		return errorf(ErrMalformed, "A Network action must name a link.")
	}
	if s.Era == Canal && n > 1 {
		return errorf(ErrIllegal, "In the Canal Era a Network action builds a single canal link.")
	}
	if n > 2 {
		return errorf(ErrIllegal, "A Network action builds at most 2 rail links.")
	}
	if int(s.Players[p].LinksLeft) < n {
		return errorf(ErrIllegal, "You have only %d link tiles left.", s.Players[p].LinksLeft)
	}
	if a.NIron != 0 || a.NDev != 0 || a.NCards != 0 || a.Industry != NoIndustry || a.Space != none {
		return errorf(ErrMalformed, "A Network action names only a card, its links and their coal and beer.")
	}
	if s.Era == Canal && (a.NCoal != 0 || a.NBeer != 0) {
		return errorf(ErrIllegal, "A canal link needs no coal and no beer.")
	}
	if int(a.NCoal) > n {
		return errorf(ErrIllegal, "Each rail link takes one coal: %d sources given for %d links.", a.NCoal, n)
	}
	if n == 1 && a.NBeer != 0 || n == 2 && a.NBeer > 1 {
		return errorf(ErrIllegal, "Only a double rail link takes beer, and only one barrel.")
	}
	var pl pool
	s.newPool(&pl)
	first := !s.hasTilesOnBoard(p)
	for i := 0; i < n; i++ {
		l := int(a.Links[i])
		if l < 0 || l >= len(s.ed.Links) {
			return errorf(ErrMalformed, "Unknown link.")
		}
		if err := s.linkOK(p, l, first && i == 0); err != nil {
			return err
		}
		s.Links[l] = uint8(p + 1) // placed before its coal is found (coal must reach it after placement)
		if s.Era == Rail {
			var given []int8
			if i < int(a.NCoal) {
				given = a.Coal[i : i+1]
			}
			if err := s.payCoal(p, &pl, s.ed.Links[l].mask, 1, given, "the rail link "+s.linkName(l), s.linkName(l)); err != nil {
				return err
			}
		}
	}
	cost := r.CanalLinkCost
	if s.Era == Rail {
		cost = r.RailLinkCost
		if n == 2 {
			cost = r.DoubleRailCost
			var opts [maxSpaces + 1]int8
			reach := s.reach(s.ed.Links[a.Links[1]].mask)
			k := s.beerOptions(p, reach, -1, &pl, &opts)
			if k == 0 {
				return errorf(ErrIllegal, "A second rail link needs a beer from your own brewery or from an opponent's brewery connected to %s.", s.linkName(int(a.Links[1])))
			}
			src := opts[0]
			if a.NBeer == 1 {
				src = a.Beer[0]
				if !containsSrc(opts[:k], src) {
					return errorf(ErrIllegal, "The beer for the second rail link cannot come from %s: use %s.", s.sourceName(src, "beer", -1), s.listSources(opts[:k], "beer", -1))
				}
			}
			s.takeBeer(&pl, src, -1)
		}
	}
	total := cost + pl.cost
	if int(s.Players[p].Money) < total {
		return errorf(ErrIllegal, "The network costs £%d%s; you have £%d.", cost, extraCost(pl.cost), s.Players[p].Money)
	}
	s.discard(p, a.Card)
	s.spend(p, total)
	s.Players[p].LinksLeft -= uint8(n)
	s.commitPool(&pl)
	what := s.linkName(int(a.Links[0]))
	if n == 2 {
		what += " and " + s.linkName(int(a.Links[1]))
	}
	kind := "canal"
	if s.Era == Rail {
		kind = "rail"
	}
	s.logf(LogAction, p, "%s builds %s %s, paying £%d.", s.name(p), kind, what, total)
	return nil
}

// linkLegal: an undeveloped line of this era's type, next to the player's network (or
// anywhere for a player with no tiles on the board). net is the player's network mask.
func (s *State) linkLegal(l int, net uint64, anywhere bool) bool {
	link := &s.ed.Links[l]
	if s.Links[l] != 0 || s.Era == Canal && !link.Canal || s.Era == Rail && !link.Rail {
		return false
	}
	return anywhere || net&link.mask != 0
}

func (s *State) linkOK(p int, l int, anywhere bool) error {
	link := &s.ed.Links[l]
	if s.linkLegal(l, s.networkMask(p), anywhere) {
		return nil
	}
	switch {
	case s.Links[l] != 0:
		return errorf(ErrIllegal, "%s already has a link.", s.linkName(l))
	case s.Era == Canal && !link.Canal:
		return errorf(ErrIllegal, "%s is a railway line only; canals cannot be built there.", s.linkName(l))
	case s.Era == Rail && !link.Rail:
		return errorf(ErrIllegal, "%s is a canal line only; railways cannot be built there.", s.linkName(l))
	}
	return errorf(ErrIllegal, "%s does not touch your network.", s.linkName(l))
}

// ---- Develop ----

func (s *State) doDevelop(a *Action) error {
	p := int(a.Player)
	n := int(a.NDev)
	if n < 1 || n > 2 {
		return errorf(ErrIllegal, "Develop removes 1 or 2 tiles from your mat.")
	}
	if a.NLinks != 0 || a.NCoal != 0 || a.NBeer != 0 || a.NCards != 0 || a.Space != none {
		return errorf(ErrMalformed, "A Develop action names only a card, 1 or 2 industries and their iron.")
	}
	if int(a.NIron) > n {
		return errorf(ErrIllegal, "Develop takes one iron per tile: %d sources given for %d tiles.", a.NIron, n)
	}
	var pl pool
	s.newPool(&pl)
	used := s.Players[p].MatUsed
	names := ""
	for i := 0; i < n; i++ {
		ind := a.Dev[i]
		if ind == NoIndustry || ind >= numIndustries {
			return errorf(ErrMalformed, "Unknown industry to develop.")
		}
		mat := s.ed.Mats[ind]
		if int(used[ind]) >= len(mat) {
			return errorf(ErrIllegal, "You have no %s tiles left to develop.", ind.Name())
		}
		spec := &mat[used[ind]]
		if spec.Lightbulb {
			return errorf(ErrIllegal, "%s shows a lightbulb: it cannot be developed, only built.", tileName(ind, spec.Level))
		}
		used[ind]++
		if names != "" {
			names += " and "
		}
		names += tileName(ind, spec.Level)
	}
	if err := s.payIron(&pl, n, a.Iron[:a.NIron], "developing "+names); err != nil {
		return err
	}
	if int(s.Players[p].Money) < pl.cost {
		return errorf(ErrIllegal, "The iron costs £%d from the market; you have £%d.", pl.cost, s.Players[p].Money)
	}
	s.discard(p, a.Card)
	s.spend(p, pl.cost)
	s.Players[p].MatUsed = used
	s.commitPool(&pl)
	s.logf(LogAction, p, "%s develops %s, paying £%d.", s.name(p), names, pl.cost)
	return nil
}

// ---- Sell ----

// saleReach is where an opponent's brewery must be to supply beer for a sale of the tile.
func (s *State) saleReach(sp int) uint64 {
	return s.reach(locBit(s.ed.Spaces[sp].Location))
}

// canSellTo: the player's unflipped sellable tile, connected to a merchant tile buying it.
func (s *State) canSellTo(p int, sp int, m int, reach uint64) bool {
	t := &s.Tiles[sp]
	if t.Owner != uint8(p+1) || t.Flipped || !t.Industry.sellable() {
		return false
	}
	slot := s.Merchants[m]
	if slot.Tile == 0 || !s.ed.MerchantTiles[slot.Tile-1].buys(t.Industry) {
		return false
	}
	return reach&locBit(s.ed.MerchantSpaces[m].Location) != 0
}

func (s *State) doSale(a *Action) error {
	p := int(a.Player)
	if a.Space < 0 || int(a.Space) >= len(s.ed.Spaces) {
		return errorf(ErrMalformed, "A sale must name one of your tiles.")
	}
	if a.Merchant < 0 || int(a.Merchant) >= len(s.ed.MerchantSpaces) {
		return errorf(ErrMalformed, "A sale must name a merchant.")
	}
	if a.NLinks != 0 || a.NCoal != 0 || a.NIron != 0 || a.NCards != 0 || a.NDev > 1 {
		return errorf(ErrMalformed, "A sale names only a card, a tile, a merchant, the beer and Gloucester's develop.")
	}
	sp, m := int(a.Space), int(a.Merchant)
	t := s.Tiles[sp]
	reach := s.saleReach(sp)
	if !s.canSellTo(p, sp, m, reach) {
		slot := s.Merchants[m]
		switch {
		case t.Owner != uint8(p+1):
			return errorf(ErrIllegal, "You have no tile on %s to sell.", s.spaceLabel(sp))
		case !t.Industry.sellable():
			return errorf(ErrIllegal, "Only Cotton Mills, Manufacturers and Potteries are sold; %s holds a %s.", s.spaceLabel(sp), t.Industry.Name())
		case t.Flipped:
			return errorf(ErrIllegal, "Your %s in %s has already been sold.", tileName(t.Industry, s.TileSpec(t).Level), s.spaceName(sp))
		case slot.Tile == 0:
			return errorf(ErrIllegal, "There is no merchant tile at %s in this game.", s.merchantName(m))
		case !s.ed.MerchantTiles[slot.Tile-1].buys(t.Industry):
			return errorf(ErrIllegal, "The merchant at %s does not buy %s.", s.merchantName(m), t.Industry.Name())
		default:
			return errorf(ErrIllegal, "Your %s in %s is not connected to %s.", tileName(t.Industry, s.TileSpec(t).Level), s.spaceName(sp), s.merchantName(m))
		}
	}
	spec := s.TileSpec(t)
	if int(a.NBeer) > spec.Beer {
		return errorf(ErrIllegal, "%s needs %d beer to sell, but %d beer sources were given.", tileName(t.Industry, spec.Level), spec.Beer, a.NBeer)
	}
	var pl pool
	s.newPool(&pl)
	merchantBeer := false
	var opts [maxSpaces + 1]int8
	for i := 0; i < spec.Beer; i++ {
		k := s.beerOptions(p, reach, m, &pl, &opts)
		if k == 0 {
			return errorf(ErrIllegal, "Selling %s needs %d beer: from your own breweries, an opponent's brewery connected to %s, or the beer beside the merchant; not enough is available.", tileName(t.Industry, spec.Level), spec.Beer, s.spaceName(sp))
		}
		src := opts[0]
		if i < int(a.NBeer) {
			src = a.Beer[i]
			if !containsSrc(opts[:k], src) {
				return errorf(ErrIllegal, "The beer cannot come from %s: use %s.", s.sourceName(src, "beer", m), s.listSources(opts[:k], "beer", m))
			}
		}
		if src == SrcMerchant {
			merchantBeer = true
		}
		s.takeBeer(&pl, src, m)
	}
	loc := &s.ed.Locations[s.ed.MerchantSpaces[m].Location]
	if a.NDev == 1 {
		if !merchantBeer || loc.Bonus != BonusDevelop {
			return errorf(ErrIllegal, "A free develop is the bonus for Gloucester's merchant beer only.")
		}
		ind := a.Dev[0]
		if ind == NoIndustry || ind >= numIndustries {
			return errorf(ErrMalformed, "Unknown industry to develop.")
		}
		spec2, ok := s.NextTile(p, ind)
		if !ok {
			return errorf(ErrIllegal, "You have no %s tiles left to develop.", ind.Name())
		}
		if spec2.Lightbulb {
			return errorf(ErrIllegal, "%s shows a lightbulb: it cannot be developed, only built.", tileName(ind, spec2.Level))
		}
	}
	if a.Card != NoCard {
		s.discard(p, a.Card)
		s.Phase = PhaseSelling
	}
	s.commitPool(&pl)
	s.logf(LogAction, p, "%s sells %s in %s to %s.", s.name(p), tileName(t.Industry, spec.Level), s.spaceName(sp), s.merchantName(m))
	s.flip(sp)
	if merchantBeer {
		switch loc.Bonus {
		case BonusDevelop:
			if a.NDev == 1 {
				spec2, _ := s.NextTile(p, a.Dev[0])
				s.logf(LogAction, p, "Gloucester's beer bonus: %s develops %s for free.", s.name(p), tileName(a.Dev[0], spec2.Level))
				s.Players[p].MatUsed[a.Dev[0]]++
			}
		case BonusIncome:
			s.advanceIncome(p, loc.BonusAmount)
			s.logf(LogAction, p, "%s's beer bonus: income +%d spaces.", loc.Name, loc.BonusAmount)
		case BonusVP:
			s.Players[p].VP += int32(loc.BonusAmount)
			s.logf(LogAction, p, "%s's beer bonus: %d VP.", loc.Name, loc.BonusAmount)
		case BonusMoney:
			s.receive(p, loc.BonusAmount)
			s.logf(LogAction, p, "%s's beer bonus: £%d.", loc.Name, loc.BonusAmount)
		}
	}
	if !s.anySale(p) {
		s.Phase = PhaseAction
		s.actionDone()
	}
	return nil
}

// anySale reports whether the player has at least one legal sale now, by the same
// enumeration the legal-move list uses.
func (s *State) anySale(p int) bool {
	var buf [64]Action
	return len(s.legalSales(p, []CardKind{NoCard}, buf[:0])) > 0
}

// ---- Loan, Scout ----

func (s *State) doLoan(a *Action) error {
	p := int(a.Player)
	r := &s.ed.Rules
	level := s.IncomeLevel(p) - r.LoanLevels
	if level < r.MinIncomeLevel {
		return errorf(ErrIllegal, "A loan would take your income from level %d to %d, below %d.", s.IncomeLevel(p), level, r.MinIncomeLevel)
	}
	s.discard(p, a.Card)
	s.receive(p, r.LoanAmount)
	s.Players[p].IncomeSpace = uint8(HighestSpace(level))
	s.logf(LogAction, p, "%s takes a £%d loan; income falls to level %d.", s.name(p), r.LoanAmount, level)
	return nil
}

func (s *State) doScout(a *Action) error {
	p := int(a.Player)
	pl := &s.Players[p]
	if a.NCards != 2 {
		return errorf(ErrIllegal, "Scout discards 2 cards besides the action's card.")
	}
	if pl.Hand[s.ed.wildLoc] > 0 || pl.Hand[s.ed.wildInd] > 0 {
		return errorf(ErrIllegal, "You may not scout while you hold a wild card.")
	}
	var need [maxCardKinds]uint8
	need[a.Card]++
	for _, k := range a.Cards {
		if int(k) >= len(s.ed.Cards) {
			return errorf(ErrMalformed, "Unknown card.")
		}
		need[k]++
	}
	for k, n := range need {
		if n > pl.Hand[k] {
			return errorf(ErrIllegal, "You do not hold %d %s cards.", n, s.ed.Cards[k].Name)
		}
	}
	if s.WildLocations == 0 || s.WildIndustries == 0 {
		return errorf(ErrIllegal, "No wild cards are left to take.")
	}
	s.discard(p, a.Card)
	s.discard(p, a.Cards[0])
	s.discard(p, a.Cards[1])
	s.WildLocations--
	s.WildIndustries--
	pl.Hand[s.ed.wildLoc]++
	pl.Hand[s.ed.wildInd]++
	pl.HandLen += 2
	s.logf(LogAction, p, "%s scouts, discarding %s, %s and %s for a Wild Location and a Wild Industry card.", s.name(p),
		s.ed.Cards[a.Card].Name, s.ed.Cards[a.Cards[0]].Name, s.ed.Cards[a.Cards[1]].Name)
	return nil
}

func containsInd(list []Industry, v Industry) bool {
	for _, x := range list {
		if x == v {
			return true
		}
	}
	return false
}
