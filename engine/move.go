package engine

import (
	"encoding/json"
	"strings"
)

// Move is the serializable form of an action: what is stored in records, sent to peers and
// built by the UI. Every id is a stable string from the edition's data:
//
//	type      build | network | develop | sell | end_sell | loan | scout | pass | remove_tile
//	player    the seat making the move (0-based)
//	at        optional: the number of moves applied when this one was made; a move made
//	          against another position is refused as stale
//	card      the card discarded (a card id such as "birmingham", "iron_works", "wild_location");
//	          omitted when continuing a Sell action
//	industry  build: the industry ("cotton_mill", "coal_mine", "iron_works", "manufacturer", "pottery", "brewery")
//	space     build: the build space ("birmingham_2"); sell: the tile sold; remove_tile: the tile removed
//	links     network: one link, or two rail links, by id ("birmingham-dudley")
//	coal      coal sources in order: build spaces of coal mines or "market"; network: one per link
//	iron      iron sources in order: build spaces of iron works or "market"
//	beer      beer sources: build spaces of breweries, or the merchant space being sold to
//	merchant  sell: the merchant space ("oxford_1")
//	develop   develop: 1 or 2 industries; sell to Gloucester with its beer: the free develop (omit to decline)
//	cards     scout: the 2 extra cards discarded; Lancashire build: the second card of a
//	          two-card build (which builds in any town and takes both actions)
//	port      Lancashire sell: the port's build space ("liverpool_1") or "distant_market"
//	amount    Lancashire loan: £10, £20 or £30 (Birmingham's one amount is left out)
//
// Coal, iron and beer may be left out, wholly or after the first entry: the engine then
// takes, for each unit left out, in this order of preference (board order is the order of
// the build spaces in the edition's data, docs/birmingham-data.md §1):
//
//	coal  the closest connected coal mine with coal left (fewest links away; among equally
//	      close ones, the first in board order), else the coal market when connected to a
//	      merchant
//	iron  the first iron works with iron left in board order, else the iron market
//	beer  for a sale, the beer beside the merchant sold to when it is there (its bonus comes
//	      with it), else the first brewery with beer in board order among the player's own
//	      and the opponents' connected ones; for a second rail link, the first such brewery
//	develop  left out after Gloucester's merchant beer: the free develop is declined
type Move struct {
	Type     string   `json:"type"`
	Player   int      `json:"player"`
	At       *int     `json:"at,omitempty"`
	Card     string   `json:"card,omitempty"`
	Industry string   `json:"industry,omitempty"`
	Space    string   `json:"space,omitempty"`
	Links    []string `json:"links,omitempty"`
	Coal     []string `json:"coal,omitempty"`
	Iron     []string `json:"iron,omitempty"`
	Beer     []string `json:"beer,omitempty"`
	Merchant string   `json:"merchant,omitempty"`
	Develop  []string `json:"develop,omitempty"`
	Cards    []string `json:"cards,omitempty"`
	Port     string   `json:"port,omitempty"`
	Amount   int      `json:"amount,omitempty"`
}

// DistantMarketID is the Move.Port value of a sale to the Distant Market.
const DistantMarketID = "distant_market"

// String is the move as compact JSON.
func (m Move) String() string {
	b, _ := json.Marshal(m)
	return string(b)
}

// ParseMove decodes a move from JSON, refusing unknown fields.
func ParseMove(data []byte) (Move, error) {
	var m Move
	dec := json.NewDecoder(strings.NewReader(string(data)))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&m); err != nil {
		return Move{}, errorf(ErrMalformed, "This move is not valid JSON: %v", err)
	}
	return m, nil
}

