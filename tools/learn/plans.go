package main

import (
	"cmp"
	"fmt"
	"os"

	"brass/engine"
	"brass/engine/bot"
	"brass/tools/internal/parallel"
)

// PlanSeed is where the seeds of the games whose candidate turns are played out begin:
// apart from the other learning games' and above every tournament's.
const PlanSeed = 2_000_000

// planStudy is how -plans studies a game: positions per game, candidate turns per position,
// deals each candidate is played out on (bot.Learning.PlayPlans).
type planStudy struct{ positions, candidates, rollouts int }

// play plays the games, studies their positions and adds them to l in seed order, every
// fifth game held out.
func (ps *planStudy) play(l *bot.Learning, ed *engine.Edition, b bot.Bot, games, players, workers int) error {
	jobs := gameJobs(ed, games, players)
	results := make([]bot.PlanGroups, len(jobs))
	errs := parallel.Each(len(jobs), workers, func(i int) (err error) {
		j := jobs[i]
		results[i], err = l.PlayPlans(j.n, uint64(PlanSeed+j.n*100_000+j.g), b, ps.positions, ps.candidates, ps.rollouts)
		return err
	}, func(done int) {
		if done%max(len(jobs)/20, 1) == 0 {
			fmt.Fprintf(os.Stderr, "%d/%d games\n", done, len(jobs))
		}
	})
	var first error
	for i, j := range jobs {
		if errs[i] != nil {
			first = cmp.Or(first, fmt.Errorf("%d players, game %d: %w", j.n, j.g, errs[i]))
			continue
		}
		l.AddPlans(results[i], j.g%5 == 4)
	}
	return first
}
