package bot

import (
	"errors"
	"fmt"

	"brass/engine"
)

// Bot is a computer player of a given level. The zero Budget means the level's default;
// a smaller one makes Hard think less (the tournament uses it for quick runs).
type Bot struct {
	Level  Level
	Budget int // Hard: evaluations per decision
	// HandBuilt thinks with the hand-built evaluation instead of the learned one: the bots
	// as they were before the learned models (tournaments keep them as levels to beat).
	HandBuilt bool
	// Classic is Hard as it was when issue 22 asked for a stronger one: the hand-built
	// evaluation and the search of that day (searchClassic). Tournaments keep it as the level
	// to beat. It implies HandBuilt; below Hard it is HandBuilt and nothing more.
	Classic bool
	// Model, when set, is the learned evaluation to think with in place of the one in use
	// (tournaments of two fits); it must be for the game's rule set. HandBuilt and Classic
	// still think without one.
	Model *Model
	// FreeLoans is Medium as it was before issue 43, borrowing with money in hand (see
	// profile.loanBelow); tournaments keep it to measure the change against.
	FreeLoans bool

	tune *profile // tests and tuning: think like this instead of the level's profile
}

// DefaultBudget is Hard's work budget per decision, in position evaluations: about 250 ms
// natively on one core, 1 s in the browser.
const DefaultBudget = 120000

var (
	// ErrNotToAct: the seat is not the one to decide now, or the game is over.
	ErrNotToAct = errors.New("bot: the seat is not the one to act")
	// ErrNoAction: the position offers no legal action (only for a broken state).
	ErrNoAction = errors.New("bot: no legal action")
)

// Choose returns the action a bot of the given level takes for seat, from what the seat
// can see. view may be the seat's View or the whole state: the bot takes the seat's view
// itself, so it never reads hidden cards either way. The same (view, level, seed) always
// gives the same action. Encode the action for records with view.Edition().Encode(a).
func Choose(view *engine.State, seat int, level Level, seed uint64) (engine.Action, error) {
	return Bot{Level: level}.Choose(view, seat, seed)
}

// Hint returns the Hard bot's suggestion for seat with a one-sentence reason for a human.
func Hint(view *engine.State, seat int, seed uint64) (engine.Action, string, error) {
	return Bot{Level: Hard}.Hint(view, seat, seed)
}

// Choose is the bot's action for seat (see the package function Choose).
func (b Bot) Choose(view *engine.State, seat int, seed uint64) (engine.Action, error) {
	a, _, err := b.decide(view, seat, seed)
	return a, err
}

// Hint is the bot's action for seat with a one-sentence reason.
func (b Bot) Hint(view *engine.State, seat int, seed uint64) (engine.Action, string, error) {
	a, sm, err := b.decide(view, seat, seed)
	if err != nil {
		return a, "", err
	}
	return a, explain(sm, seat, a, seed), nil
}

// decide returns the action and the sampler of the seat's view it was chosen from.
func (b Bot) decide(view *engine.State, seat int, seed uint64) (engine.Action, *sampler, error) {
	if view == nil || view.Edition() == nil {
		return engine.Action{}, nil, errors.New("bot: no game state")
	}
	if b.Level > Hard {
		return engine.Action{}, nil, fmt.Errorf("bot: unknown level %d", b.Level)
	}
	if view.Phase == engine.PhaseOver || seat < 0 || seat >= int(view.NumPlayers) || view.Actor() != seat {
		return engine.Action{}, nil, ErrNotToAct
	}
	v := view.View(seat)
	sm, err := newSampler(&v, seat)
	if err != nil {
		return engine.Action{}, nil, err
	}
	prof := profiles[b.Level]
	if w := sm.b.facts.hardWidth; w > 0 {
		prof.hard.width, prof.hard.keep = w, w
	}
	if b.tune != nil {
		prof = *b.tune
	}
	if b.Budget > 0 {
		prof.hard.budget = b.Budget
	}
	var m *model
	if prof.learned && !b.HandBuilt && !b.Classic && !v.Introductory {
		if m, err = b.Model.weightsFor(v.Edition()); err != nil {
			return engine.Action{}, nil, err
		}
	}
	t := newThinker(sm.b, &prof.w, m, seed)
	if m != nil && v.Edition().Rules.MoneyVPPer == 0 && !b.FreeLoans {
		t.loanBelow = prof.loanBelow
	}
	var a engine.Action
	var plans []rated
	switch prof.mode {
	case modeGreedy:
		var det engine.State
		sm.sample(t.r, &det)
		var ok bool
		if a, ok = t.greedy(&det, prof.noise); ok {
			plans = []rated{{a: a}}
		}
	case modePlan:
		var det engine.State
		sm.sample(t.r, &det)
		plans = t.planTurn(&det, prof.width, prof.perKind)
		a = firstOr(plans)
	case modeSearch:
		if b.Classic {
			prm := classicParams
			prm.budget = prof.hard.budget
			a, plans = t.searchClassic(sm, seat, prm)
		} else {
			a, plans = t.search(sm, seat, prof.hard)
		}
	}
	if len(plans) == 0 {
		return engine.Action{}, sm, ErrNoAction
	}
	return a, sm, nil
}

// profile is how a level thinks.
type profile struct {
	mode           int
	w              weights
	learned        bool    // weigh the features by the edition's learned model, where it has one
	noise          float64 // modeGreedy: random disturbance of each value
	width, perKind int     // modePlan: candidates completed into whole turns
	// loanBelow (£, 0: none): with the learned model, where money held does not score
	// (Birmingham), the bot borrows only with less than this in hand. The learned weights
	// value money early in the Canal Era highly and income level negatively (a correlation
	// of self-play, see docs/bots.md), so Medium borrowed for its own sake: three £30 loans
	// in the first three actions of every 2-player game. Measured in docs/bots.md.
	loanBelow int
	hard      hardParams
}

const (
	modeGreedy = iota // the best-looking single action
	modePlan          // the best whole turn
	modeSearch        // whole turns played forward on sampled deals
)

// The levels' settings.
var (
	mediumWeights = weights{money: 0.2, spend: 8, excess: 0.1, future: 0.5, later: 0.6, carry: 0.9, oppMax: 0.5, oppMean: 0.5, multi: 0.3}
	easyWeights   = weights{money: 0.35, spend: 12, excess: 0.1, future: 0.5, later: 0.5, carry: 0.5}
	profiles      = [...]profile{
		Easy:   {mode: modeGreedy, w: easyWeights, noise: 4},
		Medium: {mode: modePlan, w: mediumWeights, learned: true, width: 8, perKind: 1, loanBelow: 20},
		Hard: {mode: modeSearch, w: mediumWeights, learned: true,
			hard: hardParams{width: 12, perKind: 1, keep: 12, budget: DefaultBudget, horizon: 2, ownPlan: 3}},
	}
)
