package board

// The game board, drawn as one SVG from the game's view (ui/view). Geometry comes from
// layout.go; this file only decides what to draw where and which parts are clickable.

import (
	"strings"

	"brass/engine"
	"brass/lang"
	"brass/ui/kit"
	"brass/ui/view"

	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"
)

// board is the Birmingham board. Build it with newBoard and the chainable setters; every
// input is an exported field so that go-app updates a mounted board when it changes.
type board struct {
	goapp.Compo

	IGame      *view.Game // the game; a new one for each state, so that a changed game re-renders
	IColors    []string   // CSS colour per player index
	INames     []string   // name per player index
	ISpaces    []string   // legal build spaces (space ids), sorted
	ILinks     []string   // legal links (link ids), sorted
	IMerchants []string   // legal merchant spaces (merchant space ids), sorted
	ISources   []string   // coal/iron/beer sources: space ids, merchant space ids, "coal_market", "iron_market"; sorted
	ISelected  []string   // already chosen things, any kind of id, sorted
	IRecent    []string   // things the last turn used (see moveRecap), any kind of id, sorted
	IClass     string

	// onPick is called when a highlighted target is chosen with the keyboard (clicks and
	// taps are resolved by the Frame around the board, which also finds the nearest
	// target to a tap). It is unexported on purpose: go-app re-renders a child whenever an
	// exported field differs, and functions never compare equal, so an exported callback
	// would redraw the whole board on every parent render. The mounted board keeps the
	// callback it was first given, which is right for the method value its parent passes.
	onPick func(ctx goapp.Context, t Target)
}

// newBoard returns an empty board; set at least the game.
func newBoard() *board { return &board{} }

// Game sets the game to draw (nil: an empty Birmingham board).
func (b *board) Game(g *view.Game) *board { b.IGame = g; return b }

// orEmpty is g, or the view of no game (Birmingham's empty board) for nil.
func orEmpty(g *view.Game) *view.Game {
	if g == nil {
		return view.Of(&engine.State{})
	}
	return g
}

// Colors sets the players' colours (CSS colours, by player index).
func (b *board) Colors(c []string) *board { b.IColors = c; return b }

// Names sets the players' names (by player index), used in labels.
func (b *board) Names(n []string) *board { b.INames = n; return b }

// LegalSpaces highlights build spaces (engine space ids) the player may choose.
func (b *board) LegalSpaces(ids []string) *board { b.ISpaces = kit.Sorted(ids); return b }

// LegalLinks highlights links (engine link ids) the player may choose.
func (b *board) LegalLinks(ids []string) *board { b.ILinks = kit.Sorted(ids); return b }

// LegalMerchants highlights merchant spaces (engine merchant space ids).
func (b *board) LegalMerchants(ids []string) *board { b.IMerchants = kit.Sorted(ids); return b }

// Sources highlights where coal, iron or beer may come from: build space ids (tiles),
// merchant space ids (their beer) and "coal_market" / "iron_market".
func (b *board) Sources(ids []string) *board { b.ISources = kit.Sorted(ids); return b }

// Selected marks things already chosen (any of the ids above).
func (b *board) Selected(ids []string) *board { b.ISelected = kit.Sorted(ids); return b }

// Class adds CSS classes to the <svg> element.
func (b *board) Class(c string) *board { b.IClass = strings.TrimSpace(b.IClass + " " + c); return b }

// Recent marks what the last turn used (any of the ids above), for the recap.
func (b *board) Recent(ids []string) *board { b.IRecent = kit.Sorted(ids); return b }

// OnPick is called when a highlighted target is chosen with the keyboard.
func (b *board) OnPick(fn func(ctx goapp.Context, t Target)) *board { b.onPick = fn; return b }

// ---------------------------------------------------------------------------------------
// Colours and names.

var defaultColors = []string{"#c0392b", "#e2b714", "#7e57c2", "#16a085"}

func (b *board) color(p int) string { return kit.Color(b.IColors, p) }

func (b *board) name(p int) string { return kit.Name(b.INames, nil, p) }

