package kit

import "brass/engine"

// BannerColors are the town banners' colours, by the banner names the engine's data uses.
var BannerColors = map[string]string{
	"teal":   "#23827e",
	"blue":   "#2d5b9a",
	"red":    "#a8372b",
	"brown":  "#7a5232",
	"purple": "#6a3d8a",
}

// IndustryColors is the fixed colour of each industry's icon disc.
var IndustryColors = [...]string{
	engine.Cotton:       "#8a68c0",
	engine.Coal:         "#2b2b2b",
	engine.Iron:         "#c45f24",
	engine.Manufacturer: "#3c8a63",
	engine.Pottery:      "#2c6fb2",
	engine.Brewery:      "#b9801a",
	engine.Port:         "#1f7f8f",
	engine.Shipyard:     "#48586a",
}

// fallbackColors colour players the caller gave no colour.
var fallbackColors = []string{"#c0392b", "#e2b714", "#7e57c2", "#16a085"}

// Color is player p's CSS colour: from colors, else a fixed one per seat; a brown for
// "nobody" (p < 0).
func Color(colors []string, p int) string {
	if p >= 0 && p < len(colors) && colors[p] != "" {
		return colors[p]
	}
	if p < 0 {
		return "#8a6a3e"
	}
	return fallbackColors[p%len(fallbackColors)]
}

// Banner is a town's banner colour as a CSS colour: a banner name of the engine's data, or
// already a CSS colour.
func Banner(name string) string {
	if c, ok := BannerColors[name]; ok {
		return c
	}
	if name == "" {
		return "#7a5232"
	}
	return name
}
