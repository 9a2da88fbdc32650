//go:build !js

package app

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"brass/app/botbrain"
	"brass/app/deal"
	"brass/mailbox"
	"brass/mailbox/sqlitestore"

	"filippo.io/edwards25519"
)

// mailboxServer is a real mailbox over SQLite on loopback.
func mailboxServer(t testing.TB) (url string, srv *mailbox.Server) {
	t.Helper()
	return mailboxServerWith(t, mailbox.Config{OpensPerMinute: 1e6}) // (every device is on loopback)
}

// mailboxServerWith is one with the quotas of cfg.
func mailboxServerWith(t testing.TB, cfg mailbox.Config) (url string, srv *mailbox.Server) {
	t.Helper()
	st, err := sqlitestore.Open(filepath.Join(t.TempDir(), "mailbox.db"), sqlitestore.Options{})
	if err != nil {
		t.Fatal(err)
	}
	srv = mailbox.NewServer(st, cfg)
	hs := httptest.NewServer(srv)
	t.Cleanup(func() {
		hs.Close()
		srv.Close()
		st.Close()
	})
	return "ws" + strings.TrimPrefix(hs.URL, "http") + "/", srv
}

// paceClock is the devices' clock (nil: the real one); the time-limit test moves it.
var paceClock func() time.Time

// paceDevice is a player's device in an own-pace game: its store, and the id of its game.
type paceDevice struct {
	name  string
	store *MemoryStore
	id    string
}

// visit opens the device's game alone (no other device connected), lets until hold, and
// closes it; it returns what was open.
func visitPace(t testing.TB, srv *mailbox.Server, url string, pd *paceDevice, open func(opts OnlineOptions) (*Online, error), until string, cond func(o *Online) bool) {
	t.Helper()
	st, _ := srv.Stats(context.Background())
	if st.Connections != 0 {
		t.Fatalf("%s opens while %d connections are open", pd.name, st.Connections)
	}
	opts := OnlineOptions{Mailbox: url, Retry: 20 * time.Millisecond, BotPause: time.Millisecond, Now: paceClock}
	o, err := open(opts)
	if err != nil {
		t.Fatalf("%s: %v", pd.name, err)
	}
	d := newDevice(t, pd.name)
	d.store = pd.store
	d.connect(o)
	d.waitUntil(until, 20*time.Second, cond)
	d.do(func() { pd.id = o.ID() })
	d.shutdown()
	d.o = nil
	for deadline := time.Now().Add(5 * time.Second); ; time.Sleep(2 * time.Millisecond) {
		if st, _ := srv.Stats(context.Background()); st.Connections == 0 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("the server still counts a closed connection")
		}
	}
}

