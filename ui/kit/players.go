package kit

import (
	"strconv"

	"brass/engine"
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

// Actor is the player to decide now, or −1 when nobody is (no game, or the game is over).
func Actor(st *engine.State) int {
	if st.NumPlayers == 0 { // an empty state: no game yet
		return -1
	}
	return st.Actor()
}

// Edition is the state's edition, or Birmingham for a zero state.
func Edition(st *engine.State) *engine.Edition {
	if ed := st.Edition(); ed != nil {
		return ed
	}
	ed, _ := engine.EditionByID("birmingham")
	return ed
}
