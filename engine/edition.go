package engine

// Industry is a kind of industry tile. The zero value means "none".
type Industry uint8

// The industries of Brass: Birmingham, then those only Brass: Lancashire has (Cotton Mill,
// Coal Mine and Iron Works are shared). The values are part of the canonical encoding.
const (
	NoIndustry Industry = iota
	Cotton
	Coal
	Iron
	Manufacturer
	Pottery
	Brewery
	Port     // Lancashire: where cotton is sold; flips when a mill sells to it
	Shipyard // Lancashire: flips as soon as it is built
	numIndustries
)

var industryIDs = [numIndustries]string{"", "cotton_mill", "coal_mine", "iron_works", "manufacturer", "pottery", "brewery", "port", "shipyard"}
var industryNames = [numIndustries]string{"", "Cotton Mill", "Coal Mine", "Iron Works", "Manufacturer", "Pottery", "Brewery", "Port", "Shipyard"}

// Industries lists Brass: Birmingham's industries in a fixed order. Each edition lists its
// own in Edition.Industries.
var Industries = []Industry{Cotton, Coal, Iron, Manufacturer, Pottery, Brewery}

// ID is the stable string id of the industry used in moves and records.
func (i Industry) ID() string {
	if i < numIndustries {
		return industryIDs[i]
	}
	return ""
}

// Name is the industry's name as printed in the rulebook.
func (i Industry) Name() string {
	if i < numIndustries {
		return industryNames[i]
	}
	return "?"
}

// IndustryByID finds an industry by its stable id.
func IndustryByID(id string) (Industry, bool) {
	for i := Cotton; i < numIndustries; i++ {
		if industryIDs[i] == id {
			return i, true
		}
	}
	return NoIndustry, false
}

// sellable reports whether tiles of this industry flip by a Sell action.
func (i Industry) sellable() bool { return i == Cotton || i == Manufacturer || i == Pottery }

// holdsCubes reports whether tiles of this industry carry coal, iron or beer.
func (i Industry) holdsCubes() bool { return i == Coal || i == Iron || i == Brewery }

// Era is the Canal or the Rail era.
type Era uint8

// The two eras.
const (
	Canal Era = iota
	Rail
)

// String names the era.
func (e Era) String() string {
	if e == Canal {
		return "Canal Era"
	}
	return "Rail Era"
}

// LocationKind tells towns, farm breweries, merchants and Lancashire's places without build
// spaces apart.
type LocationKind uint8

// Location kinds.
const (
	Town LocationKind = iota
	FarmBrewery
	MerchantLocation
	// ExternalLocation (Lancashire: Scotland, Yorkshire, The Midlands) counts as a constructed
	// port: it gives access to the coal market and the Distant Market. It scores 2 link VP.
	ExternalLocation
	// LinkVPLocation (Lancashire: Blackpool, Southport, Northwich) only scores 2 link VP.
	LinkVPLocation
)

// BonusKind is the reward for consuming a merchant's beer.
type BonusKind uint8

// Merchant beer bonuses.
const (
	NoBonus      BonusKind = iota
	BonusDevelop           // Gloucester: develop one tile for free
	BonusIncome            // Oxford: advance income by Amount spaces
	BonusVP                // Nottingham, Shrewsbury: Amount VP
	BonusMoney             // Warrington: £Amount
)

// Location is a town, a farm brewery or a merchant location on the board.
type Location struct {
	ID     string
	Name   string
	Kind   LocationKind
	Banner string // towns: banner colour
	// Spaces are the indexes of this location's build spaces in Edition.Spaces.
	Spaces []int
	// MerchantSpaces are the indexes in Edition.MerchantSpaces (merchant locations only).
	MerchantSpaces []int
	// LinkIcons printed on the location itself (merchants: 2).
	LinkIcons   int
	Bonus       BonusKind
	BonusAmount int
	// MinPlayers is the smallest player count whose merchant tiles are placed here.
	MinPlayers int
	// Links are the indexes of the lines touching this location.
	Links []int
}

