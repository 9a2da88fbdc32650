//go:build !js

package mailbox_test

import (
	"encoding/json"
	"net/http"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"brass/mailbox"
)

// A create through an open makes the game, answered as an open: opened with its head, its
// create envelope delivered as message 1, then live. The same create again (a device that
// lost the answer) opens the same game; another create for the id is game-exists.
func TestCreateThroughOpen(t *testing.T) {
	h := newHarness(t, mailbox.Config{})
	g := newGame(t, 3)
	create := g.create()
	d := h.open(t, mailbox.Frame{Game: g.id, Create: &create})
	if o := d.Opened(); o.Game != g.id || o.Head != 1 || o.Seats != 3 || o.Started {
		t.Fatalf("opened %+v, want game %s, head 1, 3 seats, not started", o, g.id)
	}
	live, msgs := d.waitLive()
	if live != 1 || len(msgs) != 1 || msgs[0].N != 1 || msgs[0].Env.Kind != mailbox.KindCreate || msgs[0].Env.Nonce != create.Nonce {
		t.Fatalf("after a create: live %d, messages %+v", live, msgs)
	}

	// The same create again: the same game, nothing added.
	again := h.open(t, mailbox.Frame{Game: g.id, Create: &create})
	if o := again.Opened(); o.Head != 1 || o.Seats != 3 {
		t.Fatalf("a retried create opened %+v", o)
	}
	// Another create for the id (another host, another nonce): refused.
	other := *g
	other.host = newKey(t)
	create2 := other.create()
	h.refused(t, mailbox.Frame{Game: g.id, Create: &create2}, mailbox.CodeGameExists)
	// A plain open of it works too.
	if o := h.open(t, mailbox.Frame{Game: g.id}).Opened(); o.Head != 1 {
		t.Fatalf("open %+v", o)
	}
	if log := h.log(t, g.id); len(log) != 1 {
		t.Fatalf("the store holds %d messages, want the create alone", len(log))
	}
}

// An open of a game that was never created is no-game, and creates nothing.
func TestOpenUnknownGame(t *testing.T) {
	h := newHarness(t, mailbox.Config{})
	g := newGame(t, 2)
	h.refused(t, mailbox.Frame{Game: g.id}, mailbox.CodeNoGame)
	h.refused(t, mailbox.Frame{Game: g.id, Watch: true}, mailbox.CodeNoGame)
	if st := h.snap(t).Stats; st.Games != 0 {
		t.Fatalf("the store keeps %d games after opens of an unknown one", st.Games)
	}
}

// An open is sent every message after its number, in order, then a live frame with the
// head, then what another connection appends, as it is appended.
func TestDeliveryFromAfterThenLive(t *testing.T) {
	h := newHarness(t, mailbox.Config{})
	g := newGame(t, 2)
	h.started(t, g)
	p0 := h.open(t, mailbox.Frame{Game: g.id, After: 2})
	for i := range 5 {
		p0.appendOK(g.move(0, `{"move":`+string(rune('0'+i))+`}`))
	}
	// Head is 7: a device that read up to 4 gets 5, 6, 7, then live at 7.
	d := h.open(t, mailbox.Frame{Game: g.id, After: 4})
	if o := d.Opened(); o.Head != 7 || !o.Started {
		t.Fatalf("opened %+v, want head 7, started", o)
	}
	live, msgs := d.waitLive()
	if live != 7 || len(msgs) != 3 || msgs[0].N != 5 || msgs[2].N != 7 {
		t.Fatalf("after 4: live %d, messages %v", live, numbers(msgs))
	}
	// Live: another connection's append reaches it.
	p1 := h.open(t, mailbox.Frame{Game: g.id, After: 7})
	move := g.move(1, `{"live":true}`)
	if a := p1.appendOK(move); a.N != 8 {
		t.Fatalf("appended as %d, want 8", a.N)
	}
	got := d.waitN(8)
	if last := got[len(got)-1]; last.N != 8 || last.Env.Nonce != move.Nonce || last.Env.Sig != move.Sig {
		t.Fatalf("delivered live %+v, want the envelope appended", last)
	}
	// An open after the head: nothing, then live at the head.
	late := h.open(t, mailbox.Frame{Game: g.id, After: 8})
	if live, msgs := late.waitLive(); live != 8 || len(msgs) != 0 {
		t.Fatalf("an open at the head: live %d, %d messages", live, len(msgs))
	}
}

