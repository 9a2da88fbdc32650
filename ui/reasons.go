package ui

// A refused move's reason in the language in use. The engine decides each rule in one
// place and returns why as data (engine.Reason: the rule and its ids and numbers); this
// file words it from the catalogs (reason.* keys). English's text is the engine's own,
// word for word (reasons_test.go holds the two together), and a reason without a rule
// (input that could not be read, a stale move) keeps the engine's message.

import (
	"errors"

	"brass/engine"
	"brass/lang"
	"brass/ui/kit"
)

// refusalText is an error for the player: a refused move's reason from the catalogs, any
// other error as it is.
func refusalText(st *engine.State, err error) string {
	var e *engine.Error
	if errors.As(err, &e) && e.Reason.Rule != engine.RuleNone && st != nil {
		return reasonText(st, e.Reason)
	}
	return err.Error()
}

// reasonText words a reason from the state the move was tried on.
func reasonText(s *engine.State, r engine.Reason) string {
	e := s.Edition()
	w := reasonWords{s, r}
	if r.Rule == engine.RuleNone || r.Rule >= engine.NumRules {
		return lang.T("reason.not_allowed")
	}
	id := "reason." + r.Rule.String()
	switch r.Rule {
	case engine.RuleNoSuchPlayer:
		return lang.T("reason.no_such_player", lang.N("n", int(r.N)+1), lang.N("players", int(r.M)))
	case engine.RuleMalformed:
		return lang.T("reason.malformed." + malformedKind(engine.Kind(r.N)))
	case engine.RuleNotYourTurn:
		return lang.T("reason.not_your_turn", lang.S("who", w.who()), lang.S("named", s.Name(int(r.N))))
	case engine.RuleCardNotHeld:
		return lang.T(id, lang.N("n", max(1, int(r.N))), lang.S("card", w.card())) // N: how many are needed
	case engine.RuleMatEmpty, engine.RuleCardIndustry, engine.RuleNoIcon, engine.RuleSingleIconFirst,
		engine.RuleNotSellable, engine.RuleMerchantDoesNotBuy:
		sp := r.Space
		if r.Rule == engine.RuleSingleIconFirst {
			sp = int8(r.N)
		}
		return lang.T(id, lang.S("industry", kit.IndustryName(r.Industry)), lang.S("card", w.card()),
			lang.S("space", w.space(sp)), lang.S("merchant", w.merchant()))
	case engine.RuleWrongEra:
		if engine.Era(r.N) == engine.Rail {
			return lang.T("reason.wrong_era_rail", lang.S("tile", w.tile()))
		}
		return lang.T("reason.wrong_era_canal", lang.S("tile", w.tile()))
	case engine.RuleCardLocation:
		town := "?"
		if int(r.Card) < len(e.Cards) && e.Cards[r.Card].Location >= 0 {
			town = e.Locations[e.Cards[r.Card].Location].Name
		}
		return lang.T("reason.card_location", lang.S("card", w.card()), lang.S("cardTown", town), lang.S("town", w.loc()))
	case engine.RuleOverbuildLevel:
		return lang.T("reason.overbuild_level", lang.S("tile", w.tile()), lang.S("space", w.space(r.Space)),
			lang.S("there", tileWords(r.Industry, int(r.N))))
	case engine.RuleOverbuildResource:
		key := "reason.overbuild_resource_coal"
		if r.Industry == engine.Iron {
			key = "reason.overbuild_resource_iron"
		}
		return lang.T(key, lang.S("who", w.who()), lang.S("industry", kit.IndustryName(r.Industry)))
	case engine.RuleTooManySources:
		key := "reason.too_many_sources"
		if r.N == 0 {
			key = "reason.too_many_sources_none"
		}
		return lang.T(key, lang.N("n", int(r.N)), lang.N("m", int(r.M)), lang.S("res", resWords(r.Res)))
	case engine.RuleSource:
		return lang.T("reason.source", lang.S("res", resWords(r.Res)),
			lang.S("source", sourceWords(s, r.Space, r.Res, int(r.Merchant))),
			lang.S("options", sourceList(s, r.Options, r.Res, int(r.Merchant))))
	case engine.RuleNoBeer:
		return lang.T("reason.no_beer", lang.S("tile", w.tile()), lang.N("n", int(r.N)), lang.S("town", w.town(r.Space)))
	case engine.RuleMoney:
		have := lang.T("reason.money_end")
		if money, ok := s.Cash(int(r.Player)); ok {
			have = lang.T("reason.money_have", lang.N("money", money))
		}
		market := ""
		if r.M > 0 {
			market = lang.T("reason.money_market", lang.N("price", int(r.M)))
		}
		key := "reason.money_iron"
		price := int(r.N)
		switch {
		case r.Industry != engine.NoIndustry:
			key, price = "reason.money_build", int(r.N-r.M)
		case r.N > r.M:
			key, price = "reason.money_network", int(r.N-r.M)
		}
		return lang.T(key, lang.S("tile", w.tile()), lang.N("price", price), lang.S("market", market), lang.S("have", have))
	case engine.RuleAlreadySold, engine.RuleNotConnected, engine.RuleTileWorthless, engine.RuleDistantNotConnected:
		// The tile's town, by its space.
		return lang.T(id, lang.S("tile", w.tile()), lang.S("town", w.town(r.Space)), lang.S("merchant", w.merchant()))
	case engine.RuleLinksLeft:
		return lang.T(id, lang.N("n", int(r.N)))
	case engine.RuleLinkType:
		if s.Era == engine.Canal {
			return lang.T("reason.link_type_canal", lang.S("link", w.link()))
		}
		return lang.T("reason.link_type_rail", lang.S("link", w.link()))
	case engine.RuleLoanIncome:
		return lang.T(id, lang.N("n", int(r.N)), lang.N("m", int(r.M)), lang.N("min", e.Rules.MinIncomeLevel))
	case engine.RuleNotAPort:
		return lang.T(id, lang.S("space", w.space(int8(r.N))))
	case engine.RulePortUsed, engine.RulePortNotConnected:
		return lang.T(id, lang.S("who", w.who()), lang.S("port", tileWords(engine.Port, int(r.Level))),
			lang.S("portTown", w.town(int8(r.N))), lang.S("town", w.town(r.Space)))
	case engine.RuleLoanCutoff:
		if e.Rules.LoanCutoff == engine.LoanCutoffDeckEmpty {
			return lang.T("reason.loan_cutoff_deck")
		}
		return lang.T("reason.loan_cutoff_rounds", lang.N("rounds", e.Rules.LoanCutoffEnd))
	}
	// The rest name at most one thing of each sort, the same way.
	return lang.T(id, lang.S("tile", w.tile()), lang.S("town", w.loc()), lang.S("link", w.link()),
		lang.S("space", w.space(r.Space)), lang.S("who", w.who()), lang.S("merchant", w.merchant()),
		lang.S("industry", kit.IndustryName(r.Industry)), lang.S("edition", e.Name))
}

