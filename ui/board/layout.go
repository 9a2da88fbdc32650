package board

// Screen layout of the boards: pure data keyed by the engine's ids (locations, build
// spaces, merchant spaces, links), in SVG user units on a portrait viewBox of boardW ×
// boardH. This file has the tables' types and the geometry derived from any edition's
// tables; layout_birmingham.go and layout_lancashire.go have each edition's tables. Nothing
// here draws; the pieces read the derived layout of the game's edition (layoutFor).

import (
	"math"
	"strconv"
	"strings"
	"sync"

	"brass/engine"
)

// The board's viewBox. The progress track runs around the edge in 40-unit cells:
// 25 cells across the top and bottom, 27 down each side (corners shared), 100 in all.
const (
	boardW = 1000.0
	boardH = 1080.0
	cellW  = 40.0
	cellH  = 40.0
)

// Sizes of a town box and its build spaces.
const (
	spaceSize = 44.0 // a build space (and a placed industry tile) is a square this big
	spaceGap  = 5.0  // between two spaces of a town
	boxPad    = 5.0  // inside a town box, around its spaces
	bannerH   = 21.0 // the town's name banner at the top of its box
	farmBoxW  = 100.0
)

// Sizes of a merchant box and its slots: a merchant tile with its beer barrel space beside it.
const (
	mTileSize = 40.0
	mBarrelW  = 16.0
	mSlotW    = mTileSize + 4 + mBarrelW
	mSlotGap  = 8.0
	mBonusH   = 16.0
	mBoxMinW  = 118.0
)

type pt struct{ X, Y float64 }

type rect struct{ X, Y, W, H float64 }

func (r rect) center() pt { return pt{r.X + r.W/2, r.Y + r.H/2} }

// townSpec places a town or farm brewery: the centre of its box, how many build spaces it
// has (checked against the edition by the tests) and how many columns they are laid out in.
type townSpec struct {
	C      pt
	Spaces int
	Cols   int
}

// merchantSpec places a merchant location: the centre of its box and its merchant spaces.
type merchantSpec struct {
	C     pt
	Slots int
}

// linkSpec shapes a link. A plain link is a straight line between the centres of its
// locations (the boxes, drawn on top, hide the ends). Via adds bends; Junction is the
// branching point of a link joining three locations, drawn as a Y.
type linkSpec struct {
	Via      []pt
	Junction *pt
}

// marketSpec places the coal or iron market: the top-left corner of its panel and its
// number of spaces. Spaces are in two columns, one row per price pair, cheapest at the top.
type marketSpec struct {
	At     pt
	Spaces int
}

const (
	mktCell   = 24.0 // a market space
	mktGap    = 4.0
	mktLabelW = 24.0 // the price column
	mktHeadH  = 24.0 // the market's title
	mktPad    = 6.0
)

// boardSpec is one edition's layout tables. Places are the locations with neither build
// spaces nor merchants (Lancashire's external and link-VP locations): the centre of each
// box. VirtualLinks shape the edition's virtual links (the original Lancashire rules'
// Liverpool–Birkenhead link). Distant is the top-left corner of the Distant Market panel
// (nil: none).
type boardSpec struct {
	Towns        map[string]townSpec
	Merchants    map[string]merchantSpec
	Places       map[string]pt
	Links        map[string]linkSpec
	VirtualLinks map[string]linkSpec
	Coal, Iron   marketSpec
	Compass      pt
	Key          pt
	Distant      *pt
}

// Sizes of a place box (an external or link-VP location) and of the Distant Market panel.
const (
	placeW     = 104.0
	placeH     = 58.0
	demandCell = 22.0 // one space of the cotton demand track
	demandGap  = 2.0
	distStackW = 40.0 // the Distant Market tile stack
)

// ---------------------------------------------------------------------------------------
// Derived geometry, computed once from the tables above.

type locGeom struct {
	Box    rect
	Kind   byte // 't' town, 'f' farm brewery, 'm' merchant, 'p' place (no spaces, no merchants)
	Anchor pt   // where links attach (the box centre)
}

type slotGeom struct {
	Tile   rect // the merchant tile
	Barrel rect // its beer barrel space
}