func numbers(ds []mailbox.Delivery) []int64 {
	var ns []int64
	for _, d := range ds {
		ns = append(ns, d.N)
	}
	return ns
}

// Appends from several connections at once are numbered 1, 2, … with no gap and no
// number twice, and every reader gets them all in that order.
func TestNumberingContiguousAcrossConnections(t *testing.T) {
	h := newHarness(t, mailbox.Config{})
	g := newGame(t, 4)
	head := h.started(t, g)
	reader := h.open(t, mailbox.Frame{Game: g.id})
	const each = 15
	var mu sync.Mutex
	seen := map[int64]string{}
	var wg sync.WaitGroup
	for s := range 4 {
		d := h.open(t, mailbox.Frame{Game: g.id, After: head})
		wg.Add(1)
		go func() {
			defer wg.Done()
			for range each {
				env := g.move(s, `{"n":1}`)
				a, err := d.Append(ctxT(t), env)
				if err != nil {
					t.Errorf("seat %d: %v", s, err)
					return
				}
				mu.Lock()
				if prev, ok := seen[a.N]; ok {
					t.Errorf("number %d given to %s and %s", a.N, prev, env.Nonce)
				}
				seen[a.N] = env.Nonce
				mu.Unlock()
			}
		}()
	}
	wg.Wait()
	last := head + 4*each
	for n := head + 1; n <= last; n++ {
		if _, ok := seen[n]; !ok {
			t.Fatalf("no append was numbered %d (a gap)", n)
		}
	}
	msgs := reader.waitN(last)
	for i, m := range msgs {
		if m.N != int64(i+1) {
			t.Fatalf("delivery %d is numbered %d", i, m.N)
		}
		if m.N > head && seen[m.N] != m.Env.Nonce {
			t.Fatalf("message %d delivered is not the one acknowledged as %d", m.N, m.N)
		}
	}
}

// An envelope sent again (on another connection, as after a lost one) is answered dup
// with the number it got the first time, and stored once.
func TestRetryIsDup(t *testing.T) {
	h := newHarness(t, mailbox.Config{})
	g := newGame(t, 2)
	head := h.started(t, g)
	move := g.move(0, `{"retry":"me"}`)
	first := h.open(t, mailbox.Frame{Game: g.id, After: head}).appendOK(move)
	if first.Dup || first.N != head+1 {
		t.Fatalf("first append %+v", first)
	}
	h.open(t, mailbox.Frame{Game: g.id, After: head}).appendOK(g.move(1, `{"between":1}`))
	again := h.open(t, mailbox.Frame{Game: g.id, After: head}).appendOK(move)
	if !again.Dup || again.N != first.N {
		t.Fatalf("the retry was answered %+v, want dup as %d", again, first.N)
	}
	if n := countNonce(t, h.log(t, g.id), move.Nonce); n != 1 {
		t.Fatalf("the envelope is stored %d times", n)
	}
}

// Appends posted one after another without waiting are numbered in the order sent.
func TestPipelinedAppendsKeepOrder(t *testing.T) {
	h := newHarness(t, mailbox.Config{})
	g := newGame(t, 2)
	head := h.started(t, g)
	d := h.open(t, mailbox.Frame{Game: g.id, After: head})
	const n = 100
	var sent []mailbox.Envelope
	var ws []func() (mailbox.Appended, error)
	for i := range n {
		env := g.move(i%2, `{"i":`+itoa(i)+`}`)
		wait, err := d.Post(ctxT(t), env)
		if err != nil {
			t.Fatalf("post %d: %v", i, err)
		}
		sent = append(sent, env)
		ws = append(ws, func() (mailbox.Appended, error) { return wait(ctxT(t)) })
	}
	for i, w := range ws {
		a, err := w()
		if err != nil {
			t.Fatalf("append %d: %v", i, err)
		}
		if a.N != head+1+int64(i) || a.Dup {
			t.Fatalf("append %d was numbered %+v, want %d", i, a, head+1+int64(i))
		}
	}
	stored := envs(t, h.log(t, g.id))[head:]
	for i := range sent {
		if stored[i].Nonce != sent[i].Nonce {
			t.Fatalf("stored message %d is not the %dth sent", head+1+int64(i), i)
		}
	}
}

