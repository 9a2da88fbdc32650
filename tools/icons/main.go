// Command icons draws the app icon, a brass cog on dark brown, and writes
// web/icon-192.png, web/icon-512.png and web/icon.svg from one geometry.
//
// The PNGs are full-bleed squares with the cog inside the central circle of
// 80 % diameter, so the 512 px one also serves as the manifest's maskable
// icon. Run from the repository root: go run ./tools/icons
package main

import (
	"bytes"
	"flag"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"log"
	"math"
	"os"
	"path/filepath"
	"strings"
)

// Geometry in normalised coordinates: the icon spans [-1, 1] on both axes,
// y pointing down, centre at the origin.
const (
	teeth     = 12
	rootR     = 0.56 // radius at the bottom of the gaps between teeth
	tipR      = 0.72 // radius at the tooth tips (maskable safe zone: 0.8)
	tipHalf   = 0.24 // half-width of a tooth tip, in fractions of the pitch
	rootHalf  = 0.40 // half-width of a tooth at its root
	arcSteps  = 6    // segments per tip or root arc
	axleR     = 0.17 // central hole
	holeR     = 0.075
	holeDist  = 0.40 // centre distance of the lightening holes
	holeCount = 6

	supersample = 4 // per axis, for anti-aliasing
)

var (
	bgCentre  = rgb(0x3d, 0x29, 0x1b)
	bgEdge    = rgb(0x1e, 0x14, 0x0d)
	brassHigh = rgb(0xee, 0xc8, 0x5f)
	brassLow  = rgb(0x96, 0x6d, 0x14)
)

type point struct{ x, y float64 }

type circle struct {
	c point
	r float64
}

func main() {
	log.SetFlags(0)
	log.SetPrefix("icons: ")
	out := flag.String("out", "web", "output directory")
	flag.Parse()

	files, err := icons()
	if err != nil {
		log.Fatal(err)
	}
	for _, f := range files {
		path := filepath.Join(*out, f.name)
		if err := os.WriteFile(path, f.data, 0o644); err != nil {
			log.Fatal(err)
		}
		log.Printf("wrote %s (%d bytes)", path, len(f.data))
	}
}

type file struct {
	name string
	data []byte
}

// icons returns the PNG and SVG files.
func icons() ([]file, error) {
	outline := gearOutline()
	holes := gearHoles()
	var files []file
	for _, size := range []int{192, 512} {
		var buf bytes.Buffer
		if err := png.Encode(&buf, render(size, outline, holes)); err != nil {
			return nil, err
		}
		files = append(files, file{fmt.Sprintf("icon-%d.png", size), buf.Bytes()})
	}
	return append(files, file{"icon.svg", svg(outline, holes)}), nil
}

// gearHoles returns the axle hole and the lightening holes.
func gearHoles() []circle {
	holes := []circle{{point{0, 0}, axleR}}
	for i := range holeCount {
		a := 2*math.Pi*float64(i)/holeCount - math.Pi/2
		holes = append(holes, circle{point{holeDist * math.Cos(a), holeDist * math.Sin(a)}, holeR})
	}
	return holes
}

// gearOutline returns the cog's outer polygon: straight flanks, tip and root
// arcs split into short segments.
func gearOutline() []point {
	pitch := 2 * math.Pi / teeth
	var pts []point
	arc := func(r, from, to float64) {
		for s := 0; s <= arcSteps; s++ {
			a := from + (to-from)*float64(s)/arcSteps
			pts = append(pts, point{r * math.Cos(a), r * math.Sin(a)})
		}
	}
	for i := range teeth {
		c := float64(i)*pitch - math.Pi/2 // first tooth points straight up
		arc(tipR, c-tipHalf*pitch, c+tipHalf*pitch)
		arc(rootR, c+rootHalf*pitch, c+(1-rootHalf)*pitch)
	}
	return pts
}

