package app

import (
	"context"
	"time"
)

// backoff is the pause before a lost connection is opened again (the room's signalling, an
// own-pace game's mailbox, a watched game's): first Retry, doubling after each failed try up
// to eight times Retry, back to Retry once a connection holds.
type backoff struct {
	first, pause time.Duration
}

func newBackoff(retry time.Duration) backoff { return backoff{first: retry, pause: retry} }

// reset: a connection held; the next pause is the first again.
func (b *backoff) reset() { b.pause = b.first }

// wait pauses, then lengthens the next pause; false if ctx ended first.
func (b *backoff) wait(ctx context.Context) bool {
	select {
	case <-time.After(b.pause):
	case <-ctx.Done():
		return false
	}
	if b.pause < 8*b.first {
		b.pause *= 2
	}
	return true
}
