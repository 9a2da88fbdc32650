package engine

// Reasons for refusals. Each rule that can refuse a move is decided by one function, which
// returns either the zero Reason ("legal") or a Reason naming the rule and the few ids and
// numbers its message needs. Apply, Legal, Game.Check, Game.Preview and the step-by-step
// queries all ask those functions, so a reason can never disagree with the decision; the
// text is written only when a refusal is returned (State.refusal), never on the hot paths.

// Rule names one rule of the game that can refuse a move, or one check of a move's form.
type Rule uint8

// Rules. The comment of each says which Reason fields its message uses.
const (
	RuleNone Rule = iota // legal: nothing refuses the move

	// The move as a whole ("Player Turns", "Rounds").
	RuleGameOver       // the game has ended
	RuleNoSuchPlayer   // N: the player named; M: the number of players
	RuleUnknown        // an index out of range, an unknown kind or source code
	RuleMalformed      // a field its kind does not use, or a missing one; N: the Kind
	RuleNotYourTurn    // Player: who is to act; N: the player named
	RuleMidSale        // in the middle of a Sell action: sell again without a card, or stop
	RuleShortfallFirst // a shortfall must first be paid by removing tiles
	RuleNotSelling     // end_sell outside a Sell action
	RuleNoShortfall    // remove_tile outside a shortfall
	RuleNeedCard       // every action discards a card
	RuleCardNotHeld    // Card; N: how many of it are needed

	// Build ("Build Action", "Canal Era Building", "Rail Era Building", "Overbuilding").
	RuleMatEmpty           // Industry: no tile of it left on the mat
	RuleWrongEra           // Industry, Level; N: the era, in which the tile may not be built
	RuleCardLocation       // Card, Location: a location card builds only in its town
	RuleWildLocationFarm   // a Wild Location card cannot build at a farm brewery
	RuleCardIndustry       // Card, Industry: the card does not show the industry
	RuleNotInNetwork       // Card, Location: an industry card builds only in the player's network
	RuleNoIcon             // Space, Industry: the space does not show the industry
	RuleCanalOneTile       // Location, Space: one own tile per location in the Canal Era
	RuleSpaceTaken         // Space, Player, Industry, Level: another industry's tile is there
	RuleOverbuildLevel     // Space, Player, Industry, Level (the new tile); N: the level there
	RuleOverbuildOpponent  // Space, Player: only an opponent's coal mine or iron works
	RuleOverbuildResource  // Space, Player, Industry: only when none of its resource is left
	RuleSingleIconFirst    // Industry, Space; N: the single-icon space to use first
	RuleTooManySources     // Res; N: units needed; M: sources given
	RuleNoCoalConnection   // Industry, Level, Location: no coal mine or merchant connected to the tile
	RuleNoCoalForLink      // Link: no coal mine or merchant is connected to the rail link
	RuleSource             // Res, Space (the source named), Options; Merchant: the one sold to, or −1
	RuleNoBeer             // Space, Industry, Level; N: beer needed (not enough for the sale)
	RuleNoBeerForLink      // Link: no beer for the second rail link
	RuleMoney              // Player; N: the price; M: of it, from the markets; Industry, Level: a build
	RuleCanalOneLink       // a canal Network action builds one link
	RuleLinksLeft          // N: link tiles left
	RuleCanalNoCoalBeer    // a canal link takes no coal and no beer
	RuleBeerDoubleRailOnly // beer is taken only for a second rail link, one barrel
	RuleLinkBuilt          // Link: the line already has a link
	RuleLinkType           // Link: a line of the other era's type
	RuleLinkNotInNetwork   // Link: the line does not touch the player's network
	RuleDevelopCount       // Develop removes 1 or 2 tiles
	RuleLightbulb          // Industry, Level: a lightbulb tile cannot be developed
	RuleNoTileToSell       // Space: the player has no tile there
	RuleNotSellable        // Space, Industry: not a cotton mill, manufacturer or pottery
	RuleAlreadySold        // Space, Industry, Level: the tile is flipped
	RuleNoMerchantTile     // Merchant: no merchant tile on that space
	RuleMerchantDoesNotBuy // Merchant, Industry
	RuleNotConnected       // Space, Industry, Level, Merchant: no route to the merchant
	RuleFreeDevelopBonus   // a free develop is only Gloucester's merchant beer bonus
	RuleOtherMerchantBeer  // merchant beer only from the merchant sold to
	RuleLoanIncome         // N: income level now; M: after the loan
	RuleScoutCards         // Scout discards exactly 2 more cards
	RuleScoutWildHeld      // no scouting while holding a wild card
	RuleNoWildLeft         // no wild cards left to take
	RuleNoTileToRemove     // Space: the player has no tile there
	RuleTileWorthless      // Space, Industry, Level: the tile raises £0

	// Brass: Lancashire (rules of both rule sets unless said otherwise).
	RuleNeverBuilt          // Industry, Level: a level-0 tile is never built, only developed away
	RuleNoDoubleBuild       // the edition has no two-card build
	RuleDoubleBuildTurn     // a two-card build takes both actions of a two-action turn
	RuleDoubleBuildTown     // Location: a two-card build is in a town
	RuleNotAPort            // Space (the mill); N: the space sold to, which holds no Port
	RulePortUsed            // Space; N: the port's space; Player, Level: the port, already sold to
	RulePortNotConnected    // Space; N: the port's space; Player, Level: the port
	RuleNoDistantMarket     // the edition has no Distant Market
	RuleDemandClosed        // the cotton demand marker is on X this era
	RuleDistantNotConnected // Space: the mill reaches no Port tile or external location
	RuleLoanCutoff          // no more loans this game (original: deck exhausted; Roxley: last rounds)
	RuleNoScout             // the edition has no Scout action
	RuleNoBeerHere          // the edition has no beer
	RuleLinkNoNetwork       // Link: with nothing on the board the player has no network to link from
	RuleDistantHidden       // a dealt game: the Distant Market tile the sale turns over is not shown yet
	numRules
)

