package kit

import (
	"strconv"

	"brass/engine"

	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"
)

// IndustryIcon is the industry's round icon as a small inline SVG, the same disc and
// pictogram as on the board.
func IndustryIcon(ind engine.Industry, class string) goapp.UI {
	color, glyph := "#777", ""
	if int(ind) < len(IndustryColors) {
		color = IndustryColors[ind]
	}
	if g, ok := IndustryGlyphs[ind]; ok {
		glyph = g
	}
	return Svg("svg").Class("hud-ico", class).Attr("viewBox", "-12 -12 24 24").
		Aria("hidden", "true").Attr("focusable", "false").Body(
		Svg("circle").Attr("r", "11").Attr("fill", color).Attr("stroke", "#fffaf0").Attr("stroke-width", "1.3"),
		Svg("path").Attr("d", glyph).Attr("fill", "#fff").Attr("fill-rule", "evenodd"),
	)
}

// Bulb is a small lightbulb: the tile cannot be developed.
func Bulb() goapp.UI {
	return Svg("svg").Class("hud-bulb").Attr("viewBox", "0 0 12 16").Aria("hidden", "true").Attr("focusable", "false").Body(
		Svg("path").Attr("d", "M6,0.8C2.9,0.8 0.8,3 0.8,5.7C0.8,7.8 2.1,8.9 3,10.2V11.6H9V10.2C9.9,8.9 11.2,7.8 11.2,5.7C11.2,3 9.1,0.8 6,0.8Z").
			Attr("fill", "#ffd84a").Attr("stroke", "#6b4e12").Attr("stroke-width", "1"),
		Svg("path").Attr("d", "M3.4,12.6H8.6M3.8,14.4H8.2").Attr("stroke", "#5a4632").Attr("stroke-width", "1.4").Attr("stroke-linecap", "round"),
	)
}

// Res is a coal cube, iron cube or beer barrel with a count, e.g. for a tile's needs.
func Res(kind string, n int, title string) goapp.UI {
	return goapp.Span().Class("hud-res hud-res-"+kind).Title(title).Body(
		goapp.Span().Class("hud-res-mark").Aria("hidden", "true"),
		goapp.Span().Class("hud-res-n").Text(strconv.Itoa(n)),
	)
}
