package bot

import (
	"sort"

	"brass/engine"
)

// classicParams is the Hard profile of that day; Bot.Budget still sets its budget.
var classicParams = hardParams{width: 12, perKind: 1, keep: 12, budget: DefaultBudget, horizon: 2, ownPlan: 3}

// searchClassic is Hard's search as it was when issue 22 asked for stronger bots (commit
// 81366e0), kept unchanged as an opponent to measure today's Hard against (Bot.Classic):
// the first stage plays one deal per candidate and then drops half of them, a rollout's
// cost is taken from the first one alone, and candidates that differ only in their
// sources are played forward each. Do not improve it: improvements belong in search.
func (t *thinker) searchClassic(sm *sampler, p int, prm hardParams) (engine.Action, []rated) {
	var det engine.State
	sm.sample(t.r, &det)
	plans := t.planTurn(&det, prm.width, prm.perKind)
	if len(plans) <= 1 {
		return firstOr(plans), plans
	}
	cands := plans[:min(prm.keep, len(plans))]
	sum := make([]float64, len(cands))
	cnt := make([]int, len(cands))
	alive := make([]int, len(cands))
	for i := range alive {
		alive[i] = i
	}
	mean := func(i int) float64 { return sum[i] / float64(max(cnt[i], 1)) }
	perRollout := 0 // evaluations one rollout costs, measured on the first
	for len(alive) > 1 {
		stagesLeft := 0
		for n := len(alive); n > 1; n = (n + 1) / 2 {
			stagesLeft++
		}
		left := prm.budget - t.evals
		deals := 1
		if perRollout > 0 {
			deals = left / (stagesLeft * len(alive) * perRollout)
			if deals == 0 {
				alive = alive[:min(len(alive), max(left/perRollout, 0))]
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
				if perRollout == 0 {
					perRollout = max(t.evals-before, 1)
					alive = alive[:min(len(alive), max(1+(prm.budget-t.evals)/perRollout, k+1))]
				}
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
		out[i] = rated{a: cands[i].a, v: mean(i), n: cnt[i]}
		if cnt[i] == 0 {
			out[i].v = cands[i].v
		}
	}
	return cands[alive[0]].a, out
}
