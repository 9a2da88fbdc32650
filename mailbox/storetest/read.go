//go:build !js

package storetest

import (
	"errors"
	"time"

	"brass/mailbox"
)

// readChecks: "Read returns a game's messages numbered after `after`, in order, at most
// limit of them (ErrNoGame for a game that does not exist), each with the time of its
// append."
var readChecks = []check{
	{"AfterAndLimit", readAfterLimit},
	{"UnknownGameIsErrNoGame", readNoGame},
	{"AtIsTheAppendsTime", readAt},
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

// readAt: each message reads back with its own append's Now, in Unix milliseconds (the
// create's for message 1), whatever the times' order; a retry, later, keeps the first.
func readAt(h *harness) {
	f := h.fixture(2, "198.51.100.7")
	c := f.create()
	c.Now = epoch.Add(1234 * time.Millisecond)
	h.mustCreate(c)
	as := []mailbox.Append{f.lobby("l"), f.genesis(), f.move(0, 1, "sealed"), f.move(1, -1, "b")}
	nows := []time.Time{
		epoch.Add(2 * time.Second),
		epoch.Add(3*time.Second + 7*time.Millisecond),
		epoch.Add(-time.Hour),                          // a clock set back: kept as it was given
		epoch.Add(48*time.Hour + 999*time.Microsecond), // below a millisecond: dropped
	}
	for i, a := range as {
		a.Now = nows[i]
		h.mustAppend(a)
	}
	want := []int64{c.Now.UnixMilli()}
	for _, now := range nows {
		want = append(want, now.UnixMilli())
	}
	check := func(when string) {
		h.t.Helper()
		got := h.readAll(f.id)
		if len(got) != len(want) {
			h.t.Fatalf("%s: %d messages, want %d", when, len(got), len(want))
		}
		for i, m := range got {
			if m.At != want[i] {
				h.t.Fatalf("%s: message %d is at %d ms, want %d (its append's Now)", when, m.N, m.At, want[i])
			}
		}
		// A page from the middle carries the same times.
		page, err := h.s.Read(h.ctx, f.id, 2, 2)
		if err != nil || len(page) != 2 || page[0].At != want[2] || page[1].At != want[3] {
			h.t.Fatalf("%s: Read(after 2, limit 2) = %+v, %v; want messages 3 and 4 at %d, %d", when, page, err, want[2], want[3])
		}
	}
	check("after the appends")
	c.Now = epoch.Add(72 * time.Hour)
	if r, err := h.create(c); err != nil || r != (mailbox.Appended{N: 1, Dup: true}) {
		h.t.Fatalf("Create again = %+v, %v; want message 1, a dup", r, err)
	}
	a := as[3]
	a.Now = epoch.Add(72 * time.Hour)
	if r, err := h.append(a); err != nil || r != (mailbox.Appended{N: 5, Dup: true}) {
		h.t.Fatalf("the same envelope again = %+v, %v; want message 5, a dup", r, err)
	}
	check("after the retries")
	h.reopen()
	check("after a reopen")
}
