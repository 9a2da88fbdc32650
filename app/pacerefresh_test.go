//go:build !js

package app

import (
	"context"
	"errors"
	"fmt"
	"reflect"
	"testing"
	"time"

	"brass/app/mailroom"
	"brass/app/online"
	"brass/mailbox"
)

// hostAndJoinPace has Ada host an own-pace game of two and Ben join it, each in a visit of
// their own, then Ada open it until it has begun and caught up: Ben's device still holds
// the lobby. It returns the player to move first.
func hostAndJoinPace(t *testing.T, srv *mailbox.Server, url string, ada, ben *paceDevice, setup GameSetup) (actor int) {
	t.Helper()
	seatPace(t, srv, url, []*paceDevice{ada, ben}, setup, 0)
	visitPace(t, srv, url, ada, ada.reopen, "the game begins", func(o *Online) bool {
		if o.Phase() != PhasePlaying || !caughtUp(o) {
			return false
		}
		actor = o.Game().State().Actor()
		return true
	})
	return actor
}

// playOne has the device of the player to move open the game and play one move.
func playOne(t *testing.T, srv *mailbox.Server, url string, pd *paceDevice) {
	t.Helper()
	moves := -1
	visitPace(t, srv, url, pd, pd.reopen, "it played", func(o *Online) bool {
		if !caughtUp(o) {
			return false
		}
		n := len(o.Game().Moves())
		if moves < 0 {
			moves = n
			if err := o.Submit(o.Game().LegalMoves()[0]); err != nil {
				t.Fatal(err)
			}
			return false
		}
		return n > moves
	})
}

// refreshRig is a device's start screen: its refresher on the device's UI goroutine.
type refreshRig struct {
	t      *testing.T
	d      *device
	srv    *mailbox.Server
	p      *PaceRefresher
	visits []*refreshVisit // every refresh begun, in order
	// after, if set, runs on the UI goroutine after each function the refresher or its
	// visits run there.
	after func()
}

func newRefreshRig(t *testing.T, srv *mailbox.Server, url string, pd *paceDevice, tune func(*RefreshConfig)) *refreshRig {
	r := &refreshRig{t: t, d: newDevice(t, pd.name+"'s list"), srv: srv}
	r.d.store = pd.store
	cfg := RefreshConfig{
		Options: func() OnlineOptions {
			return OnlineOptions{Mailbox: url, Retry: 20 * time.Millisecond, BotPause: time.Millisecond, Now: paceClock}
		},
		Run: func(f func()) {
			r.d.run(func() {
				f()
				if r.after != nil {
					r.after()
				}
			})
		},
		Changed: func() {
			if v := r.p.cur; v != nil && (len(r.visits) == 0 || r.visits[len(r.visits)-1] != v) {
				r.visits = append(r.visits, v)
			}
		},
		Gap:   time.Millisecond,
		Every: time.Hour,
	}
	if tune != nil {
		tune(&cfg)
	}
	r.p = NewPaceRefresher(pd.store, cfg)
	t.Cleanup(func() { r.d.do(r.p.Pause) })
	return r
}

// waitFor polls cond on the UI goroutine until it holds.
func (r *refreshRig) waitFor(what string, cond func() bool) {
	r.t.Helper()
	for deadline := time.Now().Add(20 * time.Second); ; time.Sleep(5 * time.Millisecond) {
		ok := false
		r.d.do(func() { ok = cond() })
		if ok {
			return
		}
		if time.Now().After(deadline) {
			r.t.Fatalf("timed out waiting until %s", what)
		}
	}
}

// refresh shows the list until the refresh of game id has begun and ended, then leaves it;
// it returns that refresh, and waits until the server has seen its connection close.
func (r *refreshRig) refresh(id string) *refreshVisit {
	r.t.Helper()
	from := 0
	time.Sleep(2 * time.Millisecond) // (the Gap since the game's last visit has passed)
	r.d.do(func() { from = len(r.visits); r.p.Resume() })
	var v *refreshVisit
	r.waitFor("the game's refresh has ended", func() bool {
		for _, w := range r.visits[from:] {
			if w.id == id {
				v = w
			}
		}
		if v == nil {
			return false
		}
		select {
		case <-v.over:
			return r.p.cur == nil
		default:
			return false
		}
	})
	r.d.do(r.p.Pause)
	waitNoConnections(r.t, r.srv)
	return v
}

