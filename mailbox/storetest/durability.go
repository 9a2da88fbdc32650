//go:build !js

package storetest

import (
	"bytes"
	"context"
	"strings"
	"time"

	"brass/mailbox"
)

// durabilityChecks: "An append returns only once the message is durable" and "a number once
// given is never given to another message, and a message is never changed": what was
// acknowledged is all there after Close and a reopen, and a cancelled call stores its
// message whole or not at all.
var durabilityChecks = []check{
	{"ReopenKeepsEveryAcknowledgedMessage", reopenKeeps},
	{"CancelledCallStoresAllOrNothing", cancelledAllOrNothing},
}

func reopenKeeps(h *harness) {
	f, g := h.fixture(3, "198.51.100.7"), h.fixture(2, "198.51.100.8")
	cf, cg := f.create(), g.create()
	h.mustCreate(cf)
	h.mustCreate(cg)
	big := f.move(0, 1, strings.Repeat("a body near the protocol's limit ", 3000))
	as := []mailbox.Append{f.lobby("l"), f.genesis(), f.move(0, -1, "m"), big, f.finish(2)}
	for _, a := range as {
		h.mustAppend(a)
	}
	ag := g.lobby("only")
	h.mustAppend(ag)
	gf, gg, st := h.game(f.id), h.game(g.id), h.stats()

	h.reopen()

	sameGame(h.t, h.game(f.id), gf)
	sameGame(h.t, h.game(g.id), gg)
	sameLog(h.t, h.readAll(f.id), logOf(cf, as...))
	sameLog(h.t, h.readAll(g.id), logOf(cg, ag))
	if got := h.stats(); got != st {
		h.t.Fatalf("Stats after the reopen = %+v, want %+v", got, st)
	}
	// A client retrying across the restart gets the numbers it was given.
	if r, err := h.create(cf); err != nil || r != (mailbox.Appended{N: 1, Dup: true}) {
		h.t.Fatalf("the create again after the reopen = %+v, %v; want message 1, a dup", r, err)
	}
	if r, err := h.append(big); err != nil || r != (mailbox.Appended{N: 5, Dup: true}) {
		h.t.Fatalf("message 5 again after the reopen = %+v, %v; want message 5, a dup", r, err)
	}
	if n := h.mustAppend(f.move(1, -1, "after")); n != int64(len(as)+2) {
		h.t.Fatalf("the first append after the reopen is message %d, want %d", n, len(as)+2)
	}
}

// cancelledAllOrNothing appends with contexts cancelled before the call or at varied moments
// during it. A call that answered an error may still be committed a moment later (the engine
// had it), so the log is checked twice: at once, it must be contiguous, hold each envelope
// at most once and whole, and hold every acknowledged one at its number; then, once each
// refused call is sent again (a client's retry) and answered, it must hold every envelope
// exactly once, and the game's counts must agree with it.
func cancelledAllOrNothing(h *harness) {
	f := h.started(2, "198.51.100.7")
	type try struct {
		a   mailbox.Append
		n   int64 // the number it was acknowledged as, once it was
		err error
	}
	var tries []try
	for i := range 60 {
		a := f.move(i%2, -1, "maybe")
		if i%4 == 0 {
			a = f.move(i%2, 1-i%2, "maybe, sealed")
		}
		ctx, cancel := context.WithCancel(h.ctx)
		if i%3 == 0 {
			cancel()
		} else {
			ctx, cancel = context.WithTimeout(h.ctx, time.Duration(i)*25*time.Microsecond)
		}
		a.Now, a.Limits = h.now, h.limits
		r, err := h.s.Append(ctx, a)
		cancel()
		tries = append(tries, try{a, r.N, err})
	}
	c := h.fixture(2, "198.51.100.7").create()
	ctx, cancel := context.WithCancel(h.ctx)
	cancel()
	c.Now, c.Limits = h.now, h.limits
	_, createErr := h.s.Create(ctx, c)

	check := func(log []mailbox.Stored) {
		h.t.Helper()
		seen := map[string]bool{}
		for i, m := range log {
			if m.N != int64(i+1) {
				h.t.Fatalf("message %d of the log is numbered %d", i+1, m.N)
			}
			if seen[string(m.Env)] {
				h.t.Fatalf("message %d is stored twice", m.N)
			}
			seen[string(m.Env)] = true
		}
		for _, x := range tries {
			if x.err != nil {
				continue
			}
			if x.n < 1 || x.n > int64(len(log)) || !bytes.Equal(log[x.n-1].Env, x.a.Env) || log[x.n-1].To != x.a.To {
				h.t.Fatalf("message %d is not the envelope acknowledged as %d", x.n, x.n)
			}
		}
	}
	check(h.readAll(f.id))

	refused := 0
	for i, x := range tries {
		if x.err == nil {
			continue
		}
		refused++
		r, err := h.append(x.a)
		if err != nil {
			h.t.Fatalf("sending again an append that was cancelled (%v): %v", x.err, err)
		}
		tries[i].n, tries[i].err = r.N, nil
	}
	h.t.Logf("of %d appends with cancelled contexts, %d answered an error", len(tries), refused)
	log := h.readAll(f.id)
	check(log)
	if len(log) != 2+len(tries) {
		h.t.Fatalf("the log holds %d messages, want %d: the create, the genesis and each append once", len(log), 2+len(tries))
	}
	if g := h.game(f.id); g.Head != int64(len(log)) || g.Bytes != sizeOf(log) {
		h.t.Fatalf("the game says Head %d, Bytes %d; its log has %d messages of %d bytes", g.Head, g.Bytes, len(log), sizeOf(log))
	}

	if createErr != nil {
		if r, err := h.create(c); err != nil || r.N != 1 {
			h.t.Fatalf("sending again a create that was cancelled (%v) = %+v, %v; want message 1", createErr, r, err)
		}
	}
	sameLog(h.t, h.readAll(c.Game), logOf(c))
}
