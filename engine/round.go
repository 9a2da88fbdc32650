package engine

// endTurn refills the hand where each player refills after their own turn ("Player Turns":
// refill to 8 after all actions) and passes the turn on; after the last player the round ends.
func (s *State) endTurn() {
	s.refillHands(false)
	s.ActionsDone = 0
	s.TurnPos++
	if int(s.TurnPos) >= int(s.NumPlayers) {
		s.endRound()
	}
}

// refillHands is the one place that decides when hands are refilled: the player who just
// played, at the end of their turn (Birmingham "Player Turns", Roxley S1 "Player Turn":
// "Then refill Hand to 8"), or, with Rules.RefillAfterRound, every hand once all have played,
// in the new turn order (original S0 "STEP D Refill hand": after "STEP C Order of play").
// roundOver says which of the two moments this is.
func (s *State) refillHands(roundOver bool) {
	if s.ed.Rules.RefillAfterRound != roundOver {
		return
	}
	if !roundOver {
		s.refill(s.Actor())
		return
	}
	for i := 0; i < int(s.NumPlayers); i++ {
		s.refill(int(s.Order[i]))
	}
}

// refill draws cards into p's hand up to the hand size while the deck lasts.
func (s *State) refill(p int) {
	drew := 0
	for int(s.Players[p].HandLen) < s.ed.Rules.HandSize && s.drawCard(p) {
		drew++
	}
	if drew > 0 {
		s.Revealed = s.Moves
		if s.log != nil {
			s.addLog(LogDraw, p, s.name(p)+" draws "+plural(drew, "card")+".")
		}
	}
}

// eraOver: the era ends after the round in which the last cards were played.
func (s *State) eraOver() bool {
	if !s.deckEmpty() {
		return false
	}
	for p := 0; p < int(s.NumPlayers); p++ {
		if s.Players[p].HandLen > 0 {
			return false
		}
	}
	return true
}

// endRound: "End of Round" 1 (turn order by money spent, ties keep their order; the money
// goes to the bank), the hands refilled where that waits for the round's end, and 2 (income,
// except after the final round of the game: settleRound).
func (s *State) endRound() {
	n := int(s.NumPlayers)
	order := s.Order[:n]
	// stable insertion sort: equal spenders keep their relative order
	for i := 1; i < n; i++ {
		for j := i; j > 0 && s.Players[order[j]].Spent < s.Players[order[j-1]].Spent; j-- {
			order[j], order[j-1] = order[j-1], order[j]
		}
	}
	if s.log != nil {
		txt := ""
		for i, p := range order {
			if i > 0 {
				txt += ", "
			}
			txt += s.name(int(p)) + " (£" + itoa(int(s.Players[p].Spent)) + ")"
		}
		s.addLog(LogOrder, -1, "Turn order for the next round, least spent first: "+txt+".")
	}
	s.Report = RoundReport{}
	for p := 0; p < n; p++ {
		s.Report.Spent[p] = s.Players[p].Spent
		s.Players[p].Spent = 0
	}
	s.refillHands(true)
	s.ShortfallPos = 0
	s.settleRound()
}

// settleRound is the one place that decides when the income after a round is paid: between
// two rounds of an era it is the same moment under every rule set; after an era's last round
// it is paid before the era's scoring ("End of Round" 2, S1 "End of Round"), or, with
// Rules.IncomeStartsRound, after it, as the Rail Era's first step (S0 "Collect income" opens
// every round; "Phase III. Victory points" and IV come first). No income follows the game's
// last round ("Income is not collected at the end of the final round of the game"; S0 has no
// round after it): the Rail Era, or the Canal Era of an introductory game.
func (s *State) settleRound() {
	switch {
	case !s.eraOver():
		s.payIncomes()
	case s.Era == Rail || s.Introductory:
		s.endEra()
	case s.ed.Rules.IncomeStartsRound:
		s.endEra()
		s.Report.IncomeAfterScoring = true
		s.payIncomes()
	default:
		s.payIncomes() // then nextRound ends the era
	}
}

