package bot

import "brass/engine"

// The features of one player's position that the evaluation weighs (project). The first
// ones are the hand-built projection's terms, each already in VP; the rest are raw facts of
// the position that a learned model (model.go) may find worth something: money, income,
// actions left, how far the player has developed, beer.
const (
	fCash         = iota // money and income turned into VP by the actions left (timing)
	fFlipped             // VP of flipped tiles
	fCarry               // Canal Era: the Rail Era's rescoring of level II+ tiles expected
	fUnflipped           // Σ flip chance × VP of unflipped tiles
	fFlipIncome          // Σ flip chance × the VP value of the income a flip brings
	fLinks               // VP of links by the link icons expected at the end of the era
	fProspects           // Lancashire: next tiles of the industries developed first
	fUnflippedAll        // Σ VP of unflipped tiles, flipped or not by the end
	fLinkCount           // links owned
	fMoney               // £ in hand ÷ 10
	fIncomeCash          // income level × payouts left in the game ÷ 10
	fActs                // actions left to the player in the era
	fNextVP              // Σ over industries of the VP of the next tile that can still be built
	fBlocked             // industries whose next tile cannot be built again in this game
	fLeftHigh            // tiles of level ≥ 2 left on the mat
	fBeer                // barrels on the player's breweries
	fDebt                // £ of negative income the player cannot pay at the next payouts
	fBias                // 1
	numFeatures
)

// featureNames name the features in generated models and in the learning tool's report.
var featureNames = [numFeatures]string{
	"cash", "flipped", "carry", "unflipped", "flip income", "links", "prospects",
	"unflipped all", "link count", "money", "income cash", "actions", "next VP", "blocked",
	"left high", "beer", "debt", "bias",
}

// handTerms are the features the hand-built projection adds up.
var handTerms = [...]int{fCash, fFlipped, fCarry, fUnflipped, fFlipIncome, fLinks, fProspects}

// mat fills player p's features of money, income, actions, development, beer and debt.
func (e *evaluator) mat(s *engine.State, p int, f *[numFeatures]float64) {
	pl := &s.Players[p]
	f[fMoney] = float64(pl.Money) / 10
	f[fIncomeCash] = float64(s.IncomeLevel(p)*e.payouts) / 10
	f[fActs] = e.actsEra[p]
	f[fBeer] = float64(e.ownBeer[p])
	if e.b.facts.debt > 0 {
		f[fDebt] = e.shortfall(s, p, e.payouts)
	}
	canal := s.Era == engine.Canal
	for _, ind := range e.b.ed.Industries {
		mat := e.b.ed.Mats[ind]
		used := int(pl.MatUsed[ind])
		if used >= len(mat) {
			continue
		}
		next := &mat[used]
		if next.RailOK || canal && next.CanalOK {
			f[fNextVP] += float64(next.VP)
		} else {
			f[fBlocked]++
		}
		f[fLeftHigh] += float64(e.b.highLeft[ind][used])
	}
}
