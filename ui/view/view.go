// Package view is the game as the screen asks about it: what is on each build space, who
// built each line, what each merchant buys, what the markets cost, what each player holds,
// whose turn it is. It reads an engine.State once (Of) into plain values with real
// meanings (a seat, or −1 for nobody; levels, counts and money as ints), so that the screen
// never reads the engine's packed encoding (owner + 1, mat counters, income track spaces,
// uint8 counters). It decides nothing: every rule, price and score comes from the engine.
//
// A Game is never changed once built, so the screen may hand the same *Game to its parts
// on every render and go-app's comparison of their fields stops at the equal pointer; Cache
// builds a new one only when the state changed.
//
// The package is pure Go (it imports the engine only), so its table tests run natively.
package view

import "brass/engine"

// Game is one state of a game, read for the screen.
type Game struct {
	// Edition is the game's static data (towns, spaces, links, mats, cards); never nil.
	Edition *engine.Edition
	// Started is false for a zero state (no game yet): everything else is then empty.
	Started bool
	Players int // number of players

	Turn    Turn
	Coal    Market
	Iron    Market
	Distant Distant

	// Standings is the final ranking (VP, then the engine's tie-breaks), once the game is
	// over; nil before.
	Standings []engine.Standing

	Spaces    []Space    // by the edition's build space index
	Links     []Link     // by the edition's link index
	Merchants []Merchant // by the edition's merchant space index
	Seats     []Player   // by seat
}

// Turn is where the game stands.
type Turn struct {
	Era         engine.Era
	Round       int
	RoundsInEra int // rounds of an era with this many players (0: the deck decides)
	Phase       engine.Phase
	Over        bool
	Actor       int   // the seat to decide now; −1 once the game is over (or before it)
	Order       []int // seats in turn order
	Pos         int   // index into Order of the seat taking its turn
	Actions     int   // actions this turn has (1 in the first Canal round)
	Done        int   // actions taken this turn
	Left        int   // actions left this turn (never below 0)
	DeckLeft    int   // cards in the draw deck
	WildLoc     int   // Wild Location cards left
	WildInd     int   // Wild Industry cards left
	Moves       int   // moves applied so far
}

// Market is the coal or iron market.
type Market struct {
	Cubes     int  // cubes in it
	Spaces    int  // spaces it has
	BuyPrice  int  // the price of the next cube bought from it (its empty price when empty)
	EmptyCost int  // the price of a cube when it is empty
	SellPrice int  // the price paid for the next cube sold to it
	Full      bool // no cube can be sold to it (SellPrice is then 0)
}

// Space is one build space and what is on it.
type Space struct {
	Index    int    // the edition's space index
	ID       string // the engine's space id, which the board names its spaces by
	Location int    // the edition's location index
	Town     string // the location's name
	K        int    // position in its location, from 0

	Owner    int // the seat that built the tile on it; −1: empty
	Industry engine.Industry
	Level    int
	Flipped  bool
	Cubes    int    // coal, iron or beer on the tile
	Cube     string // what its cubes are: "coal", "iron", "beer"; "" for a tile that holds none

	// The tile's numbers (zero when empty): VP and link icons when flipped, the income
	// spaces it gives when flipped, the beer it sells with.
	VP, Income, LinkIcons, Beer int
}

// Built reports whether a tile is on the space.
func (s *Space) Built() bool { return s.Owner >= 0 }

// Link is one line of the board.
type Link struct {
	Index int    // the edition's link index
	ID    string // the engine's link id
	Owner int    // the seat that built it; −1: not built
	Rail  bool   // a built line is a rail link (else a canal)
	VP    int    // what it scores now (what a link built there would score, when unbuilt)
}

// Merchant is one merchant space: its tile and the beer beside it.
type Merchant struct {
	Index    int    // the edition's merchant space index
	ID       string // the engine's merchant space id
	Location int    // the edition's location index
	Town     string // the location's name
	K        int    // position in its location, from 0
	InPlay   bool   // its location is in play with this many players
	// Tile is the merchant tile on it (edition data: Buys is what it buys, none for a blank
	// tile); nil for no tile.
	Tile *engine.MerchantTile
	Beer int // beer left beside it
}

// Distant is Lancashire's Distant Market (Present is false on Birmingham's board).
type Distant struct {
	Present  bool
	Tiles    int   // the era's tiles, face down and revealed
	Left     int   // tiles left face down
	Revealed []int // the revealed tiles' demand drops, in the order they were turned over
	Demand   int   // the cotton demand marker's space, 0 for the top; len(Edition.DemandBonus) is X
	Closed   bool  // the marker is on X: no more Distant Market sales this era
	Bonus    int   // the income spaces a sale would give at the marker (0 on X)
}

// MatIndustries is how many industries a mat can have: every industry of every edition,
// indexed by engine.Industry.
const MatIndustries = int(engine.Shipyard) + 1

// Player is one seat's area.
type Player struct {
	Seat        int
	Name        string // the config's name, or "Player N"
	Pos         int    // place in turn order, from 0; −1: not in it
	Money       int
	IncomeLevel int
	IncomeSpace int // the income marker's space on the track
	VP          int
	Spent       int // money spent this round
	HandSize    int
	// Hand is the cards of the hand this state shows, sorted by kind, with repeats (a
	// View(seat) shows only seat's); HandUnknown is how many of HandSize it does not show.
	Hand        []engine.CardKind
	HandUnknown int
	Discards    int // cards in the discard pile
	FaceDown    int // of them, face down at the bottom
	// DiscardTop is the top card of the discard pile: a card kind, NoCard for an empty pile,
	// FaceDownCard when it is face down or not shown.
	DiscardTop int
	LinksLeft  int
	// Mat is, by industry, what is left on the player's mat; the industries the edition
	// has not are empty.
	Mat [MatIndustries]MatSlot
}

// The top of a discard pile, when it is not a card shown.
const (
	NoCard       = -1
	FaceDownCard = -2
)

// MatSlot is one industry of a player's mat.
type MatSlot struct {
	Used int // tiles gone from the mat (built or developed away)
	Left int // tiles left on it
	// Next is the lowest tile left (edition data: level, cost, coal, iron, beer, VP,
	// income, link icons); nil when none is left.
	Next *engine.TileSpec
}
