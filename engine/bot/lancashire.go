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

// flipTables are the flip chances measured per edition (calibration*.go); the rule sets of
// an edition share its table.
var flipTables = map[string]*flipTab{
	"birmingham": &flipTable,
	"lancashire": &flipTableLancashire,
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
	table   *flipTab
}

func factsOf(ed *engine.Edition) editionFacts {
	f := editionFacts{ports: len(ed.DistantTiles) > 0, table: flipTables[ed.ID]}
	if f.table == nil {
		f.table = &flipTable
	}
	for i, loc := range ed.Locations {
		if loc.Kind == engine.ExternalLocation {
			f.external |= 1 << uint(i)
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
	e.distantOpen = s.DistantLen > 0 && !s.DemandClosed() && s.DistantLeft > 0
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
