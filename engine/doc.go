// Package engine holds the rules of Brass, pure and deterministic.
//
// A game is a Config (edition and rule set, players, seed, names, whether it is the
// introductory game) plus a list of Moves. The editions are Brass: Birmingham and Brass:
// Lancashire, the latter with the Roxley rules or the original (Warfrog) rules. New builds the starting State from the Config; Game.Apply validates
// one Move and, only if it is legal, changes the state and appends log entries. Replaying
// the same Config and Moves gives the same State byte for byte on every platform (see
// State.MarshalBinary and State.Hash).
//
// Each rule that can refuse a move is decided by one function that returns either "legal"
// or a Reason: a Rule code plus the few ids and numbers its message needs (reasons.go).
// The same functions serve Apply, the enumeration of every legal action (State.Legal, for
// bots, hints and random play), Game.Check and Game.Preview, and the step-by-step queries
// a UI uses to build an action (Next over the legal moves), so a reason can never disagree
// with the decision. A refused action returns an *Error whose Kind can be tested with
// errors.Is (ErrNotYourTurn, ErrNotAvailable, ErrIllegal, ErrGameOver, ErrStale,
// ErrMalformed, and ErrHidden in a dealt game), whose Reason names the rule, and whose message, written only then, a
// player understands. State.Apply checks every field of an Action, so no input panics.
//
// A dealt game (Config.Dealt, dealt.go) is one device's copy of an online game whose hidden
// cards the players' devices deal between them (app/deal): it holds only what that device
// was shown, takes each card dealt to its seat and each Distant Market tile turned over
// through Game.Reveal, names every card dealt by its deck position (Game.Draws) for the
// deal to open, and hashes only what every player can see, so honest devices agree move by
// move. The same rules decide every move in it.
//
// The package has no goroutines, no wall clock, no global randomness and never depends on
// map iteration order. Edition data (board, tiles, cards, markets) lives in Edition values
// (birmingham.go, lancashire.go); the mechanics are shared, and what differs between
// editions and rule sets is named in Edition.Rules and the data tables.
package engine
