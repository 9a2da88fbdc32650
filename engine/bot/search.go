package bot

import (
	"sort"

	"brass/engine"
)

// hardParams size the Hard search.
type hardParams struct {
	width, perKind int // turn planning: candidates completed into whole turns
	keep           int // candidates that go on to the rollouts
	budget         int // evaluations in all (the work budget)
	horizon        int // own turns played after this one in each rollout
	ownPlan        int // in rollouts, plan the bot's own turns with this width (0: greedy)
}

// search is Hard's decision. It plans the turn on one sampled deal, keeps the best few
// first actions, and then plays each of them forward on freshly sampled deals — the rest of
// this turn, every opponent's answer and the bot's own next turns (horizon), the opponents
// choosing greedily by the evaluation and the bot planning each of its turns whole (ownPlan),
// so that a build → link → sell chain over several turns is seen — and judges them by the
// position reached. All candidates are
// played on the same deals (common random numbers), and the worse half is dropped after
// each stage (successive halving) until the budget is spent.
func (t *thinker) search(sm *sampler, p int, prm hardParams) (engine.Action, []rated) {
	var det engine.State
	sm.sample(t.r, &det)
	plans := t.planTurn(&det, prm.width, prm.perKind)
	if len(plans) <= 1 {
		return firstOr(plans), plans
	}
	cands := distinct(plans, prm.keep)
	sum := make([]float64, len(cands))
	cnt := make([]int, len(cands))
	alive := make([]int, len(cands))
	for i := range alive {
		alive[i] = i
	}
	mean := func(i int) float64 { return sum[i] / float64(max(cnt[i], 1)) }
	// what a rollout costs in evaluations: the mean of those played so far
	spent, played := 0, 0
	perRollout := func() int { return max(spent/max(played, 1), 1) }
	// how many candidates a deal can be played on: done already, and those the budget left affords
	afford := func(done int) int { return done + max(prm.budget-t.evals, 0)/perRollout() }
	for len(alive) > 1 {
		// one stage: the same deals for every surviving candidate, as many as the budget
		// allows for the stages still to come (the first stage learns what a rollout costs
		// from its first deal, then plays its share of deals like the others)
		stagesLeft := 0
		for n := len(alive); n > 1; n = (n + 1) / 2 {
			stagesLeft++
		}
		left := prm.budget - t.evals
		first := played == 0
		deals := 1
		if !first {
			deals = share(left, stagesLeft, len(alive), perRollout())
			if deals == 0 {
				// not even one deal each: keep the candidates one deal can afford
				alive = alive[:min(len(alive), afford(0))]
				if len(alive) < 2 {
					break
				}
				deals = 1
			}
		}
		for d := 0; d < deals; d++ {
			sm.sample(t.r, &det)
			for k := 0; k < len(alive); k++ {
				i := alive[k]
				before := t.evals
				sum[i] += t.rollout(&det, cands[i].a, p, &prm)
				cnt[i]++
				spent += t.evals - before
				played++
				if played == 1 {
					// the first rollout tells roughly what one costs: keep only the
					// candidates that the budget lets play at least this deal
					alive = alive[:min(len(alive), afford(k+1))]
				}
			}
			if len(alive) < 2 {
				break // the budget affords one candidate: it is the choice
			}
			if first && d == 0 {
				// the first deal tells what a rollout costs: the stage's share of deals
				deals = max(share(left, stagesLeft, len(alive), perRollout()), 1)
			}
		}
		if len(alive) < 2 {
			break
		}
		sort.SliceStable(alive, func(a, b int) bool { return mean(alive[a]) > mean(alive[b]) })
		alive = alive[:(len(alive)+1)/2]
	}
	if len(alive) == 0 {
		return cands[0].a, cands
	}
	sort.SliceStable(alive, func(a, b int) bool { return mean(alive[a]) > mean(alive[b]) })
	out := make([]rated, len(cands))
	for i := range cands {
		out[i] = rated{cands[i].a, mean(i), cnt[i]}
		if cnt[i] == 0 {
			out[i].v = cands[i].v
		}
	}
	return cands[alive[0]].a, out
}

// rollout plays candidate a for player p on a sampled deal and returns p's evaluation of
// the position after p's next prm.horizon turns (or at the end of the game).
func (t *thinker) rollout(det *engine.State, a engine.Action, p int, prm *hardParams) float64 {
	horizon := prm.horizon
	t.coarse = true
	defer func() { t.coarse = false }()
	s := *det
	if err := s.Apply(&a); err != nil {
		return -1e9
	}
	t.finishTurn(&s, p)
	own := 0
	last := turnKey(&s)
	for steps := 0; s.Phase != engine.PhaseOver && steps < 200; steps++ {
		actor := s.Actor()
		key := turnKey(&s)
		if actor == p && s.Phase == engine.PhaseAction && key != last {
			if own >= horizon {
				break
			}
			own++
			last = key
		}
		var b engine.Action
		ok := true
		if actor == p && prm.ownPlan > 0 && s.Phase == engine.PhaseAction && s.ActionsDone == 0 {
			// the bot's own later turns are planned whole, as Medium does
			plans := t.planTurn(&s, prm.ownPlan, 0)
			b, ok = firstOr(plans), len(plans) > 0
		} else {
			b, ok = t.greedy(&s, 0)
		}
		if !ok || s.Apply(&b) != nil {
			break
		}
	}
	return t.eval(&s, p)
}

// share is the deals each of alive candidates plays in a stage when left evaluations are
// shared by stagesLeft stages and a rollout costs per: rounded, so that a stage that can
// afford 1.9 deals plays 2 (the later stages then get a little less), except in the last
// stage, which must stay within the budget.
func share(left, stagesLeft, alive, per int) int {
	if stagesLeft == 1 {
		return left / (alive * per)
	}
	return (2*left/(stagesLeft*alive*per) + 1) / 2
}

// distinct returns the first keep plans that differ in effect: of Develops of the same
// industries and of double rail links on the same two lines (sameEffect), which only take
// their iron, coal or beer from different places or lay the lines in another order, only
// the best-rated one is played forward.
func distinct(plans []rated, keep int) []rated {
	out := make([]rated, 0, keep)
next:
	for _, r := range plans {
		if len(out) == keep {
			break
		}
		for i := range out {
			if sameEffect(&out[i].a, &r.a) {
				continue next
			}
		}
		out = append(out, r)
	}
	return out
}

func firstOr(r []rated) engine.Action {
	if len(r) == 0 {
		return engine.Action{}
	}
	return r[0].a
}