// Space is one build space of a town or farm brewery.
type Space struct {
	ID       string
	Location int
	// Icons are the industries the space accepts (one or two).
	Icons []Industry
}

// accepts reports whether the space shows the industry's icon.
func (sp *Space) accepts(ind Industry) bool {
	for _, i := range sp.Icons {
		if i == ind {
			return true
		}
	}
	return false
}

// Link is a line between two (or, Kidderminster–Worcester, three) locations.
type Link struct {
	ID        string
	Locations []int
	Canal     bool
	Rail      bool
	mask      uint64
}

// TileSpec is one industry tile on a player mat.
type TileSpec struct {
	Level     int
	Cost      int
	Coal      int // coal needed to build
	Iron      int // iron needed to build
	Beer      int // beer needed to sell (sellable industries)
	VP        int
	Income    int // income spaces gained when flipped
	LinkIcons int
	Produces  int  // coal or iron cubes placed when built (breweries: see BreweryBeer)
	CanalOK   bool // may be built in the Canal era
	RailOK    bool // may be built in the Rail era (neither: a level-0 shipyard, never built)
	// Lightbulb tiles cannot be removed by Develop.
	Lightbulb bool
	// FlipOnBuild tiles (Lancashire shipyards) flip as soon as they are built.
	FlipOnBuild bool
}

// BuildableIn reports whether the tile can be built in era (a tile of neither era, such as
// Lancashire's level-0 shipyard, never is).
func (t *TileSpec) BuildableIn(era Era) bool {
	return era == Canal && t.CanalOK || era == Rail && t.RailOK
}

// CardKind is the index of a card type in Edition.Cards.
type CardKind uint8

// NoCard marks an absent card in an Action.
const NoCard CardKind = 255

// CardType tells the four sorts of cards apart.
type CardType uint8

// Card types.
const (
	LocationCard CardType = iota
	IndustryCard
	WildLocationCard
	WildIndustryCard
)

// Card is one card type.
type Card struct {
	ID         string
	Name       string
	Type       CardType
	Location   int        // location cards: the town
	Industries []Industry // industry cards: the icons shown
	// Count is how many of this card are in the draw deck for 2, 3 and 4 players.
	Count [5]int
}

// MerchantTile is a kind of merchant tile.
type MerchantTile struct {
	ID   string
	Buys []Industry // empty for a blank tile
	// Count is how many tiles of this kind are in play for 2, 3 and 4 players.
	Count [5]int
}

func (m *MerchantTile) buys(ind Industry) bool {
	for _, b := range m.Buys {
		if b == ind {
			return true
		}
	}
	return false
}

// MerchantSpace is one merchant tile space with its beer barrel space.
type MerchantSpace struct {
	ID       string
	Location int
}

// Market is the coal or iron market.
type Market struct {
	Prices     []int // price per space, cheapest first
	Initial    int   // cubes at setup, filling the most expensive spaces
	EmptyPrice int   // price when the market is empty
}

// BuyPrice is the price of the next cube bought when count cubes are in the market:
// the cheapest filled space, or the empty price.
func (m *Market) BuyPrice(count int) int {
	if count <= 0 {
		return m.EmptyPrice
	}
	return m.Prices[len(m.Prices)-count]
}

// SellPrice is the price paid for the next cube sold into a market holding count cubes;
// ok is false when the market is full. (The screen shows it; the rules call sellPrice.)
func (m *Market) SellPrice(count int) (int, bool) { return m.sellPrice(count) }

// sellPrice is the price paid for the next cube sold into a market holding count cubes;
// ok is false when the market is full.
func (m *Market) sellPrice(count int) (int, bool) {
	if count >= len(m.Prices) {
		return 0, false
	}
	return m.Prices[len(m.Prices)-count-1], true
}

