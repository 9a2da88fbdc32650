//go:build !js

package storetest

import (
	"errors"
	"fmt"
	"time"

	"brass/mailbox"
)

// sweepChecks: "Sweep deletes the games the retention rules let go, as of now, and returns
// how many", the rules being Retention's: "finished ones untouched for Finished, games that
// started but never finished untouched for Idle, games that never started untouched for
// Unstarted". Each rule is checked alone (the others set far out), then all three at once.
var sweepChecks = []check{
	{"FinishedRule", func(h *harness) {
		sweepCheck(h, mailbox.Retention{Finished: time.Hour, Idle: far, Unstarted: far}, func(a aged) bool {
			return a.state == finished && a.untouched > time.Hour
		})
	}},
	{"IdleRule", func(h *harness) {
		sweepCheck(h, mailbox.Retention{Finished: far, Idle: time.Hour, Unstarted: far}, func(a aged) bool {
			return a.state == startedOnly && a.untouched > time.Hour
		})
	}},
	{"UnstartedRule", func(h *harness) {
		sweepCheck(h, mailbox.Retention{Finished: far, Idle: far, Unstarted: time.Hour}, func(a aged) bool {
			return a.state == unstarted && a.untouched > time.Hour
		})
	}},
	{"AllRules", func(h *harness) {
		r := mailbox.Retention{Finished: time.Hour, Idle: 24 * time.Hour, Unstarted: 6 * time.Hour}
		sweepCheck(h, r, func(a aged) bool {
			switch a.state {
			case finished:
				return a.untouched > r.Finished
			case startedOnly:
				return a.untouched > r.Idle
			}
			return a.untouched > r.Unstarted
		})
	}},
	{"DeletedGameIsGoneWithItsMessages", sweepDeletesMessages},
}

// far is a retention no game of the checks reaches.
const far = 1000 * time.Hour

type state int

const (
	unstarted state = iota
	startedOnly
	finished
)

func (s state) String() string { return [...]string{"unstarted", "started", "finished"}[s] }

// aged is a game of the sweep checks: its state, how long before the sweep it was created
// and last appended to.
type aged struct {
	f                  *fixture
	state              state
	created, untouched time.Duration
}

func (a aged) String() string {
	return fmt.Sprintf("a %s game created %v and touched %v before the sweep", a.state, a.created, a.untouched)
}

// agedGames makes games of each state, touched from 30 minutes to 25 hours before epoch; and
// of each state one created 30 hours before but touched 30 minutes before (what counts is
// the last append, not the create).
func agedGames(h *harness) []aged {
	h.t.Helper()
	var games []aged
	for _, st := range []state{unstarted, startedOnly, finished} {
		for _, ago := range []time.Duration{30 * time.Minute, 2 * time.Hour, 7 * time.Hour, 25 * time.Hour} {
			games = append(games, aged{state: st, created: ago + time.Hour, untouched: ago})
		}
		games = append(games, aged{state: st, created: 30 * time.Hour, untouched: 30 * time.Minute})
	}
	for i := range games {
		a := &games[i]
		a.f = h.fixture(2, "198.51.100.7")
		h.now = epoch.Add(-a.created)
		h.mustCreate(a.f.create())
		h.mustAppend(a.f.lobby("hello"))
		if a.state != unstarted {
			h.mustAppend(a.f.genesis())
		}
		h.now = epoch.Add(-a.untouched)
		switch a.state {
		case unstarted:
			h.mustAppend(a.f.lobby("still here"))
		case startedOnly:
			h.mustAppend(a.f.move(0, -1, "a move"))
		case finished:
			h.mustAppend(a.f.finish(1))
		}
	}
	h.now = epoch
	return games
}

// sweepCheck sweeps the aged games as of epoch and checks that exactly those gone says
// went: each is ErrNoGame to Game, Read and Append; the others and their logs are as they
// were, and Stats counts them alone. A second sweep finds nothing more.
func sweepCheck(h *harness, r mailbox.Retention, gone func(aged) bool) {
	games := agedGames(h)
	type kept struct {
		game mailbox.Game
		log  []mailbox.Stored
	}
	before := map[string]kept{}
	for _, a := range games {
		before[a.f.id] = kept{h.game(a.f.id), h.readAll(a.f.id)}
	}
	want := 0
	var st mailbox.StoreStats
	for _, a := range games {
		if gone(a) {
			want++
			continue
		}
		st.Games++
		st.Messages += before[a.f.id].game.Head
		st.Bytes += before[a.f.id].game.Bytes
	}
	n, err := h.s.Sweep(h.ctx, epoch, r)
	if err != nil || n != want {
		h.t.Fatalf("Sweep(%+v) = %d, %v; want %d games deleted", r, n, err, want)
	}
	for _, a := range games {
		if !gone(a) {
			sameGame(h.t, h.game(a.f.id), before[a.f.id].game)
			sameLog(h.t, h.readAll(a.f.id), before[a.f.id].log)
			continue
		}
		if _, err := h.s.Game(h.ctx, a.f.id); !errors.Is(err, mailbox.ErrNoGame) {
			h.t.Fatalf("Game of %v, which the sweep deleted = %v; want ErrNoGame", a, err)
		}
		if _, err := h.s.Read(h.ctx, a.f.id, 0, 10); !errors.Is(err, mailbox.ErrNoGame) {
			h.t.Fatalf("Read of %v, which the sweep deleted = %v; want ErrNoGame", a, err)
		}
		if _, err := h.append(a.f.move(1, -1, "after the sweep")); !errors.Is(err, mailbox.ErrNoGame) {
			h.t.Fatalf("Append to %v, which the sweep deleted = %v; want ErrNoGame", a, err)
		}
	}
	if got := h.stats(); got != st {
		h.t.Fatalf("Stats after the sweep = %+v, want %+v (the games kept)", got, st)
	}
	if n, err := h.s.Sweep(h.ctx, epoch, r); err != nil || n != 0 {
		h.t.Fatalf("a second Sweep = %d, %v; want 0", n, err)
	}
}

// sweepDeletesMessages: a deleted game's id created again is a new game whose log is its
// create alone, and whose old nonces are free: nothing of the old messages is left.
func sweepDeletesMessages(h *harness) {
	f := h.fixture(2, "198.51.100.7")
	h.now = epoch.Add(-48 * time.Hour)
	c := f.create()
	h.mustCreate(c)
	nonce := f.nonce()
	h.mustAppend(f.lobbyWithNonce(nonce, "old"))
	h.now = epoch
	if n, err := h.s.Sweep(h.ctx, epoch, mailbox.Retention{Finished: time.Hour, Idle: time.Hour, Unstarted: time.Hour}); err != nil || n != 1 {
		h.t.Fatalf("Sweep = %d, %v; want 1", n, err)
	}
	if st := h.stats(); st != (mailbox.StoreStats{}) {
		h.t.Fatalf("Stats after deleting the only game = %+v, want zeros", st)
	}
	h.mustCreate(c)
	sameLog(h.t, h.readAll(f.id), logOf(c))
	again := f.lobbyWithNonce(nonce, "new")
	if n := h.mustAppend(again); n != 2 {
		h.t.Fatalf("the first lobby envelope of the new game is message %d, want 2", n)
	}
	sameLog(h.t, h.readAll(f.id), logOf(c, again))
}