// payIncomes pays income in turn order from ShortfallPos on, stopping when a player must
// choose tiles to cover a shortfall. It follows a round, whose turns are all played, and then
// starts the next one; or, under Rules.IncomeStartsRound, it opens the Rail Era's first round,
// already begun by endEra, and play goes on in it.
func (s *State) payIncomes() {
	n := int(s.NumPlayers)
	s.Report.IncomePaid = true
	for ; int(s.ShortfallPos) < n; s.ShortfallPos++ {
		p := int(s.Order[s.ShortfallPos])
		level := s.IncomeLevel(p)
		switch {
		case level >= 0:
			s.receive(p, level)
			s.Report.Income[p] = int32(level)
			if s.log != nil {
				s.logf(LogIncome, p, "%s takes £%d income.", s.name(p), level)
			}
		case int(s.Players[p].Money) >= -level:
			s.pay(p, -level)
			s.Report.Income[p] = int32(level)
			if s.log != nil {
				s.logf(LogIncome, p, "%s pays £%d negative income.", s.name(p), -level)
			}
		case s.shortfallChoice(p):
			s.Phase = PhaseShortfall
			if s.log != nil {
				s.logf(LogIncome, p, "%s must pay £%d negative income but has £%d: they must remove industry tiles from the board.", s.name(p), -level, s.Players[p].Money)
			}
			return
		default:
			s.settleShortfall(p)
		}
	}
	s.Phase = PhaseAction
	if int(s.TurnPos) >= int(s.NumPlayers) { // income ended a round, rather than began the Rail Era's first
		s.nextRound()
	}
}

// tileValue is what removing a tile raises for a shortfall: half its cost, rounded down.
func (s *State) tileValue(sp int) int { return s.TileSpec(s.Tiles[sp]).Cost / 2 }

// removeRule: a tile removed to pay a shortfall is the player's own and raises money.
func (s *State) removeRule(p int, sp int) Reason {
	t := s.Tiles[sp]
	var r Reason
	switch {
	case t.Owner != uint8(p+1):
		r = Reason{Rule: RuleNoTileToRemove}
	case s.tileValue(sp) == 0:
		r = Reason{Rule: RuleTileWorthless}
		r.Industry, r.Level = t.Industry, int8(s.TileSpec(t).Level)
	default:
		return Reason{}
	}
	r.Space = int8(sp)
	return r
}

// shortfallChoice reports whether the player must choose which tiles to remove: they owe
// more than they have, and their removable tiles can cover it. When even all of them could
// not, all are removed without asking (settleShortfall).
func (s *State) shortfallChoice(p int) bool {
	short := -s.IncomeLevel(p) - int(s.Players[p].Money)
	total := 0
	for sp := range s.ed.Spaces {
		if s.Tiles[sp].Owner == uint8(p+1) {
			total += s.tileValue(sp)
		}
	}
	return total >= short && total > 0
}

// settleShortfall removes every tile that raises money, pays what it can and loses 1 VP per
// £1 still short ("If you have no way to pay a shortfall, lose 1 VP (if possible) for each £1").
func (s *State) settleShortfall(p int) {
	owe := -s.IncomeLevel(p)
	for sp := range s.ed.Spaces {
		if int(s.Players[p].Money) >= owe {
			break
		}
		if s.Tiles[sp].Owner == uint8(p+1) && s.removeRule(p, sp).OK() { // (own tiles are the candidates)
			s.removeForShortfall(p, sp)
		}
	}
	have := int(s.Players[p].Money)
	if have >= owe {
		s.pay(p, owe)
		s.Report.Income[p] = int32(-owe)
		if s.log != nil {
			s.logf(LogIncome, p, "%s pays £%d negative income.", s.name(p), owe)
		}
		return
	}
	s.pay(p, have)
	s.Report.Income[p] = int32(-have)
	lost := owe - have
	if int(s.Players[p].VP) < lost {
		lost = int(s.Players[p].VP)
	}
	s.Players[p].VP -= int32(lost)
	s.Report.VPLost[p] = int32(lost)
	if s.log != nil {
		s.logf(LogIncome, p, "%s pays £%d of £%d negative income and loses %d VP for the rest.", s.name(p), have, owe, lost)
	}
}

