package bot

import (
	"errors"
	"math/rand/v2"

	"brass/engine"
)

// sampler fills in what a seat cannot see. It is built once from a view: the cards not yet
// seen (the edition's cards for this player count less the seat's hand and every face-up
// discard) and the wild cards that other players must be holding. Each sample deals those
// cards at random into the other hands, the face-down discards and the deck, so the result
// is a complete game consistent with everything the seat knows.
type sampler struct {
	b      *board
	view   engine.State
	seat   int
	pool   []uint8 // unseen non-wild cards, one entry per card
	wildL  int     // Wild Location cards held by other players
	wildI  int     // Wild Industry cards held by other players
	others []int   // the other seats
}

var errInconsistent = errors.New("bot: the view is inconsistent with the edition's cards")

func newSampler(view *engine.State, seat int) (*sampler, error) {
	ed := view.Edition()
	b := boardOf(ed)
	n := int(view.NumPlayers)
	sm := &sampler{b: b, view: *view, seat: seat}
	var seen [64]int
	me := &view.Players[seat]
	for k := range ed.Cards {
		seen[k] += int(me.Hand[k])
	}
	hidden := 0
	for p := 0; p < n; p++ {
		pl := &view.Players[p]
		for i := int(pl.FaceDown); i < int(pl.DiscardLen); i++ {
			k := pl.Discard[i]
			if int(k) >= len(ed.Cards) {
				return nil, errInconsistent
			}
			seen[k]++
		}
		hidden += int(pl.FaceDown)
		if p != seat {
			hidden += int(pl.HandLen)
			sm.others = append(sm.others, p)
		}
	}
	hidden += int(view.DeckLen)
	for k, c := range ed.Cards {
		ck := engine.CardKind(k)
		if ck == b.wildLoc || ck == b.wildInd {
			continue
		}
		left := c.Count[n] - seen[k]
		if left < 0 {
			return nil, errInconsistent
		}
		for i := 0; i < left; i++ {
			sm.pool = append(sm.pool, uint8(k))
		}
	}
	r := &ed.Rules
	if b.wildLoc != engine.NoCard {
		sm.wildL = r.WildLocations - int(view.WildLocations) - int(me.Hand[b.wildLoc])
	}
	if b.wildInd != engine.NoCard {
		sm.wildI = r.WildIndustries - int(view.WildIndustries) - int(me.Hand[b.wildInd])
	}
	if sm.wildL < 0 || sm.wildI < 0 || len(sm.pool)+sm.wildL+sm.wildI != hidden {
		return nil, errInconsistent
	}
	return sm, nil
}

// sample writes a complete state consistent with the view into out, drawing from r.
func (sm *sampler) sample(r *rand.Rand, out *engine.State) {
	*out = sm.view
	n := int(out.NumPlayers)
	// Wild cards come in pairs from a Scout (one of each to the same player, who may not
	// scout again while holding one), so deal them as pairs first, one per player at most.
	var wl, wi [engine.MaxPlayers]uint8
	order := make([]int, len(sm.others))
	copy(order, sm.others)
	r.Shuffle(len(order), func(i, j int) { order[i], order[j] = order[j], order[i] })
	needL, needI := sm.wildL, sm.wildI
	room := func(p int) int { return int(out.Players[p].HandLen) - int(wl[p]) - int(wi[p]) }
	for _, p := range order {
		if needL > 0 && needI > 0 && room(p) >= 2 {
			wl[p], wi[p] = 1, 1
			needL--
			needI--
		}
	}
	for pass := 0; pass < 2 && (needL > 0 || needI > 0); pass++ {
		for _, p := range order {
			if needL > 0 && room(p) > 0 && (wl[p] == 0 || pass == 1) {
				wl[p]++
				needL--
			}
			if needI > 0 && room(p) > 0 && (wi[p] == 0 || pass == 1) {
				wi[p]++
				needI--
			}
		}
	}
	pool := make([]uint8, len(sm.pool), len(sm.pool)+needL+needI)
	copy(pool, sm.pool)
	// Wild cards that found no hand (only in an impossible view) go to the deal as well.
	for ; needL > 0; needL-- {
		pool = append(pool, uint8(sm.b.wildLoc))
	}
	for ; needI > 0; needI-- {
		pool = append(pool, uint8(sm.b.wildInd))
	}
	r.Shuffle(len(pool), func(i, j int) { pool[i], pool[j] = pool[j], pool[i] })
	next := 0
	for _, p := range sm.others {
		pl := &out.Players[p]
		clear(pl.Hand[:])
		if wl[p] > 0 {
			pl.Hand[sm.b.wildLoc] = wl[p]
		}
		if wi[p] > 0 {
			pl.Hand[sm.b.wildInd] = wi[p]
		}
		for i := int(wl[p]) + int(wi[p]); i < int(pl.HandLen); i++ {
			pl.Hand[pool[next]]++
			next++
		}
	}
	for p := 0; p < n; p++ {
		pl := &out.Players[p]
		for i := 0; i < int(pl.FaceDown); i++ {
			pl.Discard[i] = pool[next]
			next++
		}
	}
	for i := 0; i < int(out.DeckLen); i++ {
		out.Deck[i] = pool[next]
		next++
	}
	out.Reseed(r.Uint64())
	if out.DistantLen > 0 {
		// Lancashire: the face-down Distant Market tiles, in an order of the sample's own
		out.ResampleDistant(r.Uint64())
	}
}
