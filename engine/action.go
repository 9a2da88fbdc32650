package engine

// Kind is the type of an action.
type Kind uint8

// Action kinds. The string ids (kindIDs) are used in moves and records.
const (
	KindNone Kind = iota
	KindBuild
	KindNetwork
	KindDevelop
	KindSell    // with a card: start a Sell action; without: sell one more tile in it
	KindEndSell // stop selling and end the Sell action
	KindLoan
	KindScout
	KindPass
	KindRemoveTile // pay a negative-income shortfall by removing an own industry tile
	numKinds
)

var kindIDs = [numKinds]string{"", "build", "network", "develop", "sell", "end_sell", "loan", "scout", "pass", "remove_tile"}

// ID is the stable string id of the kind.
func (k Kind) ID() string {
	if k < numKinds {
		return kindIDs[k]
	}
	return ""
}

// Source codes for coal, iron and beer in an Action; values >= 0 are build-space indexes.
const (
	SrcMarket   int8 = -2 // coal or iron bought from the market
	SrcMerchant int8 = -3 // the beer beside the merchant tile being sold to
	none        int8 = -1
)

// Action is the compact, index-based form of a move that the engine validates and applies.
// Counts (NLinks, NCoal, …) say how many entries of each array are used; entries past a
// count are not read. Coal, iron and beer sources left out (a count lower than needed) are
// filled with the defaults documented on Move. State.Apply checks every field: an index
// out of range, a source code that does not fit (SrcMerchant for coal or iron, SrcMarket for
// beer) or a field its kind does not use is refused as ErrMalformed.
type Action struct {
	Kind     Kind
	Player   uint8
	Card     CardKind
	Industry Industry // build: the industry
	Space    int8     // build: the space; sell: the tile sold; remove_tile: the tile
	Merchant int8     // sell: the merchant space
	NLinks   uint8
	NCoal    uint8
	NIron    uint8
	NBeer    uint8
	NDev     uint8
	NCards   uint8
	Links    [2]int8
	Coal     [2]int8 // network: one per link, in link order
	Iron     [2]int8
	Beer     [2]int8
	Dev      [2]Industry // develop: the industries; sell: Gloucester's free develop (NDev 0 = decline)
	Cards    [2]CardKind // scout: the two extra cards; build: the second card of a two-card build
	Port     int8        // Lancashire sell: 0 none; build space + 1 of the port sold to; or ToDistantMarket
	Loan     uint8       // loan: steps of Rules.LoanAmount (0: the edition's only amount)
}

// blankAction returns an action with every index field set to "none".
func blankAction(kind Kind, p int) Action {
	return Action{Kind: kind, Player: uint8(p), Card: NoCard, Space: none, Merchant: none}
}