// waitNoConnections waits until the mailbox server counts no open connection.
func waitNoConnections(t *testing.T, srv *mailbox.Server) {
	t.Helper()
	for deadline := time.Now().Add(5 * time.Second); ; time.Sleep(2 * time.Millisecond) {
		if st, _ := srv.Stats(context.Background()); st.Connections == 0 {
			return
		}
		if time.Now().After(deadline) {
			t.Fatal("the server still counts a connection")
		}
	}
}

// summaryOf is a game's entry in the device's list.
func summaryOf(t *testing.T, store Store, id string) GameSummary {
	t.Helper()
	list, err := ListGames(store)
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range list {
		if s.ID == id {
			return s
		}
	}
	t.Fatalf("game %s is not in the list %+v", id, list)
	return GameSummary{}
}

// A refresh brings into the list what happened on other devices without the game being
// opened: the game begun from the lobby this device left, then another player's move, with
// whose turn it is and when it changed.
func TestARefreshBringsAnotherDevicesMoveIntoTheList(t *testing.T) {
	url, srv := mailboxServer(t)
	ada := &paceDevice{name: "Ada", store: NewMemoryStore()}
	ben := &paceDevice{name: "Ben", store: NewMemoryStore()}
	actor := hostAndJoinPace(t, srv, url, ada, ben, GameSetup{Players: 2, Edition: "birmingham"})
	names := []string{"Ada", "Ben"}
	rigs := map[*paceDevice]*refreshRig{}
	rigOf := func(pd *paceDevice) *refreshRig {
		if rigs[pd] == nil {
			rigs[pd] = newRefreshRig(t, srv, url, pd, nil)
		}
		return rigs[pd]
	}
	lobby := summaryOf(t, ben.store, ben.id)
	if !lobby.Lobby {
		t.Fatalf("Ben's device holds %+v before its refresh, not the lobby", lobby)
	}
	if v := rigOf(ben).refresh(ben.id); !v.caughtUp {
		t.Fatal("Ben's refresh of the lobby did not catch up")
	}
	s := summaryOf(t, ben.store, ben.id)
	if s.Lobby || s.Updated <= lobby.Updated || s.Turn != names[actor] || s.YourTurn != (actor == 1) || s.Moves != 0 {
		t.Fatalf("Ben's list after the refresh: %+v (the first to move is %s)", s, names[actor])
	}
	devs := []*paceDevice{ada, ben}
	mover, other := devs[actor], devs[1-actor]
	playOne(t, srv, url, mover)
	before := summaryOf(t, other.store, other.id)
	if before.Moves != 0 || before.YourTurn || before.Turn != names[actor] {
		t.Fatalf("%s's list before its refresh: %+v", other.name, before)
	}
	if n := AwaitingYou(other.store, ""); n != 0 {
		t.Fatalf("%s's device counts %d games awaiting it before its refresh", other.name, n)
	}
	if v := rigOf(other).refresh(other.id); !v.caughtUp {
		t.Fatalf("%s's refresh did not catch up", other.name)
	}
	after := summaryOf(t, other.store, other.id)
	if after.Moves != 1 || !after.YourTurn || after.Turn != names[1-actor] || after.Updated <= before.Updated {
		t.Fatalf("%s's list after its refresh: %+v (before: %+v)", other.name, after, before)
	}
	// A refresh that brings nothing new leaves the entry as it was: nobody played.
	rigOf(other).refresh(other.id)
	if again := summaryOf(t, other.store, other.id); !reflect.DeepEqual(again, after) {
		t.Fatalf("%s's list after a refresh that brought nothing: %+v, was %+v", other.name, again, after)
	}
	if n := AwaitingYou(other.store, ""); n != 1 {
		t.Fatalf("%s's device counts %d games awaiting it after its refresh", other.name, n)
	}
}

