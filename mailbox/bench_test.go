//go:build !js

package mailbox_test

import (
	"context"
	"crypto/ed25519"
	"crypto/rand"
	"encoding/json"
	mrand "math/rand/v2"
	"net/http/httptest"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"brass/mailbox"
	"brass/mailbox/sqlitestore"
)

// keyedGame is one game's keys as its devices hold them, to make the real signed
// envelopes that the crash loop and the benchmarks send through a real server.
type keyedGame struct {
	id     string
	invite ed25519.PrivateKey
	host   ed25519.PrivateKey
	seats  []ed25519.PrivateKey
	boxes  []mailbox.BoxKey
}

func newKeyedGame(tb testing.TB, seats int) *keyedGame {
	tb.Helper()
	secret := make([]byte, 32)
	rand.Read(secret)
	invite, err := mailbox.InvitationKey(secret)
	if err != nil {
		tb.Fatal(err)
	}
	g := &keyedGame{invite: invite, host: newSigningKey(tb)}
	g.id = mailbox.GameID(invite.Public().(ed25519.PublicKey))
	for range seats {
		k := newSigningKey(tb)
		b, err := mailbox.BoxKeyFrom(k.Seed())
		if err != nil {
			tb.Fatal(err)
		}
		g.seats, g.boxes = append(g.seats, k), append(g.boxes, b)
	}
	return g
}

func newSigningKey(tb testing.TB) ed25519.PrivateKey {
	_, k, err := ed25519.GenerateKey(rand.Reader)
	if err != nil {
		tb.Fatal(err)
	}
	return k
}

func (g *keyedGame) signed(tb testing.TB, kind string, from int, key ed25519.PrivateKey, body []byte) mailbox.Envelope {
	tb.Helper()
	nonce, err := mailbox.NewNonce(rand.Reader)
	if err != nil {
		tb.Fatal(err)
	}
	e := mailbox.Envelope{Game: g.id, Kind: kind, From: from, To: -1, Nonce: nonce, Body: body}
	e.Sign(key)
	return e
}

// create is the game's create envelope, for an open that creates it.
func (g *keyedGame) create(tb testing.TB) *mailbox.Envelope {
	tb.Helper()
	body, _ := json.Marshal(mailbox.CreateBody{Seats: len(g.seats), Host: mailbox.Encode64(g.host.Public().(ed25519.PublicKey))})
	e := g.signed(tb, mailbox.KindCreate, -1, g.invite, body)
	return &e
}

// genesis binds the seats' keys: after it, the seats' game envelopes are allowed.
func (g *keyedGame) genesis(tb testing.TB) mailbox.Envelope {
	tb.Helper()
	var seats []mailbox.Seat
	for i, k := range g.seats {
		seats = append(seats, mailbox.Seat{Sign: mailbox.Encode64(k.Public().(ed25519.PublicKey)), Box: mailbox.Encode64(g.boxes[i].Public[:])})
	}
	body, _ := json.Marshal(mailbox.GenesisBody{Seats: seats, Game: json.RawMessage(`{"seed":"commit"}`)})
	return g.signed(tb, mailbox.KindGenesis, -1, g.host, body)
}

// move is a game envelope from a seat to every device, with a body of n random bytes (a
// move's compressed record is about as incompressible).
func (g *keyedGame) move(tb testing.TB, seat, n int) mailbox.Envelope {
	tb.Helper()
	body := make([]byte, n)
	rand.Read(body)
	return g.signed(tb, mailbox.KindGame, seat, g.seats[seat], body)
}

// unmeteredConfig is the server's default config with the per-address and per-key quotas
// out of the way: every test client is on 127.0.0.1, and these measure the server, not its
// limits.
func unmeteredConfig() mailbox.Config {
	c := mailbox.DefaultConfig()
	c.FramesPerSecond, c.FrameBurst = 1e6, 1e6
	c.AppendsPerKeySecond, c.AppendKeyBurst = 1e6, 1e6
	c.MaxConnsPerAddr, c.OpensPerMinute = 100000, 1e7
	c.AppendsPerAddrSecond, c.AppendAddrBurst = 1e6, 1e6
	c.CreatesPerHour, c.CreateBurst = 1e7, 1e6
	c.Limits = mailbox.Limits{MaxMessages: 1 << 20, MaxBytes: 1 << 34, MaxLobby: 500, GamesPerCreator: 1 << 20}
	return c
}