// beginOwnPace has three devices never open at the same time create, join and begin a
// three-player Birmingham game with hidden cards through the mailbox alone (the host Ada,
// then Ben and Cy), each then opening it once to take the game up from the genesis and deal.
func beginOwnPace(t testing.TB, srv *mailbox.Server, url string) (ada, ben, cy *paceDevice) {
	t.Helper()
	ada = &paceDevice{name: "Ada", store: NewMemoryStore()}
	ben = &paceDevice{name: "Ben", store: NewMemoryStore()}
	cy = &paceDevice{name: "Cy", store: NewMemoryStore()}
	var code string
	visitPace(t, srv, url, ada, func(opts OnlineOptions) (*Online, error) {
		return HostOwnPace(ada.store, GameSetup{Players: 3, Edition: "birmingham", Dealt: true}, 0, "Ada", Palette[0].CSS, opts)
	}, "the host's seat is in the mailbox", func(o *Online) bool {
		code = o.Invitation()
		return len(o.Seats()) == 1 && o.Phase() == PhaseLobby && o.Pace()
	})
	if !IsInvitation(code) {
		t.Fatalf("the host's invitation %q is not one", code)
	}
	join := func(pd *paceDevice, seats int) {
		visitPace(t, srv, url, pd, func(opts OnlineOptions) (*Online, error) {
			return JoinOwnPace(pd.store, strings.ToLower(code), pd.name, Palette[0].CSS, opts)
		}, fmt.Sprintf("%d seats are taken", seats), func(o *Online) bool { return len(o.Seats()) == seats })
	}
	join(ben, 2)
	join(cy, 3)
	var awaited []string
	visitPace(t, srv, url, cy, cy.reopen, "the draw waits for the others", func(o *Online) bool {
		awaited = o.Awaited()
		return o.Phase() == PhaseSeeding && len(awaited) == 2
	})
	if strings.Join(awaited, ",") != "Ada,Ben" {
		t.Fatalf("the draw waits for %q", awaited)
	}
	visitPace(t, srv, url, ada, ada.reopen, "Ada's secret is in", func(o *Online) bool { return len(o.Awaited()) == 1 })
	visitPace(t, srv, url, ben, ben.reopen, "the game begins", func(o *Online) bool { return o.Phase() == PhasePlaying })
	if sg, err := loadGame(ben.store, ben.id); err != nil || sg.Online.Deal == nil {
		t.Fatalf("Ben's game as stored: %v, deal %v", err, sg.Online != nil && sg.Online.Deal != nil)
	}
	if ok, _ := ben.store.Get(paceLobbyPrefix+ben.id, &paceLobbyRecord{}); ok {
		t.Fatal("the lobby is still stored once the game began")
	}
	// Each device opens once to take the game up from the genesis and deal.
	for _, pd := range []*paceDevice{ada, cy} {
		visitPace(t, srv, url, pd, pd.reopen, "the game begins", func(o *Online) bool { return o.Phase() == PhasePlaying })
	}
	return ada, ben, cy
}

// reopen opens the device's stored game (or lobby), as a page opened again does, with the
// bots' brain that plays its seat bots.
func (pd *paceDevice) reopen(opts OnlineOptions) (*Online, error) {
	s, err := OpenSaved(pd.store, pd.id, opts)
	if err != nil {
		return nil, err
	}
	o := s.(*Online)
	o.SetBrain(botbrain.Local{})
	return o, nil
}

