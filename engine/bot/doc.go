// Package bot plays Brass from one seat's point of view: computer opponents of three
// strengths and the hints offered to a human.
//
// A bot sees only a seat's View. Before it thinks it fills in what the seat cannot see —
// the other hands, the face-down discards and the deck order — by sampling from the cards
// not yet seen (a determinization), so its choice depends on the view, the level and a
// seed, and never on the hidden cards. Everything is deterministic: the same view, level
// and seed give the same action on every platform.
//
// The levels share one evaluation (eval.go), an estimate of every player's final VP from
// the position: points scored, what links and flipped tiles will score at the end of the
// era, the chance that unflipped tiles flip, and money and income turned into points by the
// actions left to spend them. Those terms and a few more facts of the position are
// features (features.go) that Medium and Hard weigh by a model fitted to self-play for
// their rule set and the stage of the game (model.go, learn.go, model_*.go); Easy adds them
// up as they are. Easy takes the best-looking single action of a cruder
// evaluation with noise; Medium plans its whole turn with the full evaluation; Hard plans
// its turn, then plays candidate turns forward over several sampled deals with every player
// answering in turn (search.go), within a fixed work budget rather than a clock.
package bot