// Opening a game while it is being refreshed stops the refresh and opens the game only once
// the refresh has closed its visit and saved: nothing the refresh had in flight is written
// after, and the game opened holds every move, whether the refresh was still connecting or
// already reading.
func TestOpeningAGameDuringItsRefreshWaitsForTheRefreshToEnd(t *testing.T) {
	url, srv := mailboxServer(t)
	ada := &paceDevice{name: "Ada", store: NewMemoryStore()}
	ben := &paceDevice{name: "Ben", store: NewMemoryStore()}
	actor := hostAndJoinPace(t, srv, url, ada, ben, GameSetup{Players: 2, Edition: "birmingham", Dealt: true})
	devs := []*paceDevice{ada, ben}
	rig := newRefreshRig(t, srv, url, devs[1-actor], nil)
	other := devs[1-actor]
	opener := func() (Session, error) {
		return OpenSaved(other.store, other.id, OnlineOptions{Mailbox: url, Retry: 20 * time.Millisecond})
	}
	for _, when := range []string{"connecting", "reading"} {
		if when == "reading" {
			// (a refresh also deals: Ada's device then waits for Ben's pass no more)
			rig.refresh(other.id)
		}
		var v *refreshVisit
		var sess *mailroom.Session
		var opened Session
		var wrong string // what went wrong on the UI goroutine
		atOnce, called := false, false
		r := rig.p
		// Open comes right after the refresh began (it is connecting), or right after its
		// visit opened (the log is on its way).
		time.Sleep(2 * time.Millisecond) // (the Gap since the game's last visit has passed)
		rig.d.do(func() {
			rig.after = func() {
				if v = r.cur; v == nil || v.stopping {
					return
				}
				if sess = v.o.pace.sess; when == "reading" && sess == nil {
					return
				}
				rig.after = nil
				r.Open(other.id, opener, func(s Session, err error) {
					called, opened = true, s
					if err != nil {
						wrong = err.Error()
					}
					select {
					case <-v.over:
					default:
						wrong = "the game opened before its refresh ended"
					}
					if sess != nil {
						select {
						case <-sess.Done():
						default:
							wrong = "the game opened while its refresh's visit was still open"
						}
					}
					if err := v.gate.Set("brass/probe", 1); !errors.Is(err, errRefreshOver) {
						wrong = fmt.Sprintf("the ended refresh could still write: %v", err)
					}
				})
				atOnce = called
			}
			r.Resume()
		})
		rig.waitFor("the game is opened", func() bool { return rig.after == nil })
		if atOnce {
			t.Fatalf("while %s, the game opened at once, its refresh still running", when)
		}
		rig.waitFor("the game opens", func() bool { return called })
		if wrong != "" {
			t.Fatalf("while %s: %s", when, wrong)
		}
		o := opened.(*Online)
		rig.d.do(func() {
			if r.Refreshing() != "" || r.active {
				t.Fatalf("refreshing %q (active %v) with a game open", r.Refreshing(), r.active)
			}
			o.Connect(rig.d.run, func() {})
		})
		rig.waitFor("the opened game catches up", func() bool { return caughtUp(o) })
		rig.d.do(func() {
			r.Leave(other.id, o)
			if r.busy[other.id] == nil || !r.held[other.id] {
				t.Fatal("a game left is not kept from refreshing until its visit has closed")
			}
		})
		rig.waitFor("the game's visit has closed", func() bool { return r.busy[other.id] == nil && !r.held[other.id] })
		waitNoConnections(t, srv)
	}
	// What the device stored is the whole game: the other device finds it as it left it.
	sg, err := loadGame(other.store, other.id)
	if err != nil || sg.Online.Deal == nil || sg.Online.Pace.Checkpoint.N == 0 {
		t.Fatalf("the game as stored: %v", err)
	}
	visitPace(t, srv, url, devs[actor], devs[actor].reopen, "it reads the mailbox", func(o *Online) bool {
		return caughtUp(o) && o.Desync() == ""
	})
}

