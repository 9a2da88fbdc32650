package bot

import (
	"math"

	"brass/engine"
)

// weights are the evaluation's tunable numbers. Each level has its own set.
type weights struct {
	money  float64 // VP per £ that the actions left can spend
	spend  float64 // £ an action can usefully spend
	excess float64 // value of £ beyond that, as a fraction
	future float64 // link icons expected on an empty build space by the end of a whole era
	later  float64 // chance that a level II+ tile for sale, not flipped in the Canal Era, flips in the Rail Era
	carry  float64 // weight of the Rail Era rescoring of level II+ tiles flipped in the Canal Era
	// The relative score subtracts oppMax × the best opponent's projection and oppMean × the
	// opponents' mean. multi scales both at three and four players, where a point taken
	// from one opponent helps the others too: there the bot mostly builds up its own score.
	oppMax, oppMean, multi float64
}

// evaluator estimates every player's final VP from a position. It keeps scratch tables so
// that an evaluation allocates nothing.
type evaluator struct {
	b     *board
	w     *weights
	model *model // how the features are weighed

	feat [engine.MaxPlayers][numFeatures]float64 // each player's features (features.go)

	comp    [64]int8
	buys    [64]uint16                   // per component: industries bought by its merchant tiles (bit per industry)
	mbeer   [64][8]uint8                 // per component and industry: merchant barrels beside tiles buying it
	brew    [64][engine.MaxPlayers]uint8 // per component and owner: barrels on unflipped breweries
	ownBeer [engine.MaxPlayers]int       // barrels on each player's breweries, anywhere
	size    [64]int8                     // per component: how many locations it joins
	// beer wanted by unflipped Cotton Mills, Manufacturers and Potteries: each player's own
	// (they may use their own beer anywhere) and, per component, everyone's
	wantOwn  [engine.MaxPlayers]float64
	wantComp [64][engine.MaxPlayers]float64 // per component and owner, connected to a buyer
	tileP    [64]float64                    // chance each tile is flipped by the end of the era
	icons    [64]float64                    // expected link icons of each location at the end of the era

	actsEra [engine.MaxPlayers]float64 // actions left to each player in this era
	payouts int                        // income payouts left in the game
	cashV   [engine.MaxPlayers]float64 // VP value of money in hand and income to come
	incomeV [engine.MaxPlayers]float64 // VP per extra income level for the rest of the game

	// where cotton sells to ports (lancashire.go), per component: unflipped ports, unflipped
	// cotton mills, a way to the Distant Market; and whether the Distant Market still buys
	freePorts   [64]uint8
	mills       [64]uint8
	anchored    [64]bool
	distantOpen bool
}

func newEvaluator(b *board, w *weights, m *model) *evaluator {
	return &evaluator{b: b, w: w, model: m}
}

// timing fills in, per player, the actions left in the era and what money and income are
// worth. Money turns into points only through actions: each action left can usefully spend
// about w.spend, so cash beyond what the remaining actions can spend (the money in hand plus
// the income still to come) is worth only w.excess of its face value. Income is worth the
// cash it will bring at the same rate.
func (e *evaluator) timing(s *engine.State) (roundsLeft int) {
	n := int(s.NumPlayers)
	deck := drawable(s)
	cards := deck
	for p := 0; p < n; p++ {
		cards += int(s.Players[p].HandLen)
	}
	roundsLeft = (cards + 2*n - 1) / (2 * n)
	rail := e.b.railRounds[n]
	w := e.w
	payouts := roundsLeft - 1
	if s.Era == engine.Canal {
		payouts = roundsLeft + rail - 1
	}
	payouts = max(payouts, 0)
	e.payouts = payouts
	for p := 0; p < n; p++ {
		acts := float64(s.Players[p].HandLen) + float64(deck)/float64(n)
		e.actsEra[p] = acts
		game := acts
		if s.Era == engine.Canal {
			game += float64(2 * rail)
		}
		cash := float64(s.Players[p].Money) + float64(s.IncomeLevel(p)*payouts)
		cap := w.spend * game
		rate := w.money
		if end := e.b.facts.moneyVP; cash > cap && end > w.money*w.excess {
			// money left over is worth what it scores at the end of the game (Lancashire)
			e.cashV[p] = w.money*cap + end*(cash-cap)
			rate = end
		} else if cash > cap {
			e.cashV[p] = w.money * (cap + w.excess*(cash-cap))
			rate *= w.excess
		} else {
			e.cashV[p] = w.money * cash
		}
		if d := e.b.facts.debt; d > 0 {
			e.cashV[p] -= d * e.shortfall(s, p, payouts)
		}
		e.incomeV[p] = rate * float64(payouts)
	}
	return roundsLeft
}

// drawable is how many cards are left to draw: the deck less the cards set aside under it.
func drawable(s *engine.State) int { return int(s.DeckLen) - int(s.DeckFloor) }

