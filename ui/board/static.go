package board

// The parts of the board that never change: the paper, the progress track with its income
// levels, the compass, the key, the shared SVG definitions (industry icons, barrel, link
// marks) and the board's style sheet. They are written once as SVG markup and inserted
// whole (goapp.Raw): the browser parses them in one go instead of Go creating several
// hundred elements one call at a time, and go-app never looks at them again.

import (
	"math"
	"strconv"
	"strings"
	"sync"

	"brass/engine"
	"brass/ui/kit"

	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"
)

// boardBack is everything under the links: style, definitions, paper, frame, compass and
// the progress track. IEdition is the edition's id (the compass moves with the map).
type boardBack struct {
	goapp.Compo
	IEdition string
}

func (c *boardBack) Render() goapp.UI { return goapp.Raw(staticBoard(c.IEdition).back) }

// boardLegend is the key to the lines and markers.
type boardLegend struct {
	goapp.Compo
	IEdition string
}

func (c *boardLegend) Render() goapp.UI { return goapp.Raw(staticBoard(c.IEdition).key) }

// staticLayers is the markup of one board's static layers.
type staticLayers struct {
	once      sync.Once
	back, key string
}

var staticMarkup = map[string]*staticLayers{"birmingham": {}, "lancashire": {}}

// staticBoard returns the markup of the static layers of an edition's board (Birmingham's
// for an unknown id), written on first use. Each is a nested <svg> (a whole root, as
// goapp.Raw needs) in the board's own units.
func staticBoard(edition string) *staticLayers {
	m, ok := staticMarkup[edition]
	if !ok {
		edition, m = "birmingham", staticMarkup["birmingham"]
	}
	m.once.Do(func() {
		lay := layoutOf(edition)
		var w svgWriter
		w.open("svg", "class", "bb-static")
		w.text("style", boardCSS)
		writeDefs(&w)
		writeBackground(&w, lay)
		writeTrack(&w, lay)
		w.close("svg")
		m.back = w.String()

		w = svgWriter{}
		w.open("svg", "class", "bb-static")
		writeKey(&w, lay, edition == "lancashire")
		w.close("svg")
		m.key = w.String()
	})
	return m
}

// svgWriter writes SVG markup. Attributes are name, value pairs.
type svgWriter struct{ strings.Builder }

var svgEscaper = strings.NewReplacer("&", "&amp;", "<", "&lt;", ">", "&gt;", `"`, "&quot;")

func (w *svgWriter) start(tag string, attrs []string) {
	w.WriteString("<" + tag)
	if tag == "svg" {
		w.WriteString(` xmlns="` + kit.SVGNamespace + `"`)
	}
	for i := 0; i+1 < len(attrs); i += 2 {
		w.WriteString(" " + attrs[i] + `="` + svgEscaper.Replace(attrs[i+1]) + `"`)
	}
}

// open starts an element that close ends.
func (w *svgWriter) open(tag string, attrs ...string) { w.start(tag, attrs); w.WriteString(">") }

func (w *svgWriter) close(tag string) { w.WriteString("</" + tag + ">") }

// leaf writes an element without content.
func (w *svgWriter) leaf(tag string, attrs ...string) { w.start(tag, attrs); w.WriteString("/>") }

// text writes an element holding text.
func (w *svgWriter) text(tag, text string, attrs ...string) {
	w.start(tag, attrs)
	w.WriteString(">" + svgEscaper.Replace(text) + "</" + tag + ">")
}

func writeBackground(w *svgWriter, lay *layoutData) {
	w.open("g", "class", "bb-bg")
	w.leaf("rect", "width", svgNum(boardW), "height", svgNum(boardH), "fill", "url(#bb-paper)")
	w.leaf("rect", "x", svgNum(cellW+4), "y", svgNum(cellH+4), "width", svgNum(boardW-2*cellW-8), "height", svgNum(boardH-2*cellH-8),
		"fill", "none", "stroke", "#8a6a3e", "stroke-width", svgNum(1.5), "rx", svgNum(6))
	writeCompass(w, lay.Compass)
	w.close("g")
}