type linkGeom struct {
	D     string  // SVG path data
	Mid   pt      // where a built link's tile sits
	Angle float64 // degrees, the direction of the link at Mid
	// Vis are the parts of the line outside the location boxes (one polyline, or one per
	// branch of a three-way link): what a player sees and taps.
	Vis [][]pt
}

type marketGeom struct {
	Panel  rect
	Spaces []rect // one per price, in the engine's order (cheapest first)
	Empty  pt     // where the "£n when empty" price goes
}

// distantGeom is the Distant Market panel: the face-down tile stack and the cotton demand
// track, one space per income bonus and the X last.
type distantGeom struct {
	Panel  rect
	Stack  rect
	Demand []rect
}

type layoutData struct {
	Locations     map[string]locGeom
	Spaces        map[string]rect // absolute position of every build space
	SpaceOffsets  map[string]pt   // offset of every build space inside its town box
	MerchantSlots map[string]slotGeom
	Links         map[string]linkGeom
	VirtualLinks  map[string]linkGeom
	Coal, Iron    marketGeom
	Distant       *distantGeom
	Track         [100]rect
	Compass, Key  pt
	// pieces are the targets a question can ask for, all adds the locations (hit.go).
	pieces, all []Target
}

// The derived layouts of the two boards, built on first use: the start screen needs neither.
var (
	boardLayout      = sync.OnceValue(func() *layoutData { return buildLayout(&birminghamSpec) })
	lancashireLayout = sync.OnceValue(func() *layoutData { return buildLayout(&lancashireSpec) })
)

// layoutFor is the layout of an edition's board (Birmingham's for nil or an unknown one).
func layoutFor(ed *engine.Edition) *layoutData {
	if ed == nil {
		return boardLayout()
	}
	return layoutOf(ed.ID)
}

// layoutOf is the layout of the board of the edition with this id (Birmingham's for an
// unknown one).
func layoutOf(edition string) *layoutData {
	if edition == "lancashire" {
		return lancashireLayout()
	}
	return boardLayout()
}

func townBoxSize(n, cols int) (w, h float64) {
	rows := (n + cols - 1) / cols
	w = float64(cols)*spaceSize + float64(cols-1)*spaceGap + 2*boxPad
	h = bannerH + float64(rows)*spaceSize + float64(rows-1)*spaceGap + 2*boxPad
	return
}

func merchantBoxSize(slots int) (w, h float64) {
	w = 2*boxPad + float64(slots)*mSlotW + float64(slots-1)*mSlotGap
	if w < mBoxMinW {
		w = mBoxMinW
	}
	h = bannerH + boxPad + mTileSize + 2 + mBonusH + boxPad
	return
}

