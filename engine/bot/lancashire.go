package bot

import (
	"math/bits"

	"brass/engine"
)

// What the bot knows of each edition beyond the engine's data, in one place. Everything
// here is read from the edition (its industries, its Distant Market, its rules); the only
// table kept per edition is the measured flip chances. The rest of the package asks these
// facts and never which edition it plays.
//
// Brass: Lancashire differs for the bot in that cotton is sold to Port tiles (anyone's,
// unflipped, connected: the port flips too) or to the Distant Market (through any port or
// external location, while the demand marker is above "X"), not to merchants; nothing
// needs beer; shipyards flip as soon as they are built; loans come in £10 steps; money
// scores 1 VP per £10 at the end; some cards lie set aside under the deck.

// flipTab is a table of flip chances: [players][era][class][rounds left − 1].
type flipTab = [5][2][numClasses][rlBuckets]float64

// tuning is what is set by hand or measured per edition; the rule sets of an edition share it.
type tuning struct {
	table *flipTab // flip chances measured in self-play (calibration*.go)
	// debt is the VP a £ of shortfall (shortfall) costs beyond its money value: a player who
	// cannot pay their negative income loses tiles or points. Lancashire's small loans make
	// running into debt easy.
	debt float64
	// prospect is the part of its VP that a buildable tile of a developFirst industry is
	// worth before it is built: enough that developing the level-0 tile away pays, not so
	// much that the bot develops and never builds.
	prospect float64
	// hardWidth is how many whole turns Hard plans and plays forward (its width and keep);
	// 0 keeps the level's own. In Lancashire 16 won 77% of the 200 games against Medium it was
	// chosen on, where 12 won 68%, and 71.3% of 300 new ones (83.0% of them since the 2-player
	// weights were fitted to Hard's games); in Birmingham 16 won 82.5% of 200 where 12 won
	// 84.5% (docs/bots.md).
	hardWidth int
}

// tunings are the editions' own tunings; an edition without one (Birmingham) has flipTable and
// no debt or prospect.
var tunings = map[string]tuning{
	"lancashire": {table: &flipTableLancashire, debt: 1, prospect: 0.25, hardWidth: 16},
}

// editionFacts are the facts of an edition that shape the evaluation and the hints.
type editionFacts struct {
	// ports: cotton sells to Port tiles and the Distant Market rather than to merchants.
	ports bool
	// external is the mask of external locations: like a constructed port, they give
	// access to the Distant Market.
	external uint64
	// moneyVP is the VP a £ held at the end of the game scores (Lancashire: 1/10).
	moneyVP float64
	tuning
	// developFirst are the industries whose first tile is never built but developed away
	// (Lancashire's level-0 Shipyard), with the build spaces that take them.
	developFirst []engine.Industry
	spacesFor    [16][]int
}

func factsOf(ed *engine.Edition) editionFacts {
	f := editionFacts{ports: len(ed.DistantTiles) > 0, tuning: tunings[ed.ID]}
	if f.table == nil {
		f.table = &flipTable
	}
	for i, loc := range ed.Locations {
		if loc.Kind == engine.ExternalLocation {
			f.external |= 1 << uint(i)
		}
	}
	for _, ind := range ed.Industries {
		if mat := ed.Mats[ind]; len(mat) > 0 && !mat[0].CanalOK && !mat[0].RailOK {
			f.developFirst = append(f.developFirst, ind)
			for sp, space := range ed.Spaces {
				for _, icon := range space.Icons {
					if icon == ind {
						f.spacesFor[ind] = append(f.spacesFor[ind], sp)
					}
				}
			}
		}
	}
	if ed.Rules.MoneyVPPer > 0 {
		f.moneyVP = 1 / float64(ed.Rules.MoneyVPPer)
	}
	return f
}