// benchServer is a server over a SQLite store in a temporary directory, on loopback.
func benchServer(b *testing.B) (url string, store *sqlitestore.Store) {
	b.Helper()
	store, err := sqlitestore.Open(filepath.Join(b.TempDir(), "mailbox.db"), sqlitestore.Options{})
	if err != nil {
		b.Fatal(err)
	}
	srv := mailbox.NewServer(store, unmeteredConfig())
	hs := httptest.NewServer(srv)
	b.Cleanup(func() {
		hs.CloseClientConnections()
		srv.Close()
		hs.Close()
		store.Close()
	})
	return "ws" + strings.TrimPrefix(hs.URL, "http"), store
}

// benchGame creates and starts a game of three seats through the server and stores msgs
// messages in all (create and genesis included) through the store, as its seats would
// have appended them.
func benchGame(b *testing.B, url string, store *sqlitestore.Store, msgs int) *keyedGame {
	b.Helper()
	ctx := context.Background()
	g := newKeyedGame(b, 3)
	c, err := mailbox.Dial(ctx, url, mailbox.Frame{Game: g.id, Create: g.create(b)})
	if err != nil {
		b.Fatal(err)
	}
	defer c.Close()
	if _, err := c.Append(ctx, g.genesis(b)); err != nil {
		b.Fatal(err)
	}
	for i := 2; i < msgs; i++ {
		e := g.move(b, i%3, 300+mrand.IntN(400))
		env, _ := json.Marshal(&e)
		signer, _ := e.Signer()
		if _, err := store.Append(ctx, mailbox.Append{Game: g.id, Kind: e.Kind, From: e.From, To: e.To, Signer: signer,
			Nonce: e.Nonce, Env: env, Now: time.Now(), Limits: unmeteredConfig().Limits}); err != nil {
			b.Fatal(err)
		}
	}
	return g
}

// BenchmarkCatchUp400 is a device opening a game of 400 messages (bodies of 300–700
// bytes) from the start: from Dial to the live frame, over loopback, SQLite store. The
// target is 300 ms (docs); each op opens one of 20 games in turn.
func BenchmarkCatchUp400(b *testing.B) {
	url, store := benchServer(b)
	var games []*keyedGame
	for range 20 {
		games = append(games, benchGame(b, url, store, 400))
	}
	ctx := context.Background()
	var times []time.Duration
	i := 0
	for b.Loop() {
		g := games[i%len(games)]
		i++
		start := time.Now()
		c, err := mailbox.Dial(ctx, url, mailbox.Frame{Game: g.id})
		if err != nil {
			b.Fatal(err)
		}
		n := 0
		for d := range c.Deliveries() {
			if d.Live {
				break
			}
			n++
		}
		times = append(times, time.Since(start))
		c.Close()
		if n != 400 {
			b.Fatalf("caught up %d messages, want 400", n)
		}
	}
	reportQuantiles(b, times)
}

// BenchmarkAppendToDelivery is one move from one device to another of the same game: from
// the append being sent to its delivery on the other device's connection (each op waits for
// its delivery, so there is one move in flight), SQLite store on loopback.
func BenchmarkAppendToDelivery(b *testing.B) {
	url, store := benchServer(b)
	g := benchGame(b, url, store, 2)
	ctx := context.Background()
	sender, err := mailbox.Dial(ctx, url, mailbox.Frame{Game: g.id, After: 2})
	if err != nil {
		b.Fatal(err)
	}
	defer sender.Close()
	receiver, err := mailbox.Dial(ctx, url, mailbox.Frame{Game: g.id, After: 2})
	if err != nil {
		b.Fatal(err)
	}
	defer receiver.Close()
	go func() { // the sender's own copies
		for range sender.Deliveries() {
		}
	}()
	if d := <-receiver.Deliveries(); !d.Live {
		b.Fatalf("first delivery %+v, want live", d)
	}
	var times []time.Duration
	for b.Loop() {
		e := g.move(b, 0, 300+mrand.IntN(400))
		start := time.Now()
		wait, err := sender.Post(ctx, e)
		if err != nil {
			b.Fatal(err)
		}
		d, ok := <-receiver.Deliveries()
		times = append(times, time.Since(start))
		if !ok || d.Env.Nonce != e.Nonce {
			b.Fatalf("delivery %+v (ok %v), want the move %s", d, ok, e.Nonce)
		}
		if _, err := wait(ctx); err != nil {
			b.Fatal(err)
		}
	}
	reportQuantiles(b, times)
}

// reportQuantiles reports the median and the 95th percentile of the ops' times in ms.
func reportQuantiles(b *testing.B, times []time.Duration) {
	if len(times) == 0 {
		return
	}
	slices.Sort(times)
	q := func(p float64) float64 {
		return float64(times[min(len(times)-1, int(p*float64(len(times))))].Microseconds()) / 1000
	}
	b.ReportMetric(q(0.50), "p50-ms")
	b.ReportMetric(q(0.95), "p95-ms")
}
