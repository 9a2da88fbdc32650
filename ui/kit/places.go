package kit

import (
	"strconv"
	"strings"

	"brass/engine"
)

// MerchantLabel names merchant space m as the builder and the board's details card do: its
// town, a number where the town has several spaces, and what its tile buys.
func MerchantLabel(s *engine.State, m int) string {
	ed := s.Edition()
	ms := ed.MerchantSpaces[m]
	loc := ed.Locations[ms.Location]
	label := loc.Name
	if len(loc.MerchantSpaces) > 1 {
		for i, x := range loc.MerchantSpaces {
			if x == m {
				label += " " + strconv.Itoa(i+1)
			}
		}
	}
	if mt := s.MerchantTile(m); mt != nil {
		if len(mt.Buys) == 0 {
			label += " (buys nothing)"
		} else {
			buys := make([]string, 0, 3)
			for _, ind := range mt.Buys {
				buys = append(buys, ind.Name())
			}
			label += " (buys " + strings.Join(buys, ", ") + ")"
		}
	}
	return label
}
