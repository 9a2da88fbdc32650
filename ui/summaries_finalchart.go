package ui

// The final scores' two line charts (VP and money after each round), drawn as SVG with a
// legend, and summed up in words for screen readers.

import (
	"math"
	"sort"
	"strconv"
	"strings"

	"brass/engine"
	"brass/lang"
	"brass/ui/kit"

	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"
)

var chartDashes = []string{"", "7 4", "2 3", "9 3 2 3"}

func (fs *finalScores) legend(n int) []goapp.UI {
	var out []goapp.UI
	for p := 0; p < n; p++ {
		out = append(out, goapp.Span().Class("sum-leg").Body(
			kit.Svg("svg").Class("sum-leg-line").Attr("viewBox", "0 0 28 8").Aria("hidden", "true").Body(
				kit.Svg("line").Attr("x1", "1").Attr("y1", "4").Attr("x2", "27").Attr("y2", "4").
					Attr("stroke", kit.Color(fs.IColours, p)).Attr("stroke-width", "3").
					Attr("stroke-dasharray", chartDashes[p%len(chartDashes)]).Attr("stroke-linecap", "round"),
			),
			goapp.Span().Text(fs.name(p)),
		))
	}
	return out
}

// niceStep picks a round grid step for a value range.
func niceStep(span float64, ticks int) float64 {
	if span <= 0 {
		return 1
	}
	raw := span / float64(ticks)
	mag := math.Pow(10, math.Floor(math.Log10(raw)))
	for _, m := range []float64{1, 2, 5, 10} {
		if m*mag >= raw {
			s := m * mag
			if s < 1 {
				return 1
			}
			return s
		}
	}
	return 10 * mag
}

