//go:build !js

// Package storetest is the conformance suite of mailbox.Store: every implementation runs it
// (mailbox/sqlitestore, mailbox/pgstore), so the server can rely on one behaviour whatever
// the engine. Each subtest checks one rule of the Store interface's doc comments and is
// named after it; each runs on a new, empty database.
package storetest

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"reflect"
	"testing"
	"time"

	"brass/mailbox"
)

// Run runs the conformance suite against one implementation. fresh is called once per subtest and returns a function that opens a store on a new, empty database; calling that function again after Close opens the same database again (to check that what was acknowledged survives a reopen).
func Run(t *testing.T, fresh func(t *testing.T) func() mailbox.Store) {
	for _, g := range groups {
		t.Run(g.name, func(t *testing.T) {
			for _, c := range g.checks {
				t.Run(c.name, func(t *testing.T) {
					c.run(start(t, fresh))
				})
			}
		})
	}
}

type group struct {
	name   string
	checks []check
}

type check struct {
	name string
	run  func(h *harness)
}

// groups is the suite, one group per method or property of the interface.
var groups = []group{
	{"Create", createChecks},
	{"Kinds", kindChecks},
	{"Numbering", numberingChecks},
	{"Caps", capChecks},
	{"Read", readChecks},
	{"Notes", noteChecks},
	{"Game", gameChecks},
	{"Sweep", sweepChecks},
	{"Stats", statChecks},
	{"Durability", durabilityChecks},
	{"Concurrency", concurrencyChecks},
}

// roomy are limits no check reaches unless it sets its own.
var roomy = mailbox.Limits{MaxMessages: 100000, MaxBytes: 1 << 30, MaxLobby: 10000, GamesPerCreator: 100000}

// epoch is the suite's clock at the start of every check: a fixed time, in whole
// milliseconds so that every engine keeps it exactly.
var epoch = time.Date(2031, time.March, 4, 5, 6, 7, 0, time.UTC)

// wait bounds every wait for something a store does on its own (a note).
const wait = 10 * time.Second

// harness is one check's store and clock.
type harness struct {
	t      *testing.T
	ctx    context.Context
	open   func() mailbox.Store
	s      mailbox.Store
	now    time.Time      // what Create and Append carry when the call leaves Now zero
	limits mailbox.Limits // what they carry when the call leaves Limits zero
}

func start(t *testing.T, fresh func(t *testing.T) func() mailbox.Store) *harness {
	h := &harness{t: t, ctx: t.Context(), open: fresh(t), now: epoch, limits: roomy}
	h.s = h.open()
	t.Cleanup(func() {
		if h.s != nil {
			if err := h.s.Close(); err != nil {
				t.Errorf("Close: %v", err)
			}
		}
	})
	return h
}

// reopen closes the store and opens its database again.
func (h *harness) reopen() {
	h.t.Helper()
	s := h.s
	h.s = nil
	if err := s.Close(); err != nil {
		h.t.Fatalf("Close: %v", err)
	}
	h.s = h.open()
}

func (h *harness) fixture(seats int, creator string) *fixture {
	h.t.Helper()
	return newFixture(h.t, seats, creator)
}

// create calls Create, filling in the harness's clock and limits. It is safe to call from
// any goroutine.
func (h *harness) create(c mailbox.Create) (mailbox.Appended, error) {
	if c.Now.IsZero() {
		c.Now = h.now
	}
	if c.Limits == (mailbox.Limits{}) {
		c.Limits = h.limits
	}
	return h.s.Create(h.ctx, c)
}

// append calls Append, filling in the harness's clock and limits. It is safe to call from
// any goroutine.
func (h *harness) append(a mailbox.Append) (mailbox.Appended, error) {
	if a.Now.IsZero() {
		a.Now = h.now
	}
	if a.Limits == (mailbox.Limits{}) {
		a.Limits = h.limits
	}
	return h.s.Append(h.ctx, a)
}

// mustCreate creates a new game, which must become message 1.
func (h *harness) mustCreate(c mailbox.Create) {
	h.t.Helper()
	r, err := h.create(c)
	if err != nil {
		h.t.Fatalf("Create: %v", err)
	}
	if r != (mailbox.Appended{N: 1}) {
		h.t.Fatalf("Create of a new game = %+v, want message 1, not a dup", r)
	}
}

// mustAppend appends a new envelope, which must be the game's next message.
func (h *harness) mustAppend(a mailbox.Append) int64 {
	h.t.Helper()
	before := h.game(a.Game).Head
	r, err := h.append(a)
	if err != nil {
		h.t.Fatalf("Append of a %s envelope: %v", a.Kind, err)
	}
	if r != (mailbox.Appended{N: before + 1}) {
		h.t.Fatalf("Append of a new %s envelope = %+v, want message %d, not a dup", a.Kind, r, before+1)
	}
	return r.N
}

// started creates a game of n seats and stores its genesis (messages 1 and 2).
func (h *harness) started(n int, creator string) *fixture {
	h.t.Helper()
	f := h.fixture(n, creator)
	h.mustCreate(f.create())
	h.mustAppend(f.genesis())
	return f
}