var ruleIDs = [numRules]string{
	"", "game_over", "no_such_player", "unknown", "malformed", "not_your_turn", "mid_sale",
	"shortfall_first", "not_selling", "no_shortfall", "need_card", "card_not_held",
	"mat_empty", "wrong_era", "card_location", "wild_location_farm", "card_industry",
	"not_in_network", "no_icon", "canal_one_tile", "space_taken", "overbuild_level",
	"overbuild_opponent", "overbuild_resource", "single_icon_first", "too_many_sources",
	"no_coal_connection", "no_coal_for_link", "source", "no_beer", "no_beer_for_link", "money",
	"canal_one_link", "links_left", "canal_no_coal_beer", "beer_double_rail_only", "link_built", "link_type",
	"link_not_in_network", "develop_count", "lightbulb", "no_tile_to_sell", "not_sellable",
	"already_sold", "no_merchant_tile", "merchant_does_not_buy", "not_connected",
	"free_develop_bonus", "other_merchant_beer", "loan_income", "scout_cards",
	"scout_wild_held", "no_wild_left", "no_tile_to_remove", "tile_worthless",
	"never_built", "no_double_build", "double_build_turn", "double_build_town", "not_a_port",
	"port_used", "port_not_connected", "no_distant_market", "demand_closed",
	"distant_not_connected", "loan_cutoff", "no_scout", "no_beer_here", "link_no_network",
	"distant_hidden",
}

// NumRules is how many rules there are: Rule values run from RuleNone to NumRules−1.
const NumRules = numRules

// String is the rule's stable id, e.g. "canal_one_tile" ("" for RuleNone).
func (r Rule) String() string {
	if r < numRules {
		return ruleIDs[r]
	}
	return "?"
}

// kind is the class of refusal a rule gives, for errors.Is.
func (r Rule) kind() error {
	switch r {
	case RuleGameOver:
		return ErrGameOver
	case RuleNoSuchPlayer, RuleUnknown, RuleMalformed:
		return ErrMalformed
	case RuleNotYourTurn:
		return ErrNotYourTurn
	case RuleMidSale, RuleShortfallFirst, RuleNotSelling, RuleNoShortfall:
		return ErrNotAvailable
	case RuleDistantHidden:
		return ErrHidden
	}
	return ErrIllegal
}