// chart is a line chart of one value per player after each round.
func (fs *finalScores) chart(id, title, yLabel string, pick func(*engine.Snapshot) []int, n int) goapp.UI {
	snaps := fs.ISnapshots
	// The end labels ("80 Coalbrookdale") sit right of the plot: room for the longest.
	longest := 0
	if len(snaps) > 0 {
		last := pick(&snaps[len(snaps)-1])
		for p := 0; p < n && p < len(last); p++ {
			if l := len([]rune(strconv.Itoa(last[p]) + " " + fs.name(p))); l > longest {
				longest = l
			}
		}
	}
	const (
		w, h          = 600.0, 300.0
		left, top, bt = 46.0, 16.0, 58.0
	)
	right := math.Max(60, 14+7.4*float64(longest))
	pw, ph := w-left-right, h-top-bt
	lo, hi := 0.0, 1.0
	for i := range snaps {
		for _, v := range pick(&snaps[i]) {
			lo, hi = math.Min(lo, float64(v)), math.Max(hi, float64(v))
		}
	}
	step := niceStep(hi-lo, 5)
	lo = math.Floor(lo/step) * step
	hi = math.Ceil(hi/step) * step
	if hi == lo {
		hi = lo + step
	}
	xAt := func(i int) float64 {
		if len(snaps) < 2 {
			return left
		}
		return left + pw*float64(i)/float64(len(snaps)-1)
	}
	yAt := func(v float64) float64 { return top + ph*(hi-v)/(hi-lo) }

	num := func(v float64) string { return strconv.FormatFloat(math.Round(v*10)/10, 'f', -1, 64) }
	label := func(v int) string { return strings.Replace(strconv.Itoa(v), "-", "−", 1) }
	els := []goapp.UI{
		kit.Svg("title").ID(id + "-title").Text(title),
		kit.Svg("desc").ID(id + "-desc").Text(fs.chartDesc(pick, n, yLabel)),
	}
	// Era bands.
	firstRail := -1
	for i, s := range snaps {
		if s.Era == engine.Rail && s.Round > 0 {
			firstRail = i
			break
		}
	}
	canalEnd := len(snaps) - 1
	if firstRail > 0 {
		canalEnd = firstRail - 1
	}
	band := func(x0, x1 float64, cls, label string) {
		els = append(els,
			kit.Svg("rect").Class(cls).Attr("x", num(x0)).Attr("y", num(top)).Attr("width", num(math.Max(0, x1-x0))).Attr("height", num(ph)),
			kit.Svg("text").Class("sum-ch-era").Attr("x", num((x0+x1)/2)).Attr("y", num(h-8)).Text(label),
		)
	}
	band(xAt(0), xAt(canalEnd), "sum-ch-canal", lang.T("era.canal"))
	if firstRail > 0 {
		band(xAt(canalEnd), xAt(len(snaps)-1), "sum-ch-rail", lang.T("era.rail"))
		els = append(els, kit.Svg("line").Class("sum-ch-sep").
			Attr("x1", num(xAt(canalEnd))).Attr("x2", num(xAt(canalEnd))).Attr("y1", num(top)).Attr("y2", num(top+ph)))
	}
	// Horizontal grid and y labels.
	for v := lo; v <= hi+step/2; v += step {
		cls := "sum-ch-grid"
		if v == 0 {
			cls = "sum-ch-zero"
		}
		y := yAt(v)
		els = append(els,
			kit.Svg("line").Class(cls).Attr("x1", num(left)).Attr("x2", num(left+pw)).Attr("y1", num(y)).Attr("y2", num(y)),
			kit.Svg("text").Class("sum-ch-ytick").Attr("x", num(left-6)).Attr("y", num(y+4)).Text(label(int(math.Round(v)))),
		)
	}
	// X ticks: start, then each round's number.
	for i, s := range snaps {
		label := strconv.Itoa(s.Round)
		if i == 0 {
			label = lang.T("final.chart_start")
		}
		x := xAt(i)
		els = append(els,
			kit.Svg("line").Class("sum-ch-tick").Attr("x1", num(x)).Attr("x2", num(x)).Attr("y1", num(top+ph)).Attr("y2", num(top+ph+4)),
			kit.Svg("text").Class("sum-ch-xtick").Attr("x", num(x)).Attr("y", num(top+ph+16)).Text(label),
		)
	}
	els = append(els,
		kit.Svg("text").Class("sum-ch-axis").Attr("x", num(left+pw/2)).Attr("y", num(top+ph+32)).Text(lang.T("final.chart_x")),
		kit.Svg("text").Class("sum-ch-axis").Attr("transform", "translate(14 "+num(top+ph/2)+") rotate(-90)").Text(yLabel),
		kit.Svg("rect").Class("sum-ch-frame").Attr("x", num(left)).Attr("y", num(top)).Attr("width", num(pw)).Attr("height", num(ph)),
	)
	// One line per player, and its name at the end, nudged apart from the others.
	type endLabel struct {
		p int
		y float64
	}
	var ends []endLabel
	for p := 0; p < n; p++ {
		var pts []string
		last := 0.0
		for i := range snaps {
			v := pick(&snaps[i])
			if p >= len(v) {
				continue
			}
			last = yAt(float64(v[p]))
			pts = append(pts, num(xAt(i))+","+num(last))
		}
		colour := kit.Color(fs.IColours, p)
		line := kit.Svg("polyline").Class("sum-ch-line").DataSet("player", p).
			Attr("points", strings.Join(pts, " ")).Attr("stroke", colour)
		if d := chartDashes[p%len(chartDashes)]; d != "" {
			line = line.Attr("stroke-dasharray", d)
		}
		els = append(els, line)
		ends = append(ends, endLabel{p, last})
	}
	sort.Slice(ends, func(a, b int) bool { return ends[a].y < ends[b].y })
	for i := 1; i < len(ends); i++ {
		if ends[i].y-ends[i-1].y < 13 {
			ends[i].y = ends[i-1].y + 13
		}
	}
	for _, e := range ends {
		v := 0
		if sv := pick(&snaps[len(snaps)-1]); e.p < len(sv) {
			v = sv[e.p]
		}
		els = append(els, kit.Svg("text").Class("sum-ch-end").Attr("x", num(left+pw+6)).Attr("y", num(e.y+4)).
			Attr("fill", kit.Color(fs.IColours, e.p)).Text(label(v)+" "+fs.name(e.p)))
	}
	return kit.Svg("svg").ID(id).Class("sum-chart").Attr("viewBox", "0 0 600 300").
		Role("img").Aria("labelledby", id+"-title").Aria("describedby", id+"-desc").Body(els...)
}

// chartDesc sums a chart up in words for screen readers.
func (fs *finalScores) chartDesc(pick func(*engine.Snapshot) []int, n int, what string) string {
	snaps := fs.ISnapshots
	if len(snaps) == 0 {
		return ""
	}
	last := pick(&snaps[len(snaps)-1])
	var parts []string
	for p := 0; p < n && p < len(last); p++ {
		parts = append(parts, lang.T("final.chart_value", lang.S("name", fs.name(p)), lang.N("value", last[p])))
	}
	return lang.T("final.chart_desc", lang.S("what", what), lang.S("values", strings.Join(parts, ", ")))
}