// The shell of an own-pace game: three devices never open at the same time create, join and
// begin a game with hidden cards through the mailbox alone, and play its first turns, each
// device opening the game when it is its turn; every device holds the same game.
func TestAnOwnPaceGameFromInvitationToPlayWithDevicesNeverOnTogether(t *testing.T) {
	url, srv := mailboxServer(t)
	ada, ben, cy := beginOwnPace(t, srv, url)
	pt := &paceTurns{t: t, srv: srv, url: url, devs: map[int]*paceDevice{0: ada, 1: ben, 2: cy}, queue: []*paceDevice{ben}, seed: 7}
	movedSeat, movedPlayed := false, 0
	for visits := 0; (pt.played < 12 || movedPlayed == 0) && visits < 120; visits++ {
		if pt.played >= 6 && !movedSeat {
			movedSeat = true
			// Cy moves the seat to another device: exported, imported there, and played there.
			file, _, err := ExportSeat(cy.store, cy.id)
			if err != nil {
				t.Fatal(err)
			}
			moved := &paceDevice{name: "Cy's phone", store: NewMemoryStore()}
			if moved.id, err = ImportGame(moved.store, file); err != nil || moved.id != cy.id {
				t.Fatalf("importing the seat: %q, %v", moved.id, err)
			}
			if _, err := ImportGame(moved.store, file); err == nil || !strings.Contains(err.Error(), "holds this game already") {
				t.Fatalf("a seat imported twice on one device: %v", err)
			}
			if _, _, err := ExportSeat(NewMemoryStore(), cy.id); err == nil {
				t.Fatal("a seat exported from a device that does not hold it")
			}
			elsewhere := NewMemoryStore()
			if _, err := ImportGame(elsewhere, withPointOffTheGroup(t, file)); err == nil || !strings.Contains(err.Error(), "does not verify") {
				t.Fatalf("a seat whose stored deal holds a point off the group: %v", err)
			}
			if list, _ := ListGames(elsewhere); len(list) != 0 {
				t.Fatalf("a refused seat left %d games stored", len(list))
			}
			cy, pt.devs[2] = moved, moved
			for k, q := range pt.queue {
				if q.name == "Cy" {
					pt.queue[k] = moved
				}
			}
		}
		if pd, played := pt.turn(); pd.name == "Cy's phone" && played {
			movedPlayed++
		}
	}
	if movedPlayed == 0 {
		t.Fatalf("the device the seat moved to never played: %s", strings.Join(pt.trail, " "))
	}
	if pt.played < 12 {
		t.Fatalf("only %d moves were played in 120 visits: %s", pt.played, strings.Join(pt.trail, " "))
	}
	// Ada's game as the versions before stored it: its checkpoint lets a visit read nothing
	// from it, so the next reads the whole log again, and stores one it can.
	sg, err := loadGame(ada.store, ada.id)
	if err != nil {
		t.Fatal(err)
	}
	cp := &sg.Online.Pace.Checkpoint
	if cp.After() != cp.N-1 || cp.N < 2 {
		t.Fatalf("Ada's checkpoint, stored by this version, reads the log after message %d of %d", cp.After(), cp.N)
	}
	cp.Prev, cp.Taken, cp.Hellos = nil, nil, nil
	g, err := replayStored(sg.Record)
	if err != nil {
		t.Fatal(err)
	}
	if err := saveGame(ada.store, sg, g); err != nil {
		t.Fatal(err)
	}
	var hashes []string
	for _, pd := range []*paceDevice{ada, ben, cy} {
		sg, err := loadGame(pd.store, pd.id)
		if err != nil {
			t.Fatal(err)
		}
		from := sg.Online.Pace.Checkpoint.N
		before, _ := srv.Stats(context.Background())
		visitPace(t, srv, url, pd, pd.reopen, "it read the mailbox", func(o *Online) bool {
			return caughtUp(o)
		})
		after, _ := srv.Stats(context.Background())
		if sg, err = loadGame(pd.store, pd.id); err != nil {
			t.Fatal(err)
		}
		read, cp := after.Delivered-before.Delivered, sg.Online.Pace.Checkpoint
		switch {
		case cp.After() != cp.N-1:
			t.Fatalf("%s's visit stored a checkpoint the next cannot read from", pd.name)
		case pd == ada && read < cp.N-1:
			t.Fatalf("Ada's game as the versions before stored it read %d messages of %d", read, cp.N)
		case pd != ada && read > after.Messages-from+1:
			t.Fatalf("%s's visit read %d messages, from its checkpoint at %d of %d", pd.name, read, from, after.Messages)
		}
		o, err := OpenOnline(pd.store, pd.id, OnlineOptions{Mailbox: url})
		if err != nil {
			t.Fatal(err)
		}
		hashes = append(hashes, fmt.Sprintf("%d/%x", len(o.Game().Moves()), o.Game().Hash()))
	}
	if hashes[0] != hashes[1] || hashes[1] != hashes[2] {
		t.Fatalf("the devices hold different games: %q", hashes)
	}
}

// withPointOffTheGroup is a seat file with one point of a locked deal's pass moved off the
// prime-order group (a torsion point added).
func withPointOffTheGroup(t testing.TB, file []byte) []byte {
	t.Helper()
	var f seatFile
	if err := json.Unmarshal(file, &f); err != nil {
		t.Fatal(err)
	}
	for _, passes := range f.Passes {
		p, err := new(edwards25519.Point).SetBytes(passes[0].Deck[0][:])
		if err != nil {
			t.Fatal(err)
		}
		torsion, _ := new(edwards25519.Point).SetBytes(append([]byte{0xec}, append(bytes.Repeat([]byte{0xff}, 30), 0x7f)...)) // (0, -1), of order 2
		passes[0].Deck[0] = deal.Point(p.Add(p, torsion).Bytes())
		b, err := json.Marshal(f)
		if err != nil {
			t.Fatal(err)
		}
		return b
	}
	t.Fatal("the seat file holds no locked deal")
	return nil
}