func (s *State) removeForShortfall(p int, sp int) {
	t := s.Tiles[sp]
	v := s.tileValue(sp)
	s.Tiles[sp] = Tile{}
	s.receive(p, v)
	s.Report.Removed[p] += int32(v)
	if s.log != nil {
		s.logf(LogIncome, p, "%s removes their %s from %s for £%d.", s.name(p), tileName(t.Industry, s.TileSpec(t).Level), s.spaceName(sp), v)
	}
}

// doRemoveTile: the player in shortfall removes one of their tiles; once the shortfall is
// covered they pay and income continues with the next player.
func (s *State) doRemoveTile(a *Action) Reason {
	p := int(a.Player)
	sp := int(a.Space)
	if r := s.removeRule(p, sp); !r.OK() {
		return r
	}
	s.removeForShortfall(p, sp)
	owe := -s.IncomeLevel(p)
	if int(s.Players[p].Money) < owe && s.shortfallChoice(p) {
		return Reason{} // still short: remove another
	}
	if int(s.Players[p].Money) >= owe {
		s.pay(p, owe)
		s.Report.Income[p] = int32(-owe)
		if s.log != nil {
			s.logf(LogIncome, p, "%s pays £%d negative income.", s.name(p), owe)
		}
	} else {
		s.settleShortfall(p)
	}
	s.ShortfallPos++
	s.payIncomes()
	return Reason{}
}

// nextRound starts the next round, or ends the era when all cards are played.
func (s *State) nextRound() {
	if s.eraOver() {
		s.endEra()
		return
	}
	s.Round++
	s.TurnPos = 0
	s.ActionsDone = 0
	if s.log != nil {
		s.addLog(LogRound, -1, s.Era.String()+", round "+itoa(int(s.Round))+".")
	}
}

// LinkVP is what a link scores at the end of an era: 1 VP per link icon in the locations it
// touches — 2 for each merchant location, plus those of flipped tiles in towns and farm breweries.
func (s *State) LinkVP(l int) int {
	vp := 0
	for _, loc := range s.ed.Links[l].Locations {
		vp += s.locationIcons(loc)
	}
	return vp
}

func (s *State) locationIcons(loc int) int {
	l := &s.ed.Locations[loc]
	n := l.LinkIcons
	for _, sp := range l.Spaces {
		t := s.Tiles[sp]
		if t.Owner != 0 && t.Flipped {
			n += s.TileSpec(t).LinkIcons
		}
	}
	return n
}