func malformedKind(k engine.Kind) string {
	if id := k.ID(); id != "" && id != "?" {
		return id
	}
	return "none"
}

// reasonWords names the things a reason mentions, "?" for an id out of range.
type reasonWords struct {
	s *engine.State
	r engine.Reason
}

func (w reasonWords) tile() string { return tileWords(w.r.Industry, int(w.r.Level)) }

func (w reasonWords) loc() string {
	if e := w.s.Edition(); w.r.Location >= 0 && int(w.r.Location) < len(e.Locations) {
		return e.Locations[w.r.Location].Name
	}
	return "?"
}

func (w reasonWords) link() string {
	if e := w.s.Edition(); w.r.Link >= 0 && int(w.r.Link) < len(e.Links) {
		return e.LinkName(int(w.r.Link))
	}
	return "?"
}

func (w reasonWords) town(sp int8) string { return spaceTown(w.s, sp) }

// spaceTown is the name of a build space's location.
func spaceTown(s *engine.State, sp int8) string {
	if e := s.Edition(); sp >= 0 && int(sp) < len(e.Spaces) {
		return e.Locations[e.Spaces[sp].Location].Name
	}
	return "?"
}

func (w reasonWords) space(sp int8) string { return spaceWords(w.s, sp) }

func (w reasonWords) merchant() string {
	if e := w.s.Edition(); w.r.Merchant >= 0 && int(w.r.Merchant) < len(e.MerchantSpaces) {
		return merchantWords(w.s, int(w.r.Merchant))
	}
	return lang.T("reason.the_merchant")
}