func (h *harness) game(id string) mailbox.Game {
	h.t.Helper()
	g, err := h.s.Game(h.ctx, id)
	if err != nil {
		h.t.Fatalf("Game(%s): %v", id, err)
	}
	return g
}

// readAll reads a game's whole log, a page at a time.
func (h *harness) readAll(id string) []mailbox.Stored {
	h.t.Helper()
	var all []mailbox.Stored
	for {
		page, err := h.s.Read(h.ctx, id, int64(len(all)), 100)
		if err != nil {
			h.t.Fatalf("Read(%s, after %d): %v", id, len(all), err)
		}
		if len(page) == 0 {
			return all
		}
		all = append(all, page...)
	}
}

func (h *harness) stats() mailbox.StoreStats {
	h.t.Helper()
	st, err := h.s.Stats(h.ctx)
	if err != nil {
		h.t.Fatalf("Stats: %v", err)
	}
	return st
}

// refuse appends an envelope that the store must refuse with want, and checks that the
// refusal stored nothing: the game, its log and the store's counts are as they were.
func (h *harness) refuse(a mailbox.Append, want error) {
	h.t.Helper()
	before, log, st := h.game(a.Game), h.readAll(a.Game), h.stats()
	r, err := h.append(a)
	if !errors.Is(err, want) {
		h.t.Fatalf("Append of a %s envelope = %+v, %v; want %v", a.Kind, r, err, want)
	}
	h.unchanged(a.Game, before, log, st)
}

// unchanged checks that a game, its log and the store's counts are as they were.
func (h *harness) unchanged(id string, before mailbox.Game, log []mailbox.Stored, st mailbox.StoreStats) {
	h.t.Helper()
	sameGame(h.t, h.game(id), before)
	now := h.readAll(id)
	sameLog(h.t, now, log)
	sameTimes(h.t, now, log)
	if got := h.stats(); got != st {
		h.t.Fatalf("Stats = %+v, want %+v as before", got, st)
	}
}

// sameGame compares two descriptions of a game: times by instant, seat keys as JSON values
// (an engine may keep JSON in its own form), everything else exactly.
func sameGame(t *testing.T, got, want mailbox.Game) {
	t.Helper()
	if !got.Created.Equal(want.Created) || !got.Touched.Equal(want.Touched) {
		t.Fatalf("game %s created %v, touched %v; want %v, %v", got.ID, got.Created, got.Touched, want.Created, want.Touched)
	}
	if !sameJSON(got.SeatKeys, want.SeatKeys) {
		t.Fatalf("game %s seat keys %s, want %s", got.ID, got.SeatKeys, want.SeatKeys)
	}
	got.Created, got.Touched, got.SeatKeys = want.Created, want.Touched, want.SeatKeys
	if !bytes.Equal(got.Invite, want.Invite) || !bytes.Equal(got.Host, want.Host) {
		t.Fatalf("game %s keys invite %x host %x, want %x %x", got.ID, got.Invite, got.Host, want.Invite, want.Host)
	}
	got.Invite, got.Host = want.Invite, want.Host
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("game = %+v\nwant %+v", got, want)
	}
}

// sameJSON reports whether two JSON texts hold the same value (both empty counts as same).
func sameJSON(a, b []byte) bool {
	if len(a) == 0 || len(b) == 0 {
		return len(a) == len(b)
	}
	var x, y any
	return json.Unmarshal(a, &x) == nil && json.Unmarshal(b, &y) == nil && reflect.DeepEqual(x, y)
}

// sameLog compares two logs byte for byte.
func sameLog(t *testing.T, got, want []mailbox.Stored) {
	t.Helper()
	if len(got) != len(want) {
		t.Fatalf("the log has %d messages, want %d", len(got), len(want))
	}
	for i := range got {
		if got[i].N != want[i].N || got[i].To != want[i].To || !bytes.Equal(got[i].Env, want[i].Env) {
			t.Fatalf("message %d is {N:%d To:%d %s}, want {N:%d To:%d %s}", i+1, got[i].N, got[i].To, got[i].Env, want[i].N, want[i].To, want[i].Env)
		}
	}
}

// sameTimes compares two logs' times of append (a retry or a refusal keeps them).
func sameTimes(t *testing.T, got, want []mailbox.Stored) {
	t.Helper()
	for i := range min(len(got), len(want)) {
		if got[i].At != want[i].At {
			t.Fatalf("message %d was appended at %d ms, now reads %d", got[i].N, want[i].At, got[i].At)
		}
	}
}

// logOf is the log a list of calls makes: message i+1 is the i-th envelope.
func logOf(c mailbox.Create, as ...mailbox.Append) []mailbox.Stored {
	log := []mailbox.Stored{{N: 1, To: -1, Env: c.Env}}
	for _, a := range as {
		log = append(log, mailbox.Stored{N: int64(len(log) + 1), To: a.To, Env: a.Env})
	}
	return log
}

// sizeOf is what a log's envelopes weigh (Game.Bytes, StoreStats.Bytes).
func sizeOf(log []mailbox.Stored) int64 {
	var n int64
	for _, m := range log {
		n += int64(len(m.Env))
	}
	return n
}