func buildLayout(spec *boardSpec) *layoutData {
	l := &layoutData{
		Locations:     map[string]locGeom{},
		Spaces:        map[string]rect{},
		SpaceOffsets:  map[string]pt{},
		MerchantSlots: map[string]slotGeom{},
		Links:         map[string]linkGeom{},
		VirtualLinks:  map[string]linkGeom{},
		Compass:       spec.Compass,
		Key:           spec.Key,
	}
	for id, t := range spec.Towns {
		w, h := townBoxSize(t.Spaces, t.Cols)
		kind := byte('t')
		if strings.HasPrefix(id, "farm_") {
			kind = 'f'
			w = farmBoxW
		}
		box := rect{t.C.X - w/2, t.C.Y - h/2, w, h}
		l.Locations[id] = locGeom{Box: box, Kind: kind, Anchor: t.C}
		rows := (t.Spaces + t.Cols - 1) / t.Cols
		for k := 0; k < t.Spaces; k++ {
			row, col := k/t.Cols, k%t.Cols
			inRow := t.Cols
			if row == rows-1 && t.Spaces%t.Cols != 0 {
				inRow = t.Spaces % t.Cols
			}
			rowW := float64(inRow)*spaceSize + float64(inRow-1)*spaceGap
			off := pt{
				X: (w-rowW)/2 + float64(col)*(spaceSize+spaceGap),
				Y: bannerH + boxPad + float64(row)*(spaceSize+spaceGap),
			}
			sid := id + "_" + strconv.Itoa(k+1)
			l.SpaceOffsets[sid] = off
			l.Spaces[sid] = rect{box.X + off.X, box.Y + off.Y, spaceSize, spaceSize}
		}
	}
	for id, c := range spec.Places {
		l.Locations[id] = locGeom{Box: rect{c.X - placeW/2, c.Y - placeH/2, placeW, placeH}, Kind: 'p', Anchor: c}
	}
	for id, m := range spec.Merchants {
		w, h := merchantBoxSize(m.Slots)
		box := rect{m.C.X - w/2, m.C.Y - h/2, w, h}
		l.Locations[id] = locGeom{Box: box, Kind: 'm', Anchor: m.C}
		rowW := float64(m.Slots)*mSlotW + float64(m.Slots-1)*mSlotGap
		for k := 0; k < m.Slots; k++ {
			x := box.X + (w-rowW)/2 + float64(k)*(mSlotW+mSlotGap)
			y := box.Y + bannerH + boxPad
			l.MerchantSlots[id+"_"+strconv.Itoa(k+1)] = slotGeom{
				Tile:   rect{x, y, mTileSize, mTileSize},
				Barrel: rect{x + mTileSize + 4, y + (mTileSize-22)/2, mBarrelW, 22},
			}
		}
	}
	for id, ls := range spec.Links {
		l.Links[id] = l.linkGeometry(id, ls)
	}
	for id, ls := range spec.VirtualLinks {
		l.VirtualLinks[id] = l.linkGeometry(id, ls)
	}
	l.Coal = marketGeometry(spec.Coal)
	l.Iron = marketGeometry(spec.Iron)
	if spec.Distant != nil {
		l.Distant = distantGeometry(*spec.Distant)
	}
	for i := range l.Track {
		l.Track[i] = trackCell(i)
	}
	l.pieces, l.all = l.targets()
	return l
}

// distantGeometry lays out the Distant Market panel from its top-left corner: a title
// row, then the tile stack and the 9 spaces of the cotton demand track (8 bonuses and X).
func distantGeometry(at pt) *distantGeom {
	const n = 9
	trackW := n*demandCell + (n-1)*demandGap
	g := &distantGeom{Panel: rect{at.X, at.Y, 2*mktPad + distStackW + 8 + trackW, 94}}
	g.Stack = rect{at.X + mktPad, at.Y + 24, distStackW, 50}
	x0 := g.Stack.X + distStackW + 8
	for i := 0; i < n; i++ {
		g.Demand = append(g.Demand, rect{x0 + float64(i)*(demandCell+demandGap), at.Y + 40, demandCell, demandCell})
	}
	return g
}

// linkGeometry turns a link id ("a-b" or "a-b-c") and its spec into path data.
func (l *layoutData) linkGeometry(id string, spec linkSpec) linkGeom {
	ids := strings.Split(id, "-")
	var ends []pt
	for _, lid := range ids {
		ends = append(ends, l.Locations[lid].Anchor)
	}
	var b strings.Builder
	if spec.Junction != nil {
		j := *spec.Junction
		for _, e := range ends {
			b.WriteString("M" + fmtPt(e) + "L" + fmtPt(j))
		}
		var vis [][]pt
		for i, e := range ends {
			vis = append(vis, []pt{clipToBoxEdge(e, j, l.Locations[ids[i]].Box), j})
		}
		// The link's tile lies on the branch between the first two locations, at the junction.
		a := ends[0]
		return linkGeom{D: b.String(), Mid: j, Angle: angle(a, j), Vis: vis}
	}
	pts := append([]pt{ends[0]}, spec.Via...)
	pts = append(pts, ends[len(ends)-1])
	b.WriteString("M" + fmtPt(pts[0]))
	for _, p := range pts[1:] {
		b.WriteString("L" + fmtPt(p))
	}
	// The tile goes halfway along the part of the line outside both boxes.
	from := clipToBoxEdge(pts[0], pts[1], l.Locations[ids[0]].Box)
	to := clipToBoxEdge(pts[len(pts)-1], pts[len(pts)-2], l.Locations[ids[len(ids)-1]].Box)
	vis := append([]pt{from}, pts[1:len(pts)-1]...)
	vis = append(vis, to)
	mid, ang := alongPolyline(vis, 0.5)
	return linkGeom{D: b.String(), Mid: mid, Angle: ang, Vis: [][]pt{vis}}
}