// Resource is coal, iron or beer, in reasons about where they come from.
type Resource uint8

// Resources.
const (
	ResCoal Resource = iota
	ResIron
	ResBeer
)

var resourceNames = [...]string{"coal", "iron", "beer"}

func (r Resource) String() string {
	if int(r) < len(resourceNames) {
		return resourceNames[r]
	}
	return "?"
}

// Sources is a set of coal, iron or beer sources: bit i for build space i, and two bits
// above the build spaces for the market and the merchant beer (so an edition has at most
// maxSpaces = 62 build spaces).
type Sources uint64

const (
	sourceMarket   Sources = 1 << 63
	sourceMerchant Sources = 1 << 62
)

func sourceBit(src int8) Sources {
	switch {
	case src == SrcMarket:
		return sourceMarket
	case src == SrcMerchant:
		return sourceMerchant
	case src >= 0 && int(src) < maxSpaces:
		return 1 << uint(src)
	}
	return 0
}

// Has reports whether a source code (a build space, SrcMarket or SrcMerchant) is in the set.
func (o Sources) Has(src int8) bool { return src >= SrcMerchant && o&sourceBit(src) != 0 }

func sourcesOf(list []int8) Sources {
	var o Sources
	for _, v := range list {
		o |= sourceBit(v)
	}
	return o
}

// Reason is why a move is refused: the rule, and the ids and numbers its message needs
// (see the comment of each Rule; the other fields mean nothing for that rule). The zero
// Reason means the move is legal. Ids are indexes into the Edition. Rules are checked in
// the hot paths (Legal, Apply), so a Reason is a plain value of at most four small parts,
// which the compiler keeps in registers.
type Reason struct {
	Rule Rule
	reasonPlace
	reasonItem
	reasonAmount
}

// reasonPlace is where: a build space, a location, a link, a merchant space.
type reasonPlace struct {
	Space    int8
	Location int8
	Link     int8
	Merchant int8
}

// reasonItem is what and whose: a player, an industry and tile level, a card.
type reasonItem struct {
	Player   int8
	Industry Industry
	Level    int8
	Card     CardKind
}

// reasonAmount is how many: numbers, a resource and the legal sources of it.
type reasonAmount struct {
	N, M    int16
	Res     Resource
	Options Sources
}

// OK reports whether no rule refuses.
func (r Reason) OK() bool { return r.Rule == RuleNone }

// refusal turns a reason into the error Apply returns, writing its message from the state
// the move was tried on.
func (s *State) refusal(r Reason) *Error {
	return &Error{Kind: r.Rule.kind(), Msg: s.reasonText(r), Reason: r}
}

// Explain is a reason in the engine's own words, English (the UI words reasons from its
// catalogs, and its test holds English's to these).
func (s *State) Explain(r Reason) string { return s.reasonText(r) }

