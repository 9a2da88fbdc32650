package engine

// The Develop action ("Develop Action", "Potteries and the Lightbulb Icon"); the same rule
// decides Gloucester's free develop ("Merchant Beer Bonuses").

// developRule: the tile developed is the lowest of its industry left on the mat (the
// used+1th), and it may not show a lightbulb.
func (s *State) developRule(ind Industry, used int) (*TileSpec, Reason) {
	mat := s.ed.Mats[ind]
	if used >= len(mat) {
		r := Reason{Rule: RuleMatEmpty}
		r.Industry = ind
		return nil, r
	}
	spec := &mat[used]
	if spec.Lightbulb {
		r := Reason{Rule: RuleLightbulb}
		r.Industry, r.Level = ind, int8(spec.Level)
		return nil, r
	}
	return spec, Reason{}
}

func (s *State) doDevelop(a *Action) Reason {
	p := int(a.Player)
	n := int(a.NDev)
	if n == 0 {
		return Reason{Rule: RuleDevelopCount}
	}
	used := s.Players[p].MatUsed
	var names string
	for i := 0; i < n; i++ {
		ind := a.Dev[i]
		spec, r := s.developRule(ind, int(used[ind]))
		if !r.OK() {
			return r
		}
		used[ind]++
		if s.log != nil {
			if names != "" {
				names += " and "
			}
			names += tileName(ind, spec.Level)
		}
	}
	var b boardScan
	s.scanSpaces(&b) // (iron needs no connection)
	pl := &b.pl
	var spent consumed
	var ctx Reason
	ctx.Merchant = none
	if r := s.payIron(pl, n, a.Iron[:a.NIron], &spent, ctx); !r.OK() {
		return r
	}
	if r := s.moneyRule(p, pl.cost, pl.cost); !r.OK() {
		return r
	}
	if s.log != nil {
		s.addLog(LogAction, p, s.name(p)+" develops "+names+s.usingText(&spent, -1)+", paying £"+itoa(pl.cost)+".")
	}
	s.discard(p, a.Card)
	s.spend(p, pl.cost)
	s.Players[p].MatUsed = used
	s.commitPool(pl)
	return Reason{}
}
