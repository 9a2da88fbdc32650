// Package engine holds the rules of Brass, pure and deterministic.
//
// A game is a Config (edition, players, seed, names) plus a list of Moves. New builds the
// starting State from the Config; Game.Apply validates one Move and, only if it is legal,
// changes the state and appends log entries. Replaying the same Config and Moves gives the
// same State byte for byte on every platform (see State.MarshalBinary and State.Hash).
//
// The same legality checks serve three callers: Apply, the enumeration of every legal
// action (State.Legal, for bots, hints and random play) and the step-by-step queries a UI
// uses to build an action (Game.Options, Game.Check). A refused action returns an *Error
// whose Kind can be tested with errors.Is (ErrNotYourTurn, ErrNotAvailable, ErrIllegal,
// ErrGameOver, ErrStale, ErrMalformed) and whose message a player understands.
//
// The package has no goroutines, no wall clock, no global randomness and never depends on
// map iteration order. Edition data (board, tiles, cards, markets) lives in Edition values;
// the mechanics are shared, so a second edition is new data plus a few named rule switches.
package engine
