package engine

// Apply validates the action and, only if it is legal, performs it. A refused action
// returns an *Error and leaves the state exactly as it was. Every field of the action is
// checked, so a hand-made Action can be refused but never make the engine panic. Apply
// with a legal action allocates nothing.
func (s *State) Apply(a *Action) error {
	return s.applyLogged(a, nil)
}

// applyLogged is Apply that appends log entries for the move to log (when not nil).
//
// A refused move must leave the state exactly as it was, and a rule may refuse after the
// action has begun to change the state (a Network action places its first link before it
// finds that link's coal), so the move is applied to the state itself after saving a copy,
// which is put back on a refusal: one copy of the state per move.
func (s *State) applyLogged(a *Action, log *[]LogEntry) error {
	if r := s.admit(a); !r.OK() {
		return s.refusal(r)
	}
	saved := *s
	s.Moves++
	if log == nil {
		s.log = nil
		if r := s.apply(a); !r.OK() {
			*s = saved
			return s.refusal(r)
		}
	} else {
		n := len(*log)
		s.log = log // entries go straight to the caller's log, which is cut back on a refusal
		if r := s.apply(a); !r.OK() {
			*log = (*log)[:n]
			*s = saved
			return s.refusal(r)
		}
	}
	s.log = saved.log
	return nil
}

// admit checks what does not depend on the action's kind: the game is on, the player
// exists and is the one to act, and every field is in range and fits the kind.
func (s *State) admit(a *Action) Reason {
	if s.Phase == PhaseOver {
		return Reason{Rule: RuleGameOver}
	}
	if int(a.Player) >= int(s.NumPlayers) {
		r := Reason{Rule: RuleNoSuchPlayer}
		r.N, r.M = int16(a.Player), int16(s.NumPlayers)
		return r
	}
	if r := s.shapeRule(a); !r.OK() {
		return r
	}
	if actor := s.Actor(); int(a.Player) != actor {
		r := Reason{Rule: RuleNotYourTurn}
		r.Player, r.N = int8(actor), int16(a.Player)
		return r
	}
	return Reason{}
}

// shapeRule checks that every index in the action is in range (so nothing below can
// panic) and that the action names exactly the fields its kind uses (so that an accepted
// action means the same after Edition.Encode and Edition.Decode). Entries past a count
// (Links[1] when NLinks is 1) are not read.
func (s *State) shapeRule(a *Action) Reason {
	e := s.ed
	unknown := Reason{Rule: RuleUnknown}
	if a.Kind == KindNone || a.Kind >= numKinds {
		return unknown
	}
	if a.NLinks > 2 || a.NCoal > 2 || a.NIron > 2 || a.NBeer > 2 || a.NDev > 2 || a.NCards > 2 {
		return unknown
	}
	if a.Card != NoCard && int(a.Card) >= len(e.Cards) || a.Industry >= numIndustries {
		return unknown
	}
	if a.Space < none || int(a.Space) >= len(e.Spaces) || a.Merchant < none || int(a.Merchant) >= len(e.MerchantSpaces) {
		return unknown
	}
	if a.Port != 0 && a.Port != ToDistantMarket && (a.Port < 0 || int(a.Port) > len(e.Spaces)) {
		return unknown
	}
	if int(a.Loan) > e.Rules.LoanSteps {
		return unknown
	}
	for i := 0; i < int(a.NLinks); i++ {
		if a.Links[i] < 0 || int(a.Links[i]) >= len(e.Links) {
			return unknown
		}
	}
	space := func(v int8) bool { return v >= 0 && int(v) < len(e.Spaces) }
	for i := 0; i < int(a.NCoal); i++ {
		if v := a.Coal[i]; v != SrcMarket && !space(v) {
			return unknown
		}
	}
	for i := 0; i < int(a.NIron); i++ {
		if v := a.Iron[i]; v != SrcMarket && !space(v) {
			return unknown
		}
	}
	for i := 0; i < int(a.NBeer); i++ {
		if v := a.Beer[i]; v != SrcMerchant && !space(v) {
			return unknown
		}
	}
	for i := 0; i < int(a.NDev); i++ {
		if a.Dev[i] == NoIndustry || a.Dev[i] >= numIndustries {
			return unknown
		}
	}
	for i := 0; i < int(a.NCards); i++ {
		if int(a.Cards[i]) >= len(e.Cards) {
			return unknown
		}
	}
	// Which fields each kind names: everything else must be absent.
	ok := false
	noSpace, noMerchant, noIndustry := a.Space == none, a.Merchant == none, a.Industry == NoIndustry
	// (the Lancashire fields: a port only in a sale, a loan amount only in a loan)
	if a.Port != 0 && (a.Kind != KindSell || !e.ports) || a.Loan != 0 && a.Kind != KindLoan {
		r := Reason{Rule: RuleMalformed}
		r.N = int16(a.Kind)
		return r
	}
	switch a.Kind {
	case KindBuild:
		ok = !noIndustry && !noSpace && noMerchant && a.NLinks == 0 && a.NBeer == 0 && a.NDev == 0 && (a.NCards == 0 || a.NCards == 1 && e.Rules.DoubleBuild)
	case KindNetwork:
		ok = noIndustry && noSpace && noMerchant && a.NLinks > 0 && a.NIron == 0 && a.NDev == 0 && a.NCards == 0
	case KindDevelop:
		ok = noIndustry && noSpace && noMerchant && a.NLinks == 0 && a.NCoal == 0 && a.NBeer == 0 && a.NCards == 0
	case KindSell:
		ok = noIndustry && !noSpace && noMerchant != (a.Port == 0) && a.NLinks == 0 && a.NCoal == 0 && a.NIron == 0 && a.NCards == 0 && a.NDev <= 1
	case KindLoan, KindPass:
		ok = noIndustry && noSpace && noMerchant && a.NLinks == 0 && a.NCoal == 0 && a.NIron == 0 && a.NBeer == 0 && a.NDev == 0 && a.NCards == 0 &&
			(a.Kind == KindPass || a.Loan != 0 || e.Rules.LoanSteps == 1)
	case KindScout:
		ok = noIndustry && noSpace && noMerchant && a.NLinks == 0 && a.NCoal == 0 && a.NIron == 0 && a.NBeer == 0 && a.NDev == 0
	case KindEndSell:
		ok = a.Card == NoCard && noIndustry && noSpace && noMerchant && a.NLinks == 0 && a.NCoal == 0 && a.NIron == 0 && a.NBeer == 0 && a.NDev == 0 && a.NCards == 0
	case KindRemoveTile:
		ok = a.Card == NoCard && noIndustry && !noSpace && noMerchant && a.NLinks == 0 && a.NCoal == 0 && a.NIron == 0 && a.NBeer == 0 && a.NDev == 0 && a.NCards == 0
	}
	if !ok {
		r := Reason{Rule: RuleMalformed}
		r.N = int16(a.Kind)
		return r
	}
	return Reason{}
}

