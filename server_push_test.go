//go:build !wasm

package main

import (
	"bytes"
	"context"
	"crypto/ecdh"
	"crypto/ed25519"
	"crypto/rand"
	"encoding/base64"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"testing"
	"time"

	"brass/mailbox"
	"brass/push"
	"brass/signal"
)

// TestPushOptions: Web Push is on with the mailbox and off without it; asking for it
// without the mailbox, or a subject that is neither mailto: nor https:, is refused.
func TestPushOptions(t *testing.T) {
	none := func(string) string { return "" }
	_, mb, ps, err := parseServerOptions(nil, none)
	if err != nil || !ps.on || ps.subject != "mailto:brass@localhost" || ps.dataDir != mb.dataDir {
		t.Fatalf("defaults: %+v %v", ps, err)
	}
	env := map[string]string{"BRASS_PUSH_SUBJECT": "https://brass.example.org/contact", "BRASS_DATA": "/var/lib/brass", "BRASS_TRUST_PROXY": "true"}
	if _, _, ps, err := parseServerOptions(nil, func(k string) string { return env[k] }); err != nil || ps.subject != env["BRASS_PUSH_SUBJECT"] ||
		ps.dataDir != "/var/lib/brass" || !ps.proxies.TrustForwardedFor {
		t.Fatalf("from the environment: %+v %v", ps, err)
	}
	for _, args := range [][]string{{"-push=false"}, {"-mailbox=false"}} {
		if _, _, ps, err := parseServerOptions(args, none); err != nil || ps.on {
			t.Errorf("%v: %+v %v, want push off", args, ps, err)
		}
	}
	if _, _, ps, _ := parseServerOptions(nil, func(k string) string { return map[string]string{"BRASS_PUSH": "false"}[k] }); ps.on {
		t.Error("BRASS_PUSH=false left push on")
	}
	for _, args := range [][]string{{"-mailbox=false", "-push"}, {"-push-subject", "brass@example.org"}, {"-push-subject", "http://example.org"}} {
		if _, _, _, err := parseServerOptions(args, none); err == nil {
			t.Errorf("%v accepted", args)
		}
	}
	noMailbox := map[string]string{"BRASS_MAILBOX": "false", "BRASS_PUSH": "true"}
	if _, _, _, err := parseServerOptions(nil, func(k string) string { return noMailbox[k] }); err == nil {
		t.Error("BRASS_PUSH=true without the mailbox accepted")
	}
}

