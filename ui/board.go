package ui

// The game board, drawn as one SVG from an engine.State value. Geometry comes from
// layout.go; this file only decides what to draw where and which parts are clickable.

import (
	"sort"
	"strconv"
	"strings"

	"brass/engine"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

const svgNS = "http://www.w3.org/2000/svg"

// svgEl returns an SVG element: go-app needs the namespace on every one of them.
func svgEl(tag string) app.HTMLElem { return app.Elem(tag).XMLNS(svgNS) }

// board is the Birmingham board. Build it with newBoard and the chainable setters; every
// input is an exported field so that go-app updates a mounted board when it changes.
type board struct {
	app.Compo

	IState     engine.State // the game; a value, so that a changed game re-renders
	IColors    []string     // CSS colour per player index
	INames     []string     // name per player index
	ISpaces    []string     // legal build spaces (space ids), sorted
	ILinks     []string     // legal links (link ids), sorted
	IMerchants []string     // legal merchant spaces (merchant space ids), sorted
	ISources   []string     // coal/iron/beer sources: space ids, merchant space ids, "coal_market", "iron_market"; sorted
	ISelected  []string     // already chosen things, any kind of id, sorted
	IRecent    []string     // things the last turn used (see moveRecap), any kind of id, sorted
	IClass     string

	// onPick is called when a highlighted target is chosen with the keyboard (clicks and
	// taps are resolved by the boardFrame around the board, which also finds the nearest
	// target to a tap). It is unexported on purpose: go-app re-renders a child whenever an
	// exported field differs, and functions never compare equal, so an exported callback
	// would redraw the whole board on every parent render. The mounted board keeps the
	// callback it was first given, which is right for the method value its parent passes.
	onPick func(ctx app.Context, t boardTarget)
}

// newBoard returns an empty board; set at least the state.
func newBoard() *board { return &board{} }

// State sets the game to draw.
func (b *board) State(s engine.State) *board { b.IState = s; return b }

// Colors sets the players' colours (CSS colours, by player index).
func (b *board) Colors(c []string) *board { b.IColors = c; return b }

// Names sets the players' names (by player index), used in labels.
func (b *board) Names(n []string) *board { b.INames = n; return b }

// LegalSpaces highlights build spaces (engine space ids) the player may choose.
func (b *board) LegalSpaces(ids []string) *board { b.ISpaces = sortedCopy(ids); return b }

// LegalLinks highlights links (engine link ids) the player may choose.
func (b *board) LegalLinks(ids []string) *board { b.ILinks = sortedCopy(ids); return b }

// LegalMerchants highlights merchant spaces (engine merchant space ids).
func (b *board) LegalMerchants(ids []string) *board { b.IMerchants = sortedCopy(ids); return b }

// Sources highlights where coal, iron or beer may come from: build space ids (tiles),
// merchant space ids (their beer) and "coal_market" / "iron_market".
func (b *board) Sources(ids []string) *board { b.ISources = sortedCopy(ids); return b }

// Selected marks things already chosen (any of the ids above).
func (b *board) Selected(ids []string) *board { b.ISelected = sortedCopy(ids); return b }

// Class adds CSS classes to the <svg> element.
func (b *board) Class(c string) *board { b.IClass = strings.TrimSpace(b.IClass + " " + c); return b }

// Recent marks what the last turn used (any of the ids above), for the recap.
func (b *board) Recent(ids []string) *board { b.IRecent = sortedCopy(ids); return b }

// OnPick is called when a highlighted target is chosen with the keyboard.
func (b *board) OnPick(fn func(ctx app.Context, t boardTarget)) *board { b.onPick = fn; return b }

func sortedCopy(ids []string) []string {
	if len(ids) == 0 {
		return nil
	}
	out := append([]string(nil), ids...)
	sort.Strings(out)
	return out
}

func inSorted(sorted []string, id string) bool {
	i := sort.SearchStrings(sorted, id)
	return i < len(sorted) && sorted[i] == id
}

// ---------------------------------------------------------------------------------------
// Colours and names.

var bannerColors = map[string]string{
	"teal":   "#23827e",
	"blue":   "#2d5b9a",
	"red":    "#a8372b",
	"brown":  "#7a5232",
	"purple": "#6a3d8a",
}

// industryColors is the fixed colour of each industry's icon disc.
var industryColors = [...]string{
	engine.Cotton:       "#8a68c0",
	engine.Coal:         "#2b2b2b",
	engine.Iron:         "#c45f24",
	engine.Manufacturer: "#3c8a63",
	engine.Pottery:      "#2c6fb2",
	engine.Brewery:      "#b9801a",
	engine.Port:         "#1f7f8f",
	engine.Shipyard:     "#48586a",
}

// defaultColors are used for players without a colour.
var defaultColors = []string{"#c0392b", "#e2b714", "#7e57c2", "#16a085"}

func (b *board) color(p int) string {
	if p >= 0 && p < len(b.IColors) && b.IColors[p] != "" {
		return b.IColors[p]
	}
	return defaultColors[p%len(defaultColors)]
}

func (b *board) name(p int) string {
	if p >= 0 && p < len(b.INames) && b.INames[p] != "" {
		return b.INames[p]
	}
	return "Player " + strconv.Itoa(p+1)
}

var romans = []string{"", "I", "II", "III", "IV", "V", "VI", "VII", "VIII"}

func roman(n int) string {
	if n > 0 && n < len(romans) {
		return romans[n]
	}
	return strconv.Itoa(n)
}

// joinWithAnd joins names as "a, b and c".
func joinWithAnd(s []string) string {
	switch len(s) {
	case 0:
		return ""
	case 1:
		return s[0]
	}
	return strings.Join(s[:len(s)-1], ", ") + " and " + s[len(s)-1]
}

func bonusText(l *engine.Location) string {
	switch l.Bonus {
	case engine.BonusMoney:
		return "+£" + strconv.Itoa(l.BonusAmount)
	case engine.BonusIncome:
		return "+" + strconv.Itoa(l.BonusAmount) + " income"
	case engine.BonusVP:
		return strconv.Itoa(l.BonusAmount) + " VP"
	case engine.BonusDevelop:
		return "develop"
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
func (b *board) Render() app.UI {
	st := &b.IState
	ed := st.Edition()
	if ed == nil {
		ed, _ = engine.EditionByID("birmingham")
	}
	class := "bb"
	if b.anyHighlight() {
		class += " bb-choosing"
	}
	if b.IClass != "" {
		class += " " + b.IClass
	}
	lay := layoutFor(ed)
	links := make([]app.UI, 0, len(ed.Links)+len(ed.VirtualLinks))
	for li := range ed.Links {
		links = append(links, &boardLink{IData: b.linkData(st, ed, li), onPick: b.onPick})
	}
	for vi := range ed.VirtualLinks {
		links = append(links, virtualLink(ed, lay, vi))
	}
	markets := []app.UI{
		&boardMarket{IData: b.marketData(st, ed, true), onPick: b.onPick},
		&boardMarket{IData: b.marketData(st, ed, false), onPick: b.onPick},
	}
	if lay.Distant != nil && len(ed.DemandBonus) > 0 {
		markets = append(markets, &boardDistant{IData: distantDataOf(st, ed)})
	}
	layers := make([]app.UI, 0, 8+len(ed.Locations))
	layers = append(layers,
		svgEl("title").Text(b.title(st, ed)),
		&boardBack{IEdition: ed.ID},
		svgEl("g").Class("bb-links").Body(links...),
		svgEl("g").Class("bb-markets").Body(markets...),
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
			layers = append(layers, &boardMerchant{IData: b.merchantData(st, ed, li), onPick: b.onPick})
		case g.Kind == 'p':
			layers = append(layers, &boardPlace{IData: placeData{ed: ed, Loc: li}})
		default:
			layers = append(layers, &boardTown{IData: b.townData(st, ed, li), onPick: b.onPick})
		}
	}
	layers = append(layers, &boardMarkers{IData: b.markersData(st)})
	return svgEl("svg").
		ID("board").
		Class(class).
		Attr("viewBox", "0 0 "+fmtNum(boardW)+" "+fmtNum(boardH)).
		Attr("width", "100%").
		Attr("preserveAspectRatio", "xMidYMid meet").
		Role("group"). // not "img": its spaces and links are buttons when a choice is made
		Aria("label", b.title(st, ed)).
		Body(layers...)
}

func (b *board) title(st *engine.State, ed *engine.Edition) string {
	t := ed.Name + " board"
	if st.Edition() != nil {
		t += ", " + st.Era.String()
		if st.Phase != engine.PhaseOver {
			t += ", round " + strconv.Itoa(int(st.Round))
		}
	}
	return t
}