func (w reasonWords) card() string {
	if e := w.s.Edition(); int(w.r.Card) < len(e.Cards) {
		return e.Cards[w.r.Card].Name
	}
	return "?"
}

func (w reasonWords) who() string { return w.s.Name(int(w.r.Player)) }

// tileWords is a tile by industry and level: "Cotton Mill II".
func tileWords(ind engine.Industry, level int) string {
	roman := ""
	if level != 0 {
		roman = kit.Roman(level)
	}
	return kit.IndustryName(ind) + " " + roman
}

func resWords(r engine.Resource) string {
	switch r {
	case engine.ResCoal, engine.ResIron, engine.ResBeer:
		return lang.T("reason.res." + r.String())
	}
	return "?"
}

// spaceWords names a build space precisely: "Birmingham space 2".
func spaceWords(s *engine.State, sp int8) string {
	e := s.Edition()
	if sp < 0 || int(sp) >= len(e.Spaces) {
		return "?"
	}
	id := e.Spaces[sp].ID
	n := len(id)
	for n > 0 && id[n-1] >= '0' && id[n-1] <= '9' {
		n--
	}
	return lang.T("reason.space_label", lang.S("town", spaceTown(s, sp)), lang.S("n", id[n:]))
}

// merchantWords names a merchant space: its town, numbered where the town has several.
func merchantWords(s *engine.State, m int) string {
	e := s.Edition()
	if m < 0 || m >= len(e.MerchantSpaces) {
		return lang.T("reason.a_merchant")
	}
	loc := e.Locations[e.MerchantSpaces[m].Location]
	if len(loc.MerchantSpaces) > 1 {
		for i, x := range loc.MerchantSpaces {
			if x == m {
				return lang.T("reason.merchant_n", lang.S("town", loc.Name), lang.N("n", i+1))
			}
		}
	}
	return loc.Name
}

// sourceWords names a coal, iron or beer source: a market, a merchant's beer, a player's
// tile, or a bare build space.
func sourceWords(s *engine.State, src int8, res engine.Resource, merchant int) string {
	e := s.Edition()
	switch {
	case src == engine.SrcMarket:
		return lang.T("reason.src_market", lang.S("res", resWords(res)))
	case src == engine.SrcMerchant && merchant >= 0:
		return lang.T("reason.src_merchant_at", lang.S("merchant", merchantWords(s, merchant)))
	case src == engine.SrcMerchant:
		return lang.T("reason.src_merchant_any")
	case int(src) >= 0 && int(src) < len(e.Spaces):
		owner, ind, level := s.TileOn(int(src))
		if owner < 0 {
			return spaceWords(s, src)
		}
		return lang.T("reason.src_tile", lang.S("who", s.Name(owner)),
			lang.S("tile", tileWords(ind, level)), lang.S("town", spaceTown(s, src)))
	}
	return "?"
}

// sourceList names a set of sources in board order, the merchant beer first and the
// market last, joined with the language's "or".
func sourceList(s *engine.State, o engine.Sources, res engine.Resource, merchant int) string {
	var names []string
	if o.Has(engine.SrcMerchant) {
		names = append(names, sourceWords(s, engine.SrcMerchant, res, merchant))
	}
	for sp := range s.Edition().Spaces {
		if o.Has(int8(sp)) {
			names = append(names, sourceWords(s, int8(sp), res, merchant))
		}
	}
	if o.Has(engine.SrcMarket) {
		names = append(names, sourceWords(s, engine.SrcMarket, res, merchant))
	}
	return lang.Current().JoinOr(names)
}
