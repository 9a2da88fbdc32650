package bot

import (
	"errors"
	"math"
	"math/rand/v2"

	"brass/engine"
)

// Learning from what a turn changes. A fit to where self-play games end (learn.go) learns
// which positions go with a good outcome, not what an action does to it: in self-play, money
// kept early goes with positions that did well for other reasons. Here, at positions of
// self-play games, the player's candidate turns (as Medium plans them) are each played out
// to the end of the game on the same sampled deals, and the weights are fitted to the
// differences between the candidates' outcomes: what the features of the position right
// after each turn say about how much better or worse it ends. A weight then has to predict
// the consequence of a choice, which is what a bot comparing its choices asks of it.

// PlanGroups are the positions of one game at which candidate turns were played out: per
// position, one row per candidate, its features and outcome taken as departures from the
// position's mean (so only what differs between the candidates is fitted).
type PlanGroups struct {
	players int
	groups  [][]sample
}

// Positions is how many positions the game gave.
func (g PlanGroups) Positions() int { return len(g.groups) }

// PlayPlans plays one game of n players from seed, every seat played by b. At positions
// turns of the game chosen at random (seeded), it takes the acting player's candidate turns
// (at most maxPlans, rated as Medium rates them, with the model b thinks with) and plays
// each rollouts times to the end of the game, every seat played by b, on deals sampled from
// that player's view, the same deals for every candidate. A candidate's row holds the
// features right after its turn (each player's less the opponents' mean, averaged over the
// deals) and the VP it went on to score from there, less the opponents' mean.
func (l *Learning) PlayPlans(n int, seed uint64, b Bot, positions, maxPlans, rollouts int) (PlanGroups, error) {
	s, err := engine.New(engine.Config{Edition: l.ed.ID, Rules: l.ed.RuleSet, Players: n, Seed: seed})
	if err != nil {
		return PlanGroups{}, err
	}
	m, err := b.model(l.ed)
	if err != nil {
		return PlanGroups{}, err
	}
	bd := boardOf(l.ed)
	r := rand.New(rand.NewPCG(seed, 0x706c616e73))
	// the turns to study: of the 2×rounds×n turns of a game (fewer are played where the
	// rounds are shorter), positions chosen at random
	turns := 2 * n * bd.railRounds[n]
	want := map[int]bool{}
	for len(want) < min(positions, turns) {
		want[r.IntN(turns)] = true
	}
	out := PlanGroups{players: n}
	turn := -1
	last := uint32(math.MaxUint32)
	for step := 0; s.Phase != engine.PhaseOver; step++ {
		if step > 2000 {
			return PlanGroups{}, errors.New("bot: self-play game did not end")
		}
		p := s.Actor()
		if s.Phase == engine.PhaseAction && s.ActionsDone == 0 && turnKey(s) != last {
			last = turnKey(s)
			turn++
			if want[turn] {
				g, err := l.playOut(s, p, b, m, seed*1000+uint64(step), maxPlans, rollouts)
				if err != nil {
					return PlanGroups{}, err
				}
				if len(g) > 1 {
					out.groups = append(out.groups, g)
				}
			}
		}
		v := s.View(p)
		a, err := b.Choose(&v, p, seed*1000+uint64(step))
		if err != nil {
			return PlanGroups{}, err
		}
		if err := s.Apply(&a); err != nil {
			return PlanGroups{}, err
		}
	}
	return out, nil
}

// playOut plays each candidate turn of player p at s out to the end, and returns their rows
// as departures from the candidates' mean.
func (l *Learning) playOut(s *engine.State, p int, b Bot, m *model, seed uint64, maxPlans, rollouts int) ([]sample, error) {
	v := s.View(p)
	sm, err := newSampler(&v, p)
	if err != nil {
		return nil, err
	}
	t := newThinker(sm.b, &mediumWeights, m, seed)
	var det engine.State
	sm.sample(t.r, &det)
	plans := t.planTurn(&det, profiles[Medium].width, profiles[Medium].perKind)
	plans = plans[:min(len(plans), maxPlans)]
	if len(plans) < 2 {
		return nil, nil
	}
	n := int(s.NumPlayers)
	ev := newEvaluator(sm.b, &mediumWeights, nil)
	rows := make([]sample, len(plans))
	played := make([]int, len(plans))
	key := turnKey(s)
	for d := 0; d < rollouts; d++ {
		sm.sample(t.r, &det)
		dealSeed := t.r.Uint64()
		for i := range plans {
			c := det
			c.Reseed(dealSeed)
			if c.Apply(&plans[i].a) != nil {
				continue
			}
			if c.Phase != engine.PhaseOver && c.Actor() == p && turnKey(&c) == key {
				t.finishTurn(&c, p)
			}
			var f [engine.MaxPlayers][numFeatures]float64
			var vp [engine.MaxPlayers]int32
			stage := -1
			if c.Phase != engine.PhaseOver {
				stage = stageOf(c.Era, ev.features(&c))
				f = ev.feat
			}
			for q := 0; q < n; q++ {
				vp[q] = c.Players[q].VP
			}
			if err := playToEnd(&c, b, dealSeed); err != nil {
				return nil, err
			}
			var gain [engine.MaxPlayers]float64
			for q := 0; q < n; q++ {
				gain[q] = float64(c.Players[q].VP - vp[q])
			}
			row := &rows[i]
			if played[i] == 0 {
				row.stage = stage
			} else if row.stage != stage {
				row.stage = -1 // the turn ends in different stages on different deals: left out
			}
			for k := 0; k < numFeatures; k++ {
				row.f[k] += margin(f, n, p, k)
			}
			row.y += gainMargin(gain, n, p)
			played[i]++
		}
	}
	// the rows as means over their deals, less the candidates' mean
	var kept []sample
	for i := range rows {
		if played[i] != rollouts || rows[i].stage < 0 {
			continue
		}
		for k := range rows[i].f {
			rows[i].f[k] /= float64(rollouts)
		}
		rows[i].y /= float64(rollouts)
		kept = append(kept, rows[i])
	}
	if len(kept) < 2 {
		return nil, nil
	}
	stage := kept[0].stage
	var mean sample
	for i := range kept {
		if kept[i].stage != stage {
			return nil, nil
		}
		for k := range mean.f {
			mean.f[k] += kept[i].f[k] / float64(len(kept))
		}
		mean.y += kept[i].y / float64(len(kept))
	}
	for i := range kept {
		for k := range kept[i].f {
			kept[i].f[k] -= mean.f[k]
		}
		kept[i].y -= mean.y
	}
	return kept, nil
}

