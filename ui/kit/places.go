package kit

import (
	"strconv"
	"strings"

	"brass/lang"
	"brass/ui/view"
)

// MerchantLabel names merchant space m as the builder and the board's details card do: its
// town, a number where the town has several spaces, and what its tile buys.
func MerchantLabel(g *view.Game, m int) string {
	mv := &g.Merchants[m]
	label := mv.Town
	if len(g.Edition.Locations[mv.Location].MerchantSpaces) > 1 {
		label += " " + strconv.Itoa(mv.K+1)
	}
	if mt := mv.Tile; mt != nil {
		if len(mt.Buys) == 0 {
			label = lang.T("board.mlabel_buys_nothing", lang.S("merchant", label))
		} else {
			buys := make([]string, 0, 3)
			for _, ind := range mt.Buys {
				buys = append(buys, IndustryName(ind))
			}
			label = lang.T("board.mlabel_buys", lang.S("merchant", label), lang.S("industries", strings.Join(buys, ", ")))
		}
	}
	return label
}