// Rules are the numbers and switches of an edition's turn structure.
type Rules struct {
	MinPlayers, MaxPlayers int
	StartingMoney          int
	StartingIncomeSpace    int
	HandSize               int
	FaceDownDiscards       int    // extra face-down discard dealt at setup
	ActionsPerTurn         int    // normal turns
	FirstRoundActions      int    // first round of the first era
	RoundsPerEra           [5]int // by player count (informational: the deck decides)
	// A loan is 1 to LoanSteps steps of £LoanAmount, each LoanLevels income levels down
	// (Birmingham: one step of £30 and 3 levels; Lancashire: £10, £20 or £30).
	LoanAmount         int
	LoanLevels         int
	LoanSteps          int
	LoanCutoff         LoanCutoff
	LoanCutoffEnd      int // LoanCutoffLastRounds: how many of the Rail era's last rounds have no loans
	MinIncomeLevel     int
	MaxIncomeSpace     int
	CanalLinkCost      int
	RailLinkCost       int
	DoubleRailCost     int
	LinkTilesPerPlayer int
	WildLocations      int
	WildIndustries     int
	BreweryBeer        [2]int // barrels on a new brewery in the Canal and Rail eras
	DoubleRailBeer     int    // beer for the second rail link of one action (Lancashire: none)
	Scout              bool   // the Scout action exists (Birmingham)
	// DoubleBuild: a Build may discard two cards, using both actions of the turn, to build in
	// any town as if with its location card (Lancashire; not in a one-action turn).
	DoubleBuild bool
	// SetAside is how many cards are put aside, unseen and unplayed, at the start of each era
	// (by era and player count): they stay at the bottom of the deck, below DeckFloor.
	SetAside [2][5]int
	// MoneyVPPer: 1 VP per £MoneyVPPer held at the end of the game (0: none).
	MoneyVPPer int
	// TieBreakTurnOrder: after VP, income and money, the tied player earlier in the next
	// round's turn order wins (the original Brass); otherwise they share the win.
	TieBreakTurnOrder bool
	// Introductory: the rulebook's introductory game may be chosen (Birmingham).
	Introductory bool
	// RefillAfterRound: every hand is refilled once all players have played (the original
	// Brass's "STEP D Refill hand"), not each right after its own turn.
	RefillAfterRound bool
	// IncomeStartsRound: income is each round's first step (the original Brass's "STEP A
	// Collect income"), so after the Canal Era's last round it comes after the era's scoring,
	// at the start of the Rail Era, not before the scoring as an end-of-round step.
	IncomeStartsRound bool
	// LinkWithoutNetwork: a player with no tile and no link on the board may build a link on
	// any line (Birmingham "Building If You Have No Tiles on the Board"; not Lancashire).
	LinkWithoutNetwork bool
}

// LoanCutoff says when loans stop before the end of the game.
type LoanCutoff uint8

// Loan cut-offs.
const (
	LoanAlways LoanCutoff = iota // Birmingham: loans only limited by the income track
	// LoanCutoffDeckEmpty: no loan once the deck is exhausted in the Rail era (original Brass).
	LoanCutoffDeckEmpty
	// LoanCutoffLastRounds: no loan in the Rail era's last LoanCutoffEnd rounds (Roxley
	// Lancashire's Rothschild deck tile, placed with 2 cards per player below it).
	LoanCutoffLastRounds
)

// DistantTile is a kind of Distant Market tile: the number of spaces it moves the cotton
// demand marker down, and how many are in play (by player count).
type DistantTile struct {
	ID    string
	Drop  int
	Count [5]int
}

// VirtualLink joins two locations for one purpose only: building an industry with an
// industry card (the original Brass's Liverpool–Birkenhead link). It carries no coal, no
// sale, scores nothing and does not let links be built out of the other town.
type VirtualLink struct {
	ID        string
	Locations [2]int
}