func itoa(i int) string { b, _ := json.Marshal(i); return string(b) }

// A refused append is answered with an error carrying its id and ends the connection, and
// the appends pipelined after it are not stored: no later append overtakes a refused one.
func TestRefusedAppendEndsConnection(t *testing.T) {
	h := newHarness(t, mailbox.Config{})
	g := newGame(t, 2)
	head := h.started(t, g)
	r := h.raw(t, nil)
	r.openGame(mailbox.Frame{Game: g.id, After: head})
	good := g.move(0, `{"ok":1}`)
	bad := g.move(0, `{"ok":2}`)
	bad.Body = []byte(`{"ok":3}`) // no longer what was signed
	after1, after2 := g.move(0, `{"ok":4}`), g.move(1, `{"ok":5}`)
	for i, env := range []mailbox.Envelope{good, bad, after1, after2} {
		r.send(appendFrame(int64(i+1), env))
	}
	if f, err := r.read(); err != nil || f.Type != mailbox.TypeAck && f.Type != mailbox.TypeMsg {
		t.Fatalf("the first append was answered %+v, %v", f, err)
	}
	r.expectError(mailbox.CodeBadSignature, 2)
	log := h.log(t, g.id)
	if len(log) != int(head)+1 || countNonce(t, log, good.Nonce) != 1 {
		t.Fatalf("the store holds %d messages, want %d: the appends after the refused one were stored", len(log), head+1)
	}
	// The client sees the same: the refused append's error, and the connection ended.
	d := h.open(t, mailbox.Frame{Game: g.id, After: head + 1})
	d.appendRefused(bad, mailbox.CodeBadSignature)
	checkCode(t, d.Err(), mailbox.CodeBadSignature)
	if _, err := d.Append(ctxT(t), after1); err == nil {
		t.Fatal("an append on a connection ended by a refusal was accepted")
	}
}

// Before the genesis only the invitation's key writes lobby envelopes; only the host's
// key writes the genesis, and only once; after it no lobby envelope is taken.
func TestLobbyAndGenesisSigners(t *testing.T) {
	h := newHarness(t, mailbox.Config{})
	g := newGame(t, 2)
	h.created(t, g)
	next := func() *device { return h.open(t, mailbox.Frame{Game: g.id, After: 1 << 20}) }

	if a := next().appendOK(g.lobby(`{"seat":0}`)); a.N != 2 {
		t.Fatalf("a lobby envelope was numbered %d", a.N)
	}
	next().appendRefused(g.signed(mailbox.KindLobby, -1, -1, []byte(`{}`), g.host), mailbox.CodeNotAllowed)
	next().appendRefused(g.signed(mailbox.KindLobby, -1, -1, []byte(`{}`), newKey(t)), mailbox.CodeNotAllowed)
	next().appendRefused(g.move(0, `{"early":true}`), mailbox.CodeNotStarted)
	next().appendRefused(g.finish(0), mailbox.CodeNotStarted)
	next().appendRefused(g.signed(mailbox.KindGenesis, -1, -1, g.genesisBody(), g.invite), mailbox.CodeNotAllowed)
	next().appendRefused(g.signed(mailbox.KindGenesis, -1, -1, []byte(`{"seats":[]}`), g.host), mailbox.CodeBadMessage)
	if a := next().appendOK(g.genesis()); a.N != 3 {
		t.Fatalf("the genesis was numbered %d", a.N)
	}
	next().appendRefused(g.genesis(), mailbox.CodeStarted)
	next().appendRefused(g.lobby(`{"late":true}`), mailbox.CodeStarted)
	if log := h.log(t, g.id); len(log) != 3 {
		t.Fatalf("the store holds %d messages, want create, lobby, genesis", len(log))
	}
	if gm, err := h.store.Game(ctxT(t), g.id); err != nil || !gm.Started {
		t.Fatalf("the game after its genesis: %+v, %v", gm, err)
	}
}