// endEra: "End of Canal & Rail Era" scoring, then the Canal Era's maintenance, or the end of the game.
func (s *State) endEra() {
	n := int(s.NumPlayers)
	var linkVP, tileVP [MaxPlayers]int
	// 1. Links score and leave the board, returning to their owners.
	for l := range s.ed.Links {
		if o := s.Links[l]; o != 0 {
			linkVP[o-1] += s.LinkVP(l)
		}
	}
	for l := range s.ed.Links {
		if o := s.Links[l]; o != 0 {
			s.Players[o-1].LinksLeft++
			s.Links[l] = 0
		}
	}
	// 2. Flipped industry tiles score.
	for sp := range s.ed.Spaces {
		t := s.Tiles[sp]
		if t.Owner != 0 && t.Flipped {
			tileVP[t.Owner-1] += s.TileSpec(t).VP
		}
	}
	s.Report.Scored = true
	for p := 0; p < n; p++ {
		s.Report.LinkVP[p], s.Report.TileVP[p] = int32(linkVP[p]), int32(tileVP[p])
		s.Players[p].VP += int32(linkVP[p] + tileVP[p])
		if s.log != nil {
			s.logf(LogScore, p, "%s scores %d VP for links and %d VP for flipped tiles at the end of the %s (total %d).", s.name(p), linkVP[p], tileVP[p], s.Era, s.Players[p].VP)
		}
	}
	if s.Era == Rail || s.Introductory {
		if s.Introductory {
			s.scoreIntroductory()
		}
		if s.Era == Rail {
			s.scoreMoney()
		}
		s.Phase = PhaseOver
		if s.log != nil {
			s.addLog(LogEnd, -1, "The game is over. "+s.resultText())
		}
		return
	}
	// 3. Obsolete level-1 tiles leave the board.
	for sp := range s.ed.Spaces {
		if t := s.Tiles[sp]; t.Owner != 0 && s.TileSpec(t).Level == 1 {
			s.Tiles[sp] = Tile{}
		}
	}
	// 4. Merchant beer is refilled beside every non-blank merchant tile.
	for m := range s.ed.MerchantSpaces {
		slot := &s.Merchants[m]
		if slot.Tile != 0 && len(s.ed.MerchantTiles[slot.Tile-1].Buys) > 0 {
			slot.Beer = 1
		}
	}
	// 5. All discard piles (and the cards set aside for the Canal Era, still at the bottom
	// of the deck) are shuffled into a new draw deck.
	for p := 0; p < n; p++ {
		pl := &s.Players[p]
		for i := 0; i < int(pl.DiscardLen); i++ {
			s.Deck[s.DeckLen] = pl.Discard[i]
			s.DeckLen++
		}
		pl.DiscardLen, pl.FaceDown = 0, 0
	}
	s.DeckFloor = 0
	s.rng.shuffle(s.Deck[:s.DeckLen])
	s.hideDealt()
	// 6. New hands of 8.
	for p := 0; p < n; p++ {
		for i := 0; i < s.ed.Rules.HandSize; i++ {
			s.drawCard(p)
		}
	}
	// Lancashire: the Distant Market is reset for the Rail Era.
	s.shuffleDistant()
	s.DeckFloor = uint8(s.ed.Rules.SetAside[Rail][n])
	s.Revealed = s.Moves
	if s.log != nil {
		refill := ""
		if len(s.ed.MerchantSpaces) > 0 {
			refill = ", merchant beer is refilled"
		}
		txt := "End of the Canal Era: canals and level I tiles leave the board" + refill + " and the discards become a new deck of " +
			itoa(int(s.DeckLen)+n*s.ed.Rules.HandSize) + "; everyone draws " + itoa(s.ed.Rules.HandSize) + " cards."
		if s.DeckFloor > 0 {
			txt += " " + plural(int(s.DeckFloor), "card") + " are set aside for the Rail Era."
		}
		if s.DistantLen > 0 {
			txt += " The Distant Market tiles are reshuffled and the cotton demand marker returns to the top."
		}
		s.addLog(LogMaintenance, -1, txt)
	}
	s.Era = Rail
	s.Round = 1
	s.TurnPos = 0
	s.ActionsDone = 0
	s.Phase = PhaseAction
	if s.log != nil {
		s.addLog(LogEra, -1, "The Rail Era begins, round 1.")
	}
}

// moneyVP is the VP that money scores at 1 per £per, at most max (0: no limit); both the
// introductory game and Lancashire's end of the game score money.
func moneyVP(money, per, max int) int {
	vp := money / per
	if max > 0 && vp > max {
		vp = max
	}
	return vp
}

func plural(n int, what string) string {
	if n == 1 {
		return "1 " + what
	}
	return itoa(n) + " " + what + "s"
}

// scoreMoney: 1 VP for every £MoneyVPPer held at the end of the Rail Era (Lancashire: "If it
// is the end of the Rail Period then players also score 1VP for every £10 cash they hold").
func (s *State) scoreMoney() {
	per := s.ed.Rules.MoneyVPPer
	if per <= 0 {
		return
	}
	for p := 0; p < int(s.NumPlayers); p++ {
		vp := moneyVP(int(s.Players[p].Money), per, 0)
		s.Players[p].VP += int32(vp)
		s.Report.FinalMoneyVP[p] = int32(vp)
		if s.log != nil {
			s.logf(LogScore, p, "%s scores %d VP for £%d (1 VP per £%d; total %d).", s.name(p), vp, s.Players[p].Money, per, s.Players[p].VP)
		}
	}
}
