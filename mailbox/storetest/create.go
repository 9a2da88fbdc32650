//go:build !js

package storetest

import (
	"errors"
	"time"

	"brass/mailbox"
)

// createChecks: "Create stores a new game with its create envelope as message 1. A game of
// that id whose create envelope is the same is a retry: Dup, its number. Another is
// ErrGameExists; an address that keeps Limits.GamesPerCreator games is ErrTooManyGames."
var createChecks = []check{
	{"StoresGameWithCreateAsMessage1", createThenGame},
	{"SameCreateAgainIsDupOfMessage1", createRetry},
	{"OtherCreateForSameIDIsErrGameExists", createOther},
	{"GamesPerCreatorCapIsErrTooManyGames", createCap},
	{"GamesPerCreatorCountsOnlyGamesKept", createCapAfterSweep},
}

func createThenGame(h *harness) {
	f := h.fixture(3, "198.51.100.7")
	c := f.create()
	h.mustCreate(c)
	log := logOf(c)
	sameGame(h.t, h.game(f.id), mailbox.Game{
		ID: f.id, Seats: 3, Invite: f.invitePub(), Host: f.hostPub(),
		Head: 1, Bytes: sizeOf(log), Created: epoch, Touched: epoch,
	})
	sameLog(h.t, h.readAll(f.id), log)
}

func createRetry(h *harness) {
	f := h.fixture(2, "198.51.100.7")
	c := f.create()
	h.mustCreate(c)
	before, log, st := h.game(f.id), h.readAll(f.id), h.stats()
	// The retry comes later (a client reconnecting after a lost answer): still the same message.
	h.now = epoch.Add(time.Minute)
	r, err := h.create(c)
	if err != nil || r != (mailbox.Appended{N: 1, Dup: true}) {
		h.t.Fatalf("Create again with the same envelope = %+v, %v; want message 1, a dup", r, err)
	}
	h.unchanged(f.id, before, log, st)
}

func createOther(h *harness) {
	f := h.fixture(2, "198.51.100.7")
	h.mustCreate(f.create())
	before, log, st := h.game(f.id), h.readAll(f.id), h.stats()
	// The same invitation key signing another create (another nonce): another envelope.
	r, err := h.create(f.create())
	if !errors.Is(err, mailbox.ErrGameExists) {
		h.t.Fatalf("another create for the game = %+v, %v; want ErrGameExists", r, err)
	}
	h.unchanged(f.id, before, log, st)
}

func createCap(h *harness) {
	h.limits.GamesPerCreator = 2
	a, b, c := h.fixture(2, "203.0.113.9"), h.fixture(2, "203.0.113.9"), h.fixture(2, "203.0.113.9")
	ca := a.create()
	h.mustCreate(ca)
	h.mustCreate(b.create())
	st := h.stats()
	r, err := h.create(c.create())
	if !errors.Is(err, mailbox.ErrTooManyGames) {
		h.t.Fatalf("a third game from an address that keeps 2 (the cap) = %+v, %v; want ErrTooManyGames", r, err)
	}
	if _, err := h.s.Game(h.ctx, c.id); !errors.Is(err, mailbox.ErrNoGame) {
		h.t.Fatalf("Game of the refused create = %v; want ErrNoGame", err)
	}
	if got := h.stats(); got != st {
		h.t.Fatalf("Stats after the refused create = %+v, want %+v", got, st)
	}
	// A retry of a game the address has is not a new game: it is answered even at the cap.
	if r, err := h.create(ca); err != nil || r != (mailbox.Appended{N: 1, Dup: true}) {
		h.t.Fatalf("a retried create at the cap = %+v, %v; want message 1, a dup", r, err)
	}
	// The cap is per address.
	h.mustCreate(h.fixture(2, "203.0.113.10").create())
}

func createCapAfterSweep(h *harness) {
	h.limits.GamesPerCreator = 1
	old, next := h.fixture(2, "203.0.113.9"), h.fixture(2, "203.0.113.9")
	h.now = epoch.Add(-10 * time.Hour)
	h.mustCreate(old.create())
	h.now = epoch
	if r, err := h.create(next.create()); !errors.Is(err, mailbox.ErrTooManyGames) {
		h.t.Fatalf("a second game from an address that keeps 1 (the cap) = %+v, %v; want ErrTooManyGames", r, err)
	}
	n, err := h.s.Sweep(h.ctx, epoch, mailbox.Retention{Finished: 1000 * time.Hour, Idle: 1000 * time.Hour, Unstarted: time.Hour})
	if err != nil || n != 1 {
		h.t.Fatalf("Sweep of the address's unstarted game, 10 h untouched = %d, %v; want 1", n, err)
	}
	// The deleted game no longer counts against the address.
	h.mustCreate(next.create())
}