// project writes each player's estimated final VP into out: the VP scored so far plus the
// evaluation model's value of the position's features for that player (features.go). The
// hand-built model adds the hand-built terms with weight 1; a learned model weighs every
// feature by the stage of the game (model.go).
func (e *evaluator) project(s *engine.State, out *[engine.MaxPlayers]float64) {
	n := int(s.NumPlayers)
	if s.Phase == engine.PhaseOver {
		for p := 0; p < n; p++ {
			// ties are broken by income level, then money
			out[p] = float64(s.Players[p].VP) + 0.01*float64(s.IncomeLevel(p)) + 0.0001*float64(s.Players[p].Money)
		}
		return
	}
	rl := e.features(s)
	m := e.model.stage(n, s.Era, rl)
	for p := 0; p < n; p++ {
		out[p] = weigh(float64(s.Players[p].VP), m, &e.feat[p])
	}
}

// features fills e.feat with every player's features of the position (see the f*
// constants) and returns the rounds left in the era.
func (e *evaluator) features(s *engine.State) (roundsLeft int) {
	n := int(s.NumPlayers)
	ed := e.b.ed
	w := e.w
	canal := s.Era == engine.Canal
	roundsLeft = e.timing(s)
	e.b.components(s, &e.comp)
	nl := len(ed.Locations)
	for i := 0; i < nl; i++ {
		e.buys[i] = 0
		e.mbeer[i] = [8]uint8{}
		e.brew[i] = [engine.MaxPlayers]uint8{}
		e.size[i] = 0
		e.wantComp[i] = [engine.MaxPlayers]float64{}
	}
	for i := 0; i < nl; i++ {
		e.size[e.comp[i]]++
	}
	for p := 0; p < n; p++ {
		e.ownBeer[p] = 0
		e.wantOwn[p] = 0
	}
	for m := range ed.MerchantSpaces {
		slot := s.Merchants[m]
		if slot.Tile == 0 {
			continue
		}
		c := e.comp[ed.MerchantSpaces[m].Location]
		for _, ind := range ed.MerchantTiles[slot.Tile-1].Buys {
			e.buys[c] |= 1 << ind
			e.mbeer[c][ind] += slot.Beer
		}
	}
	if e.b.facts.ports {
		e.scanPorts(s)
	}
	for sp := range ed.Spaces {
		t := &s.Tiles[sp]
		if t.Owner != 0 && t.Industry == engine.Brewery && t.Cubes > 0 {
			e.brew[e.comp[e.b.spaceLoc[sp]]][t.Owner-1] += t.Cubes
			e.ownBeer[t.Owner-1] += int(t.Cubes)
		}
		if t.Owner != 0 && !t.Flipped && sellable(t.Industry) {
			c := e.comp[e.b.spaceLoc[sp]]
			need := float64(s.TileSpec(*t).Beer)
			if e.buys[c]&(1<<t.Industry) != 0 {
				e.wantComp[c][t.Owner-1] += need
			} else {
				need *= 0.5
			}
			e.wantOwn[t.Owner-1] += need
		}
	}
	// Link icons at the end of the era: the merchants' own, those of tiles flipped by then,
	// and, for empty spaces, tiles still to be built and flipped by someone.
	eraRounds := float64(max(e.b.railRounds[n], 1))
	future := w.future * math.Min(1, float64(roundsLeft)/eraRounds)
	for i := 0; i < nl; i++ {
		e.icons[i] = float64(ed.Locations[i].LinkIcons)
		for _, sp := range e.b.townSpaces[i] {
			if s.Tiles[sp].Owner == 0 {
				e.icons[i] += future
			}
		}
	}
	for sp := range ed.Spaces {
		t := s.Tiles[sp]
		if t.Owner == 0 {
			continue
		}
		p := int(t.Owner) - 1
		spec := s.TileSpec(t)
		pf := 1.0
		if !t.Flipped {
			pf = e.flipChance(s, sp, t, p, roundsLeft)
		}
		e.tileP[sp] = pf
		e.icons[e.b.spaceLoc[sp]] += pf * float64(spec.LinkIcons)
	}
	for p := 0; p < n; p++ {
		f := &e.feat[p]
		*f = [numFeatures]float64{}
		f[fCash] = e.cashV[p]
		if len(e.b.facts.developFirst) > 0 {
			f[fProspects] = e.prospects(s, p)
		}
		e.mat(s, p, f)
		f[fBias] = 1
	}
	for sp := range ed.Spaces {
		t := s.Tiles[sp]
		if t.Owner == 0 {
			continue
		}
		f := &e.feat[int(t.Owner)-1]
		spec := s.TileSpec(t)
		vp := float64(spec.VP)
		if t.Flipped {
			f[fFlipped] += vp
			if canal && spec.Level >= 2 {
				f[fCarry] += w.carry * vp
			}
			continue
		}
		p := int(t.Owner) - 1
		pf := e.tileP[sp]
		f[fUnflippedAll] += vp
		space := int(s.Players[p].IncomeSpace)
		gain := float64(engine.IncomeLevel(min(space+spec.Income, ed.Rules.MaxIncomeSpace)) - engine.IncomeLevel(space))
		if canal && spec.Level >= 2 {
			// not flipped by the end of the Canal Era, it may still flip in the Rail Era:
			// a tile for sale at the later rate, coal, iron or beer about as likely as now
			later := w.later
			if !sellable(t.Industry) {
				later = pf
			}
			pr := pf + (1-pf)*later
			f[fUnflipped] += pf * vp
			f[fCarry] += w.carry * pr * vp
			f[fFlipIncome] += pr * gain * e.incomeV[p]
		} else {
			f[fUnflipped] += pf * vp
			f[fFlipIncome] += pf * gain * e.incomeV[p]
		}
	}
	for l := range ed.Links {
		o := s.Links[l]
		if o == 0 {
			continue
		}
		v := 0.0
		for _, loc := range ed.Links[l].Locations {
			v += e.icons[loc]
		}
		e.feat[o-1][fLinks] += v
		e.feat[o-1][fLinkCount]++
	}
	return roundsLeft
}

