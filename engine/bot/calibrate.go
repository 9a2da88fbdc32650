package bot

// The flip-chance tables are measured by tools/calibrate (one round of calibration each):
//go:generate go run ../../tools/calibrate -dir . -games 60 -damp 50
//go:generate go run ../../tools/calibrate -dir . -edition lancashire -games 80 -damp 100

import (
	"errors"

	"brass/engine"
)

// Calibration measures the flip chances the bots play by (calibration.go,
// calibration_lancashire.go): in Medium self-play, how often an unflipped tile of each class
// flips before the end of its era, by player count, era and rounds left. It exists for
// tools/calibrate, which plays the games and writes the table; play never uses it.
type Calibration struct {
	file, variable string   // where the edition's table is: calibration.go, flipTable
	current        *flipTab // the table the bots play by now
	edition        string
	// cells[players][era][class][rounds left − 1]: unflipped tiles seen, and how many flipped
	cells [5][2][numClasses][rlBuckets]struct{ seen, flipped float64 }
}

// NewCalibration starts measuring an edition's table: "birmingham", or "lancashire" (whose
// rule sets share one, measured under the Roxley rules).
func NewCalibration(edition string) (*Calibration, error) {
	switch edition {
	case "birmingham":
		return &Calibration{file: "calibration.go", variable: "flipTable", current: &flipTable, edition: edition}, nil
	case "lancashire":
		return &Calibration{file: "calibration_lancashire.go", variable: "flipTableLancashire", current: &flipTableLancashire, edition: edition}, nil
	}
	return nil, errors.New("bot: no flip table for edition " + edition)
}

// Target names the file in engine/bot and the variable that hold the edition's table.
func (c *Calibration) Target() (file, variable string) { return c.file, c.variable }

// Add counts the games o (of the same edition) played as if c had played them.
func (c *Calibration) Add(o *Calibration) {
	for n := range c.cells {
		for era := range c.cells[n] {
			for cl := range c.cells[n][era] {
				for rl := range c.cells[n][era][cl] {
					c.cells[n][era][cl][rl].seen += o.cells[n][era][cl][rl].seen
					c.cells[n][era][cl][rl].flipped += o.cells[n][era][cl][rl].flipped
				}
			}
		}
	}
}

// Table returns the measured table, each cell smoothed towards its class's mean over all
// rounds left (as if 10 more games had given the mean), that mean towards the current table
// (5 games), and the whole moved damp (0 to 1) of the way from the current table; and how
// many tiles of each class were seen.
func (c *Calibration) Table(damp float64) (table flipTab, seen [5][2][numClasses]int) {
	for n := range c.cells {
		for era := range c.cells[n] {
			for cl := range c.cells[n][era] {
				var sn, sf float64
				for _, cell := range c.cells[n][era][cl] {
					sn += cell.seen
					sf += cell.flipped
				}
				seen[n][era][cl] = int(sn)
				prev := c.current[n][era][cl]
				for rl, cell := range c.cells[n][era][cl] {
					mean := prev[rl]
					if sn > 0 {
						mean = (sf + 5*prev[rl]) / (sn + 5)
					}
					v := (cell.flipped + 10*mean) / (cell.seen + 10)
					table[n][era][cl][rl] = (1-damp)*prev[rl] + damp*v
				}
			}
		}
	}
	return table, seen
}

// Play plays one self-play game of the edition for n players, Medium thinking with the
// hand-built evaluation, and counts, every 3rd decision of an action phase, each unflipped
// tile by its class and rounds left, and whether it flipped before the end of its era.
func (c *Calibration) Play(n int, seed uint64) error {
	type observation struct {
		sp      int
		id      engine.Tile
		era     engine.Era
		class   int
		rl      int
		outcome int // -1 open, 0 not flipped in its era, 1 flipped
	}
	prof := profiles[Medium]
	prof.learned = false // the flip chances are the hand-built evaluation's own
	s, err := engine.New(engine.Config{Edition: c.edition, Players: n, Seed: seed})
	if err != nil {
		return err
	}
	b := boardOf(s.Edition())
	ev := newEvaluator(b, &prof.w, nil)
	var all []observation
	var open []int
	ident := func(t engine.Tile) engine.Tile { t.Flipped, t.Cubes = false, 0; return t }
	for step := 0; s.Phase != engine.PhaseOver; step++ {
		if step%3 == 0 && s.Phase == engine.PhaseAction {
			var proj [engine.MaxPlayers]float64
			ev.project(s, &proj)
			cards := drawable(s)
			for p := 0; p < n; p++ {
				cards += int(s.Players[p].HandLen)
			}
			rl := min(max((cards+2*n-1)/(2*n), 1), rlBuckets)
			for sp := range s.Edition().Spaces {
				tl := s.Tiles[sp]
				if tl.Owner == 0 || tl.Flipped {
					continue
				}
				cl := ev.tileClass(s, sp, tl, int(tl.Owner)-1)
				all = append(all, observation{sp: sp, id: ident(tl), era: s.Era, class: cl, rl: rl, outcome: -1})
				open = append(open, len(all)-1)
			}
		}
		p := s.Actor()
		v := s.View(p)
		a, err := Bot{tune: &prof}.Choose(&v, p, seed*1000+uint64(step))
		if err != nil {
			return err
		}
		era := s.Era
		if err := s.Apply(&a); err != nil {
			return err
		}
		keep := open[:0]
		for _, i := range open {
			o := &all[i]
			tl := s.Tiles[o.sp]
			switch {
			case s.Era == o.era && ident(tl) == o.id && tl.Flipped:
				o.outcome = 1
			case s.Era != era || s.Phase == engine.PhaseOver || ident(tl) != o.id:
				o.outcome = 0
			default:
				keep = append(keep, i)
			}
		}
		open = keep
	}
	for _, o := range all {
		if o.outcome >= 0 {
			cell := &c.cells[n][o.era][o.class][o.rl-1]
			cell.seen++
			cell.flipped += float64(o.outcome)
		}
	}
	return nil
}