// After the genesis, game envelopes come only from the seats' keys it names, each as its
// own seat; a connection opened before the genesis learns the keys when it is stored.
func TestGameEnvelopesOnlyFromSeatKeys(t *testing.T) {
	h := newHarness(t, mailbox.Config{})
	g := newGame(t, 2)
	h.created(t, g)
	early := h.open(t, mailbox.Frame{Game: g.id})
	h.open(t, mailbox.Frame{Game: g.id}).appendOK(g.genesis())
	if a := early.appendOK(g.move(1, `{"first":true}`)); a.N != 3 {
		t.Fatalf("a seat's first move was numbered %d", a.N)
	}
	next := func() *device { return h.open(t, mailbox.Frame{Game: g.id, After: 1 << 20}) }
	next().appendOK(g.move(0, `{"second":true}`))
	// Seat 1's key claiming seat 0.
	next().appendRefused(g.signed(mailbox.KindGame, 0, -1, []byte(`{}`), g.seats[1].sign), mailbox.CodeNotAllowed)
	// A key the genesis does not name.
	next().appendRefused(g.signed(mailbox.KindGame, 0, -1, []byte(`{}`), newKey(t)), mailbox.CodeNotAllowed)
	// The host's and the invitation's keys are no seat's.
	next().appendRefused(g.signed(mailbox.KindGame, 0, -1, []byte(`{}`), g.host), mailbox.CodeNotAllowed)
	next().appendRefused(g.signed(mailbox.KindFinish, 1, -1, []byte(`{}`), g.invite), mailbox.CodeNotAllowed)
	// A seat the game does not have (a 2-seat game), from or to.
	next().appendRefused(g.signed(mailbox.KindGame, 3, -1, []byte(`{}`), g.seats[0].sign), mailbox.CodeNotAllowed)
	bogus := mailbox.Envelope{Game: g.id, Kind: mailbox.KindGame, From: 0, To: 3, Nonce: nonce(t), Body: make([]byte, mailbox.SealOverhead+4)}
	bogus.Sign(g.seats[0].sign)
	next().appendRefused(bogus, mailbox.CodeNotAllowed)
	if log := h.log(t, g.id); len(log) != 4 {
		t.Fatalf("the store holds %d messages, want 4", len(log))
	}
}

// A body sealed to one seat is delivered to the players (and opens with that seat's box
// key), while a watch open sees only the messages to every device, under their own
// numbers.
func TestSealedBodiesAndWatchers(t *testing.T) {
	h := newHarness(t, mailbox.Config{})
	g := newGame(t, 3)
	head := h.started(t, g)
	p := h.open(t, mailbox.Frame{Game: g.id, After: head})
	p.appendOK(g.move(0, `{"public":1}`))                // 3
	p.appendOK(g.sealed(0, 2, `{"secret":"hand of 2"}`)) // 4
	p.appendOK(g.move(1, `{"public":2}`))                // 5
	p.appendOK(g.sealed(2, 1, `{"secret":"to 1"}`))      // 6
	p.appendOK(g.finish(1))                              // 7

	player := h.open(t, mailbox.Frame{Game: g.id, After: head})
	msgs := player.waitN(7)
	if got := numbers(msgs); len(got) != 5 {
		t.Fatalf("a player got %v, want 3…7", got)
	}
	if plain, err := msgs[1].Env.Open(g.seats[2].box); err != nil || string(plain) != `{"secret":"hand of 2"}` {
		t.Fatalf("seat 2 opens message 4 as %q, %v", plain, err)
	}
	if _, err := msgs[1].Env.Open(g.seats[1].box); err == nil {
		t.Fatal("another seat's key opened a sealed body")
	}

	watch := h.open(t, mailbox.Frame{Game: g.id, Watch: true})
	live, seen := watch.waitLive()
	if live != 7 {
		t.Fatalf("the watcher's live frame is at %d, want 7", live)
	}
	want := []int64{1, 2, 3, 5, 7}
	if got := numbers(seen); !equal(got, want) {
		t.Fatalf("the watcher got %v, want %v", got, want)
	}
	// Live too: a sealed body is not sent to it, the next public message is.
	p.appendOK(g.sealed(1, 0, `{"secret":"to 0"}`)) // 8
	p.appendOK(g.move(2, `{"public":3}`))           // 9
	seen = watch.waitN(9)
	if got := numbers(seen); !equal(got, append(want, 9)) {
		t.Fatalf("the watcher got %v live", got)
	}
	for _, m := range seen {
		if m.Env.To != -1 {
			t.Fatalf("the watcher was sent message %d, sealed to %d", m.N, m.Env.To)
		}
	}
	// A spectator cannot create.
	create := newGame(t, 2).create()
	h.refused(t, mailbox.Frame{Game: create.Game, Create: &create, Watch: true}, mailbox.CodeBadMessage)
}

