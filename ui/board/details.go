package board

// The details card: what the board shows about one thing, in words and numbers, on hover
// (mouse) or tap (outside a choice). Every fact is read from the game's view and the
// edition; detailFacts is pure so the tests can read the card without a browser.

import (
	"strconv"
	"strings"

	"brass/engine"
	"brass/lang"
	"brass/ui/kit"
	"brass/ui/view"

	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"
)

// detailCard is what the card says: a title, an optional owner colour and lines of facts.
type detailCard struct {
	Title  string
	Colour string // the owner's colour, "" when nobody owns it
	Lines  []string
}

// detailFacts describes a target on the board in the given game.
func detailFacts(g *view.Game, names, colours []string, t Target) (detailCard, bool) {
	if g == nil || !g.Started {
		return detailCard{}, false
	}
	ed := g.Edition
	who := func(p int) string { return kit.Name(names, g, p) }
	switch t.Kind {
	case TargetSpace:
		sp, ok := ed.SpaceByID(t.ID)
		if !ok {
			return detailCard{}, false
		}
		return spaceFacts(g, sp, who, colours), true
	case TargetLocation:
		li, ok := ed.LocationByID(t.ID)
		if !ok {
			return detailCard{}, false
		}
		return locationFacts(g, li, who), true
	case TargetLink:
		l, ok := ed.LinkByID(t.ID)
		if !ok {
			return detailCard{}, false
		}
		return linkFacts(g, l, who, colours), true
	case TargetMerchant:
		m, ok := ed.MerchantSpaceByID(t.ID)
		if !ok {
			return detailCard{}, false
		}
		return merchantFacts(g, m), true
	case TargetMarket:
		return marketFacts(g, t.ID == "iron_market"), true
	case TargetDistant:
		if !g.Distant.Present {
			return detailCard{}, false
		}
		return distantFacts(g), true
	}
	return detailCard{}, false
}

// industryList is the industries' names in the language in use.
func industryList(inds []engine.Industry) []string {
	out := make([]string, 0, len(inds))
	for _, ind := range inds {
		out = append(out, kit.IndustryName(ind))
	}
	return out
}

// cubesText says how many cubes of the tile's kind lie on it: "2 iron", "1 beer".
func cubesText(ind engine.Industry, n int, cube string) string {
	switch ind {
	case engine.Coal, engine.Iron, engine.Brewery:
		return lang.T("board.cubes."+ind.ID(), lang.N("n", n))
	}
	return strconv.Itoa(n) + " " + cube
}

func spaceFacts(g *view.Game, sp int, who func(int) string, colours []string) detailCard {
	ed := g.Edition
	t := &g.Spaces[sp]
	c := detailCard{Title: lang.T("board.space_title", lang.S("town", t.Town), lang.N("n", t.K+1))}
	c.Lines = append(c.Lines, lang.T("board.takes", lang.S("industries", lang.Current().JoinOr(industryList(ed.Spaces[sp].Icons)))))
	if !t.Built() {
		c.Lines = append(c.Lines, lang.T("board.empty_space"))
		return c
	}
	p := t.Owner
	c.Colour = kit.Color(colours, p)
	c.Lines = append(c.Lines, lang.T("board.owned_tile", lang.S("name", who(p)), lang.S("industry", kit.IndustryName(t.Industry)),
		lang.S("level", kit.Roman(t.Level))))
	if t.Flipped {
		c.Lines = append(c.Lines, lang.T("board.flipped_scores", lang.N("vp", t.VP), lang.N("income", t.Income)))
	} else {
		c.Lines = append(c.Lines, lang.T("board.unflipped_scores", lang.N("vp", t.VP), lang.N("income", t.Income)))
	}
	if t.Flipped {
		c.Lines = append(c.Lines, lang.T("board.link_vp_flipped", lang.N("n", t.LinkIcons), lang.S("town", t.Town)))
	} else {
		c.Lines = append(c.Lines, lang.T("board.link_vp_unflipped", lang.N("n", t.LinkIcons)))
	}
	if t.Cube != "" {
		c.Lines = append(c.Lines, lang.T("board.on_tile", lang.S("cubes", cubesText(t.Industry, t.Cubes, t.Cube))))
	}
	if t.Beer > 0 && !t.Flipped {
		c.Lines = append(c.Lines, lang.T("board.sells_with_beer", lang.N("n", t.Beer)))
	}
	return c
}

