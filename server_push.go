//go:build !wasm

package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"log"
	"net/http"
	"strconv"

	"brass/internal/netguard"
	"brass/mailbox"
	"brass/push"
	"brass/signal"
)

// pushOptions are Web Push's options: on with the mailbox (the seats of a game come from
// its store), the VAPID key and the subscriptions under the mailbox's -data.
type pushOptions struct {
	on      bool
	subject string
	dataDir string
	proxies netguard.Proxies
}

// pushFlags declares Web Push's flags; the function it returns reads them once parsed:
//
//	-push / BRASS_PUSH                  notify own-pace players of their turn (default true
//	                                    when the mailbox is on; it needs the mailbox)
//	-push-subject / BRASS_PUSH_SUBJECT  the VAPID subject the push services can reach the
//	                                    server's operator at: mailto:… or https://…
//	                                    (default mailto:brass@localhost)
func pushFlags(fs *flag.FlagSet, getenv func(string) string) func(signal.Config, mailboxOptions) (pushOptions, error) {
	env := getenv("BRASS_PUSH")
	on := fs.Bool("push", env != "false", "send Web Push notifications to own-pace players (needs the mailbox)")
	subject := fs.String("push-subject", orDefault(getenv("BRASS_PUSH_SUBJECT"), "mailto:brass@localhost"), "VAPID subject for the push services: mailto:address or an https URL")
	return func(sig signal.Config, mb mailboxOptions) (pushOptions, error) {
		asked := env == "true"
		fs.Visit(func(f *flag.Flag) {
			if f.Name == "push" {
				asked = *on
			}
		})
		if asked && !mb.on {
			return pushOptions{}, errors.New("-push needs the mailbox: the seats of a game come from its store")
		}
		if err := push.CheckSubject(*subject); err != nil {
			return pushOptions{}, fmt.Errorf("-push-subject: %v", err)
		}
		return pushOptions{
			on:      *on && mb.on,
			subject: *subject,
			dataDir: mb.dataDir,
			proxies: netguard.Proxies{TrustForwardedFor: sig.TrustForwardedFor, Trusted: sig.TrustedProxies},
		}, nil
	}
}

// openPush starts Web Push over the mailbox's store.
func openPush(o pushOptions, st mailbox.Store) (*push.Service, error) {
	svc, err := push.Open(push.Config{
		Dir:     o.dataDir,
		Subject: o.subject,
		Seats:   mailboxSeats(st),
		Proxies: o.proxies,
		Logf:    log.Printf,
	})
	if err != nil {
		return nil, fmt.Errorf("web push: %w", err)
	}
	return svc, nil
}

// mailboxSeats reads a game's seats from the mailbox: the genesis's signing keys, once the
// game has started.
func mailboxSeats(st mailbox.Store) func(context.Context, string) ([]string, error) {
	return func(ctx context.Context, id string) ([]string, error) {
		g, err := st.Game(ctx, id)
		switch {
		case errors.Is(err, mailbox.ErrNoGame):
			return nil, push.ErrNoGame
		case err != nil:
			return nil, err
		case !g.Started:
			return nil, push.ErrNotStarted
		}
		var seats []mailbox.Seat
		if err := json.Unmarshal(g.SeatKeys, &seats); err != nil {
			return nil, fmt.Errorf("the seats of game %s: %w", id, err)
		}
		keys := make([]string, len(seats))
		for i, s := range seats {
			keys[i] = s.Sign
		}
		return keys, nil
	}
}

// withPush mounts Web Push on the server's mux at /push/ and adds its counts to /healthz's
// as "push" (svc nil: the mux as it is).
func withPush(mux *http.ServeMux, svc *push.Service) http.Handler {
	if svc == nil {
		return mux
	}
	mux.Handle(push.Prefix, svc)
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path != healthURL {
			mux.ServeHTTP(w, r)
			return
		}
		rec := &recorder{header: http.Header{}, status: http.StatusOK}
		mux.ServeHTTP(rec, r)
		// The mailbox's object, its fields in their order, with "push" last.
		var body map[string]json.RawMessage
		if obj := bytes.TrimSpace(rec.body.Bytes()); json.Unmarshal(obj, &body) == nil && len(body) > 0 {
			st, err := svc.Stats(r.Context())
			if err != nil {
				log.Printf("push: counting the subscriptions: %v", err)
			}
			counts, _ := json.Marshal(st)
			out := append(bytes.Clone(obj[:len(obj)-1]), `,"push":`...)
			out = append(append(out, counts...), "}\n"...)
			rec.body.Reset()
			rec.body.Write(out)
		}
		for k, v := range rec.header {
			w.Header()[k] = v
		}
		w.Header().Set("Content-Length", strconv.Itoa(rec.body.Len()))
		w.WriteHeader(rec.status)
		w.Write(rec.body.Bytes())
	})
}

// recorder keeps a small response (/healthz's) to add to it.
type recorder struct {
	header http.Header
	status int
	body   bytes.Buffer
}

func (r *recorder) Header() http.Header         { return r.header }
func (r *recorder) Write(b []byte) (int, error) { return r.body.Write(b) }
func (r *recorder) WriteHeader(status int)      { r.status = status }
