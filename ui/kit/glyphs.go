package kit

import (
	"math"
	"strconv"
	"strings"

	"brass/engine"
)

// IndustryGlyphs are the industries' white pictograms in a 20-unit box centred on 0,0.
var IndustryGlyphs = map[engine.Industry]string{
	// a cotton boll: four puffs over a calyx
	engine.Cotton: circlePath(-3.7, -1.2, 3.7) + circlePath(3.7, -1.2, 3.7) + circlePath(0, -4.6, 3.7) +
		circlePath(0, 1.4, 3.5) + "M-6,3.2Q0,10 6,3.2Q0,6.5 -6,3.2Z",
	// a mine cart heaped with coal
	engine.Coal: "M-8,-1.5H8L5.5,5H-5.5Z" + circlePath(-3.6, 6.6, 1.9) + circlePath(3.6, 6.6, 1.9) +
		"M-7.2,-2.2Q-6.6,-6 -3,-5.2Q-0.5,-8.6 3,-5.6Q6.6,-6.4 7.2,-2.2Z",
	// an anvil
	engine.Iron: "M-9,-5.5H7.5V-2.2H3.4Q1.8,-0.6 2.4,1.8L5,4.6V6.8H-5V4.6L-2.4,1.8Q-1.8,-0.6 -3.6,-2.2H-5.4Q-8.4,-2.6 -9,-5.5Z",
	// a gear
	engine.Manufacturer: gearPath(8, 8.6, 6.2, 2.8),
	// a vase
	engine.Pottery: "M-3,-8.5H3V-7Q3,-6 1.8,-5Q7.6,-2 6,3.6Q5,7.6 2.6,8.5H-2.6Q-5,7.6 -6,3.6Q-7.6,-2 -1.8,-5Q-3,-6 -3,-7Z",
	// a barrel with two hoops
	engine.Brewery: "M-5.5,-8.5H5.5Q8.6,0 5.5,8.5H-5.5Q-8.6,0 -5.5,-8.5Z" +
		"M-6.4,-4.7H6.4V-3.1H-6.4Z" + "M-6.4,3.1H6.4V4.7H-6.4Z",
	// an anchor (Lancashire's ports)
	engine.Port: circlePath(0, -6.4, 2.2) + circlePath(0, -6.4, 1) + "M-1,-4.2H1V5.6H-1Z" + "M-4.6,-2.6H4.6V-1H-4.6Z" +
		"M-8,1.2Q-7,7.6 0,8.2Q7,7.6 8,1.2L6,2.6Q4.8,5.8 0,6.3Q-4.8,5.8 -6,2.6Z",
	// a ship on the water (Lancashire's shipyards)
	engine.Shipyard: "M-9,1.5H9L6,6.5H-6Z" + "M-1,-8.5H1V1.5H-1Z" + "M1.6,-7.5L7,0H1.6Z" + "M-1.6,-6L-6.5,0H-1.6Z",
}

// GlyphIndustries are the industries with a pictogram: every industry of either edition,
// so one set of the board's definitions serves both boards.
var GlyphIndustries = []engine.Industry{
	engine.Cotton, engine.Coal, engine.Iron, engine.Manufacturer, engine.Pottery, engine.Brewery, engine.Port, engine.Shipyard,
}

func circlePath(cx, cy, r float64) string {
	return "M" + fmtPt(pt{cx - r, cy}) + "a" + fmtNum(r) + "," + fmtNum(r) + " 0 1,0 " + fmtNum(2*r) + ",0" +
		"a" + fmtNum(r) + "," + fmtNum(r) + " 0 1,0 " + fmtNum(-2*r) + ",0Z"
}

func gearPath(teeth int, outer, inner, hole float64) string {
	var b strings.Builder
	step := 2 * math.Pi / float64(teeth)
	for i := 0; i < teeth; i++ {
		a := float64(i) * step
		pts := []pt{
			polar(inner, a-step*0.5), polar(inner, a-step*0.28), polar(outer, a-step*0.2),
			polar(outer, a+step*0.2), polar(inner, a+step*0.28),
		}
		for j, p := range pts {
			if i == 0 && j == 0 {
				b.WriteString("M")
			} else {
				b.WriteString("L")
			}
			b.WriteString(fmtPt(p))
		}
	}
	b.WriteString("Z")
	b.WriteString(circlePath(0, 0, hole))
	return b.String()
}

func polar(r, a float64) pt { return pt{r * math.Cos(a), r * math.Sin(a)} }

// pt is a point of a pictogram.
type pt struct{ X, Y float64 }

// fmtNum writes a coordinate to a tenth of a unit.
func fmtNum(v float64) string {
	return strconv.FormatFloat(math.Round(v*10)/10, 'f', -1, 64)
}

func fmtPt(p pt) string { return fmtNum(p.X) + "," + fmtNum(p.Y) }
