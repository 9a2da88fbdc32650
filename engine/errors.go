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
)

// Error is a refused move: Kind is one of the Err values above and Msg says why in words a
// player understands.
type Error struct {
	Kind error
	Msg  string
}

func (e *Error) Error() string { return e.Msg }

// Unwrap lets errors.Is match the kind.
func (e *Error) Unwrap() error { return e.Kind }

func errorf(kind error, format string, args ...any) *Error {
	return &Error{Kind: kind, Msg: fmt.Sprintf(format, args...)}
}