func locationFacts(g *view.Game, li int, who func(int) string) detailCard {
	ed := g.Edition
	loc := &ed.Locations[li]
	c := detailCard{Title: loc.Name}
	if loc.Kind == engine.MerchantLocation {
		c.Lines = append(c.Lines, lang.T("board.merchant_bonus", lang.S("bonus", bonusText(loc))),
			lang.T("board.links_score", lang.N("n", loc.LinkIcons)))
		if len(loc.MerchantSpaces) > 0 && !g.Merchants[loc.MerchantSpaces[0]].InPlay {
			c.Lines = append(c.Lines, lang.T("board.not_in_play", lang.N("n", loc.MinPlayers)))
			return c
		}
		for _, m := range loc.MerchantSpaces {
			c.Lines = append(c.Lines, merchantLine(g, m))
		}
		return c
	}
	switch loc.Kind {
	case engine.ExternalLocation:
		c.Lines = append(c.Lines, lang.T("board.external"), lang.T("board.links_score", lang.N("n", loc.LinkIcons)))
		return c
	case engine.LinkVPLocation:
		c.Lines = append(c.Lines, lang.T("board.nothing_built", lang.N("n", loc.LinkIcons)))
		return c
	}
	icons := loc.LinkIcons
	for k, sp := range loc.Spaces {
		n, inds := lang.N("n", k+1), lang.S("industries", strings.Join(industryList(ed.Spaces[sp].Icons), "/"))
		t := &g.Spaces[sp]
		if !t.Built() {
			c.Lines = append(c.Lines, lang.T("board.loc_space_empty", n, inds))
			continue
		}
		name, ind, level := lang.S("name", who(t.Owner)), lang.S("industry", kit.IndustryName(t.Industry)), lang.S("level", kit.Roman(t.Level))
		switch {
		case t.Flipped:
			c.Lines = append(c.Lines, lang.T("board.loc_space_flipped", n, inds, name, ind, level, lang.N("vp", t.VP)))
			icons += t.LinkIcons
		case t.Cube != "":
			c.Lines = append(c.Lines, lang.T("board.loc_space_cubes", n, inds, name, ind, level,
				lang.S("cubes", cubesText(t.Industry, t.Cubes, t.Cube))))
		default:
			c.Lines = append(c.Lines, lang.T("board.loc_space_tile", n, inds, name, ind, level))
		}
	}
	c.Lines = append(c.Lines, lang.T("board.links_score_now", lang.N("n", icons)))
	return c
}

// merchantLine describes one merchant space: what its tile buys and its beer.
func merchantLine(g *view.Game, m int) string {
	mv := &g.Merchants[m]
	tile := mv.Tile
	label := lang.S("merchant", kit.MerchantLabel(g, m))
	beer := mv.Beer > 0
	switch {
	case tile == nil && beer:
		return lang.T("board.merchant_no_tile_beer", label)
	case tile == nil:
		return lang.T("board.merchant_no_tile", label)
	case len(tile.Buys) == 0 && beer:
		return lang.T("board.merchant_blank_beer", label)
	case len(tile.Buys) == 0:
		return lang.T("board.merchant_blank", label)
	}
	buys := lang.S("industries", lang.Current().JoinAnd(industryList(tile.Buys)))
	if beer {
		return lang.T("board.merchant_buys_beer", label, buys)
	}
	return lang.T("board.merchant_buys_used", label, buys)
}

func merchantFacts(g *view.Game, m int) detailCard {
	mv := &g.Merchants[m]
	loc := &g.Edition.Locations[mv.Location]
	c := detailCard{Title: lang.T("board.merchant_title", lang.S("town", loc.Name))}
	if !mv.InPlay {
		c.Lines = append(c.Lines, lang.T("board.not_in_play", lang.N("n", loc.MinPlayers)))
		return c
	}
	c.Lines = append(c.Lines, merchantLine(g, m), lang.T("board.merchant_gives", lang.S("bonus", bonusText(loc))))
	return c
}

func linkFacts(g *view.Game, l int, who func(int) string, colours []string) detailCard {
	ed := g.Edition
	link := &ed.Links[l]
	c := detailCard{Title: ed.LinkName(l)}
	switch {
	case link.Canal && link.Rail:
		c.Lines = append(c.Lines, lang.T("board.canal_and_rail"))
	case link.Canal:
		c.Lines = append(c.Lines, lang.T("board.canal_only"))
	default:
		c.Lines = append(c.Lines, lang.T("board.rail_only"))
	}
	lv := &g.Links[l]
	vp := lang.N("vp", lv.VP)
	if o := lv.Owner; o >= 0 {
		key := "board.owned_canal"
		if lv.Rail {
			key = "board.owned_rail"
		}
		c.Colour = kit.Color(colours, o)
		c.Lines = append(c.Lines, lang.T(key, lang.S("name", who(o))), lang.T("board.link_would_score", vp))
	} else {
		c.Lines = append(c.Lines, lang.T("board.not_built"), lang.T("board.link_could_score", vp))
	}
	return c
}

