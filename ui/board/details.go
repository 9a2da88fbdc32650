package board

// The details card: what the board shows about one thing, in words and numbers, on hover
// (mouse) or tap (outside a choice). Every fact is read from the game's view and the
// edition; detailFacts is pure so the tests can read the card without a browser.

import (
	"strconv"
	"strings"

	"brass/engine"
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

func industryNames(inds []engine.Industry, sep string) string {
	out := make([]string, 0, len(inds))
	for _, ind := range inds {
		out = append(out, ind.Name())
	}
	return strings.Join(out, sep)
}

func spaceFacts(g *view.Game, sp int, who func(int) string, colours []string) detailCard {
	ed := g.Edition
	t := &g.Spaces[sp]
	c := detailCard{Title: t.Town + ", space " + strconv.Itoa(t.K+1)}
	c.Lines = append(c.Lines, "Takes "+industryNames(ed.Spaces[sp].Icons, " or ")+".")
	if !t.Built() {
		c.Lines = append(c.Lines, "Empty.")
		return c
	}
	p := t.Owner
	c.Colour = kit.Color(colours, p)
	c.Lines = append(c.Lines, who(p)+"’s "+t.Industry.Name()+" "+kit.Roman(t.Level)+".")
	if t.Flipped {
		c.Lines = append(c.Lines, "Flipped: scores "+strconv.Itoa(t.VP)+" VP at the end of the era; its income (+"+
			strconv.Itoa(t.Income)+" on the track) is already counted.")
	} else {
		c.Lines = append(c.Lines, "Not flipped: once flipped it scores "+strconv.Itoa(t.VP)+" VP at the end of the era and raises income by "+
			strconv.Itoa(t.Income)+" on the track.")
	}
	link := kit.Plural(t.LinkIcons, "link icon", "link icons")
	if t.Flipped {
		c.Lines = append(c.Lines, "Link VP: "+link+": each link to "+t.Town+" scores "+strconv.Itoa(t.LinkIcons)+" more.")
	} else {
		c.Lines = append(c.Lines, "Link VP: "+link+" once flipped.")
	}
	if t.Cube != "" {
		c.Lines = append(c.Lines, "On the tile: "+strconv.Itoa(t.Cubes)+" "+t.Cube+".")
	}
	if t.Beer > 0 && !t.Flipped {
		c.Lines = append(c.Lines, "Sells with "+kit.Plural(t.Beer, "beer", "beer")+".")
	}
	return c
}

func locationFacts(g *view.Game, li int, who func(int) string) detailCard {
	ed := g.Edition
	loc := &ed.Locations[li]
	c := detailCard{Title: loc.Name}
	if loc.Kind == engine.MerchantLocation {
		c.Lines = append(c.Lines, "Merchant. Beer bonus: "+bonusText(loc)+".", "Links here score "+strconv.Itoa(loc.LinkIcons)+" VP for this end.")
		if len(loc.MerchantSpaces) > 0 && !g.Merchants[loc.MerchantSpaces[0]].InPlay {
			c.Lines = append(c.Lines, "Not in play: only with "+strconv.Itoa(loc.MinPlayers)+" or more players.")
			return c
		}
		for _, m := range loc.MerchantSpaces {
			c.Lines = append(c.Lines, merchantLine(g, m))
		}
		return c
	}
	switch loc.Kind {
	case engine.ExternalLocation:
		c.Lines = append(c.Lines, "External location: it counts as a constructed port, so a mine or sale connected to it reaches the coal market and the Distant Market.",
			"Links here score "+strconv.Itoa(loc.LinkIcons)+" VP for this end.")
		return c
	case engine.LinkVPLocation:
		c.Lines = append(c.Lines, "Nothing is built here: links here score "+strconv.Itoa(loc.LinkIcons)+" VP for this end.")
		return c
	}
	icons := loc.LinkIcons
	for k, sp := range loc.Spaces {
		line := "Space " + strconv.Itoa(k+1) + " (" + industryNames(ed.Spaces[sp].Icons, "/") + "): "
		t := &g.Spaces[sp]
		if !t.Built() {
			line += "empty."
		} else {
			line += who(t.Owner) + "’s " + t.Industry.Name() + " " + kit.Roman(t.Level)
			if t.Flipped {
				line += ", flipped (" + strconv.Itoa(t.VP) + " VP)"
				icons += t.LinkIcons
			} else if t.Cube != "" {
				line += ", " + strconv.Itoa(t.Cubes) + " " + t.Cube
			}
			line += "."
		}
		c.Lines = append(c.Lines, line)
	}
	c.Lines = append(c.Lines, "Links here score "+strconv.Itoa(icons)+" VP for this end now (1 per link icon of its flipped tiles).")
	return c
}

// merchantLine describes one merchant space: what its tile buys and its beer.
func merchantLine(g *view.Game, m int) string {
	mv := &g.Merchants[m]
	tile := mv.Tile
	line := kit.MerchantLabel(g, m) + ": "
	switch {
	case tile == nil:
		line += "no tile"
	case len(tile.Buys) == 0:
		line += "blank tile, buys nothing"
	default:
		line += "buys " + kit.JoinAnd(strings.Split(industryNames(tile.Buys, "|"), "|"))
	}
	if mv.Beer > 0 {
		line += "; 1 beer"
	} else if tile != nil && len(tile.Buys) > 0 {
		line += "; its beer is used"
	}
	return line + "."
}

func merchantFacts(g *view.Game, m int) detailCard {
	mv := &g.Merchants[m]
	loc := &g.Edition.Locations[mv.Location]
	c := detailCard{Title: loc.Name + " merchant"}
	if !mv.InPlay {
		c.Lines = append(c.Lines, "Not in play: only with "+strconv.Itoa(loc.MinPlayers)+" or more players.")
		return c
	}
	c.Lines = append(c.Lines, merchantLine(g, m), "Selling here with its beer gives: "+bonusText(loc)+".")
	return c
}

func linkFacts(g *view.Game, l int, who func(int) string, colours []string) detailCard {
	ed := g.Edition
	link := &ed.Links[l]
	c := detailCard{Title: ed.LinkName(l)}
	switch {
	case link.Canal && link.Rail:
		c.Lines = append(c.Lines, "Canal and rail.")
	case link.Canal:
		c.Lines = append(c.Lines, "Canal only.")
	default:
		c.Lines = append(c.Lines, "Rail only.")
	}
	lv := &g.Links[l]
	vp := strconv.Itoa(lv.VP) + " VP"
	if o := lv.Owner; o >= 0 {
		what := "canal"
		if lv.Rail {
			what = "rail"
		}
		c.Colour = kit.Color(colours, o)
		c.Lines = append(c.Lines, who(o)+"’s "+what+".", "Would score "+vp+" now: 1 per link icon where it ends (merchants 2, flipped tiles their icons).")
	} else {
		c.Lines = append(c.Lines, "Not built.", "A link here would score "+vp+" now: 1 per link icon where it ends (merchants 2, flipped tiles their icons).")
	}
	return c
}

func marketFacts(g *view.Game, iron bool) detailCard {
	m, name := &g.Coal, "Coal market"
	if iron {
		m, name = &g.Iron, "Iron market"
	}
	return detailCard{Title: name, Lines: []string{
		strconv.Itoa(m.Cubes) + " of " + strconv.Itoa(m.Spaces) + " cubes; the next costs " + kit.Money(m.BuyPrice) + ".",
		"When it is empty a cube costs " + kit.Money(m.EmptyCost) + ".",
	}}
}

// distantFacts describes the Distant Market (Lancashire): its tiles, the cotton demand
// marker and what a sale there does.
func distantFacts(g *view.Game) detailCard {
	d := distantDataOf(g)
	return detailCard{Title: "Distant Market", Lines: []string{
		strconv.Itoa(d.Left) + " of " + strconv.Itoa(g.Distant.Tiles) + " tiles face down this era; " + revealedText(&d) + ".",
		"The " + DemandText(g.Edition, d.Demand) + ".",
		"A cotton mill sold here (through a port or an external location) turns the top tile: the demand marker moves down by its number; on X the sale fails, otherwise the mill flips and its owner gains the income spaces beside the marker.",
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
			Aria("label", "Close the details").Text("×").OnClick(func(ctx goapp.Context, e goapp.Event) {
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
		Aria("label", "Details: "+card.Title).Body(
		goapp.Header().Class("bd-head").Body(head...),
		goapp.Ul().Class("bd-lines").Body(lines...),
	)
}
