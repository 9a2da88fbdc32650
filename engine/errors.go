package engine

import (
	"errors"
	"fmt"
)

// Kinds of refusal, for errors.Is. Every error the engine returns for a refused move wraps one.
var (
	ErrNotYourTurn  = errors.New("not your turn")
	ErrNotAvailable = errors.New("not available now")
	ErrIllegal      = errors.New("illegal choice")
	ErrGameOver     = errors.New("game over")
	ErrStale        = errors.New("stale move")
	ErrMalformed    = errors.New("malformed input")
	// ErrHidden: in a dealt game (Config.Dealt) the move needs a hidden tile that the deal
	// has not shown this game yet; Game.NeedsReveal says which.
	ErrHidden = errors.New("not dealt yet")
)

// Error is a refused move: Kind is one of the Err values above, Msg says why in words a
// player understands, and Reason names the rule that refused it with its ids and numbers
// (Reason.Rule is RuleNone where no rule was reached: input that could not be read, a stale
// move, an undo that is not allowed).
type Error struct {
	Kind   error
	Msg    string
	Reason Reason
}

func (e *Error) Error() string { return e.Msg }

// Unwrap lets errors.Is match the kind.
func (e *Error) Unwrap() error { return e.Kind }

// errorf makes an engine error (kept out of line: errors are rare, and inlined at each of its
// 69 callers it cost the wasm kilobytes).
//
//go:noinline
func errorf(kind error, format string, args ...any) *Error {
	return &Error{Kind: kind, Msg: fmt.Sprintf(format, args...)}
}