// writeCompass draws a small decorative compass with north up.
func writeCompass(w *svgWriter, c pt) {
	star := func(long, short float64, rot float64) string {
		var d strings.Builder
		for i := 0; i < 8; i++ {
			r := short
			if i%2 == 0 {
				r = long
			}
			p := polar(r, rot+float64(i)*math.Pi/4-math.Pi/2)
			if i == 0 {
				d.WriteString("M")
			} else {
				d.WriteString("L")
			}
			d.WriteString(fmtPt(p))
		}
		return d.String() + "Z"
	}
	w.open("g", "class", "bb-compass", "transform", "translate("+fmtPt(c)+")")
	w.leaf("circle", "r", svgNum(22))
	w.leaf("path", "d", star(20, 5, math.Pi/4), "class", "bb-compass-minor")
	w.leaf("path", "d", star(30, 6, 0))
	w.text("text", "N", "y", svgNum(-33))
	w.close("g")
}

// writeTrack draws the progress track: each space's number and income level.
func writeTrack(w *svgWriter, lay *layoutData) {
	w.open("g", "class", "bb-track")
	w.leaf("rect", "width", svgNum(boardW), "height", svgNum(boardH), "fill", "none", "stroke", "#5b4122", "stroke-width", svgNum(3))
	for i, r := range lay.Track {
		level := engine.IncomeLevel(i)
		fill := "#f1dfb6"
		if level%2 != 0 {
			fill = "#e4cd98"
		}
		c := r.center()
		coin := "bb-coin"
		lv := strconv.Itoa(level)
		if level < 0 {
			coin = "bb-coin bb-neg"
			lv = "−" + strconv.Itoa(-level)
		}
		w.leaf("rect", "x", svgNum(r.X), "y", svgNum(r.Y), "width", svgNum(r.W), "height", svgNum(r.H), "fill", fill, "class", "bb-cell")
		w.text("text", strconv.Itoa(i), "x", svgNum(c.X), "y", svgNum(r.Y+14), "class", "bb-tnum")
		w.leaf("circle", "cx", svgNum(c.X), "cy", svgNum(r.Y+27), "r", svgNum(9.5), "class", coin)
		w.text("text", lv, "x", svgNum(c.X), "y", svgNum(r.Y+30.5), "class", "bb-clv")
	}
	w.close("g")
}

// writeKey draws the key to the lines and markers; Lancashire's adds its places' link VP.
func writeKey(w *svgWriter, lay *layoutData, places bool) {
	x, y := lay.Key.X, lay.Key.Y
	line := func(dy float64, cls []string, text string) {
		for _, c := range cls {
			w.leaf("path", "d", "M"+fmtPt(pt{x, y + dy})+"h26", "class", c)
		}
		w.text("text", text, "x", svgNum(x+32), "y", svgNum(y+dy+4), "class", "bb-key")
	}
	w.open("g", "class", "bb-legend", "aria-hidden", "true")
	w.leaf("rect", "x", svgNum(x-10), "y", svgNum(y-20), "width", svgNum(102), "height", svgNum(158), "rx", svgNum(6), "class", "bb-keybox")
	w.text("text", "Key", "x", svgNum(x+41), "y", svgNum(y-4), "class", "bb-keyhead")
	line(16, []string{"bb-canal", "bb-rail", "bb-rail-line"}, "both")
	line(38, []string{"bb-canal bb-canal-only"}, "canal")
	line(60, []string{"bb-rail bb-rail-only", "bb-rail-line"}, "rail")
	w.leaf("circle", "cx", svgNum(x+13), "cy", svgNum(y+84), "r", svgNum(7), "fill", "#fff", "class", "bb-vpm")
	w.text("text", "VP", "x", svgNum(x+32), "y", svgNum(y+88), "class", "bb-key")
	w.leaf("rect", "x", svgNum(x+6), "y", svgNum(y+99), "width", svgNum(14), "height", svgNum(14), "rx", svgNum(2), "fill", "#fff", "class", "bb-incm")
	w.text("text", "income", "x", svgNum(x+32), "y", svgNum(y+110), "class", "bb-key")
	w.leaf("circle", "cx", svgNum(x+13), "cy", svgNum(y+126), "r", svgNum(7), "class", "bb-coin")
	w.text("text", "£ level", "x", svgNum(x+32), "y", svgNum(y+130), "class", "bb-key")
	w.close("g")
	if places {
		// The link-VP circle of the external and link-VP locations.
		w.open("g", "class", "bb-legend", "aria-hidden", "true")
		w.leaf("rect", "x", svgNum(x-10), "y", svgNum(y+142), "width", svgNum(102), "height", svgNum(26), "rx", svgNum(6), "class", "bb-keybox")
		w.leaf("circle", "cx", svgNum(x+13), "cy", svgNum(y+155), "r", svgNum(8), "class", "bb-lvp")
		w.text("text", "1", "x", svgNum(x+13), "y", svgNum(y+159), "class", "bb-lvpn")
		w.text("text", "link VP", "x", svgNum(x+32), "y", svgNum(y+159), "class", "bb-key")
		w.close("g")
	}
}