// A game whose mailbox does not answer ends its refresh at the time limit, its entry in the
// list as it was, and the next game is refreshed after it.
func TestAnUnreachableMailboxEndsItsGamesRefreshInItsTimeLimit(t *testing.T) {
	url, srv := mailboxServer(t)
	ada := &paceDevice{name: "Ada", store: NewMemoryStore()}
	ben := &paceDevice{name: "Ben", store: NewMemoryStore()}
	hostAndJoinPace(t, srv, url, ada, ben, GameSetup{Players: 2, Edition: "birmingham"})
	hung := ben.id
	var rec paceLobbyRecord
	if ok, err := ben.store.Get(paceLobbyPrefix+hung, &rec); !ok || err != nil {
		t.Fatalf("Ben's lobby: %v, %v", ok, err)
	}
	hungMailbox, _, _ := mailroom.GameIDs(rec.Config.Invite)
	hostAndJoinPace(t, srv, url, ada, ben, GameSetup{Players: 2, Edition: "birmingham"})
	second := ben.id
	before, err := ListGames(ben.store)
	if err != nil || len(before) != 2 {
		t.Fatalf("Ben's list: %+v, %v", before, err)
	}
	rig := newRefreshRig(t, srv, url, ben, func(c *RefreshConfig) {
		options := c.Options
		c.Limit, c.Gap = 2*time.Second, time.Hour // each game once
		c.Options = func() OnlineOptions {
			opts := options()
			opts.MailDial = func(ctx context.Context, url string, open mailbox.Frame) (*mailbox.Conn, error) {
				if open.Game == hungMailbox {
					<-ctx.Done() // a mailbox that never answers
					return nil, ctx.Err()
				}
				return mailbox.Dial(ctx, url, open)
			}
			return opts
		}
	})
	rig.d.do(rig.p.Resume)
	rig.waitFor("both games were refreshed", func() bool {
		n := 0
		for _, v := range rig.visits {
			select {
			case <-v.over:
				n++
			default:
			}
		}
		return n == 2
	})
	for _, v := range rig.visits {
		if v.caughtUp != (v.id == second) {
			t.Fatalf("the refresh of %s caught up: %v (the mailbox of %s never answers)", v.id, v.caughtUp, hung)
		}
	}
	if s := summaryOf(t, ben.store, hung); !reflect.DeepEqual(s, before[indexOf(before, hung)]) {
		t.Fatalf("the unreachable game's entry changed: %+v, was %+v", s, before[indexOf(before, hung)])
	}
	if s := summaryOf(t, ben.store, second); s.Lobby {
		t.Fatalf("the other game was not refreshed: %+v", s)
	}
}

func indexOf(list []GameSummary, id string) int {
	for i, s := range list {
		if s.ID == id {
			return i
		}
	}
	return -1
}

// A refresh publishes this device's keys of the deal: the player to move, whose first turn
// waits for the other device's passes, gets to play with that device never opened on its
// screen, only refreshed from its list.
func TestARefreshPublishesTheDealsKeysTheOtherDeviceWaitsFor(t *testing.T) {
	url, srv := mailboxServer(t)
	ada := &paceDevice{name: "Ada", store: NewMemoryStore()}
	ben := &paceDevice{name: "Ben", store: NewMemoryStore()}
	actor := hostAndJoinPace(t, srv, url, ada, ben, GameSetup{Players: 2, Edition: "birmingham", Dealt: true})
	devs := []*paceDevice{ada, ben}
	mover, other := devs[actor], devs[1-actor]
	rig := newRefreshRig(t, srv, url, other, nil)
	refreshes := 0
	for visits := 0; ; visits++ {
		if visits == 12 {
			t.Fatalf("%s could not play after %d visits and %d refreshes of %s's list", mover.name, visits, refreshes, other.name)
		}
		played, moves := false, -1
		visitPace(t, srv, url, mover, mover.reopen, "it played or waits", func(o *Online) bool {
			if !caughtUp(o) {
				return false
			}
			r, _ := o.game()
			g := r.Game()
			if moves < 0 {
				moves = len(g.Moves())
			}
			if len(g.Moves()) > moves {
				played = true
				return true
			}
			if !o.LocalSeat(g.State().Actor()) || len(r.DealWaiting()) > 0 {
				return true
			}
			if err := o.Submit(g.LegalMoves()[0]); err != nil {
				t.Fatal(err)
			}
			return false
		})
		if played {
			break
		}
		rig.refresh(other.id)
		refreshes++
	}
	if refreshes == 0 {
		t.Fatal("the first turn did not wait for the other device")
	}
	t.Logf("%s played after %d refreshes of %s's list", mover.name, refreshes, other.name)
}