func equal(a, b []int64) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// A finish envelope from a seat is stored, and the store marks the game finished.
func TestFinish(t *testing.T) {
	h := newHarness(t, mailbox.Config{})
	g := newGame(t, 2)
	head := h.started(t, g)
	d := h.open(t, mailbox.Frame{Game: g.id, After: head})
	d.appendOK(g.move(0, `{"last":true}`))
	if a := d.appendOK(g.finish(1)); a.N != head+2 {
		t.Fatalf("the finish was numbered %d", a.N)
	}
	gm, err := h.store.Game(ctxT(t), g.id)
	if err != nil || !gm.Finished || gm.Head != head+2 {
		t.Fatalf("the game after a finish: %+v, %v", gm, err)
	}
}

// /healthz answers 200 with the counts while the store answers, and 503 once it does not.
func TestHealth(t *testing.T) {
	h := newHarness(t, mailbox.Config{})
	g := newGame(t, 2)
	h.started(t, g)
	h.waitConns(t, 0)
	d := h.open(t, mailbox.Frame{Game: g.id})
	d.waitLive()
	get := func() (int, map[string]any) {
		resp, err := http.Get(h.health)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		if ct := resp.Header.Get("Content-Type"); ct != "application/json" {
			t.Fatalf("/healthz content type %q", ct)
		}
		var body map[string]any
		if err := json.NewDecoder(resp.Body).Decode(&body); err != nil {
			t.Fatalf("/healthz is not JSON: %v", err)
		}
		return resp.StatusCode, body
	}
	code, body := get()
	if code != http.StatusOK || body["ok"] != true || body["games"] != 1.0 || body["messages"] != 2.0 || body["connections"] != 1.0 || body["readers"] != 1.0 {
		t.Fatalf("/healthz answered %d %v", code, body)
	}
	_ = h.store.Close()
	if code, body := get(); code != http.StatusServiceUnavailable || body["ok"] != false || body["error"] == nil {
		t.Fatalf("/healthz with the store closed answered %d %v", code, body)
	}
}

// Stats count opens, creates, appends (dups included), dups, refusals and deliveries.
func TestStatsCount(t *testing.T) {
	h := newHarness(t, mailbox.Config{})
	g := newGame(t, 2)
	create := g.create()
	setup := h.open(t, mailbox.Frame{Game: g.id, Create: &create, After: 1 << 20}) // delivered nothing
	setup.appendOK(g.genesis())
	move := g.move(0, `{}`)
	setup.appendOK(move)
	setup.appendOK(move)
	forged := g.move(1, `{}`)
	forged.From = 0 // seat 1's key, claiming seat 0: the signature no longer covers it
	setup.appendRefused(forged, mailbox.CodeBadSignature)
	h.refused(t, mailbox.Frame{Game: newGame(t, 2).id}, mailbox.CodeNoGame)
	d := h.open(t, mailbox.Frame{Game: g.id})
	d.waitN(3) // the create, the genesis, the move
	eventually(t, "3 deliveries counted", func() bool { return h.stats(t).Delivered >= 3 })
	st := h.stats(t)
	want := mailbox.Stats{Connections: st.Connections, Readers: st.Readers, Games: 1, Messages: 3, Bytes: st.Bytes,
		Opens: 2, Creates: 1, Appends: 3, Dups: 1, Refused: 2, Delivered: 3}
	if st != want || st.Bytes == 0 {
		t.Fatalf("stats %+v\nwant  %+v", st, want)
	}
}