// ---------------------------------------------------------------------------------------
// Shared definitions: the paper, the industry icons, the barrel, the link tile marks.

func polar(r, a float64) pt { return pt{r * math.Cos(a), r * math.Sin(a)} }

// writeDefs writes the <defs> shared by the whole board.
func writeDefs(w *svgWriter) {
	w.open("defs")
	w.open("radialGradient", "id", "bb-paper", "cx", "50%", "cy", "45%", "r", "75%")
	w.leaf("stop", "offset", "0", "stop-color", "#f7ead0")
	w.leaf("stop", "offset", "0.7", "stop-color", "#ecd7ab")
	w.leaf("stop", "offset", "1", "stop-color", "#d9bb83")
	w.close("radialGradient")
	w.open("symbol", "id", "bb-barrel", "viewBox", "-6 -8 12 16")
	w.leaf("path", "d", "M-4,-7.5H4Q6.6,0 4,7.5H-4Q-6.6,0 -4,-7.5Z", "fill", "#d8962a", "stroke", "#5a3510", "stroke-width", svgNum(1.2))
	w.leaf("path", "d", "M-5.2,-3.2H5.2M-5.2,3.2H5.2", "stroke", "#5a3510", "stroke-width", svgNum(1.2))
	w.close("symbol")
	w.open("symbol", "id", "bb-canal", "viewBox", "0 0 26 10")
	w.leaf("path", "d", "M1,3.5q3,-3 6,0t6,0t6,0t6,0M1,8q3,-3 6,0t6,0t6,0t6,0", "fill", "none", "stroke", "#fff", "stroke-width", svgNum(1.6))
	w.close("symbol")
	w.open("symbol", "id", "bb-rail", "viewBox", "0 0 26 10")
	w.leaf("path", "d", "M1,2.5H25M1,7.5H25M4,0.5V9.5M9.5,0.5V9.5M15,0.5V9.5M20.5,0.5V9.5", "fill", "none", "stroke", "#fff", "stroke-width", svgNum(1.5))
	w.close("symbol")
	for _, ind := range kit.GlyphIndustries {
		w.open("symbol", "id", "bb-i-"+ind.ID(), "viewBox", "-12 -12 24 24")
		w.leaf("circle", "r", svgNum(11), "fill", kit.IndustryColors[ind], "stroke", "#fffaf0", "stroke-width", svgNum(1.3))
		w.leaf("path", "d", kit.IndustryGlyphs[ind], "fill", "#fff", "fill-rule", "evenodd")
		w.close("symbol")
	}
	w.close("defs")
}

