//go:build !js

package storetest

import (
	"bytes"
	"errors"
	"fmt"
	"slices"
	"sync"

	"brass/mailbox"
)

// concurrencyChecks: "the store decides everything that depends on the game's state at the
// moment of the append, in one transaction" and "Messages are numbered 1, 2, … per game with
// no gap, in commit order; a number once given is never given to another message", under
// many callers at once.
var concurrencyChecks = []check{
	{"ManyAppendersGetContiguousNumbers", concurrentAppends},
	{"SameEnvelopeAtOnceIsStoredOnce", concurrentRetries},
	{"CapsHoldUnderConcurrentCalls", concurrentCaps},
}

// together runs n calls at once (released together) and waits for them all.
func together(n int, call func(i int)) {
	var wg sync.WaitGroup
	ready := make(chan struct{})
	for i := range n {
		wg.Go(func() {
			<-ready
			call(i)
		})
	}
	close(ready)
	wg.Wait()
}

func concurrentAppends(h *harness) {
	const workers, each = 16, 40
	games := make([]*fixture, 4)
	for i := range games {
		games[i] = h.started(4, "198.51.100.7")
	}
	// Worker w writes to game w%4 from seat w/4, to everyone or sealed to the next seat.
	work := make([][]mailbox.Append, workers)
	for w := range work {
		f, seat := games[w%4], w/4
		for i := range each {
			to := -1
			if i%3 == 0 {
				to = (seat + 1) % 4
			}
			work[w] = append(work[w], f.move(seat, to, fmt.Sprintf("worker %d, append %d", w, i)))
		}
	}
	acks := make([][]int64, workers)
	together(workers, func(w int) {
		for i, a := range work[w] {
			r, err := h.append(a)
			if err != nil || r.Dup {
				h.t.Errorf("worker %d, append %d = %+v, %v; want a new message", w, i, r, err)
				return
			}
			acks[w] = append(acks[w], r.N)
			if i%8 == 0 { // a retry among the others finds the same number
				if again, err := h.append(a); err != nil || again != (mailbox.Appended{N: r.N, Dup: true}) {
					h.t.Errorf("worker %d, append %d again = %+v, %v; want message %d, a dup", w, i, again, err, r.N)
					return
				}
			}
		}
	})
	if h.t.Failed() {
		return
	}
	for gi, f := range games {
		log := h.readAll(f.id)
		want := 2 + workers/4*each
		if len(log) != want {
			h.t.Fatalf("game %d holds %d messages, want %d", gi, len(log), want)
		}
		var ns []int64
		for w := gi; w < workers; w += 4 {
			for i, n := range acks[w] {
				ns = append(ns, n)
				m, a := log[n-1], work[w][i]
				if m.N != n || m.To != a.To || !bytes.Equal(m.Env, a.Env) {
					h.t.Fatalf("game %d's message %d is not the envelope acknowledged as %d", gi, m.N, n)
				}
			}
		}
		slices.Sort(ns)
		for i, n := range ns {
			if n != int64(i+3) {
				h.t.Fatalf("game %d's acknowledged numbers are %v…; want 3, 4, … with no gap or repeat", gi, ns[:i+1])
			}
		}
	}
}

// concurrentRetries: one envelope sent by many callers at once (a client's retries racing
// its first try) is one message; every caller gets its number, exactly one not as a dup.
func concurrentRetries(h *harness) {
	const callers = 8
	f := h.fixture(2, "198.51.100.7")
	c := f.create()
	var creates, appends [callers]mailbox.Appended
	together(callers, func(i int) {
		r, err := h.create(c)
		if err != nil {
			h.t.Errorf("Create %d of one envelope at once: %v", i, err)
		}
		creates[i] = r
	})
	a := f.lobby("once")
	together(callers, func(i int) {
		r, err := h.append(a)
		if err != nil {
			h.t.Errorf("Append %d of one envelope at once: %v", i, err)
		}
		appends[i] = r
	})
	if h.t.Failed() {
		return
	}
	for _, x := range []struct {
		what string
		rs   [callers]mailbox.Appended
		n    int64
	}{{"create", creates, 1}, {"append", appends, 2}} {
		fresh := 0
		for _, r := range x.rs {
			if r.N != x.n {
				h.t.Fatalf("one %s sent %d times at once was answered %+v; want message %d to all", x.what, callers, x.rs, x.n)
			}
			if !r.Dup {
				fresh++
			}
		}
		if fresh != 1 {
			h.t.Fatalf("one %s sent %d times at once was answered %+v; want exactly one not a dup", x.what, callers, x.rs)
		}
	}
	sameLog(h.t, h.readAll(f.id), logOf(c, a))
}

// concurrentCaps: calls racing for the last room of a cap get it once each, no more.
func concurrentCaps(h *harness) {
	const callers = 12
	h.limits.MaxMessages = 8
	f := h.started(2, "198.51.100.7") // messages 1 and 2: room for 6
	moves := make([]mailbox.Append, callers)
	for i := range moves {
		moves[i] = f.move(i%2, -1, "racing")
	}
	var stored, full [callers]bool
	together(callers, func(i int) {
		_, err := h.append(moves[i])
		stored[i], full[i] = err == nil, errors.Is(err, mailbox.ErrGameFull)
		if err != nil && !full[i] {
			h.t.Errorf("Append racing for the cap: %v", err)
		}
	})
	if n := countTrue(stored[:]); n != 6 || countTrue(full[:]) != callers-6 {
		h.t.Fatalf("%d appends racing for 6 places: %d stored, %d ErrGameFull; want 6 and %d", callers, n, countTrue(full[:]), callers-6)
	}
	if g := h.game(f.id); g.Head != 8 {
		h.t.Fatalf("the game's head is %d, want 8 (the cap)", g.Head)
	}

	h.limits.GamesPerCreator = 3
	creates := make([]mailbox.Create, callers)
	for i := range creates {
		creates[i] = h.fixture(2, "203.0.113.50").create()
	}
	var made, refused [callers]bool
	together(callers, func(i int) {
		_, err := h.create(creates[i])
		made[i], refused[i] = err == nil, errors.Is(err, mailbox.ErrTooManyGames)
		if err != nil && !refused[i] {
			h.t.Errorf("Create racing for the cap: %v", err)
		}
	})
	if n := countTrue(made[:]); n != 3 || countTrue(refused[:]) != callers-3 {
		h.t.Fatalf("%d creates from one address racing for 3 places: %d made, %d ErrTooManyGames; want 3 and %d", callers, n, countTrue(refused[:]), callers-3)
	}
	if st := h.stats(); st.Games != 4 {
		h.t.Fatalf("the store keeps %d games, want 4", st.Games)
	}
}

func countTrue(bs []bool) int {
	n := 0
	for _, b := range bs {
		if b {
			n++
		}
	}
	return n
}