func marketFacts(g *view.Game, iron bool) detailCard {
	m, name := &g.Coal, lang.T("board.coal_market")
	if iron {
		m, name = &g.Iron, lang.T("board.iron_market")
	}
	return detailCard{Title: name, Lines: []string{
		lang.T("board.market_cubes", lang.N("cubes", m.Cubes), lang.N("spaces", m.Spaces), lang.S("price", kit.Money(m.BuyPrice))),
		lang.T("board.market_empty", lang.S("price", kit.Money(m.EmptyCost))),
	}}
}

// distantFacts describes the Distant Market (Lancashire): its tiles, the cotton demand
// marker and what a sale there does.
func distantFacts(g *view.Game) detailCard {
	d := distantDataOf(g)
	demand := lang.T("board.card_demand_x")
	if d.Demand < len(g.Edition.DemandBonus) {
		demand = lang.T("board.card_demand", lang.N("bonus", g.Edition.DemandBonus[d.Demand]))
	}
	return detailCard{Title: lang.T("board.distant"), Lines: []string{
		lang.T("board.distant_tiles_left", lang.N("left", d.Left), lang.N("tiles", g.Distant.Tiles), lang.S("revealed", revealedText(&d))),
		demand,
		lang.T("board.distant_rule"),
	}}
}

// ---------------------------------------------------------------------------------------

// boardDetails shows detailFacts for one target. Inputs are values; the close callback
// is unexported (see board.onPick).
type boardDetails struct {
	goapp.Compo

	IGame    *view.Game
	INames   []string
	IColours []string
	ITarget  Target
	IPinned  bool // shown after a tap: it has a close button
	IAt      rect // where the target shows, in fractions of the board's viewport
	onClose  func(ctx goapp.Context)
}

func newBoardDetails() *boardDetails { return &boardDetails{} }

// percent writes a fraction as a CSS percentage with one decimal.
func percent(f float64) string { return fmtNum(f*100) + "%" }

func (d *boardDetails) Game(g *view.Game) *boardDetails              { d.IGame = g; return d }
func (d *boardDetails) Names(n []string) *boardDetails               { d.INames = n; return d }
func (d *boardDetails) Colours(c []string) *boardDetails             { d.IColours = c; return d }
func (d *boardDetails) Target(t Target) *boardDetails                { d.ITarget = t; return d }
func (d *boardDetails) Pinned(p bool) *boardDetails                  { d.IPinned = p; return d }
func (d *boardDetails) At(r rect) *boardDetails                      { d.IAt = r; return d }
func (d *boardDetails) OnClose(fn func(goapp.Context)) *boardDetails { d.onClose = fn; return d }

func (d *boardDetails) Render() goapp.UI {
	card, ok := detailFacts(d.IGame, d.INames, d.IColours, d.ITarget)
	if !ok {
		return goapp.Div().Class("bd-none")
	}
	// Beside the target, on the side with more room, its top or bottom level with it (on a
	// phone: above or below it, the board's width); the card never covers what it describes.
	class := "bd"
	at := d.IAt
	c := at.center()
	if c.X < 0.5 {
		class += " bd-right"
	}
	if c.Y < 0.5 {
		class += " bd-below"
	}
	if d.IPinned {
		class += " bd-pinned"
	}
	head := []goapp.UI{}
	if card.Colour != "" {
		head = append(head, goapp.Span().Class("bd-sw").Style("background", card.Colour).Aria("hidden", "true"))
	}
	head = append(head, goapp.H2().Class("bd-title").Text(card.Title))
	if d.IPinned {
		head = append(head, goapp.Button().Type("button").ID("board-details-close").Class("bd-x").
			Aria("label", lang.T("board.close_details")).Text("×").OnClick(func(ctx goapp.Context, e goapp.Event) {
			if d.onClose != nil {
				d.onClose(ctx)
			}
		}))
	}
	lines := make([]goapp.UI, 0, len(card.Lines))
	for _, l := range card.Lines {
		lines = append(lines, goapp.Li().Text(l))
	}
	return goapp.Section().ID("board-details").Class(class).DataSet("target", d.ITarget.Kind+":"+d.ITarget.ID).
		Style("--bd-l", percent(at.X)).Style("--bd-r", percent(at.X+at.W)).
		Style("--bd-t", percent(at.Y)).Style("--bd-b", percent(at.Y+at.H)).
		Aria("label", lang.T("board.details_label", lang.S("title", card.Title))).Body(
		goapp.Header().Class("bd-head").Body(head...),
		goapp.Ul().Class("bd-lines").Body(lines...),
	)
}