// paceTurns plays an own-pace game's turns: the device whose turn it is opens, plays one
// move if its cards are open (a random legal move, from seed), and closes; when it cannot,
// the devices it waits for open next (they were told to), then it.
type paceTurns struct {
	t      testing.TB
	srv    *mailbox.Server
	url    string
	devs   map[int]*paceDevice // by seat
	queue  []*paceDevice       // who opens next
	seed   uint64
	played int
	trail  []string
}

// turn is one visit: of the next device in the queue. It says which, and whether it played.
func (pt *paceTurns) turn() (pd *paceDevice, played bool) {
	pd, pt.queue = pt.queue[0], pt.queue[1:]
	var actor, moves, after int
	var waiting []int
	var err error
	visitPace(pt.t, pt.srv, pt.url, pd, pd.reopen, "it played or waits", func(o *Online) bool {
		if !caughtUp(o) {
			return false
		}
		r, _ := o.game()
		g := r.Game()
		if moves == 0 && after == 0 {
			moves = len(g.Moves())
		}
		actor, waiting, after = g.State().Actor(), r.DealWaiting(), len(g.Moves())
		if after > moves || !o.LocalSeat(actor) || len(waiting) > 0 || err != nil {
			return true // it has played, or said what it had to say
		}
		legal := g.LegalMoves()
		pt.seed = pt.seed*6364136223846793005 + 1442695040888963407
		if err = o.Submit(legal[int((pt.seed>>33)%uint64(len(legal)))]); err == nil {
			pt.played++
		}
		return false
	})
	pt.trail = append(pt.trail, fmt.Sprintf("%s:%d→%d,actor %d,waits %v", pd.name, moves, after, actor, waiting))
	if err != nil {
		pt.t.Logf("%s could not play: %v", pd.name, err)
	}
	pt.queue = nil
	for _, s := range waiting {
		pt.queue = append(pt.queue, pt.devs[s])
	}
	pt.queue = append(pt.queue, pt.devs[actor])
	return pd, after > moves
}

