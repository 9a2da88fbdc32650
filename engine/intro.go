package engine

// The rulebook's "Introductory Game": "play the entire Canal Era as normal, including the
// end of Canal Era scoring", then score:
//
//  1. Money: "1 VP for every £4 in your player area (up to a maximum of 15 VPs)".
//  2. Income level: "VPs equal to your income level. If your income level is negative, you
//     lose VPs."
//  3. Industry tiles: "Score the points a second time for all your level 2 or greater
//     Industry tiles."
//
// Readings (the rulebook does not say more):
//   - The Canal Era's last round is the final round of the game, so no income is taken
//     after it ("Income is not collected at the end of the final round of the game"), and
//     the maintenance that prepares the Rail Era does not happen.
//   - "A second time" repeats the Canal Era scoring of tiles, which counts flipped tiles
//     only: an unflipped tile scored nothing the first time, so it scores nothing again.
//     Level 1 tiles are not scored again.
//   - The three scores are added in the rulebook's order. A negative income level loses
//     VP only down to 0, as for a shortfall ("lose 1 VP (if possible)"): the VP track has
//     no negative spaces.
//   - The winner and tie-breaks are those of the full game ("Winning the Game").

// Introductory-game constants (rulebook "Introductory Game").
const (
	introPoundsPerVP = 4
	introMaxMoneyVP  = 15
	introMinLevel    = 2 // tiles of this level or higher score again
)

// scoreIntroductory adds the introductory game's extra scoring after the Canal Era.
func (s *State) scoreIntroductory() {
	s.Report.Introductory = true
	for p := 0; p < int(s.NumPlayers); p++ {
		pl := &s.Players[p]
		money := moneyVP(int(pl.Money), introPoundsPerVP, introMaxMoneyVP)
		income := s.IncomeLevel(p)
		tiles := 0
		for sp := range s.ed.Spaces {
			t := s.Tiles[sp]
			if int(t.Owner) == p+1 && t.Flipped && s.TileSpec(t).Level >= introMinLevel {
				tiles += s.TileSpec(t).VP
			}
		}
		pl.VP += int32(money)
		if int(pl.VP)+income < 0 {
			income = -int(pl.VP)
		}
		pl.VP += int32(income)
		pl.VP += int32(tiles)
		s.Report.MoneyVP[p], s.Report.IncomeVP[p], s.Report.TileVPAgain[p] = int32(money), int32(income), int32(tiles)
		if s.log != nil {
			incomeTxt := signed(income) + " VP for income level " + signed(s.IncomeLevel(p))
			if income != s.IncomeLevel(p) {
				incomeTxt += " (VP cannot fall below 0)"
			}
			s.addLog(LogScore, p, "Introductory game: "+s.name(p)+" scores "+itoa(money)+" VP for £"+itoa(int(pl.Money))+
				" (1 per £"+itoa(introPoundsPerVP)+", at most "+itoa(introMaxMoneyVP)+"), "+incomeTxt+" and "+itoa(tiles)+" VP for flipped level II+ tiles scored again (total "+itoa(int(pl.VP))+").")
		}
	}
}

// signed writes a number with a true minus sign for negatives ("−3").
func signed(n int) string {
	if n < 0 {
		return "−" + itoa(-n)
	}
	return itoa(n)
}