// inside reports whether p is on brass: within the outline, outside holes.
func inside(p point, outline []point, holes []circle) bool {
	r := math.Hypot(p.x, p.y)
	if r > tipR {
		return false
	}
	for _, h := range holes {
		if math.Hypot(p.x-h.c.x, p.y-h.c.y) < h.r {
			return false
		}
	}
	if r < rootR*math.Cos(math.Pi/teeth/arcSteps) { // inside every root chord
		return true
	}
	// Even-odd ray casting against the outline.
	in := false
	for i, j := 0, len(outline)-1; i < len(outline); j, i = i, i+1 {
		a, b := outline[i], outline[j]
		if (a.y > p.y) != (b.y > p.y) && p.x < (b.x-a.x)*(p.y-a.y)/(b.y-a.y)+a.x {
			in = !in
		}
	}
	return in
}

func render(size int, outline []point, holes []circle) *image.NRGBA {
	img := image.NewNRGBA(image.Rect(0, 0, size, size))
	n := float64(supersample * supersample)
	for py := range size {
		for px := range size {
			var r, g, b float64
			for sy := range supersample {
				for sx := range supersample {
					p := point{
						x: (float64(px)+(float64(sx)+0.5)/supersample)/float64(size)*2 - 1,
						y: (float64(py)+(float64(sy)+0.5)/supersample)/float64(size)*2 - 1,
					}
					var c [3]float64
					if inside(p, outline, holes) {
						// Light from the top left, as the SVG gradient.
						t := clamp((p.x+p.y)/(4*tipR) + 0.5)
						c = mix(brassHigh, brassLow, t)
					} else {
						c = mix(bgCentre, bgEdge, clamp(math.Hypot(p.x, p.y))) // as the SVG: edge colour from r = 1 out
					}
					r, g, b = r+c[0], g+c[1], b+c[2]
				}
			}
			img.SetNRGBA(px, py, color.NRGBA{uint8(r/n + 0.5), uint8(g/n + 0.5), uint8(b/n + 0.5), 255})
		}
	}
	return img
}

// svg draws the same cog on a rounded square (the SVG is the "any" purpose
// icon and the favicon, where rounded corners look better).
func svg(outline []point, holes []circle) []byte {
	const s = 256.0 // half of the 512 viewBox
	xy := func(p point) string { return fmt.Sprintf("%.1f %.1f", s+p.x*s, s+p.y*s) }

	var d strings.Builder
	for i, p := range outline {
		if i == 0 {
			d.WriteString("M" + xy(p))
		} else {
			d.WriteString("L" + xy(p))
		}
	}
	d.WriteString("Z")
	for _, h := range holes {
		r := h.r * s
		fmt.Fprintf(&d, "M%sa%.1f %.1f 0 1 0 %.1f 0a%.1f %.1f 0 1 0 %.1f 0Z",
			xy(point{h.c.x + h.r, h.c.y}), r, r, -2*r, r, r, 2*r)
	}

	hex := func(c [3]float64) string { return fmt.Sprintf("#%02x%02x%02x", int(c[0]), int(c[1]), int(c[2])) }
	var b bytes.Buffer
	fmt.Fprintf(&b, `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 512 512">
<title>Brass</title>
<defs>
<radialGradient id="bg"><stop offset="0" stop-color="%s"/><stop offset="1" stop-color="%s"/></radialGradient>
<linearGradient id="brass" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="%s"/><stop offset="1" stop-color="%s"/></linearGradient>
</defs>
<rect width="512" height="512" rx="96" fill="url(#bg)"/>
<path fill="url(#brass)" fill-rule="evenodd" d="%s"/>
</svg>
`, hex(bgCentre), hex(bgEdge), hex(brassHigh), hex(brassLow), d.String())
	return b.Bytes()
}

func rgb(r, g, b uint8) [3]float64 { return [3]float64{float64(r), float64(g), float64(b)} }

func mix(a, b [3]float64, t float64) [3]float64 {
	return [3]float64{a[0] + (b[0]-a[0])*t, a[1] + (b[1]-a[1])*t, a[2] + (b[2]-a[2])*t}
}

func clamp(t float64) float64 { return math.Max(0, math.Min(1, t)) }