// clipToBoxEdge returns where the segment from c (inside box) towards p leaves the box.
func clipToBoxEdge(c, p pt, box rect) pt {
	dx, dy := p.X-c.X, p.Y-c.Y
	t := 1.0
	if dx > 0 {
		t = math.Min(t, (box.X+box.W-c.X)/dx)
	} else if dx < 0 {
		t = math.Min(t, (box.X-c.X)/dx)
	}
	if dy > 0 {
		t = math.Min(t, (box.Y+box.H-c.Y)/dy)
	} else if dy < 0 {
		t = math.Min(t, (box.Y-c.Y)/dy)
	}
	if t < 0 {
		t = 0
	}
	return pt{c.X + dx*t, c.Y + dy*t}
}

// alongPolyline returns the point at fraction f of the polyline's length and its direction.
func alongPolyline(pts []pt, f float64) (pt, float64) {
	total := 0.0
	for i := 1; i < len(pts); i++ {
		total += math.Hypot(pts[i].X-pts[i-1].X, pts[i].Y-pts[i-1].Y)
	}
	want := total * f
	for i := 1; i < len(pts); i++ {
		seg := math.Hypot(pts[i].X-pts[i-1].X, pts[i].Y-pts[i-1].Y)
		if want <= seg || i == len(pts)-1 {
			t := 0.0
			if seg > 0 {
				t = want / seg
			}
			a, b := pts[i-1], pts[i]
			return pt{a.X + (b.X-a.X)*t, a.Y + (b.Y-a.Y)*t}, angle(a, b)
		}
		want -= seg
	}
	return pts[0], 0
}

// angle is the direction from a to b in degrees, folded into (-90, 90] so text stays upright.
func angle(a, b pt) float64 {
	d := math.Atan2(b.Y-a.Y, b.X-a.X) * 180 / math.Pi
	if d > 90 {
		d -= 180
	} else if d <= -90 {
		d += 180
	}
	return d
}

func marketGeometry(m marketSpec) marketGeom {
	rows := m.Spaces / 2
	w := 2*mktPad + mktLabelW + 2*mktCell + mktGap
	h := mktHeadH + float64(rows)*(mktCell+mktGap) + 22 + mktPad
	g := marketGeom{Panel: rect{m.At.X, m.At.Y, w, h}}
	for i := 0; i < m.Spaces; i++ {
		row, col := i/2, i%2
		g.Spaces = append(g.Spaces, rect{
			X: m.At.X + mktPad + mktLabelW + float64(col)*(mktCell+mktGap),
			Y: m.At.Y + mktHeadH + float64(row)*(mktCell+mktGap),
			W: mktCell, H: mktCell,
		})
	}
	g.Empty = pt{m.At.X + w/2, m.At.Y + mktHeadH + float64(rows)*(mktCell+mktGap) + 12}
	return g
}

// trackCell is the cell of progress-track space i: 0 in the top-left corner, then
// clockwise along the top, down the right side, back along the bottom and up the left.
func trackCell(i int) rect {
	const cols, rows = int(boardW / cellW), int(boardH / cellH) // 25, 27
	var c, r int
	switch {
	case i < cols: // top, left to right
		c, r = i, 0
	case i < cols+rows-1: // right side, downwards
		c, r = cols-1, i-cols+1
	case i < 2*cols+rows-2: // bottom, right to left
		c, r = cols-1-(i-(cols+rows-2)), rows-1
	default: // left side, upwards
		c, r = 0, rows-1-(i-(2*cols+rows-3))
	}
	return rect{float64(c) * cellW, float64(r) * cellH, cellW, cellH}
}

// trackInward is the unit vector from a track cell towards the middle of the board.
func trackInward(i int) pt {
	r := trackCell(i)
	switch {
	case r.Y == 0:
		return pt{0, 1}
	case r.X+r.W >= boardW:
		return pt{-1, 0}
	case r.Y+r.H >= boardH:
		return pt{0, -1}
	default:
		return pt{1, 0}
	}
}

func fmtNum(v float64) string {
	return strconv.FormatFloat(math.Round(v*10)/10, 'f', -1, 64)
}

func fmtPt(p pt) string { return fmtNum(p.X) + "," + fmtNum(p.Y) }
