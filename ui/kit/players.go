package kit

import (
	"strconv"

	"brass/ui/view"
)

// Name is player p's name: from names, else from the game's config, else "Player N".
func Name(names []string, g *view.Game, p int) string {
	if p >= 0 && p < len(names) && names[p] != "" {
		return names[p]
	}
	if g != nil && p >= 0 && p < len(g.Seats) {
		return g.Seats[p].Name
	}
	return "Player " + strconv.Itoa(p+1)
}