func bonusText(l *engine.Location) string {
	switch l.Bonus {
	case engine.BonusMoney:
		return lang.T("board.bonus_money", lang.S("money", kit.Money(l.BonusAmount)))
	case engine.BonusIncome:
		return lang.T("board.bonus_income", lang.N("n", l.BonusAmount))
	case engine.BonusVP:
		return lang.T("pp.vp_short", lang.N("n", l.BonusAmount))
	case engine.BonusDevelop:
		return lang.T("board.bonus_develop")
	}
	return ""
}

// ---------------------------------------------------------------------------------------
// Interaction.

// anyHighlight reports whether a question is answered on the board: the svg is then
// marked bb-choosing, and the lines that are not answers are dimmed (CSS). Nothing that
// every piece inherits (a cursor, say) hangs on that class: toggling it would restyle
// the whole board, about 900 elements, on every question asked or answered there.
func (b *board) anyHighlight() bool {
	return len(b.ISpaces)+len(b.ILinks)+len(b.IMerchants)+len(b.ISources) > 0
}

// ---------------------------------------------------------------------------------------
// Rendering.

// Render draws the board. Each town, merchant, line and market is a component of its own
// that gets only its own slice of the game (a small value), so a move or a new question
// re-renders just the pieces it changed; the parts that never change are drawn once.
func (b *board) Render() goapp.UI {
	st := orEmpty(b.IGame)
	ed := st.Edition
	class := "bb"
	if b.anyHighlight() {
		class += " bb-choosing"
	}
	if b.IClass != "" {
		class += " " + b.IClass
	}
	lay := layoutFor(ed)
	links := make([]goapp.UI, 0, len(ed.Links)+len(ed.VirtualLinks))
	for li := range ed.Links {
		links = append(links, &boardLink{IData: b.linkData(st, li), onPick: b.onPick})
	}
	for vi := range ed.VirtualLinks {
		links = append(links, virtualLink(ed, lay, vi))
	}
	markets := []goapp.UI{
		&boardMarket{IData: b.marketData(st, true), onPick: b.onPick},
		&boardMarket{IData: b.marketData(st, false), onPick: b.onPick},
	}
	if lay.Distant != nil && len(ed.DemandBonus) > 0 {
		markets = append(markets, &boardDistant{IData: distantDataOf(st)})
	}
	layers := make([]goapp.UI, 0, 8+len(ed.Locations))
	layers = append(layers,
		kit.Svg("title").Text(b.title(st)),
		&boardBack{IEdition: ed.ID},
		kit.Svg("g").Class("bb-links").Body(links...),
		kit.Svg("g").Class("bb-markets").Body(markets...),
		&boardLegend{IEdition: ed.ID},
	)
	for li := range ed.Locations {
		loc := &ed.Locations[li]
		g, ok := lay.Locations[loc.ID]
		if !ok {
			continue
		}
		switch {
		case loc.Kind == engine.MerchantLocation:
			layers = append(layers, &boardMerchant{IData: b.merchantData(st, li), onPick: b.onPick})
		case g.Kind == 'p':
			layers = append(layers, &boardPlace{IData: placeData{ed: ed, Loc: li}})
		default:
			layers = append(layers, &boardTown{IData: b.townData(st, li), onPick: b.onPick})
		}
	}
	layers = append(layers, &boardMarkers{IData: b.markersData(st)})
	return kit.Svg("svg").
		ID("board").
		Class(class).
		Attr("viewBox", "0 0 "+fmtNum(boardW)+" "+fmtNum(boardH)).
		Attr("width", "100%").
		Attr("preserveAspectRatio", "xMidYMid meet").
		Role("group"). // not "img": its spaces and links are buttons when a choice is made
		Aria("label", b.title(st)).
		Body(layers...)
}

func (b *board) title(g *view.Game) string {
	ed := lang.S("edition", g.Edition.Name)
	if !g.Started {
		return lang.T("board.title", ed)
	}
	era := lang.S("era", lang.T("era.rail"))
	if g.Turn.Era == engine.Canal {
		era = lang.S("era", lang.T("era.canal"))
	}
	if g.Turn.Over {
		return lang.T("board.title_era", ed, era)
	}
	return lang.T("board.title_round", ed, era, lang.N("round", g.Turn.Round))
}
