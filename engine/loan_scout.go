package engine

// The Loan and Scout actions ("Loan Action", "Scout Action").

// loanRule: a loan may not take the income level below the lowest level (−10).
func (s *State) loanRule(p int) Reason {
	r := &s.ed.Rules
	now := s.IncomeLevel(p)
	if now-r.LoanLevels >= r.MinIncomeLevel {
		return Reason{}
	}
	reason := Reason{Rule: RuleLoanIncome}
	reason.N, reason.M = int16(now), int16(now-r.LoanLevels)
	return reason
}

func (s *State) doLoan(a *Action) Reason {
	p := int(a.Player)
	if r := s.loanRule(p); !r.OK() {
		return r
	}
	r := &s.ed.Rules
	level := s.IncomeLevel(p) - r.LoanLevels
	s.discard(p, a.Card)
	s.receive(p, r.LoanAmount)
	s.Players[p].IncomeSpace = uint8(HighestSpace(level))
	if s.log != nil {
		s.logf(LogAction, p, "%s takes a £%d loan; income falls to level %d.", s.name(p), r.LoanAmount, level)
	}
	return Reason{}
}

// scoutRule: no scouting while holding a wild card, nor when a wild pile is empty.
func (s *State) scoutRule(p int) Reason {
	hand := &s.Players[p].Hand
	switch {
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