// Edition is the static data of one game: board, tiles, cards, merchants, markets, rules.
// It is never modified after construction and is shared by all states.
type Edition struct {
	ID   string
	Name string
	// RuleSet is the edition's rule set: "" for its default rules, "original" for Lancashire's
	// original (Warfrog) rules (Config.Rules).
	RuleSet string
	// Industries are the edition's industries in a fixed order (the order of Legal's list).
	Industries     []Industry
	Locations      []Location
	Spaces         []Space
	Links          []Link
	Mats           [numIndustries][]TileSpec // per industry, one entry per tile, lowest first
	Cards          []Card
	MerchantTiles  []MerchantTile
	MerchantSpaces []MerchantSpace
	CoalMarket     Market
	IronMarket     Market
	Rules          Rules
	// DistantTiles are the Distant Market tiles (Lancashire), and DemandBonus the income
	// spaces of the cotton demand track, top space first; the space below the last is "X".
	DistantTiles []DistantTile
	DemandBonus  []int
	// VirtualLinks join locations for industry-card builds only (see VirtualLink).
	VirtualLinks []VirtualLink

	anchorMask uint64 // locations that always give access to the coal market: merchants, external locations
	ports      bool   // the edition has Port tiles, which sales go to (Lancashire)
	matLen     int    // MatUsed entries in the encoding: the highest industry of the edition + 1
	townMask   uint64 // towns (where a Wild Location card builds)
	tables     boardTables
	locByID    map[string]int
	spaceByID  map[string]int
	linkByID   map[string]int
	cardByID   map[string]CardKind
	mspaceByID map[string]int
	wildLoc    CardKind
	wildInd    CardKind
}

// Size limits of the fixed arrays in State; editions must fit in them.
const (
	MaxPlayers        = 4
	maxLocations      = 64
	maxSpaces         = 62 // two bits of Sources are the market and the merchant beer
	maxLinks          = 64
	maxCardKinds      = 48
	maxMerchantSpaces = 12
	maxDeck           = 80
	maxDiscard        = 64
	maxDistant        = 16
)

// finish checks the edition's data and builds its lookup tables and masks. It refuses data
// that the engine could not play correctly: a duplicate id, a link that does not join two
// or three locations, more places or cards than the fixed arrays of State hold.
func (e *Edition) finish() (*Edition, error) {
	bad := func(format string, args ...any) (*Edition, error) {
		return nil, errorf(ErrMalformed, format, args...)
	}
	switch {
	case len(e.Locations) > maxLocations:
		return bad("%d locations, at most %d", len(e.Locations), maxLocations)
	case len(e.Spaces) > maxSpaces:
		return bad("%d build spaces, at most %d", len(e.Spaces), maxSpaces)
	case len(e.Links) > maxLinks:
		return bad("%d links, at most %d", len(e.Links), maxLinks)
	case len(e.Cards) > maxCardKinds:
		return bad("%d card kinds, at most %d", len(e.Cards), maxCardKinds)
	case len(e.MerchantSpaces) > maxMerchantSpaces:
		return bad("%d merchant spaces, at most %d", len(e.MerchantSpaces), maxMerchantSpaces)
	case len(e.Industries) == 0:
		return bad("no industries")
	}
	for _, ind := range e.Industries {
		if ind == NoIndustry || ind >= numIndustries {
			return bad("unknown industry %d", ind)
		}
		e.matLen = max(e.matLen, int(ind)+1)
		e.ports = e.ports || ind == Port
	}
	for n := e.Rules.MinPlayers; n <= e.Rules.MaxPlayers; n++ {
		tiles := 0
		for _, t := range e.DistantTiles {
			tiles += t.Count[n]
		}
		if tiles > maxDistant {
			return bad("%d Distant Market tiles for %d players, at most %d", tiles, n, maxDistant)
		}
	}
	for n := e.Rules.MinPlayers; n <= e.Rules.MaxPlayers; n++ {
		deck := 0
		for _, c := range e.Cards {
			deck += c.Count[n]
		}
		if deck > maxDeck {
			return bad("%d cards in the %d-player deck, at most %d", deck, n, maxDeck)
		}
	}
	e.locByID = map[string]int{}
	e.spaceByID = map[string]int{}
	e.linkByID = map[string]int{}
	e.cardByID = map[string]CardKind{}
	e.mspaceByID = map[string]int{}
	for i := range e.Locations {
		if _, dup := e.locByID[e.Locations[i].ID]; dup {
			return bad("two locations with the id %q", e.Locations[i].ID)
		}
		e.locByID[e.Locations[i].ID] = i
		switch e.Locations[i].Kind {
		case MerchantLocation, ExternalLocation:
			e.anchorMask |= 1 << uint(i)
		case Town:
			e.townMask |= 1 << uint(i)
		}
	}
	for i := range e.Spaces {
		if _, dup := e.spaceByID[e.Spaces[i].ID]; dup {
			return bad("two build spaces with the id %q", e.Spaces[i].ID)
		}
		e.spaceByID[e.Spaces[i].ID] = i
	}
	if err := e.tables.build(e); err != nil {
		return nil, err
	}
	for i := range e.Links {
		l := &e.Links[i]
		if len(l.Locations) < 2 || len(l.Locations) > 3 {
			return bad("link %q joins %d locations", l.ID, len(l.Locations))
		}
		if _, dup := e.linkByID[l.ID]; dup {
			return bad("two links with the id %q", l.ID)
		}
		for _, loc := range l.Locations {
			if loc < 0 || loc >= len(e.Locations) {
				return bad("link %q names location %d of %d", l.ID, loc, len(e.Locations))
			}
			l.mask |= 1 << uint(loc)
			e.Locations[loc].Links = append(e.Locations[loc].Links, i)
			e.tables.locLinks[loc] |= 1 << uint(i)
		}
		e.linkByID[l.ID] = i
		e.tables.linkMask[i] = l.mask
	}
	for i := range e.Cards {
		if _, dup := e.cardByID[e.Cards[i].ID]; dup {
			return bad("two cards with the id %q", e.Cards[i].ID)
		}
		e.cardByID[e.Cards[i].ID] = CardKind(i)
		switch e.Cards[i].Type {
		case WildLocationCard:
			e.wildLoc = CardKind(i)
		case WildIndustryCard:
			e.wildInd = CardKind(i)
		}
	}
	for _, v := range e.VirtualLinks {
		a, b := v.Locations[0], v.Locations[1]
		if a < 0 || a >= len(e.Locations) || b < 0 || b >= len(e.Locations) || a == b {
			return bad("virtual link %q joins locations %d and %d", v.ID, a, b)
		}
		e.tables.virtualAdj[a] |= 1 << uint(b)
		e.tables.virtualAdj[b] |= 1 << uint(a)
		e.tables.virtualLocs |= 1<<uint(a) | 1<<uint(b)
	}
	for i := range e.MerchantSpaces {
		if _, dup := e.mspaceByID[e.MerchantSpaces[i].ID]; dup {
			return bad("two merchant spaces with the id %q", e.MerchantSpaces[i].ID)
		}
		e.mspaceByID[e.MerchantSpaces[i].ID] = i
	}
	return e, nil
}