// The refresher picks own-pace games only (not live ones), never one finished or a lobby
// that failed, nor one open on the screen, nor one visited in the last Gap; those where
// another player is to move come first; one ended, or told over to the mailbox, is not
// visited once opened.
func TestTheRefresherPicksTheOwnPaceGamesDue(t *testing.T) {
	store := NewMemoryStore()
	games := []struct {
		sum  GameSummary
		meta *onlineMeta
	}{
		{GameSummary{ID: "live", Room: "K7QF9MZT", Turn: "Ben"}, &onlineMeta{Room: "K7QF9MZT"}},
		{GameSummary{ID: "over", Pace: true, Over: true}, &onlineMeta{Pace: &paceMeta{}}},
		{GameSummary{ID: "ended", Pace: true, Turn: "Ben"}, &onlineMeta{Pace: &paceMeta{}, Ending: &online.Ending{}}},
		{GameSummary{ID: "told", Pace: true, Turn: "Ben"}, &onlineMeta{Pace: &paceMeta{Finished: true}}},
		{GameSummary{ID: "mine", Pace: true, Turn: "Ada", YourTurn: true, Updated: 3}, &onlineMeta{Pace: &paceMeta{}}},
		{GameSummary{ID: "theirs", Pace: true, Turn: "Ben", Updated: 2}, &onlineMeta{Pace: &paceMeta{}}},
		{GameSummary{ID: "shown", Pace: true, Turn: "Ben", Updated: 1}, &onlineMeta{Pace: &paceMeta{}}},
		{GameSummary{ID: "hotseat"}, nil},
	}
	var index []GameSummary
	for _, g := range games {
		if err := store.Set(gameKey(g.sum.ID), savedGame{ID: g.sum.ID, Online: g.meta}); err != nil {
			t.Fatal(err)
		}
		index = append(index, g.sum)
	}
	if err := store.Set(indexKey, index); err != nil {
		t.Fatal(err)
	}
	for id, failure := range map[string]string{"gathering": "", "failed": "another game has its id"} {
		if err := store.Set(paceLobbyPrefix+id, paceLobbyRecord{Players: 2, Names: []string{"Ada"}, Failure: failure}); err != nil {
			t.Fatal(err)
		}
	}
	now := time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)
	p := NewPaceRefresher(store, RefreshConfig{Run: func(f func()) { f() }, Now: func() time.Time { return now }})
	p.held["shown"] = true
	var order []string
	for {
		s, ok := p.due()
		if !ok {
			break
		}
		id := s.ID
		if s.Lobby != (id == "gathering") {
			t.Fatalf("%s picked as a lobby: %v", id, s.Lobby)
		}
		order = append(order, id)
		p.last[id] = now
	}
	if want := []string{"theirs", "ended", "gathering", "told", "mine"}; !reflect.DeepEqual(order, want) {
		t.Fatalf("refreshed %q, want %q", order, want)
	}
	for _, g := range games {
		if settled := g.meta != nil && g.meta.Pace != nil && gameSettled(savedGame{Online: g.meta}); settled != (g.sum.ID == "ended" || g.sum.ID == "told") {
			t.Fatalf("%s taken as settled: %v", g.sum.ID, settled)
		}
	}
	now = now.Add(DefaultRefreshGap - time.Second)
	if s, ok := p.due(); ok {
		t.Fatalf("%s refreshed again within a minute", s.ID)
	}
	now = now.Add(time.Second)
	delete(p.held, "shown")
	if s, _ := p.due(); s.ID != "shown" {
		t.Fatalf("after a minute, %q is refreshed first, not the game the screen left", s.ID)
	}
}
