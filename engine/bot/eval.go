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
	// The chance that an unflipped Cotton Mill, Manufacturer or Pottery is sold this era:
	sellReady  float64 // connected to a merchant that buys it, with enough beer in reach
	sellNoBeer float64 // connected to a buyer, beer missing
	sellFar    float64 // no buyer connected yet
	// The chance per cube that the coal, iron or beer on a tile is used up this era:
	coalQ    float64 // coal, plus coalConn per other location connected to the mine (up to 4)
	coalConn float64
	ironQ    float64 // iron (needs no connection)
	beerQ    float64 // beer with no demand in sight, plus beerDemand per barrel of demand
	beerDem  float64
	future   float64 // link icons expected on an empty build space by the end of a whole era
	later    float64 // chance that a level II+ tile not flipped in the Canal Era flips in the Rail Era
	carry    float64 // weight of the Rail Era rescoring of level II+ tiles flipped in the Canal Era
	oppMax   float64 // weight of the best opponent's projection in the relative score
	oppMean  float64 // weight of the opponents' mean projection
	flat     bool    // Easy: unflipped tiles count at flat chances, blind to connections and beer
}

// evaluator estimates every player's final VP from a position. It keeps scratch tables so
// that an evaluation allocates nothing.
type evaluator struct {
	b *board
	w *weights

	comp    [64]int8
	buys    [64]uint8                    // per component: industries bought by its merchant tiles (bit per industry)
	mbeer   [64][8]uint8                 // per component and industry: merchant barrels beside tiles buying it
	brew    [64][engine.MaxPlayers]uint8 // per component and owner: barrels on unflipped breweries
	ownBeer [engine.MaxPlayers]int       // barrels on each player's breweries, anywhere
	size    [64]int8                     // per component: how many locations it joins
	// beer wanted by unflipped Cotton Mills, Manufacturers and Potteries: each player's own
	// (they may use their own beer anywhere) and, per component, everyone's
	wantOwn  [engine.MaxPlayers]float64
	wantComp [64]float64
	tileP    [64]float64 // chance each tile is flipped by the end of the era
	icons    [64]float64 // expected link icons of each location at the end of the era

	actsEra [engine.MaxPlayers]float64 // actions left to each player in this era
	cashV   [engine.MaxPlayers]float64 // VP value of money in hand and income to come
	incomeV [engine.MaxPlayers]float64 // VP per extra income level for the rest of the game
}

func newEvaluator(b *board, w *weights) *evaluator { return &evaluator{b: b, w: w} }

// timing fills in, per player, the actions left in the era and what money and income are
// worth. Money turns into points only through actions: each action left can usefully spend
// about w.spend, so cash beyond what the remaining actions can spend (the money in hand plus
// the income still to come) is worth only w.excess of its face value. Income is worth the
// cash it will bring at the same rate.
func (e *evaluator) timing(s *engine.State) (roundsLeft int) {
	n := int(s.NumPlayers)
	cards := int(s.DeckLen)
	for p := 0; p < n; p++ {
		cards += int(s.Players[p].HandLen)
	}
	roundsLeft = (cards + 2*n - 1) / (2 * n)
	rail := e.b.railRounds[n]
	w := e.w
	for p := 0; p < n; p++ {
		acts := float64(s.Players[p].HandLen) + float64(s.DeckLen)/float64(n)
		e.actsEra[p] = acts
		game, payouts := acts, roundsLeft-1
		if s.Era == engine.Canal {
			game += float64(2 * rail)
			payouts = roundsLeft + rail - 1
		}
		payouts = max(payouts, 0)
		cash := float64(s.Players[p].Money) + float64(s.IncomeLevel(p)*payouts)
		cap := w.spend * game
		rate := w.money
		if cash > cap {
			e.cashV[p] = w.money * (cap + w.excess*(cash-cap))
			rate *= w.excess
		} else {
			e.cashV[p] = w.money * cash
		}
		e.incomeV[p] = rate * float64(payouts)
	}
	return roundsLeft
}