// apply performs an admitted action on s (on a refusal the caller puts back its copy of s).
func (s *State) apply(a *Action) Reason {
	switch s.Phase {
	case PhaseSelling:
		switch {
		case a.Kind == KindSell && a.Card == NoCard:
			return s.doSale(a)
		case a.Kind == KindEndSell:
			if s.log != nil {
				s.logf(LogAction, int(a.Player), "%s stops selling.", s.name(int(a.Player)))
			}
			s.Phase = PhaseAction
			s.actionDone()
			return Reason{}
		}
		return Reason{Rule: RuleMidSale}
	case PhaseShortfall:
		if a.Kind != KindRemoveTile {
			return Reason{Rule: RuleShortfallFirst}
		}
		return s.doRemoveTile(a)
	}
	switch a.Kind {
	case KindEndSell:
		return Reason{Rule: RuleNotSelling}
	case KindRemoveTile:
		return Reason{Rule: RuleNoShortfall}
	}
	p := int(a.Player)
	if r := s.cardsHeldRule(p, a.Card); !r.OK() {
		return r
	}
	double := a.Kind == KindBuild && a.NCards == 1
	if double {
		if r := s.doubleBuildRule(p, a.Card, a.Cards[0]); !r.OK() {
			return r
		}
	}
	var r Reason
	switch a.Kind {
	case KindBuild:
		r = s.doBuild(a)
	case KindNetwork:
		r = s.doNetwork(a)
	case KindDevelop:
		r = s.doDevelop(a)
	case KindSell:
		return s.doSale(a) // counts the action itself when the selling ends
	case KindLoan:
		r = s.doLoan(a)
	case KindScout:
		r = s.doScout(a)
	case KindPass:
		s.discard(p, a.Card)
		if s.log != nil {
			s.logf(LogAction, p, "%s passes, discarding %s.", s.name(p), s.ed.Cards[a.Card].Name)
		}
	}
	if !r.OK() {
		return r
	}
	if double {
		s.ActionsDone++ // the two-card build takes both actions of the turn
	}
	if s.Phase == PhaseAction {
		s.actionDone()
	}
	return Reason{}
}

// cardsHeldRule: every action discards a card from the hand ("Player Turns"), and the
// player must hold all the cards discarded together (repeats counted, for Scout). In a
// dealt game, cards the hand holds unknown to this device may be any cards not seen
// elsewhere (but never wild cards, which are taken face up): the deal checks the card.
func (s *State) cardsHeldRule(p int, cards ...CardKind) Reason {
	hand := &s.Players[p].Hand
	short := 0 // cards that must come from the hand's unknown cards
	for i, k := range cards {
		if k == NoCard {
			return Reason{Rule: RuleNeedCard}
		}
		n := 1 // this card and its repeats after it: all of them at its first appearance
		for _, x := range cards[:i] {
			if x == k {
				n = 0
			}
		}
		for _, x := range cards[i+1:] {
			if x == k && n > 0 {
				n++
			}
		}
		if n > int(hand[k]) {
			short += n - int(hand[k])
			if !s.mayBeUnknown(p, k, n-int(hand[k]), short) {
				r := Reason{Rule: RuleCardNotHeld}
				r.Card, r.N = k, int16(n)
				return r
			}
		}
	}
	return Reason{}
}

// actionDone counts an action; the turn ends after the last action of the turn.
func (s *State) actionDone() {
	s.ActionsDone++
	if int(s.ActionsDone) >= s.ActionsThisTurn() {
		s.endTurn()
	}
}
