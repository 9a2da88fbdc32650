//go:build !js

package storetest

import (
	"errors"

	"brass/mailbox"
)

// readChecks: "Read returns a game's messages numbered after `after`, in order, at most
// limit of them (ErrNoGame for a game that does not exist)."
var readChecks = []check{
	{"AfterAndLimit", readAfterLimit},
	{"UnknownGameIsErrNoGame", readNoGame},
}

func readAfterLimit(h *harness) {
	f := h.fixture(3, "198.51.100.7")
	c := f.create()
	h.mustCreate(c)
	as := []mailbox.Append{f.lobby("l"), f.genesis(), f.move(0, -1, "a"), f.move(1, 2, "sealed"), f.move(2, 0, "sealed"), f.move(0, -1, "b"), f.finish(1)}
	for _, a := range as {
		h.mustAppend(a)
	}
	log := logOf(c, as...) // 8 messages; To is the seat a sealed one is for
	for _, q := range []struct {
		after    int64
		limit    int
		from, to int // the slice of log expected
	}{
		{0, 100, 0, 8},
		{0, 8, 0, 8},
		{0, 1, 0, 1},
		{2, 3, 2, 5},
		{5, 100, 5, 8},
		{7, 1, 7, 8},
		{8, 10, 8, 8},  // at the head: nothing, no error
		{20, 10, 8, 8}, // past it: nothing
	} {
		got, err := h.s.Read(h.ctx, f.id, q.after, q.limit)
		if err != nil {
			h.t.Fatalf("Read(after %d, limit %d): %v", q.after, q.limit, err)
		}
		sameLog(h.t, got, log[q.from:q.to])
	}
}

func readNoGame(h *harness) {
	f := h.fixture(2, "198.51.100.7")
	for _, after := range []int64{0, 5} {
		if got, err := h.s.Read(h.ctx, f.id, after, 10); !errors.Is(err, mailbox.ErrNoGame) {
			h.t.Fatalf("Read of a game never created (after %d) = %d messages, %v; want ErrNoGame", after, len(got), err)
		}
	}
	// Another game existing changes nothing.
	h.mustCreate(h.fixture(2, "198.51.100.7").create())
	if _, err := h.s.Read(h.ctx, f.id, 0, 10); !errors.Is(err, mailbox.ErrNoGame) {
		h.t.Fatalf("Read of a game never created = %v; want ErrNoGame", err)
	}
}