// margin is player p's feature k less the opponents' mean.
func margin(f [engine.MaxPlayers][numFeatures]float64, n, p, k int) float64 {
	sum := 0.0
	for q := 0; q < n; q++ {
		if q != p {
			sum += f[q][k]
		}
	}
	return f[p][k] - sum/float64(n-1)
}

// gainMargin is player p's VP gained less the opponents' mean.
func gainMargin(g [engine.MaxPlayers]float64, n, p int) float64 {
	sum := 0.0
	for q := 0; q < n; q++ {
		if q != p {
			sum += g[q]
		}
	}
	return g[p] - sum/float64(n-1)
}

// playToEnd plays s to the end of the game, every seat played by b.
func playToEnd(s *engine.State, b Bot, seed uint64) error {
	for step := 0; s.Phase != engine.PhaseOver; step++ {
		if step > 2000 {
			return errors.New("bot: a played-out game did not end")
		}
		q := s.Actor()
		v := s.View(q)
		a, err := b.Choose(&v, q, seed+uint64(step))
		if err != nil {
			return err
		}
		if err := s.Apply(&a); err != nil {
			return err
		}
	}
	return nil
}

// AddPlans takes a game's played-out positions into the fit of differences, or, held out,
// into the measure of its error.
func (l *Learning) AddPlans(g PlanGroups, heldOut bool) {
	for _, grp := range g.groups {
		if heldOut {
			l.checkPlans[g.players] = append(l.checkPlans[g.players], grp...)
		} else {
			l.trainPlans[g.players] = append(l.trainPlans[g.players], grp...)
		}
	}
}

// FitPlans fits, per player count and stage, the weights that best predict the differences
// between candidate turns' outcomes, by ridge regression towards the model b thinks with
// (the hand-built weights where it has none): each weight's departure from
// them costs ridge × the mean square of its feature's differences. Weights no difference
// measures (the bias) keep their value, and so do the player counts with no positions. It keeps the model for Source and reports, per
// stage, the held-out error of the predicted differences by the current and the new weights.
func (l *Learning) FitPlans(b Bot, ridge float64) ([]StageFit, error) {
	base, err := b.model(l.ed)
	if err != nil {
		return nil, err
	}
	m := &model{}
	var rep []StageFit
	for n := range l.trainPlans {
		if len(l.trainPlans[n]) == 0 {
			if base != nil {
				m.byPlayers[n] = base.byPlayers[n] // no positions at n players: kept
			}
			continue
		}
		sw := new(stageWeights)
		for st := 0; st < numStages; st++ {
			from := base.stage(n, engine.Era(st/eraStages), 1+2*(st%eraStages))
			sw[st] = fitStageFrom(l.trainPlans[n], st, ridge, from)
			fit := StageFit{Players: n, Stage: st}
			var eh, ef float64
			for _, r := range l.trainPlans[n] {
				if r.stage == st {
					fit.Positions++
				}
			}
			for _, r := range l.checkPlans[n] {
				if r.stage != st {
					continue
				}
				fit.HeldOut++
				eh += sq(weigh(0, from, &r.f) - r.y)
				ef += sq(weigh(0, &sw[st], &r.f) - r.y)
			}
			if fit.HeldOut > 0 {
				fit.HandError = math.Sqrt(eh / float64(fit.HeldOut))
				fit.FittedError = math.Sqrt(ef / float64(fit.HeldOut))
			}
			rep = append(rep, fit)
		}
		m.byPlayers[n] = sw
	}
	l.model = m
	return rep, nil
}
