//go:build !wasm

package main

import (
	"context"
	"crypto/ed25519"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"brass/mailbox"
	"brass/signal"
)

// TestMailboxOptions: the mailbox is on by default over SQLite under ./data; its flags and
// environment set the store, the retention and the caps; contradictory or malformed ones
// are refused.
func TestMailboxOptions(t *testing.T) {
	none := func(string) string { return "" }
	_, mb, err := parseOptions(nil, none)
	d := mailbox.DefaultConfig()
	if err != nil || !mb.on || mb.dataDir != "data" || mb.dbURL != "" || mb.cfg.Retention != d.Retention ||
		mb.cfg.Limits.MaxMessages != d.Limits.MaxMessages || mb.cfg.Limits.GamesPerCreator != d.Limits.GamesPerCreator {
		t.Fatalf("defaults: %+v %v", mb, err)
	}
	env := map[string]string{"BRASS_DB": "postgres://brass@db/brass", "BRASS_RETAIN_FINISHED_DAYS": "30", "BRASS_TRUST_PROXY": "true"}
	_, mb, err = parseOptions([]string{"-game-max-messages", "500", "-games-per-addr", "3"}, func(k string) string { return env[k] })
	if err != nil || mb.dbURL != "postgres://brass@db/brass" || mb.cfg.Retention.Finished != 30*24*time.Hour ||
		mb.cfg.Limits.MaxMessages != 500 || mb.cfg.Limits.GamesPerCreator != 3 || !mb.cfg.Proxies.TrustForwardedFor {
		t.Fatalf("from flags and environment: %+v %v", mb, err)
	}
	if _, mb, _ := parseOptions([]string{"-mailbox=false"}, none); mb.on {
		t.Error("-mailbox=false left the mailbox on")
	}
	for _, bad := range [][]string{{"-db", "mysql://x"}, {"-db", "postgres://x", "-backup", "b.db"}, {"-retain-idle-days", "0"}, {"-game-max-mb", "x"}} {
		if _, _, err := parseOptions(bad, none); err == nil {
			t.Errorf("%v accepted", bad)
		}
	}
}

// TestMuxServesTheMailbox: the server's mux takes a game's mailbox at /mailbox (a game is
// created and read back through it) and answers /healthz with the mailbox's counts; with
// the mailbox off, /healthz says only that the server is up.
func TestMuxServesTheMailbox(t *testing.T) {
	registerRoutes()
	a, err := loadWasm(writeWasm(t, fakeWasm, nil, fakeWasm))
	if err != nil {
		t.Fatal(err)
	}
	hub := signal.NewServer(signal.Config{})
	defer hub.Close()
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	st, _, err := openStore(ctx, mailboxOptions{dataDir: filepath.Join(t.TempDir(), "data")})
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	post := mailbox.NewServer(st, mailbox.Config{})
	defer post.Close()
	srv := httptest.NewServer(newMux(newAppHandler(a.version, len(a.raw)), a, nil, hub, post))
	defer srv.Close()

	invite, _ := mailbox.InvitationKey(make([]byte, 32))
	health := func(url string) (int, map[string]any) {
		res, err := http.Get(url + healthURL)
		if err != nil {
			t.Fatal(err)
		}
		defer res.Body.Close()
		b, _ := io.ReadAll(res.Body)
		var body map[string]any
		if err := json.Unmarshal(b, &body); err != nil {
			t.Fatalf("/healthz: %s", b)
		}
		return res.StatusCode, body
	}
	if code, body := health(srv.URL); code != http.StatusOK || body["ok"] != true || body["games"] == nil {
		t.Fatalf("/healthz: %d %v", code, body)
	}
	create := signedCreate(t, invite)
	c, err := mailbox.Dial(ctx, "ws"+strings.TrimPrefix(srv.URL, "http")+mailboxURL, mailbox.Frame{Game: create.Game, Create: &create})
	if err != nil {
		t.Fatalf("creating a game through /mailbox: %v", err)
	}
	if d := <-c.Deliveries(); d.N != 1 || d.Env.Kind != mailbox.KindCreate {
		t.Fatalf("the game's first message: %+v", d)
	}
	c.Close()
	if _, body := health(srv.URL); body["creates"] != 1.0 {
		t.Fatalf("/healthz counts %v creates, want 1", body["creates"])
	}
	off := httptest.NewServer(newMux(newAppHandler(a.version, len(a.raw)), a, nil, hub, nil))
	defer off.Close()
	if code, body := health(off.URL); code != http.StatusOK || body["mailbox"] != false {
		t.Fatalf("/healthz without the mailbox: %d %v", code, body)
	}
}

// signedCreate is the create envelope of a game of the invitation key invite.
func signedCreate(t *testing.T, invite ed25519.PrivateKey) mailbox.Envelope {
	t.Helper()
	_, host, _ := ed25519.GenerateKey(nil)
	body, _ := json.Marshal(mailbox.CreateBody{Seats: 2, Host: mailbox.Encode64(host.Public().(ed25519.PublicKey))})
	e := mailbox.Envelope{Game: mailbox.GameID(invite.Public().(ed25519.PublicKey)), Kind: mailbox.KindCreate, From: -1, To: -1, Nonce: "AAAAAAAAAAAAAAAAAAAAAA", Body: body}
	e.Sign(invite)
	return e
}