// scanPorts fills, per component of connected locations, what decides whether cotton sells
// there: unflipped ports (which buy cotton), an anchor (any port or external location: the
// way to the Distant Market) and unflipped cotton mills (which flip the ports).
func (e *evaluator) scanPorts(s *engine.State) {
	nl := len(e.b.ed.Locations)
	for i := 0; i < nl; i++ {
		e.freePorts[i], e.mills[i], e.anchored[i] = 0, 0, false
	}
	for m := e.b.facts.external; m != 0; m &= m - 1 {
		e.anchored[e.comp[bits.TrailingZeros64(m)]] = true
	}
	for sp := range e.b.ed.Spaces {
		t := &s.Tiles[sp]
		if t.Owner == 0 {
			continue
		}
		c := e.comp[e.b.spaceLoc[sp]]
		switch t.Industry {
		case engine.Port:
			e.anchored[c] = true
			if !t.Flipped {
				e.freePorts[c]++
			}
		case engine.Cotton:
			if !t.Flipped {
				e.mills[c]++
			}
		}
	}
	e.distantOpen = s.DistantOpen()
}

// portClass classifies an unflipped Cotton Mill or Port where cotton sells to ports.
func (e *evaluator) portClass(sp int, t engine.Tile) int {
	c := e.comp[e.b.spaceLoc[sp]]
	if t.Industry == engine.Port {
		// a port flips when a mill connected to it sells to it
		if e.mills[c] > 0 {
			return classPortWanted
		}
		return classPortIdle
	}
	switch {
	case e.freePorts[c] > 0:
		return classSellReady
	case e.anchored[c] && e.distantOpen:
		return classCottonDistant
	}
	return classSellFar
}

// prospects values player p's next tiles of the developFirst industries (shipyards): once
// the level-0 tile is developed away, the next one counts for part of its VP while it may
// be built in this era, a space for it is free and the player has actions left.
func (e *evaluator) prospects(s *engine.State, p int) float64 {
	v := 0.0
	for _, ind := range e.b.facts.developFirst {
		spec, ok := s.NextTile(p, ind)
		if !ok || e.actsEra[p] < 1 || !spec.BuildableIn(s.Era) {
			continue
		}
		for _, sp := range e.b.facts.spacesFor[ind] {
			if s.Tiles[sp].Owner == 0 {
				v += e.b.facts.prospect * float64(spec.VP)
				break
			}
		}
	}
	return v
}

// shortfall is the money player p will lack to pay a negative income at the next two
// payouts if nothing is earned meanwhile.
func (e *evaluator) shortfall(s *engine.State, p int, payouts int) float64 {
	inc := s.IncomeLevel(p)
	if inc >= 0 {
		return 0
	}
	return float64(max(0, -(int(s.Players[p].Money) + inc*min(payouts, 2))))
}

// drawsDistant: the action sells cotton to the Distant Market, which draws the top tile of
// the face-down stack.
func drawsDistant(a *engine.Action) bool {
	return a.Kind == engine.KindSell && a.Port == engine.ToDistantMarket
}

// overDistant is the expectation of f over the tile a Distant Market sale will draw: each
// kind of tile left in the (sampled) face-down stack is put on top in turn, weighted by how
// many of it are left, so that a sale is judged by its odds rather than by one sampled
// draw. f plays on a copy of s.
func overDistant(s *engine.State, f func(c *engine.State) (float64, bool)) (float64, bool) {
	left := int(s.DistantLeft)
	if left <= 1 {
		c := *s
		return f(&c)
	}
	var done [256]bool
	sum := 0.0
	for i := 0; i < left; i++ {
		k := s.Distant[i]
		if done[k] {
			continue
		}
		done[k] = true
		n := 0
		for _, o := range s.Distant[:left] {
			if o == k {
				n++
			}
		}
		c := *s
		c.Distant[i], c.Distant[left-1] = c.Distant[left-1], c.Distant[i]
		v, ok := f(&c)
		if !ok {
			return 0, false
		}
		sum += v * float64(n) / float64(left)
	}
	return sum, true
}