// Closing the server ends every connection with a shutdown error: a player, a watcher, and
// a connection that has not sent its open yet.
func TestCloseEndsConnectionsWithShutdown(t *testing.T) {
	h := newHarness(t, mailbox.Config{})
	g := newGame(t, 2)
	h.started(t, g)
	a := h.open(t, mailbox.Frame{Game: g.id})
	b := h.open(t, mailbox.Frame{Game: g.id, Watch: true})
	a.waitLive()
	b.waitLive()
	silent := h.raw(t, nil) // connected, not opened yet
	h.waitConns(t, 3)
	done := make(chan struct{})
	go func() { h.srv.Close(); close(done) }()
	for _, d := range []*device{a, b} {
		select {
		case <-d.Done():
		case <-time.After(waitFor):
			t.Fatal("a connection outlived the server's Close")
		}
		checkCode(t, d.Err(), mailbox.CodeShutdown)
	}
	silent.expectError(mailbox.CodeShutdown, 0)
	select {
	case <-done:
	case <-time.After(waitFor):
		t.Fatal("Close did not return")
	}
	// A connection after Close is refused as shutting down.
	_, err := h.tryOpen(t, mailbox.Frame{Game: g.id})
	checkCode(t, err, mailbox.CodeShutdown)
}

// TestRetriedCreateCostsNoCreation: a device that reconnects with its game's create frame
// again and again opens its game each time; only a new game is charged to the address's
// create rate.
func TestRetriedCreateCostsNoCreation(t *testing.T) {
	h := newHarness(t, mailbox.Config{CreatesPerHour: 1, CreateBurst: 1})
	g := newGame(t, 2)
	create := g.create()
	for i := 0; i < 5; i++ {
		d := h.open(t, mailbox.Frame{Game: g.id, Create: &create})
		if o := d.Opened(); o.Head != 1 {
			t.Fatalf("retry %d opened %+v", i, o)
		}
		d.Close()
	}
	other := newGame(t, 2)
	create2 := other.create()
	h.refused(t, mailbox.Frame{Game: other.id, Create: &create2}, mailbox.CodeTooManyGames)
}

// Every message is delivered with the server's time of its append, from the server's
// clock, in milliseconds: live, as it is appended, and on a later open's catch-up read.
func TestDeliveryTimes(t *testing.T) {
	var clock atomic.Int64 // Unix ms
	h := newHarness(t, mailbox.Config{Now: func() time.Time { return time.UnixMilli(clock.Load()) }})
	g := newGame(t, 2)
	times := []int64{1_900_000_000_000, 1_900_000_000_250, 1_900_000_061_999, 1_900_086_400_001}

	clock.Store(times[0])
	create := g.create()
	d := h.open(t, mailbox.Frame{Game: g.id, Create: &create})
	d.waitLive()
	for i, env := range []mailbox.Envelope{g.genesis(), g.move(0, `{"m":1}`), g.move(1, `{"m":2}`)} {
		clock.Store(times[i+1])
		if a := d.appendOK(env); a.N != int64(i+2) {
			t.Fatalf("appended as %d, want %d", a.N, i+2)
		}
	}
	// A retry later is the message it was, at the time it was.
	clock.Store(times[3] + 5000)
	retry := h.open(t, mailbox.Frame{Game: g.id, After: 4})
	if a := retry.appendOK(d.waitN(4)[3].Env); !a.Dup || a.N != 4 {
		t.Fatalf("the retry was answered %+v, want dup as 4", a)
	}
	check := func(how string, msgs []mailbox.Delivery) {
		t.Helper()
		if len(msgs) != len(times) {
			t.Fatalf("%s: %d messages, want %d", how, len(msgs), len(times))
		}
		for i, m := range msgs {
			if m.At != times[i] {
				t.Fatalf("%s: message %d delivered at %d ms, want %d (the server's clock at its append)", how, m.N, m.At, times[i])
			}
		}
	}
	check("live", d.waitN(4))
	_, caught := h.open(t, mailbox.Frame{Game: g.id}).waitLive()
	check("catching up", caught)
	_, watched := h.open(t, mailbox.Frame{Game: g.id, Watch: true}).waitLive()
	check("watching", watched)
}