// Tile classes: what decides whether an unflipped tile flips before the era ends.
const (
	classSellFar    = iota // Cotton Mill, Manufacturer or Pottery with no buyer connected
	classSellNoBeer        // a buyer connected, not enough beer in reach
	classSellReady         // a buyer connected and beer in reach
	classBrewLow           // brewery, little demand for its beer (per barrel the owner has)
	classBrewMid           // brewery, some demand
	classBrewHigh          // brewery, demand for every barrel
	classCoal1             // coal mine with 1 cube, joined to no other location
	classCoal2             // … 2 cubes
	classCoal3             // … 3 or more
	classCoalNet1          // coal mine with 1 cube, joined to other locations
	classCoalNet2
	classCoalNet3
	classIron1 // iron works with 1 cube
	classIron2 // … 2 or more
	// where cotton sells to ports (lancashire.go); classSellFar and classSellReady (an
	// unflipped port connected) serve there too
	classCottonDistant // Cotton Mill, no port to sell to but the Distant Market in reach
	classPortIdle      // unflipped Port, no unflipped Cotton Mill connected
	classPortWanted    // unflipped Port, unflipped Cotton Mills connected
	numClasses
)

// rlBuckets: rounds left in the era, 1 … rlBuckets (and more).
const rlBuckets = 6

// tileClass classifies an unflipped tile of player p on space sp.
func (e *evaluator) tileClass(s *engine.State, sp int, t engine.Tile, p int) int {
	c := e.comp[e.b.spaceLoc[sp]]
	if e.b.facts.ports && (t.Industry == engine.Cotton || t.Industry == engine.Port) {
		return e.portClass(sp, t)
	}
	switch t.Industry {
	case engine.Cotton, engine.Manufacturer, engine.Pottery:
		if e.buys[c]&(1<<t.Industry) == 0 {
			return classSellFar
		}
		beer := e.ownBeer[p] + int(e.mbeer[c][t.Industry])
		for o := 0; o < int(s.NumPlayers); o++ {
			if o != p {
				beer += int(e.brew[c][o])
			}
		}
		if beer >= s.TileSpec(t).Beer {
			return classSellReady
		}
		return classSellNoBeer
	case engine.Brewery:
		// Beer is drunk by the owner's sales anywhere and by others' sales connected to
		// it; the owner's demand is shared among all their barrels.
		others := 0.0
		for o := 0; o < int(s.NumPlayers); o++ {
			if o != p {
				others += e.wantComp[c][o]
			}
		}
		dem := e.wantOwn[p] + 0.5*others
		r := dem / float64(max(e.ownBeer[p], 1))
		switch {
		case r < 0.5:
			return classBrewLow
		case r < 1:
			return classBrewMid
		}
		return classBrewHigh
	case engine.Coal:
		k := min(int(t.Cubes), 3) - 1
		if e.size[c] > 1 {
			return classCoalNet1 + k
		}
		return classCoal1 + k
	}
	return classIron1 + min(int(t.Cubes), 2) - 1
}

// flipChance is the chance that an unflipped tile flips before the era ends, from the
// table measured in self-play (calibration.go).
func (e *evaluator) flipChance(s *engine.State, sp int, t engine.Tile, p int, roundsLeft int) float64 {
	cl := e.tileClass(s, sp, t, p)
	if cl <= classSellReady || cl == classCottonDistant {
		if e.actsEra[p] < 1 {
			return 0 // no action left in this era to sell it
		}
	}
	rl := min(max(roundsLeft, 1), rlBuckets)
	return e.b.facts.table[int(s.NumPlayers)][s.Era][cl][rl-1]
}

// relative is player p's projection against the opponents': what the bot maximises.
func (e *evaluator) relative(proj *[engine.MaxPlayers]float64, n, p int) float64 {
	best, sum := math.Inf(-1), 0.0
	for q := 0; q < n; q++ {
		if q == p {
			continue
		}
		sum += proj[q]
		if proj[q] > best {
			best = proj[q]
		}
	}
	if n < 2 {
		return proj[p]
	}
	scale := 1.0
	if n > 2 {
		scale = e.w.multi
	}
	return proj[p] - scale*(e.w.oppMax*best+e.w.oppMean*sum/float64(n-1))
}

// sellable reports whether tiles of the industry flip by a Sell action.
func sellable(ind engine.Industry) bool {
	return ind == engine.Cotton || ind == engine.Manufacturer || ind == engine.Pottery
}
