//go:build !js

package mailbox_test

import (
	"context"
	"crypto/ed25519"
	"crypto/rand"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"reflect"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/coder/websocket"

	"brass/mailbox"
	"brass/mailbox/sqlitestore"
)

// waitFor bounds every wait of these tests: long enough for a loaded 2-core machine,
// short enough that a hang fails the test rather than the run.
const waitFor = 10 * time.Second

func ctxT(t testing.TB) context.Context {
	ctx, cancel := context.WithTimeout(context.Background(), waitFor)
	t.Cleanup(cancel)
	return ctx
}

// ---- the server under test ----

// harness is a real mailbox server over httptest on loopback, on its own store.
type harness struct {
	srv      *mailbox.Server
	store    mailbox.Store
	url      string // ws://…/mailbox
	health   string // http://…/healthz
	panicked atomic.Pointer[string]
}

// newHarness serves a fresh SQLite store in the test's temporary directory.
func newHarness(t testing.TB, cfg mailbox.Config) *harness {
	t.Helper()
	st, err := sqlitestore.Open(filepath.Join(t.TempDir(), "mailbox.db"), sqlitestore.Options{Logger: slog.New(slog.DiscardHandler)})
	if err != nil {
		t.Fatalf("opening the store: %v", err)
	}
	return serveStore(t, st, cfg)
}

// serveStore runs a server on st over httptest; the server, the listener and the store
// are closed when the test ends, and a panic in a handler fails the test (net/http would
// otherwise recover it quietly).
func serveStore(t testing.TB, st mailbox.Store, cfg mailbox.Config) *harness {
	t.Helper()
	h := &harness{store: st, srv: mailbox.NewServer(st, cfg)}
	mux := http.NewServeMux()
	mux.Handle("/mailbox", http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		defer func() {
			if p := recover(); p != nil {
				msg := fmt.Sprint(p)
				h.panicked.CompareAndSwap(nil, &msg)
			}
		}()
		h.srv.ServeHTTP(w, r)
	}))
	mux.Handle("/healthz", h.srv.Health())
	hs := httptest.NewServer(mux)
	h.url = "ws" + strings.TrimPrefix(hs.URL, "http") + "/mailbox"
	h.health = hs.URL + "/healthz"
	t.Cleanup(func() {
		h.srv.Close()
		hs.Close()
		_ = st.Close()
		if p := h.panicked.Load(); p != nil {
			t.Errorf("the server panicked: %s", *p)
		}
	})
	return h
}

func (h *harness) stats(t testing.TB) mailbox.Stats {
	t.Helper()
	st, err := h.srv.Stats(ctxT(t))
	if err != nil {
		t.Fatalf("server stats: %v", err)
	}
	return st
}

// eventually waits, bounded, until cond holds.
func eventually(t testing.TB, what string, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(waitFor)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("waited %v: %s", waitFor, what)
		}
		time.Sleep(5 * time.Millisecond)
	}
}

// waitConns waits until the server counts n connections.
func (h *harness) waitConns(t testing.TB, n int) {
	t.Helper()
	eventually(t, fmt.Sprintf("the server to count %d connections", n), func() bool { return h.stats(t).Connections == n })
}

// ---- what the store holds ----

// snapshot is what the store holds: its counts and the named games' logs.
type snapshot struct {
	Stats mailbox.StoreStats
	Logs  map[string][]mailbox.Stored
}

func (h *harness) snap(t testing.TB, games ...string) snapshot {
	t.Helper()
	st, err := h.store.Stats(ctxT(t))
	if err != nil {
		t.Fatalf("store stats: %v", err)
	}
	s := snapshot{Stats: st, Logs: map[string][]mailbox.Stored{}}
	for _, g := range games {
		s.Logs[g] = h.log(t, g)
	}
	return s
}

// unchanged checks that the store holds what it held at before.
func (h *harness) unchanged(t testing.TB, before snapshot) {
	t.Helper()
	var games []string
	for g := range before.Logs {
		games = append(games, g)
	}
	if after := h.snap(t, games...); !reflect.DeepEqual(before, after) {
		t.Fatalf("the store changed:\nbefore %+v\nafter  %+v", before.Stats, after.Stats)
	}
}

// log reads a game's whole log from the store.
func (h *harness) log(t testing.TB, game string) []mailbox.Stored {
	t.Helper()
	var all []mailbox.Stored
	for {
		after := int64(0)
		if len(all) > 0 {
			after = all[len(all)-1].N
		}
		ms, err := h.store.Read(ctxT(t), game, after, 1000)
		if errors.Is(err, mailbox.ErrNoGame) {
			return nil
		}
		if err != nil {
			t.Fatalf("reading %s: %v", game, err)
		}
		all = append(all, ms...)
		if len(ms) < 1000 {
			return all
		}
	}
}