// caughtUp reports, without waiting, whether the game's visit has read the whole log and
// the mailbox stored all it sent.
func caughtUp(o *Online) bool {
	if o.pace == nil || o.pace.sess == nil {
		return false
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	return o.pace.sess.Idle(ctx) == nil
}

// A turn's time limit: the turn runs from the mailbox's time of the move that began it; past
// the limit (a clock moved forward, in this test only), another player may end the game, and
// every device then holds the signed ending; before it, nobody may.
func TestAnOwnPaceTurnPastItsTimeLimitLetsTheOthersEndTheGame(t *testing.T) {
	url, srv := mailboxServer(t)
	start := time.Now()
	offset := time.Duration(0)
	paceClock = func() time.Time { return time.Now().Add(offset) }
	t.Cleanup(func() { paceClock = nil })
	ada := &paceDevice{name: "Ada", store: NewMemoryStore()}
	ben := &paceDevice{name: "Ben", store: NewMemoryStore()}
	var code string
	visitPace(t, srv, url, ada, func(opts OnlineOptions) (*Online, error) {
		return HostOwnPace(ada.store, GameSetup{Players: 2, Edition: "birmingham"}, 12*time.Hour, "Ada", Palette[0].CSS, opts)
	}, "the host's seat is in the mailbox", func(o *Online) bool {
		code = o.Invitation()
		return len(o.Seats()) == 1 && o.TurnLimit() == 12*time.Hour
	})
	visitPace(t, srv, url, ben, func(opts OnlineOptions) (*Online, error) {
		return JoinOwnPace(ben.store, code, "Ben", Palette[1].CSS, opts)
	}, "both seats are taken", func(o *Online) bool { return len(o.Seats()) == 2 && o.TurnLimit() == 12*time.Hour })
	var actor int
	visitPace(t, srv, url, ada, ada.reopen, "the game begins", func(o *Online) bool {
		if o.Phase() != PhasePlaying || !caughtUp(o) {
			return false
		}
		actor = o.Game().State().Actor()
		return true
	})
	devs := []*paceDevice{ada, ben}
	mover, other := devs[actor], devs[1-actor]
	// The player to move plays one move: the next player's turn runs from its time.
	visitPace(t, srv, url, mover, mover.reopen, "it played", func(o *Online) bool {
		if !caughtUp(o) {
			return false
		}
		if len(o.Game().Moves()) == 0 {
			_ = o.Submit(o.Game().LegalMoves()[0])
			return false
		}
		return true
	})
	var deadline time.Time
	visitPace(t, srv, url, other, other.reopen, "it sees the deadline", func(o *Online) bool {
		if !caughtUp(o) {
			return false
		}
		d, ok := o.TurnDeadline()
		deadline = d
		return ok
	})
	if deadline.Before(start.Add(12*time.Hour)) || deadline.After(time.Now().Add(12*time.Hour+time.Minute)) {
		t.Fatalf("the deadline %v is not 12 hours after the turn began (the test began %v)", deadline, start)
	}
	// Whose turn it is now (a player's first turn in Birmingham is one action, then the next
	// player's two): whoever is not to move may end the game once the time is past.
	var toMove int
	visitPace(t, srv, url, mover, mover.reopen, "it read the mailbox", func(o *Online) bool {
		toMove = o.Game().State().Actor()
		return caughtUp(o)
	})
	waiter := devs[1-toMove]
	offset = 11 * time.Hour
	visitPace(t, srv, url, waiter, waiter.reopen, "it reads the clock", func(o *Online) bool {
		if !caughtUp(o) {
			return false
		}
		if o.CanEndForTime() || o.EndForTime() == nil {
			t.Fatal("the game could be ended before the time ran out")
		}
		return true
	})
	offset = 13 * time.Hour
	visitPace(t, srv, url, waiter, waiter.reopen, "it ended the game", func(o *Online) bool {
		if !caughtUp(o) {
			return false
		}
		if o.CanEndForTime() {
			if err := o.EndForTime(); err != nil {
				t.Fatal(err)
			}
		}
		return o.Ended() && caughtUp(o)
	})
	visitPace(t, srv, url, devs[toMove], devs[toMove].reopen, "it holds the ending", func(o *Online) bool {
		r, _ := o.game()
		e := r.Ended()
		return caughtUp(o) && e != nil && e.By == 1-toMove && len(e.Stalled) == 1 && e.Stalled[0] == toMove && strings.Contains(e.Reason, "12 hours")
	})
}

// An invitation to a game the mailbox does not hold (never created, or deleted after its
// retention) ends in a clear refusal, and the device stops trying.
func TestAnInvitationToAGameTheMailboxDoesNotHoldIsRefused(t *testing.T) {
	url, _ := mailboxServer(t)
	code := EncodeInvitation([]byte("sixteen bytes!!!"))
	o, err := JoinOwnPace(NewMemoryStore(), code, "Ben", Palette[1].CSS, OnlineOptions{Mailbox: url, Retry: 20 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	d := newDevice(t, "Ben")
	d.connect(o)
	d.waitUntil("the lobby fails", 10*time.Second, func(o *Online) bool { return o.Phase() == PhaseFailed })
	d.do(func() {
		if f := o.Failure(); !strings.Contains(f, "mailbox refused it") || o.Signal() != SignalClosed {
			t.Fatalf("the failure: %q, signal %v", f, o.Signal())
		}
	})
	if _, err := JoinOwnPace(NewMemoryStore(), "K7QF-9MZT", "Ben", Palette[1].CSS, OnlineOptions{Mailbox: url}); err == nil {
		t.Fatal("a live room's code was taken for an invitation")
	}
}