// Decode turns a move into an action, checking every id against the edition.
func (e *Edition) Decode(m Move) (Action, error) {
	var kind Kind
	for k := KindBuild; k < numKinds; k++ {
		if kindIDs[k] == m.Type {
			kind = k
		}
	}
	if kind == KindNone {
		return Action{}, errorf(ErrMalformed, "Unknown move type %q.", m.Type)
	}
	if m.Player < 0 || m.Player >= MaxPlayers {
		return Action{}, errorf(ErrMalformed, "There is no player %d.", m.Player+1)
	}
	a := blankAction(kind, m.Player)
	if m.Card != "" {
		k, ok := e.CardByID(m.Card)
		if !ok {
			return Action{}, errorf(ErrMalformed, "Unknown card %q.", m.Card)
		}
		a.Card = k
	}
	if m.Industry != "" {
		ind, ok := IndustryByID(m.Industry)
		if !ok {
			return Action{}, errorf(ErrMalformed, "Unknown industry %q.", m.Industry)
		}
		a.Industry = ind
	}
	if m.Space != "" {
		sp, ok := e.SpaceByID(m.Space)
		if !ok {
			return Action{}, errorf(ErrMalformed, "Unknown build space %q.", m.Space)
		}
		a.Space = int8(sp)
	}
	if m.Merchant != "" {
		ms, ok := e.MerchantSpaceByID(m.Merchant)
		if !ok {
			return Action{}, errorf(ErrMalformed, "Unknown merchant %q.", m.Merchant)
		}
		a.Merchant = int8(ms)
	}
	if len(m.Links) > 2 || len(m.Coal) > 2 || len(m.Iron) > 2 || len(m.Beer) > 2 || len(m.Develop) > 2 || len(m.Cards) > 2 {
		return Action{}, errorf(ErrMalformed, "Too many entries: an action has at most 2 links, coal, iron, beer, develops or extra cards.")
	}
	for i, id := range m.Links {
		l, ok := e.LinkByID(id)
		if !ok {
			return Action{}, errorf(ErrMalformed, "Unknown link %q.", id)
		}
		a.Links[i] = int8(l)
	}
	a.NLinks = uint8(len(m.Links))
	var err error
	if a.NCoal, err = e.decodeSources(m.Coal, &a.Coal, "coal", a.Merchant); err != nil {
		return Action{}, err
	}
	if a.NIron, err = e.decodeSources(m.Iron, &a.Iron, "iron", a.Merchant); err != nil {
		return Action{}, err
	}
	if a.NBeer, err = e.decodeSources(m.Beer, &a.Beer, "beer", a.Merchant); err != nil {
		return Action{}, err
	}
	for i, id := range m.Develop {
		ind, ok := IndustryByID(id)
		if !ok {
			return Action{}, errorf(ErrMalformed, "Unknown industry %q.", id)
		}
		a.Dev[i] = ind
	}
	a.NDev = uint8(len(m.Develop))
	for i, id := range m.Cards {
		k, ok := e.CardByID(id)
		if !ok {
			return Action{}, errorf(ErrMalformed, "Unknown card %q.", id)
		}
		a.Cards[i] = k
	}
	a.NCards = uint8(len(m.Cards))
	switch m.Port {
	case "":
	case DistantMarketID:
		a.Port = ToDistantMarket
	default:
		sp, ok := e.SpaceByID(m.Port)
		if !ok {
			return Action{}, errorf(ErrMalformed, "Unknown port %q.", m.Port)
		}
		a.Port = int8(sp + 1)
	}
	if m.Amount != 0 {
		r := &e.Rules
		if m.Amount < 0 || m.Amount%r.LoanAmount != 0 || m.Amount/r.LoanAmount > r.LoanSteps {
			if r.LoanSteps == 1 {
				return Action{}, errorf(ErrMalformed, "A loan in %s is £%d.", e.Name, r.LoanAmount)
			}
			return Action{}, errorf(ErrMalformed, "A loan is £%d to £%d in steps of £%d, not £%d.", r.LoanAmount, r.LoanSteps*r.LoanAmount, r.LoanAmount, m.Amount)
		}
		a.Loan = uint8(m.Amount / r.LoanAmount)
	}
	return a, nil
}

func (e *Edition) decodeSources(ids []string, out *[2]int8, what string, merchant int8) (uint8, error) {
	for i, id := range ids {
		switch {
		case id == "market" && what != "beer":
			out[i] = SrcMarket
		case what == "beer" && merchant >= 0 && id == e.MerchantSpaces[merchant].ID:
			out[i] = SrcMerchant
		default:
			sp, ok := e.SpaceByID(id)
			if _, isMerchant := e.MerchantSpaceByID(id); !ok && isMerchant && what == "beer" {
				return 0, &Error{Kind: ErrIllegal, Msg: "Merchant beer can only come from the merchant you sell to.", Reason: Reason{Rule: RuleOtherMerchantBeer}}
			}
			if !ok {
				return 0, errorf(ErrMalformed, "Unknown %s source %q.", what, id)
			}
			out[i] = int8(sp)
		}
	}
	return uint8(len(ids)), nil
}

// Encode turns an action into its move form.
func (e *Edition) Encode(a Action) Move {
	m := Move{Type: a.Kind.ID(), Player: int(a.Player)}
	if a.Card != NoCard && int(a.Card) < len(e.Cards) {
		m.Card = e.Cards[a.Card].ID
	}
	if a.Industry != NoIndustry {
		m.Industry = a.Industry.ID()
	}
	if a.Space >= 0 {
		m.Space = e.Spaces[a.Space].ID
	}
	if a.Merchant >= 0 {
		m.Merchant = e.MerchantSpaces[a.Merchant].ID
	}
	for i := 0; i < int(a.NLinks); i++ {
		m.Links = append(m.Links, e.Links[a.Links[i]].ID)
	}
	m.Coal = e.encodeSources(a.Coal[:a.NCoal], a.Merchant)
	m.Iron = e.encodeSources(a.Iron[:a.NIron], a.Merchant)
	m.Beer = e.encodeSources(a.Beer[:a.NBeer], a.Merchant)
	for i := 0; i < int(a.NDev); i++ {
		m.Develop = append(m.Develop, a.Dev[i].ID())
	}
	for i := 0; i < int(a.NCards); i++ {
		m.Cards = append(m.Cards, e.Cards[a.Cards[i]].ID)
	}
	switch {
	case a.Port == ToDistantMarket:
		m.Port = DistantMarketID
	case a.Port > 0 && int(a.Port) <= len(e.Spaces):
		m.Port = e.Spaces[a.Port-1].ID
	}
	if a.Loan != 0 && e.Rules.LoanSteps > 1 {
		m.Amount = int(a.Loan) * e.Rules.LoanAmount
	}
	return m
}

func (e *Edition) encodeSources(src []int8, merchant int8) []string {
	var out []string
	for _, v := range src {
		switch {
		case v == SrcMarket:
			out = append(out, "market")
		case v == SrcMerchant && merchant >= 0:
			out = append(out, e.MerchantSpaces[merchant].ID)
		case v >= 0:
			out = append(out, e.Spaces[v].ID)
		}
	}
	return out
}
