package deal

import (
	"errors"
	"fmt"
)

// The kinds of error a Deal returns, for errors.Is. Every error from a method that takes a
// message leaves the Deal unchanged.
var (
	// ErrMalformed: the message cannot be right whoever sent it (a wrong length, a point
	// that does not decode or is not in the group, a zero key, another deal's label).
	ErrMalformed = errors.New("malformed")
	// ErrNotYet: the message or call comes before its turn (a pass out of order, a key
	// before the deck is locked). A transport may keep the message and offer it again.
	ErrNotYet = errors.New("not yet")
	// ErrDuplicate: the very same message was accepted before; it is harmless.
	ErrDuplicate = errors.New("duplicate")
	// ErrCheat: proof that a seat did not follow the protocol (Error.Seat names it, or is
	// NoSeat where the proof only shows that someone cheated and the audit will name whom).
	ErrCheat = errors.New("cheating")
	// ErrRefused: this device's own call asks for something the protocol forbids, such as
	// publishing the key of its own hidden card.
	ErrRefused = errors.New("refused")
)

// NoSeat is Error.Seat when an error names no seat.
const NoSeat = -1

// Error says what went wrong, where, and whose doing it was.
type Error struct {
	Kind  error  // one of ErrMalformed, ErrNotYet, ErrDuplicate, ErrCheat, ErrRefused
	Label string // the deal
	Seat  int    // the seat whose message or pass it is, or NoSeat
	Step  string // "shuffle pass 2", "locking pass 3", "keys", "audit", ...
	Pos   int    // the deck position concerned, or -1
	Msg   string
}

func (e *Error) Error() string {
	s := "deal " + e.Label + ": "
	if e.Seat != NoSeat {
		s += fmt.Sprintf("seat %d: ", e.Seat)
	}
	if e.Step != "" {
		s += e.Step + ": "
	}
	if e.Pos >= 0 {
		s += fmt.Sprintf("position %d: ", e.Pos)
	}
	return s + e.Kind.Error() + ": " + e.Msg
}

func (e *Error) Unwrap() error { return e.Kind }

func (d *Deal) fail(kind error, seat int, step string, pos int, format string, args ...any) *Error {
	return &Error{Kind: kind, Label: d.label, Seat: seat, Step: step, Pos: pos, Msg: fmt.Sprintf(format, args...)}
}

// stepName names pass step p (0-based) of n seats as a player reads it.
func stepName(step, n int) string {
	if step < n {
		return fmt.Sprintf("shuffle pass %d", step+1)
	}
	return fmt.Sprintf("locking pass %d", step-n+1)
}