// envs decodes a log's envelopes.
func envs(t testing.TB, log []mailbox.Stored) []mailbox.Envelope {
	t.Helper()
	out := make([]mailbox.Envelope, len(log))
	for i, m := range log {
		if err := json.Unmarshal(m.Env, &out[i]); err != nil {
			t.Fatalf("stored message %d is not an envelope: %v", m.N, err)
		}
	}
	return out
}

// countNonce counts the stored envelopes under a nonce.
func countNonce(t testing.TB, log []mailbox.Stored, nonce string) int {
	t.Helper()
	n := 0
	for _, e := range envs(t, log) {
		if e.Nonce == nonce {
			n++
		}
	}
	return n
}

// ---- a game's keys and envelopes ----

// game is one game's keys as its devices hold them.
type game struct {
	t      testing.TB
	id     string
	invite ed25519.PrivateKey
	host   ed25519.PrivateKey
	seats  []seat
}

type seat struct {
	sign ed25519.PrivateKey
	box  mailbox.BoxKey
}

func newKey(t testing.TB) ed25519.PrivateKey {
	t.Helper()
	_, k, err := ed25519.GenerateKey(rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	return k
}

// newGame draws the keys of a game of n seats.
func newGame(t testing.TB, n int) *game {
	t.Helper()
	secret := make([]byte, 32)
	if _, err := rand.Read(secret); err != nil {
		t.Fatal(err)
	}
	return gameFrom(t, n, secret, newKey(t), func() ed25519.PrivateKey { return newKey(t) })
}

// gameFrom builds a game from its invitation secret, host key and seat keys.
func gameFrom(t testing.TB, n int, secret []byte, host ed25519.PrivateKey, seatKey func() ed25519.PrivateKey) *game {
	t.Helper()
	invite, err := mailbox.InvitationKey(secret)
	if err != nil {
		t.Fatal(err)
	}
	g := &game{t: t, invite: invite, host: host, id: mailbox.GameID(invite.Public().(ed25519.PublicKey))}
	for range n {
		k := seatKey()
		box, err := mailbox.BoxKeyFrom(k.Seed())
		if err != nil {
			t.Fatal(err)
		}
		g.seats = append(g.seats, seat{sign: k, box: box})
	}
	return g
}

func pub(k ed25519.PrivateKey) string { return mailbox.Encode64(k.Public().(ed25519.PublicKey)) }

func nonce(t testing.TB) string {
	t.Helper()
	n, err := mailbox.NewNonce(rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	return n
}

// signed signs an envelope of this game with key, under a fresh nonce.
func (g *game) signed(kind string, from, to int, body []byte, key ed25519.PrivateKey) mailbox.Envelope {
	e := mailbox.Envelope{Game: g.id, Kind: kind, From: from, To: to, Nonce: nonce(g.t), Body: body}
	e.Sign(key)
	return e
}

func (g *game) create() mailbox.Envelope {
	body, _ := json.Marshal(mailbox.CreateBody{Seats: len(g.seats), Host: pub(g.host)})
	return g.signed(mailbox.KindCreate, -1, -1, body, g.invite)
}

func (g *game) lobby(text string) mailbox.Envelope {
	return g.signed(mailbox.KindLobby, -1, -1, []byte(text), g.invite)
}

func (g *game) genesisBody() []byte {
	var body mailbox.GenesisBody
	for _, s := range g.seats {
		body.Seats = append(body.Seats, mailbox.Seat{Sign: pub(s.sign), Box: mailbox.Encode64(s.box.Public[:])})
	}
	body.Game = json.RawMessage(`{"seed":"agreed"}`)
	b, _ := json.Marshal(body)
	return b
}

func (g *game) genesis() mailbox.Envelope {
	return g.signed(mailbox.KindGenesis, -1, -1, g.genesisBody(), g.host)
}

// move is a game envelope from a seat to every device.
func (g *game) move(from int, text string) mailbox.Envelope {
	return g.signed(mailbox.KindGame, from, -1, []byte(text), g.seats[from].sign)
}

// sealed is a game envelope from a seat sealed to another.
func (g *game) sealed(from, to int, payload string) mailbox.Envelope {
	e := mailbox.Envelope{Game: g.id, Kind: mailbox.KindGame, From: from, To: to, Nonce: nonce(g.t)}
	if err := e.Seal([]byte(payload), g.seats[to].box.Public, rand.Reader); err != nil {
		g.t.Fatal(err)
	}
	e.Sign(g.seats[from].sign)
	return e
}

func (g *game) finish(from int) mailbox.Envelope {
	return g.signed(mailbox.KindFinish, from, -1, []byte(`{"over":true}`), g.seats[from].sign)
}

// ---- devices: the package's own client ----

// device is a mailbox.Conn whose deliveries are collected as they come, so that its acks
// are never held up behind an unread delivery.
type device struct {
	*mailbox.Conn
	t       testing.TB
	mu      sync.Mutex
	msgs    []mailbox.Delivery
	live    int64 // the live frame's number, or −1 before it
	changed chan struct{}
	ended   chan struct{}
}

func (h *harness) tryOpen(t testing.TB, open mailbox.Frame) (*device, error) {
	t.Helper()
	c, err := mailbox.Dial(ctxT(t), h.url, open)
	if err != nil {
		return nil, err
	}
	d := &device{Conn: c, t: t, live: -1, changed: make(chan struct{}, 1), ended: make(chan struct{})}
	t.Cleanup(func() { _ = c.Close() })
	go func() {
		defer close(d.ended)
		for m := range c.Deliveries() {
			d.mu.Lock()
			if m.Live {
				d.live = m.N
			} else {
				d.msgs = append(d.msgs, m)
			}
			d.mu.Unlock()
			select {
			case d.changed <- struct{}{}:
			default:
			}
		}
	}()
	return d, nil
}

// open dials and opens a game, failing the test on a refusal.
func (h *harness) open(t testing.TB, open mailbox.Frame) *device {
	t.Helper()
	d, err := h.tryOpen(t, open)
	if err != nil {
		t.Fatalf("open %s: %v", open.Game, err)
	}
	return d
}

// refused dials an open and expects the server's refusal with code.
func (h *harness) refused(t testing.TB, open mailbox.Frame, code string) {
	t.Helper()
	_, err := h.tryOpen(t, open)
	checkCode(t, err, code)
}

func checkCode(t testing.TB, err error, code string) {
	t.Helper()
	var e *mailbox.Error
	if !errors.As(err, &e) || e.Code != code {
		t.Fatalf("got %v, want the error %s", err, code)
	}
	if e.Message == "" {
		t.Fatalf("the error %s came without a message", code)
	}
}

// until waits until cond holds of what the device received.
func (d *device) until(what string, cond func(msgs []mailbox.Delivery, live int64) bool) []mailbox.Delivery {
	d.t.Helper()
	return d.within(waitFor, what, cond)
}

// within waits until cond holds, for at most bound.
func (d *device) within(bound time.Duration, what string, cond func(msgs []mailbox.Delivery, live int64) bool) []mailbox.Delivery {
	d.t.Helper()
	timer := time.NewTimer(bound)
	defer timer.Stop()
	for {
		d.mu.Lock()
		ok := cond(d.msgs, d.live)
		msgs := append([]mailbox.Delivery(nil), d.msgs...)
		d.mu.Unlock()
		if ok {
			return msgs
		}
		select {
		case <-d.changed:
		case <-d.ended:
			d.mu.Lock()
			ok := cond(d.msgs, d.live)
			msgs := append([]mailbox.Delivery(nil), d.msgs...)
			d.mu.Unlock()
			if ok {
				return msgs
			}
			d.t.Fatalf("the connection ended (%v) before %s", d.Err(), what)
		case <-timer.C:
			d.t.Fatalf("waited %v for %s; got %d messages", bound, what, len(msgs))
		}
	}
}

// waitLive waits for the live frame and returns its number and the messages before it.
func (d *device) waitLive() (int64, []mailbox.Delivery) {
	d.t.Helper()
	var n int64
	msgs := d.until("the live frame", func(_ []mailbox.Delivery, live int64) bool { n = live; return live >= 0 })
	return n, msgs
}

// waitN waits until message n was delivered, and returns all delivered.
func (d *device) waitN(n int64) []mailbox.Delivery {
	d.t.Helper()
	return d.until(fmt.Sprintf("message %d", n), func(msgs []mailbox.Delivery, _ int64) bool {
		return len(msgs) > 0 && msgs[len(msgs)-1].N >= n
	})
}

// appendOK appends and fails the test on a refusal.
func (d *device) appendOK(env mailbox.Envelope) mailbox.Appended {
	d.t.Helper()
	a, err := d.Append(ctxT(d.t), env)
	if err != nil {
		d.t.Fatalf("append %s from %d: %v", env.Kind, env.From, err)
	}
	return a
}

// appendRefused appends, expects the refusal code, and that the server then ends the
// connection.
func (d *device) appendRefused(env mailbox.Envelope, code string) {
	d.t.Helper()
	_, err := d.Append(ctxT(d.t), env)
	checkCode(d.t, err, code)
	select {
	case <-d.Done():
	case <-time.After(waitFor):
		d.t.Fatal("the connection stayed open after a refused append")
	}
}

// started creates the game and stores its genesis, returning the head (2).
func (h *harness) started(t testing.TB, g *game) int64 {
	t.Helper()
	create := g.create()
	d := h.open(t, mailbox.Frame{Game: g.id, Create: &create})
	a := d.appendOK(g.genesis())
	_ = d.Close()
	return a.N
}

// created creates the game, not started; its head is 1.
func (h *harness) created(t testing.TB, g *game) {
	t.Helper()
	create := g.create()
	d := h.open(t, mailbox.Frame{Game: g.id, Create: &create})
	_ = d.Close()
}

// ---- raw sockets: what a hostile client sends ----

type rawConn struct {
	t testing.TB
	c *websocket.Conn
}

// raw dials the server's WebSocket with headers of our choosing, and sends nothing.
func (h *harness) raw(t testing.TB, hdr http.Header) *rawConn {
	t.Helper()
	c, err := h.tryRaw(t, hdr)
	if err != nil {
		t.Fatalf("dialing: %v", err)
	}
	return c
}

func (h *harness) tryRaw(t testing.TB, hdr http.Header) (*rawConn, error) {
	c, _, err := websocket.Dial(ctxT(t), h.url, &websocket.DialOptions{HTTPHeader: hdr})
	if err != nil {
		return nil, err
	}
	c.SetReadLimit(1 << 30)
	t.Cleanup(func() { _ = c.CloseNow() })
	return &rawConn{t: t, c: c}, nil
}

func (r *rawConn) sendText(b []byte) {
	r.t.Helper()
	if err := r.c.Write(ctxT(r.t), websocket.MessageText, b); err != nil {
		r.t.Fatalf("sending a frame: %v", err)
	}
}

func (r *rawConn) send(f any) {
	r.t.Helper()
	b, err := json.Marshal(f)
	if err != nil {
		r.t.Fatal(err)
	}
	r.sendText(b)
}

func (r *rawConn) read() (mailbox.Frame, error) {
	_, b, err := r.c.Read(ctxT(r.t))
	if err != nil {
		return mailbox.Frame{}, err
	}
	var f mailbox.Frame
	if err := json.Unmarshal(b, &f); err != nil {
		r.t.Fatalf("the server sent a frame that is not JSON: %q", b)
	}
	return f, nil
}

// openGame sends an open and reads through the log to its live frame.
func (r *rawConn) openGame(open mailbox.Frame) mailbox.Frame {
	r.t.Helper()
	open.V, open.Type = mailbox.Version, mailbox.TypeOpen
	r.send(open)
	opened, err := r.read()
	if err != nil || opened.Type != mailbox.TypeOpened {
		r.t.Fatalf("open answered %+v, %v", opened, err)
	}
	for {
		f, err := r.read()
		if err != nil {
			r.t.Fatalf("reading the log: %v", err)
		}
		if f.Type == mailbox.TypeLive {
			return opened
		}
	}
}

// appendFrame is an append frame of env.
func appendFrame(id int64, env mailbox.Envelope) mailbox.Frame {
	return mailbox.Frame{Type: mailbox.TypeAppend, ID: id, Env: &env}
}

// expectError reads, past deliveries and acks, to the server's error frame, checks its
// code and id, and that the server closes the connection after it.
func (r *rawConn) expectError(code string, id int64) mailbox.Frame {
	r.t.Helper()
	for {
		f, err := r.read()
		if err != nil {
			r.t.Fatalf("the connection ended (%v) without the error %s", err, code)
		}
		if f.Type != mailbox.TypeError {
			continue
		}
		if f.Code != code || f.ID != id || f.Message == "" {
			r.t.Fatalf("got the error %+v, want %s with id %d and a message", f, code, id)
		}
		if g, err := r.read(); err == nil {
			r.t.Fatalf("the connection stayed open after the error: it sent %+v", g)
		}
		return f
	}
}