// reasonText writes a reason in words a player understands.
func (s *State) reasonText(r Reason) string {
	e := s.ed
	w := reasonWords{s, r}
	switch r.Rule {
	case RuleGameOver:
		return "The game is over; no more moves can be made."
	case RuleNoSuchPlayer:
		return "There is no player " + itoa(int(r.N)+1) + " in this " + itoa(int(r.M)) + "-player game."
	case RuleUnknown:
		return "This action refers to things that do not exist."
	case RuleMalformed:
		return kindShapes[Kind(r.N)%numKinds]
	case RuleNotYourTurn:
		return "It is " + w.who() + "'s turn, not " + s.name(int(r.N)) + "'s."
	case RuleMidSale:
		return "You are in the middle of a Sell action: sell another tile (without a card) or stop selling."
	case RuleShortfallFirst:
		return "You must first remove industry tiles from the board to pay your negative income."
	case RuleNotSelling:
		return "You are not selling, so there is nothing to stop."
	case RuleNoShortfall:
		return "Tiles are removed from the board only to pay a shortfall of negative income at the end of a round."
	case RuleNeedCard:
		return "Every action needs a card from your hand to discard."
	case RuleCardNotHeld:
		if r.N > 1 {
			return "You do not hold " + itoa(int(r.N)) + " " + w.card() + " cards."
		}
		return "You do not hold a " + w.card() + " card."
	case RuleMatEmpty:
		return "You have no " + r.Industry.Name() + " tiles left on your mat."
	case RuleWrongEra:
		if Era(r.N) == Rail {
			return w.tile() + " cannot be built in the Rail Era; develop it off your mat to reach the next level."
		}
		return w.tile() + " can only be built in the Rail Era."
	case RuleCardLocation:
		town := "?"
		if int(r.Card) < len(e.Cards) && e.Cards[r.Card].Location >= 0 {
			town = e.Locations[e.Cards[r.Card].Location].Name
		}
		return "The " + w.card() + " card builds only in " + town + ", not in " + w.loc() + "."
	case RuleWildLocationFarm:
		return "A Wild Location card cannot build at a Farm Brewery; use a Brewery or Wild Industry card."
	case RuleCardIndustry:
		return "The " + w.card() + " card cannot build a " + r.Industry.Name() + "."
	case RuleNotInNetwork:
		return w.loc() + " is not part of your network: an industry card builds only where you have an industry tile or next to one of your links (or use a " + w.loc() + " location card)."
	case RuleNoIcon:
		return w.space(r.Space) + " has no " + r.Industry.Name() + " icon."
	case RuleCanalOneTile:
		return "In the Canal Era you may have only one industry tile in each location, and you already have one in " + w.loc() + "."
	case RuleSpaceTaken:
		return w.space(r.Space) + " already holds " + w.who() + "'s " + w.tile() + "."
	case RuleOverbuildLevel:
		return "Overbuilding needs a higher level: your next tile is " + w.tile() + " and " + w.space(r.Space) + " holds " + tileName(r.Industry, int(r.N)) + "."
	case RuleOverbuildOpponent:
		return "You may overbuild only your own tiles, or an opponent's Coal Mine or Iron Works; " + w.space(r.Space) + " belongs to " + w.who() + "."
	case RuleOverbuildResource:
		what := "coal"
		if r.Industry == Iron {
			what = "iron"
		}
		return "You may overbuild " + w.who() + "'s " + r.Industry.Name() + " only when no " + what + " is left on the board or in its market."
	case RuleSingleIconFirst:
		return "A " + r.Industry.Name() + " must go on " + w.space(int8(r.N)) + ", which shows only its icon, before a shared space."
	case RuleTooManySources:
		given := plural(int(r.M), r.Res.String()+" source") + " were given."
		if r.M == 1 {
			given = "1 " + r.Res.String() + " source was given."
		}
		if r.N == 0 {
			return "No " + r.Res.String() + " is needed here, but " + given
		}
		return "Only " + itoa(int(r.N)) + " " + r.Res.String() + " is needed here, but " + given
	case RuleNoCoalForLink:
		return "The rail link " + w.link() + " is not connected to a coal mine or to a merchant, so no coal can reach it."
	case RuleNoCoalConnection:
		return w.loc() + " is not connected to a coal mine or to a merchant, so the coal for " + w.tile() + " cannot reach it."
	case RuleSource:
		return "The " + r.Res.String() + " cannot come from " + s.sourceName(r.Space, r.Res.String(), int(r.Merchant)) +
			": it must come from " + s.listSources(r.Options, r.Res.String(), int(r.Merchant)) + "."
	case RuleNoBeerForLink:
		return "A second rail link needs a beer from your own brewery or from an opponent's brewery connected to " + w.link() + "."
	case RuleNoBeer:
		return "Selling " + w.tile() + " needs " + itoa(int(r.N)) + " beer: from your own breweries, an opponent's brewery connected to " + s.spaceName(int(r.Space)) + ", or the beer beside the merchant; not enough is available."
	case RuleMoney:
		have := "."
		if r.Player >= 0 && int(r.Player) < int(s.NumPlayers) {
			have = "; you have £" + itoa(int(s.Players[r.Player].Money)) + "."
		}
		market := ""
		if r.M > 0 {
			market = " plus £" + itoa(int(r.M)) + " from the market"
		}
		switch {
		case r.Industry != NoIndustry: // a build
			return w.tile() + " costs £" + itoa(int(r.N-r.M)) + market + have
		case r.N > r.M: // a Network action
			return "The network costs £" + itoa(int(r.N-r.M)) + market + have
		}
		return "The iron from the market costs £" + itoa(int(r.N)) + have
	case RuleCanalOneLink:
		return "In the Canal Era a Network action builds a single canal link."
	case RuleLinksLeft:
		return "You have only " + plural(int(r.N), "link tile") + " left."
	case RuleCanalNoCoalBeer:
		return "A canal link needs no coal and no beer."
	case RuleBeerDoubleRailOnly:
		return "Only a second rail link in the same action takes beer, and only one barrel."
	case RuleLinkBuilt:
		return w.link() + " already has a link."
	case RuleLinkType:
		if s.Era == Canal {
			return w.link() + " is a railway line only; canals cannot be built there."
		}
		return w.link() + " is a canal line only; railways cannot be built there."
	case RuleLinkNotInNetwork:
		return w.link() + " does not touch your network."
	case RuleDevelopCount:
		return "Develop removes 1 or 2 tiles from your mat."
	case RuleLightbulb:
		return w.tile() + " shows a lightbulb: it cannot be developed, only built."
	case RuleNoTileToSell:
		return "You have no tile on " + w.space(r.Space) + " to sell."
	case RuleNotSellable:
		return "Only Cotton Mills, Manufacturers and Potteries are sold; " + w.space(r.Space) + " holds a " + r.Industry.Name() + "."
	case RuleAlreadySold:
		return "Your " + w.tile() + " in " + s.spaceName(int(r.Space)) + " has already been sold."
	case RuleNoMerchantTile:
		return "There is no merchant tile at " + w.merchant() + " in this game."
	case RuleMerchantDoesNotBuy:
		return "The merchant at " + w.merchant() + " does not buy " + r.Industry.Name() + "."
	case RuleNotConnected:
		return "Your " + w.tile() + " in " + s.spaceName(int(r.Space)) + " is not connected to " + w.merchant() + "."
	case RuleFreeDevelopBonus:
		return "A free develop is the bonus for Gloucester's merchant beer only."
	case RuleOtherMerchantBeer:
		return "Merchant beer can only come from the merchant you sell to."
	case RuleLoanIncome:
		return "A loan would take your income from level " + itoa(int(r.N)) + " to " + itoa(int(r.M)) + ", below " + itoa(e.Rules.MinIncomeLevel) + "."
	case RuleScoutCards:
		return "Scout discards 2 cards besides the action's card."
	case RuleScoutWildHeld:
		return "You may not scout while you hold a wild card."
	case RuleNoWildLeft:
		return "No wild cards are left to take."
	case RuleNoTileToRemove:
		return "You have no industry tile on " + w.space(r.Space) + "."
	case RuleTileWorthless:
		return "Your " + w.tile() + " in " + s.spaceName(int(r.Space)) + " is worth £0 and would not help pay the shortfall."
	case RuleNeverBuilt:
		return w.tile() + " can never be built: develop it off your mat to reach the next level."
	case RuleNoDoubleBuild:
		return "In " + e.Name + " a build discards one card."
	case RuleDoubleBuildTurn:
		return "Building with two cards takes both actions of your turn: it must be your turn's first action, and not in a one-action turn."
	case RuleDoubleBuildTown:
		return "Building with two cards builds in a town, as with its location card; " + w.loc() + " is not a town."
	case RuleNotAPort:
		return "Cotton is sold to a Port tile or to the Distant Market; " + w.space(int8(r.N)) + " holds no Port."
	case RulePortUsed:
		return w.who() + "'s " + tileName(Port, int(r.Level)) + " in " + s.spaceName(int(r.N)) + " has already been sold to; sell to an unflipped port or to the Distant Market."
	case RulePortNotConnected:
		return "Your mill in " + s.spaceName(int(r.Space)) + " is not connected to " + w.who() + "'s " + tileName(Port, int(r.Level)) + " in " + s.spaceName(int(r.N)) + "."
	case RuleNoDistantMarket:
		return e.Name + " has no Distant Market."
	case RuleDemandClosed:
		return "The cotton demand marker is on X: no more cotton can be sold to the Distant Market this era."
	case RuleDistantNotConnected:
		return "Selling to the Distant Market needs a connection from your mill in " + s.spaceName(int(r.Space)) + " to a Port tile (anyone's) or an external location."
	case RuleLoanCutoff:
		if e.Rules.LoanCutoff == LoanCutoffDeckEmpty {
			return "No loans can be taken once the deck is exhausted in the Rail Period."
		}
		return "No loans can be taken in the last " + itoa(e.Rules.LoanCutoffEnd) + " rounds of the Rail Era."
	case RuleNoScout:
		return e.Name + " has no Scout action."
	case RuleNoBeerHere:
		return e.Name + " has no beer."
	case RuleLinkNoNetwork:
		return "You have no industry tile and no link on the board yet, so you have no network to build " + w.link() +
			" from: in " + e.Name + " even a first link must touch your network. Build an industry first."
	case RuleDistantHidden:
		return "The Distant Market tile this sale turns over has not been turned over by the players' devices yet."
	}
	return "This move is not allowed."
}

