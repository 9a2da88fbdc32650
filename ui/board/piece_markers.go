package board

// The markers on the progress track around the board: each player's VP and income.

import (
	"strconv"

	"brass/engine"
	"brass/lang"
	"brass/ui/kit"
	"brass/ui/view"

	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"
)

// markersData is every player's VP and income, with their names and colours.
type markersData struct {
	N      int
	VP     [engine.MaxPlayers]int
	Income [engine.MaxPlayers]int // track space
	Level  [engine.MaxPlayers]int // income level
	Names  [engine.MaxPlayers]string
	Colour [engine.MaxPlayers]string
}

func (b *board) markersData(g *view.Game) markersData {
	d := markersData{N: len(g.Seats)}
	for p := range g.Seats {
		pl := &g.Seats[p]
		d.VP[p], d.Income[p], d.Level[p] = pl.VP, pl.IncomeSpace, pl.IncomeLevel
		d.Names[p] = b.name(p)
		d.Colour[p] = b.color(p)
	}
	return d
}

type boardMarkers struct {
	goapp.Compo
	IData markersData
}

// Render draws each player's VP marker (a disc, on the outer half of its space) and
// income marker (a square, on the inner half), spread out when several share a space.
func (c *boardMarkers) Render() goapp.UI {
	d := &c.IData
	var vpAt, incAt [100][]int
	for p := 0; p < d.N; p++ {
		vp := d.VP[p] % 100
		if vp < 0 {
			vp += 100
		}
		vpAt[vp] = append(vpAt[vp], p)
		inc := d.Income[p]
		if inc > 99 {
			inc = 99
		}
		incAt[inc] = append(incAt[inc], p)
	}
	var out []goapp.UI
	place := func(i int, ps []int, depth float64, vp bool) {
		r := trackCell(i) // the same track on every board
		in := trackInward(i)
		along := pt{-in.Y, in.X}
		ctr := r.center()
		for j, p := range ps {
			off := (float64(j) - float64(len(ps)-1)/2) * 11
			x := ctr.X + in.X*depth + along.X*off
			y := ctr.Y + in.Y*depth + along.Y*off
			if vp {
				label := lang.T("board.vp_marker", lang.S("name", d.Names[p]), lang.N("vp", d.VP[p]))
				out = append(out, kit.Svg("circle").Attr("cx", svgNum(x)).Attr("cy", svgNum(y)).Attr("r", svgNum(8)).
					Attr("fill", d.Colour[p]).ID("vpm-"+strconv.Itoa(p)).Class("bb-vpm").Role("img").Aria("label", label))
			} else {
				label := lang.T("board.income_marker", lang.S("name", d.Names[p]), lang.N("level", d.Level[p]))
				out = append(out, kit.Svg("rect").Attr("x", svgNum(x-7)).Attr("y", svgNum(y-7)).Attr("width", svgNum(14)).Attr("height", svgNum(14)).
					Attr("rx", svgNum(2)).Attr("fill", d.Colour[p]).ID("incm-"+strconv.Itoa(p)).Class("bb-incm").Role("img").Aria("label", label))
			}
		}
	}
	for i := range vpAt {
		if len(vpAt[i]) > 0 {
			place(i, vpAt[i], -8, true)
		}
		if len(incAt[i]) > 0 {
			place(i, incAt[i], 10, false)
		}
	}
	return kit.Svg("g").Class("bb-markers").Body(out...)
}