// LocationByID returns the index of a location id.
func (e *Edition) LocationByID(id string) (int, bool) { i, ok := e.locByID[id]; return i, ok }

// SpaceByID returns the index of a build space id.
func (e *Edition) SpaceByID(id string) (int, bool) { i, ok := e.spaceByID[id]; return i, ok }

// LinkByID returns the index of a link id.
func (e *Edition) LinkByID(id string) (int, bool) { i, ok := e.linkByID[id]; return i, ok }

// CardByID returns the card kind of a card id.
func (e *Edition) CardByID(id string) (CardKind, bool) { c, ok := e.cardByID[id]; return c, ok }

// MerchantSpaceByID returns the index of a merchant space id.
func (e *Edition) MerchantSpaceByID(id string) (int, bool) { i, ok := e.mspaceByID[id]; return i, ok }

// EditionByID returns a built-in edition with its default rules.
func EditionByID(id string) (*Edition, bool) { return EditionFor(id, "") }

// EditionFor returns a built-in edition with a rule set (Config.Edition and Config.Rules):
// Birmingham has only its own rules (""); Lancashire has the Roxley rules ("") and the
// original Warfrog rules ("original").
func EditionFor(id, rules string) (*Edition, bool) {
	switch {
	case (id == "birmingham" || id == "") && rules == "":
		return birminghamEdition(), true
	case id == "lancashire" && rules == "":
		return lancashireRoxley(), true
	case id == "lancashire" && rules == "original":
		return lancashireOriginal(), true
	}
	return nil, false
}