// reasonWords names the things a refusal's text mentions. Its methods are kept out of line
// (refusals are rare, and inlined at each of their many uses they cost the wasm kilobytes).
type reasonWords struct {
	s *State
	r Reason
}

//go:noinline
func (w reasonWords) tile() string { return tileName(w.r.Industry, int(w.r.Level)) }

//go:noinline
func (w reasonWords) loc() string {
	if e := w.s.ed; w.r.Location >= 0 && int(w.r.Location) < len(e.Locations) {
		return e.Locations[w.r.Location].Name
	}
	return "?"
}

//go:noinline
func (w reasonWords) link() string {
	if w.r.Link >= 0 && int(w.r.Link) < len(w.s.ed.Links) {
		return w.s.linkName(int(w.r.Link))
	}
	return "?"
}

//go:noinline
func (w reasonWords) space(sp int8) string {
	if sp >= 0 && int(sp) < len(w.s.ed.Spaces) {
		return w.s.spaceLabel(int(sp))
	}
	return "?"
}

//go:noinline
func (w reasonWords) merchant() string {
	if w.r.Merchant >= 0 && int(w.r.Merchant) < len(w.s.ed.MerchantSpaces) {
		return w.s.merchantName(int(w.r.Merchant))
	}
	return "the merchant"
}

