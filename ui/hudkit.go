package ui

// Small shared pieces of the components around the board: player panels, status bar, hand,
// game log and summary dialogs. Names here start with hud so they do not collide with the
// board's helpers. The industry colours and pictograms (industryColors, industryGlyphs) and
// the town banner colours (bannerColors) are the board's, so the same icons appear everywhere.

import (
	"sort"
	"strconv"
	"strings"

	"brass/engine"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

const hudSvgNS = "http://www.w3.org/2000/svg"

// hudSvg returns an SVG element; go-app needs the namespace on every SVG element.
func hudSvg(tag string) app.HTMLElem { return app.Elem(tag).XMLNS(hudSvgNS) }

// hudFallbackColors colour players the caller gave no colour.
var hudFallbackColors = []string{"#c0392b", "#e2b714", "#7e57c2", "#16a085"}

// hudColor is player p's CSS colour.
func hudColor(colors []string, p int) string {
	if p >= 0 && p < len(colors) && colors[p] != "" {
		return colors[p]
	}
	if p < 0 {
		return "#8a6a3e"
	}
	return hudFallbackColors[p%len(hudFallbackColors)]
}

// hudName is player p's name: from names, else from the state's config, else "Player N".
func hudName(names []string, st *engine.State, p int) string {
	if p >= 0 && p < len(names) && names[p] != "" {
		return names[p]
	}
	if st != nil && st.Edition() != nil {
		return st.Name(p)
	}
	return "Player " + strconv.Itoa(p+1)
}

// hudActor is the player to decide now, or −1 when nobody is (no game, or the game is over).
func hudActor(st *engine.State) int {
	if st.NumPlayers == 0 { // an empty state: no game yet
		return -1
	}
	return st.Actor()
}

// hudEdition is the state's edition, or Birmingham for a zero state.
func hudEdition(st *engine.State) *engine.Edition {
	if ed := st.Edition(); ed != nil {
		return ed
	}
	ed, _ := engine.EditionByID("birmingham")
	return ed
}

var hudRomans = []string{"", "I", "II", "III", "IV", "V", "VI", "VII", "VIII", "IX", "X"}

// hudRoman writes a tile level as a Roman numeral.
func hudRoman(n int) string {
	if n > 0 && n < len(hudRomans) {
		return hudRomans[n]
	}
	return strconv.Itoa(n)
}

// hudMoney writes an amount of money: £5, −£3.
func hudMoney(v int) string {
	if v < 0 {
		return "−£" + strconv.Itoa(-v)
	}
	return "£" + strconv.Itoa(v)
}

// hudInt writes a number with a true minus sign: 3, −2.
func hudInt(v int) string {
	if v < 0 {
		return "−" + strconv.Itoa(-v)
	}
	return strconv.Itoa(v)
}

// hudTypeset writes the engine's text as the rest of the screen does: a minus before a
// number or an amount is a true minus sign ("level -3" → "level −3", "-£2" → "−£2"), while
// hyphens inside words (Stoke-on-Trent) stay.
func hudTypeset(s string) string {
	if !strings.Contains(s, "-") {
		return s
	}
	b := []byte(s)
	var out strings.Builder
	for i := 0; i < len(b); i++ {
		if b[i] == '-' && (i == 0 || b[i-1] == ' ' || b[i-1] == '(') && i+1 < len(b) &&
			(b[i+1] >= '0' && b[i+1] <= '9' || strings.HasPrefix(s[i+1:], "£")) {
			out.WriteString("−")
			continue
		}
		out.WriteByte(b[i])
	}
	return out.String()
}

// hudSigned writes a signed number: +3, −2, 0.
func hudSigned(v int) string {
	switch {
	case v > 0:
		return "+" + strconv.Itoa(v)
	case v < 0:
		return "−" + strconv.Itoa(-v)
	}
	return "0"
}

// hudOrdinal writes 1st, 2nd, 3rd, 4th.
func hudOrdinal(n int) string {
	suffix := "th"
	switch {
	case n%100 >= 11 && n%100 <= 13:
	case n%10 == 1:
		suffix = "st"
	case n%10 == 2:
		suffix = "nd"
	case n%10 == 3:
		suffix = "rd"
	}
	return strconv.Itoa(n) + suffix
}

// hudPlural writes "1 card", "3 cards".
func hudPlural(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return strconv.Itoa(n) + " " + many
}

// hudIndustryIcon is the industry's round icon as a small inline SVG.
func hudIndustryIcon(ind engine.Industry, class string) app.UI {
	color, glyph := "#777", ""
	if int(ind) < len(industryColors) {
		color = industryColors[ind]
	}
	if g, ok := industryGlyphs[ind]; ok {
		glyph = g
	}
	return hudSvg("svg").Class("hud-ico", class).Attr("viewBox", "-12 -12 24 24").
		Aria("hidden", "true").Attr("focusable", "false").Body(
		hudSvg("circle").Attr("r", "11").Attr("fill", color).Attr("stroke", "#fffaf0").Attr("stroke-width", "1.3"),
		hudSvg("path").Attr("d", glyph).Attr("fill", "#fff").Attr("fill-rule", "evenodd"),
	)
}

// hudBulb is a small lightbulb: the tile cannot be developed.
func hudBulb() app.UI {
	return hudSvg("svg").Class("hud-bulb").Attr("viewBox", "0 0 12 16").Aria("hidden", "true").Attr("focusable", "false").Body(
		hudSvg("path").Attr("d", "M6,0.8C2.9,0.8 0.8,3 0.8,5.7C0.8,7.8 2.1,8.9 3,10.2V11.6H9V10.2C9.9,8.9 11.2,7.8 11.2,5.7C11.2,3 9.1,0.8 6,0.8Z").
			Attr("fill", "#ffd84a").Attr("stroke", "#6b4e12").Attr("stroke-width", "1"),
		hudSvg("path").Attr("d", "M3.4,12.6H8.6M3.8,14.4H8.2").Attr("stroke", "#5a4632").Attr("stroke-width", "1.4").Attr("stroke-linecap", "round"),
	)
}

// hudRes is a coal cube, iron cube or beer barrel with a count, e.g. for a tile's needs.
func hudRes(kind string, n int, title string) app.UI {
	return app.Span().Class("hud-res hud-res-"+kind).Title(title).Body(
		app.Span().Class("hud-res-mark").Aria("hidden", "true"),
		app.Span().Class("hud-res-n").Text(strconv.Itoa(n)),
	)
}

// hudBanner is a town's banner colour as a CSS colour.
func hudBanner(name string) string {
	if c, ok := bannerColors[name]; ok {
		return c
	}
	if name == "" {
		return "#7a5232"
	}
	return name
}

// hudSorted returns a sorted copy (nil when empty), so that inputs compare equal.
func hudSorted(ids []string) []string {
	if len(ids) == 0 {
		return nil
	}
	out := append([]string(nil), ids...)
	sort.Strings(out)
	return out
}

// hudCount is how many times id occurs in the sorted list.
func hudCount(sorted []string, id string) int {
	i := sort.SearchStrings(sorted, id)
	n := 0
	for ; i < len(sorted) && sorted[i] == id; i++ {
		n++
	}
	return n
}

// hudClasses joins non-empty class names.
func hudClasses(c ...string) string {
	var out []string
	for _, s := range c {
		if s != "" {
			out = append(out, s)
		}
	}
	return strings.Join(out, " ")
}