// boardCSS styles the board. It is scoped by the bb- prefix; no quotes, so it survives
// HTML escaping when prerendered.
const boardCSS = `
.bb{display:block;width:100%;height:auto;font-family:Georgia,Cambria,Times New Roman,serif;user-select:none;-webkit-user-select:none}
.bb-static{overflow:visible}
.bb text{pointer-events:none;text-anchor:middle}
.bb-tnum{font-size:12px;fill:#4d3a1e;font-weight:bold}
.bb-coin{fill:#e7b84a;stroke:#8a6212;stroke-width:1}
.bb-coin.bb-neg{fill:#d9826f;stroke:#7d2f20}
.bb-clv{font-size:10.5px;font-weight:bold;fill:#3a2a10;font-family:Verdana,Arial,sans-serif}
.bb-cell{stroke:#9a7a48;stroke-width:.8}
.bb-vpm{stroke:#fff;stroke-width:2;filter:drop-shadow(0 1px 1.5px rgba(0,0,0,.7))}
.bb-incm{stroke:#222;stroke-width:1.6;filter:drop-shadow(0 1px 1.5px rgba(0,0,0,.6))}
.bb-box{fill:#f8efd9;stroke-width:2.2;filter:drop-shadow(0 2px 2px rgba(60,40,10,.35))}
.bb-farm .bb-box{fill:#eef0d2}
.bb-name{font-size:14px;font-weight:bold;fill:#fff;letter-spacing:.2px}
.bb-empty{fill:#efe2c2;stroke:#a08457;stroke-width:1.2;stroke-dasharray:3 2}
.bb-tile{stroke:rgba(0,0,0,.55);stroke-width:1.5}
.bb-tile.bb-flipped{filter:brightness(.62) saturate(.8)}
.bb-lvl{font-size:13px;font-weight:bold;fill:#fff;stroke:rgba(0,0,0,.75);stroke-width:2.6px;paint-order:stroke;text-anchor:end!important}
.bb-tvp{font-size:11px;font-weight:bold;fill:#fff;stroke:rgba(0,0,0,.75);stroke-width:2.4px;paint-order:stroke}
.bb-coal{fill:#1d1d1d;stroke:#000;stroke-width:.8}
.bb-iron{fill:#e57a2c;stroke:#6b2e06;stroke-width:.8}
.bb-canal{fill:none;stroke:#8fbfe0;stroke-width:9;stroke-linecap:round;stroke-linejoin:round}
.bb-canal.bb-canal-only{stroke:#3f83bf;stroke-width:5;stroke-dasharray:11 6}
.bb-rail{fill:none;stroke:#5a4632;stroke-width:8;stroke-dasharray:1.6 5}
.bb-rail-line{fill:none;stroke:#4a3826;stroke-width:1.6;stroke-linejoin:round}
.bb-built-edge{fill:none;stroke:#222;stroke-width:12;stroke-linecap:round;stroke-linejoin:round}
.bb-built{fill:none;stroke-width:8.5;stroke-linecap:round;stroke-linejoin:round}
.bb-ltile{stroke:#222;stroke-width:1.5}
.bb-hit{fill:none;stroke:transparent;stroke-width:22;stroke-linecap:round;stroke-linejoin:round}
.bb-mbox{fill:#e9dfca;stroke:#3f3a36;stroke-width:2.2;filter:drop-shadow(0 2px 2px rgba(60,40,10,.35))}
.bb-mtile{fill:#fbf6ea;stroke:#7a6a55;stroke-width:1.2}
.bb-out .bb-mtile{fill:#eee5d2;stroke:#a89a86;stroke-dasharray:3 2}
.bb-out .bb-mbox{stroke:#8a837c}
.bb-out .bb-bonus{fill:#6f6860;font-style:italic}
.bb-nobeer{fill:none;stroke:#9a7a48;stroke-width:1.2;stroke-dasharray:2 2}
.bb-bonus{font-size:12px;font-weight:bold;fill:#3f3a36}
.bb-blank{font-size:16px;fill:#9a8a75}
.bb-mkt{fill:#efe3c6;stroke:#6b5230;stroke-width:1.5}
.bb-mkt-title{font-size:15px;font-weight:bold;fill:#3d2c14}
.bb-price{font-size:12px;font-weight:bold;fill:#5a4220}
.bb-mspace{fill:#fff9ea;stroke:#a38a60;stroke-width:1;stroke-dasharray:2 1.5}
.bb-empty-price{font-size:10.5px;font-style:italic;fill:#5a4220}
.bb-compass{opacity:.55}
.bb-compass circle{fill:none;stroke:#7a5a2e;stroke-width:1.2}
.bb-compass path{fill:#7a5a2e;stroke:#7a5a2e;stroke-width:.6}
.bb-compass .bb-compass-minor{fill:#e9d6ad}
.bb-compass text{font-size:13px;font-weight:bold;fill:#6a4c22}
.bb-keybox{fill:rgba(255,250,235,.7);stroke:#8a6a3e;stroke-width:1}
.bb-keyhead{font-size:13px;font-weight:bold;fill:#3d2c14}
.bb-key{font-size:12px;fill:#3d2c14;text-anchor:start!important}
.bb-ring{fill:none;stroke:none;pointer-events:none}
.bb-click{cursor:pointer}
.bb-click:focus{outline:none}
.bb-recent .bb-ring{stroke:#2fbf71;stroke-width:4.5;stroke-dasharray:5 3;filter:drop-shadow(0 0 3px #1f9d57)}
.bb-link.bb-recent .bb-hit{stroke:#2fbf71;stroke-opacity:.6;stroke-width:15}
.bb-sel .bb-ring{stroke:#e0218a;stroke-width:5;stroke-dasharray:none;filter:drop-shadow(0 0 3px #e0218a);animation:none}
.bb-link.bb-sel .bb-hit{stroke:#e0218a;stroke-opacity:.6;stroke-width:16;animation:none}
.bb-click:focus-visible .bb-ring,.bb-link.bb-click:focus-visible .bb-hit{stroke:#1565c0;stroke-width:5;stroke-opacity:1}
.bb-choosing .bb-link:not(.bb-hl):not(.bb-sel){opacity:.75}
.bb-marks{position:absolute;inset:0;pointer-events:none;will-change:opacity;animation:bb-pulse 1.1s ease-in-out infinite alternate}
.bb-glow{fill:none;stroke:#ffc21a;stroke-width:4.5;filter:drop-shadow(0 0 4px #ff9d00)}
.bb-glow.bb-glow-src{stroke:#19b5d8;stroke-dasharray:7 3;filter:drop-shadow(0 0 4px #0aa0d0)}
.bb-glow.bb-glow-link{stroke:#ffd84a;stroke-width:16;stroke-opacity:.75;stroke-linecap:round;stroke-linejoin:round;filter:drop-shadow(0 0 3px #ff9d00)}
.bb-lvp{fill:#e2b441;stroke:#7a5a12;stroke-width:1.4}
.bb-lvpn{font-size:11px;font-weight:bold;fill:#3a2a10;font-family:Verdana,Arial,sans-serif}
.bb-virtual{fill:none;stroke:#6d5a86;stroke-width:3;stroke-dasharray:2 5;stroke-linecap:round}
.bb-vlabel{font-size:10px;font-style:italic;fill:#4d3d63}
.bb-dstack{fill:#5a6f8a;stroke:#2d3a4c;stroke-width:1.5}
.bb-dcount{font-size:17px;font-weight:bold;fill:#fff}
.bb-dsmall{font-size:9.5px;fill:#e8eef6}
.bb-dspace{fill:#fff9ea;stroke:#a38a60;stroke-width:1}
.bb-dspace.bb-dx{fill:#d9c6a2}
.bb-dbonus{font-size:10.5px;font-weight:bold;fill:#5a4220;font-family:Verdana,Arial,sans-serif}
.bb-dmarker{fill:none;stroke:#8a68c0;stroke-width:3;filter:drop-shadow(0 1px 1.5px rgba(0,0,0,.6))}
.bb-dkey{font-size:10px}
.bb-dtile rect{fill:#e8eef6;stroke:#2d3a4c;stroke-width:1}
.bb-dtile text{font-size:10.5px;font-weight:bold;fill:#2d3a4c;font-family:Verdana,Arial,sans-serif}
.bb-dlast rect{fill:#ffd866;stroke:#8a2419;stroke-width:2}
@keyframes bb-pulse{from{opacity:1}to{opacity:.35}}
@media (prefers-reduced-motion:reduce){.bb-marks{animation:none}}
`

// svgNum formats a coordinate for an attribute (go-app would print floats with 4 decimals).
func svgNum(v float64) string { return fmtNum(v) }