//go:noinline
func (w reasonWords) card() string {
	if e := w.s.ed; int(w.r.Card) < len(e.Cards) {
		return e.Cards[w.r.Card].Name
	}
	return "?"
}

//go:noinline
func (w reasonWords) who() string { return w.s.name(int(w.r.Player)) }

// kindShapes says what each kind of action names (RuleMalformed).
var kindShapes = [numKinds]string{
	KindNone:       "Unknown action.",
	KindBuild:      "A build names a card (or two, where a two-card build exists), an industry, a build space and up to 2 coal and 2 iron sources.",
	KindNetwork:    "A Network action names a card, 1 or 2 links, and their coal and beer sources.",
	KindDevelop:    "A Develop action names a card, 1 or 2 industries and their iron sources.",
	KindSell:       "A sale names a card (none when continuing), a tile, a merchant (or a port or the Distant Market), up to 2 beer sources and Gloucester's free develop.",
	KindEndSell:    "Stopping a Sell action names nothing else.",
	KindLoan:       "A loan names the card it discards (and, where there is a choice, its amount).",
	KindScout:      "A Scout action names a card and 2 more cards.",
	KindPass:       "A pass names only the card it discards.",
	KindRemoveTile: "Removing a tile for a shortfall names only the tile.",
}

// Cash is player p's money, for a refusal's "you have £N"; ok is false for no such player.
func (s *State) Cash(p int) (money int, ok bool) {
	if p < 0 || p >= int(s.NumPlayers) {
		return 0, false
	}
	return int(s.Players[p].Money), true
}