// project writes each player's estimated final VP into out.
func (e *evaluator) project(s *engine.State, out *[engine.MaxPlayers]float64) {
	n := int(s.NumPlayers)
	if s.Phase == engine.PhaseOver {
		for p := 0; p < n; p++ {
			// ties are broken by income level, then money
			out[p] = float64(s.Players[p].VP) + 0.01*float64(s.IncomeLevel(p)) + 0.0001*float64(s.Players[p].Money)
		}
		return
	}
	ed := e.b.ed
	w := e.w
	canal := s.Era == engine.Canal
	roundsLeft := e.timing(s)
	e.b.components(s, &e.comp)
	nl := len(ed.Locations)
	for i := 0; i < nl; i++ {
		e.buys[i] = 0
		e.mbeer[i] = [8]uint8{}
		e.brew[i] = [engine.MaxPlayers]uint8{}
		e.size[i] = 0
		e.wantComp[i] = 0
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
				e.wantComp[c] += need
			} else {
				need *= 0.5
			}
			e.wantOwn[t.Owner-1] += need
		}
	}
	// time left for cubes to be used up this era
	q := 0.55 + 0.45*math.Min(1, float64(roundsLeft)/3)
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
			pf = e.flipChance(s, sp, t, spec, p, q)
		}
		e.tileP[sp] = pf
		e.icons[e.b.spaceLoc[sp]] += pf * float64(spec.LinkIcons)
	}
	for p := 0; p < n; p++ {
		out[p] = float64(s.Players[p].VP) + e.cashV[p]
	}
	for sp := range ed.Spaces {
		t := s.Tiles[sp]
		if t.Owner == 0 {
			continue
		}
		p := int(t.Owner) - 1
		spec := s.TileSpec(t)
		vp := float64(spec.VP)
		if t.Flipped {
			if canal && spec.Level >= 2 {
				vp += w.carry * vp
			}
			out[p] += vp
			continue
		}
		pf := e.tileP[sp]
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
			out[p] += pf*vp + w.carry*pr*vp + pr*gain*e.incomeV[p]
		} else {
			out[p] += pf * (vp + gain*e.incomeV[p])
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
		out[o-1] += v
	}
}

// flipChance estimates the chance that an unflipped tile flips before the era ends.
func (e *evaluator) flipChance(s *engine.State, sp int, t engine.Tile, spec *engine.TileSpec, p int, q float64) float64 {
	w := e.w
	if sellable(t.Industry) {
		acts := e.actsEra[p]
		if acts < 0.5 {
			return 0
		}
		var pf float64
		if w.flat {
			pf = w.sellNoBeer
		} else {
			c := e.comp[e.b.spaceLoc[sp]]
			if e.buys[c]&(1<<t.Industry) == 0 {
				pf = w.sellFar
			} else {
				beer := e.ownBeer[p] + int(e.mbeer[c][t.Industry])
				for o := 0; o < int(s.NumPlayers); o++ {
					if o != p {
						beer += int(e.brew[c][o])
					}
				}
				if beer >= spec.Beer {
					pf = w.sellReady
				} else {
					pf = w.sellNoBeer
				}
			}
		}
		if acts < 1.5 {
			pf *= 0.75
		}
		return pf
	}
	c := e.comp[e.b.spaceLoc[sp]]
	switch t.Industry {
	case engine.Coal:
		q *= w.coalQ + w.coalConn*float64(min(int(e.size[c])-1, 4))
	case engine.Iron:
		q *= w.ironQ
	case engine.Brewery:
		// Beer is drunk by the owner's sales anywhere and by others' sales connected to
		// it; the owner's demand is shared among all their barrels.
		dem := e.wantOwn[p] + 0.5*(e.wantComp[c]-e.ownWantIn(s, c, p))
		if s.Era == engine.Rail {
			dem += 0.5 // a double rail link takes a barrel too
		}
		q *= math.Min(0.9, w.beerQ+w.beerDem*dem/float64(max(e.ownBeer[p], 1)))
	}
	pf := 1.0
	for i := 0; i < int(t.Cubes); i++ {
		pf *= q
	}
	return pf
}

// ownWantIn is the beer wanted by player p's own connected sellable tiles in component c
// (already counted in their own demand).
func (e *evaluator) ownWantIn(s *engine.State, c int8, p int) float64 {
	v := 0.0
	for sp := range e.b.ed.Spaces {
		t := &s.Tiles[sp]
		if t.Owner == uint8(p+1) && !t.Flipped && e.comp[e.b.spaceLoc[sp]] == c && e.buys[c]&(1<<t.Industry) != 0 &&
			sellable(t.Industry) {
			v += float64(s.TileSpec(*t).Beer)
		}
	}
	return v
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
	return proj[p] - e.w.oppMax*best - e.w.oppMean*sum/float64(n-1)
}

// sellable reports whether tiles of the industry flip by a Sell action.
func sellable(ind engine.Industry) bool {
	return ind == engine.Cotton || ind == engine.Manufacturer || ind == engine.Pottery
}