// TestMuxServesPush: the server's mux serves /push/key (the VAPID key kept under -data),
// takes a seat's subscription for a game the mailbox's store has started (its seats read
// from the genesis), and adds the push counts to /healthz.
func TestMuxServesPush(t *testing.T) {
	registerRoutes()
	a, err := loadWasm(writeWasm(t, fakeWasm, nil, fakeWasm))
	if err != nil {
		t.Fatal(err)
	}
	hub := signal.NewServer(signal.Config{})
	defer hub.Close()
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	data := filepath.Join(t.TempDir(), "data")
	st, _, err := openStore(ctx, mailboxOptions{dataDir: data})
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	post := mailbox.NewServer(st, mailbox.Config{})
	defer post.Close()
	svc, err := openPush(pushOptions{on: true, subject: "mailto:brass@localhost", dataDir: data}, st)
	if err != nil {
		t.Fatal(err)
	}
	defer svc.Close()
	srv := httptest.NewServer(withPush(newMux(newAppHandler(a.version, len(a.raw)), a, nil, hub, post), svc))
	defer srv.Close()

	res, err := http.Get(srv.URL + "/push/key")
	if err != nil {
		t.Fatal(err)
	}
	var key struct{ Key string }
	err = json.NewDecoder(res.Body).Decode(&key)
	res.Body.Close()
	if b, _ := base64.RawURLEncoding.DecodeString(key.Key); err != nil || res.StatusCode != http.StatusOK || len(b) != 65 || key.Key != svc.PublicKey() {
		t.Fatalf("GET /push/key: %d %+v %v", res.StatusCode, key, err)
	}

	game, seats := startedGame(t, st)
	seatsOf := mailboxSeats(st)
	if got, err := seatsOf(ctx, game); err != nil || len(got) != 2 || got[1] != mailbox.Encode64(seats[1].Public().(ed25519.PublicKey)) {
		t.Fatalf("the seats from the mailbox: %v %v", got, err)
	}
	if _, err := seatsOf(ctx, mailbox.GameID(make([]byte, 32))); !errors.Is(err, push.ErrNoGame) {
		t.Errorf("the seats of no game: %v", err)
	}
	browser, _ := ecdh.P256().GenerateKey(rand.Reader)
	sub := push.Subscription{Endpoint: "https://push.example.org/ep/1", Keys: push.Keys{
		P256dh: base64.RawURLEncoding.EncodeToString(browser.PublicKey().Bytes()),
		Auth:   base64.RawURLEncoding.EncodeToString(make([]byte, 16)),
	}}
	key1 := mailbox.Encode64(seats[1].Public().(ed25519.PublicKey))
	at := time.Now().UnixMilli()
	body, _ := json.Marshal(map[string]any{"game": game, "key": key1, "sub": sub, "at": at,
		"sig": mailbox.Encode64(ed25519.Sign(seats[1], push.SubscribeMessage(game, key1, sub, at)))})
	res, err = http.Post(srv.URL+"/push/subscribe", "application/json", bytes.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	answer, _ := io.ReadAll(res.Body)
	res.Body.Close()
	if res.StatusCode != http.StatusOK {
		t.Fatalf("subscribe through the mux: %d %s", res.StatusCode, answer)
	}

	res, err = http.Get(srv.URL + healthURL)
	if err != nil {
		t.Fatal(err)
	}
	var health struct {
		OK    bool
		Games int64
		Push  *push.Stats
	}
	err = json.NewDecoder(res.Body).Decode(&health)
	res.Body.Close()
	if err != nil || !health.OK || health.Games != 1 || health.Push == nil || health.Push.Subscriptions != 1 {
		t.Fatalf("/healthz: %+v %v", health, err)
	}
}

// startedGame stores a game of two seats with its genesis in the mailbox's store, as the
// mailbox server does once it has checked the envelopes.
func startedGame(t *testing.T, st mailbox.Store) (string, []ed25519.PrivateKey) {
	t.Helper()
	ctx := context.Background()
	invite, _ := mailbox.InvitationKey(bytes.Repeat([]byte{7}, 32))
	_, host, _ := ed25519.GenerateKey(nil)
	create := signedCreate(t, invite)
	invitePub := invite.Public().(ed25519.PublicKey)
	env, _ := json.Marshal(create)
	if _, err := st.Create(ctx, mailbox.Create{Game: create.Game, Seats: 2, Invite: invitePub, Host: host.Public().(ed25519.PublicKey),
		Nonce: create.Nonce, Env: env, Creator: "test", Now: time.Now()}); err != nil {
		t.Fatal(err)
	}
	var keys []ed25519.PrivateKey
	var seats []mailbox.Seat
	for range 2 {
		_, k, _ := ed25519.GenerateKey(nil)
		keys = append(keys, k)
		seats = append(seats, mailbox.Seat{Sign: mailbox.Encode64(k.Public().(ed25519.PublicKey)), Box: mailbox.Encode64(make([]byte, 32))})
	}
	seatsJSON, _ := json.Marshal(seats)
	if _, err := st.Append(ctx, mailbox.Append{Game: create.Game, Kind: mailbox.KindGenesis, From: -1, To: -1, Signer: host.Public().(ed25519.PublicKey),
		Nonce: "AAAAAAAAAAAAAAAAAAAAAQ", Env: []byte(`{"genesis":1}`), Seats: seatsJSON, Now: time.Now()}); err != nil {
		t.Fatal(err)
	}
	return create.Game, keys
}
