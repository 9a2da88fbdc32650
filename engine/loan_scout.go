package engine

// The Loan and Scout actions ("Loan Action", "Scout Action").

// loanRule: a loan of the given steps (Rules.LoanAmount each; 0 means 1) may not take the
// income level below the lowest level (−10).
func (s *State) loanRule(p int, steps int) Reason {
	r := &s.ed.Rules
	steps = max(steps, 1)
	now := s.IncomeLevel(p)
	if now-steps*r.LoanLevels >= r.MinIncomeLevel {
		return Reason{}
	}
	reason := Reason{Rule: RuleLoanIncome}
	reason.N, reason.M = int16(now), int16(now-steps*r.LoanLevels)
	return reason
}

// loanCutoffRule: loans stop before the end of the game in Lancashire: once the deck is
// exhausted in the Rail Period (original: "You cannot take a loan once the deck of cards has
// been exhausted in the Rail Period"), or in the Rail Era's last 4 rounds (Roxley: the
// Rothschild tile).
func (s *State) loanCutoffRule() Reason {
	r := &s.ed.Rules
	if s.Era != Rail {
		return Reason{}
	}
	switch r.LoanCutoff {
	case LoanCutoffDeckEmpty:
		if s.deckEmpty() {
			return Reason{Rule: RuleLoanCutoff}
		}
	case LoanCutoffLastRounds:
		if int(s.Round) > r.RoundsPerEra[s.NumPlayers]-r.LoanCutoffEnd {
			return Reason{Rule: RuleLoanCutoff}
		}
	}
	return Reason{}
}

func (s *State) doLoan(a *Action) Reason {
	p := int(a.Player)
	if r := s.loanCutoffRule(); !r.OK() {
		return r
	}
	steps := max(int(a.Loan), 1)
	if r := s.loanRule(p, steps); !r.OK() {
		return r
	}
	r := &s.ed.Rules
	level := s.IncomeLevel(p) - steps*r.LoanLevels
	s.discard(p, a.Card)
	s.receive(p, steps*r.LoanAmount)
	s.Players[p].IncomeSpace = uint8(HighestSpace(level))
	if s.log != nil {
		s.logf(LogAction, p, "%s takes a £%d loan; income falls to level %d.", s.name(p), steps*r.LoanAmount, level)
	}
	return Reason{}
}

// scoutRule: no scouting while holding a wild card, nor when a wild pile is empty.
func (s *State) scoutRule(p int) Reason {
	hand := &s.Players[p].Hand
	switch {
	case !s.ed.Rules.Scout:
		return Reason{Rule: RuleNoScout}
	case hand[s.ed.wildLoc] > 0 || hand[s.ed.wildInd] > 0:
		return Reason{Rule: RuleScoutWildHeld}
	case s.WildLocations == 0 || s.WildIndustries == 0:
		return Reason{Rule: RuleNoWildLeft}
	}
	return Reason{}
}

func (s *State) doScout(a *Action) Reason {
	p := int(a.Player)
	if a.NCards != 2 {
		return Reason{Rule: RuleScoutCards}
	}
	if r := s.scoutRule(p); !r.OK() {
		return r
	}
	if r := s.cardsHeldRule(p, a.Card, a.Cards[0], a.Cards[1]); !r.OK() {
		return r
	}
	s.discard(p, a.Card)
	s.discard(p, a.Cards[0])
	s.discard(p, a.Cards[1])
	s.WildLocations--
	s.WildIndustries--
	pl := &s.Players[p]
	pl.Hand[s.ed.wildLoc]++
	pl.Hand[s.ed.wildInd]++
	pl.HandLen += 2
	if s.log != nil {
		s.logf(LogAction, p, "%s scouts, discarding %s, %s and %s for a Wild Location and a Wild Industry card.", s.name(p),
			s.ed.Cards[a.Card].Name, s.ed.Cards[a.Cards[0]].Name, s.ed.Cards[a.Cards[1]].Name)
	}
	return Reason{}
}
