//go:build !js

package push

import (
	"context"
	"crypto/sha256"
	"encoding/base64"
	"errors"
	"io"
	"net/http"
	"net/url"
	"strings"
	"time"

	webpush "github.com/SherClockHolmes/webpush-go"
)

// Payload is all a push carries, encrypted to the subscriber (RFC 8291): which game, and
// why. It names no card, no move and no player; the device reads the rest from the mailbox.
type Payload struct {
	Game string `json:"game"`
	Kind string `json:"kind"`
}

// kind is how a push of one kind is sent: how long the push service keeps it for a device
// that is offline (a turn is stale after a day; a game's start or end is news for a week),
// and whether it may wake a device on low battery (a turn and a wait: someone waits on it).
type kind struct {
	ttl     time.Duration
	urgency webpush.Urgency
}

var kinds = map[string]kind{
	"turn":   {24 * time.Hour, webpush.UrgencyHigh},
	"wait":   {24 * time.Hour, webpush.UrgencyHigh},
	"remind": {24 * time.Hour, webpush.UrgencyNormal},
	"start":  {7 * 24 * time.Hour, webpush.UrgencyNormal},
	"end":    {7 * 24 * time.Hour, webpush.UrgencyNormal},
}

// Topic is the push's Topic header (RFC 8030 §5.4): a push service keeps one undelivered
// push per topic, so a newer push for a game replaces an older one. It is a hash of the
// game id, not the id itself: the id opens the game's log to whoever has it (a watch link),
// and the push service has no business with it. 24 bytes make the 32 characters of
// base64url the header may hold.
func Topic(game string) string {
	h := sha256.Sum256([]byte("brass push topic v1\x00" + game))
	return base64.RawURLEncoding.EncodeToString(h[:24])
}

// Sending: a nudge queues one job per subscription and is answered at once; a few workers
// post them, so a slow push service slows no request and no other push.
const (
	workers   = 8
	queueSize = 4096
	// recordSize pads every push to the same 512 bytes: the push service sees no
	// difference of length between kinds (RFC 8291 leaves the padding to the sender).
	recordSize = 512
)

type job struct {
	sub     Subscription
	payload []byte
	kind    kind
	topic   string
}

// enqueue queues a push; with the queue full it is dropped (and counted): a push is a
// courtesy, the game itself is in the mailbox.
func (s *Service) enqueue(j job) *apiError {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.closed {
		return &apiError{http.StatusServiceUnavailable, CodeShutdown, "The server is stopping."}
	}
	s.pending.Add(1)
	select {
	case s.jobs <- j:
	default:
		s.pending.Done()
		s.count.dropped.Add(1)
		s.cfg.Logf("push: the queue is full (%d pushes): a push dropped", queueSize)
	}
	return nil
}

func (s *Service) work() {
	defer s.wg.Done()
	for {
		select {
		case <-s.ctx.Done():
			return
		case j := <-s.jobs:
			s.send(j)
			s.pending.Done()
		}
	}
}

// send posts one push and acts on the push service's answer: taken (2xx); gone (404, 410:
// the browser dropped the subscription), when the subscription is removed; anything else
// (429, 5xx, a network error) is logged and counted, and not retried: the next move
// nudges again, and the player's device reads the mailbox whenever it opens the game.
func (s *Service) send(j job) {
	ctx, cancel := context.WithTimeout(s.ctx, 30*time.Second)
	defer cancel()
	host := hostOf(j.sub.Endpoint)
	// webpush-go pads the message by appending to it: capped at its length, the payload
	// that the jobs of one nudge share is copied rather than written over.
	msg := j.payload[:len(j.payload):len(j.payload)]
	res, err := webpush.SendNotificationWithContext(ctx, msg, &webpush.Subscription{
		Endpoint: j.sub.Endpoint,
		Keys:     webpush.Keys{P256dh: j.sub.Keys.P256dh, Auth: j.sub.Keys.Auth},
	}, &webpush.Options{
		HTTPClient:      s.client,
		RecordSize:      recordSize,
		Subscriber:      s.subscriber(),
		Topic:           j.topic,
		TTL:             int(j.kind.ttl / time.Second),
		Urgency:         j.kind.urgency,
		VAPIDPublicKey:  s.keys.Public,
		VAPIDPrivateKey: s.keys.Private,
	})
	if err != nil {
		s.count.failed.Add(1)
		if !errors.Is(err, context.Canceled) {
			s.cfg.Logf("push: a push to %s failed: %v", host, scrub(err, j.sub.Endpoint))
		}
		return
	}
	_, _ = io.Copy(io.Discard, io.LimitReader(res.Body, 4<<10))
	res.Body.Close()
	switch code := res.StatusCode; {
	case code >= 200 && code < 300:
		s.count.sent.Add(1)
	case code == http.StatusNotFound || code == http.StatusGone:
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		n, err := s.store.Gone(ctx, j.sub.Endpoint)
		if err != nil {
			s.cfg.Logf("push: removing a subscription %s said was gone: %v", host, err)
		}
		s.count.gone.Add(int64(n))
	default:
		s.count.failed.Add(1)
		s.cfg.Logf("push: %s answered a push with %d", host, code)
	}
}

// subscriber is the subject as webpush-go takes it: it puts "mailto:" before anything that
// is not an https URL, so a mailto: subject goes without it.
func (s *Service) subscriber() string {
	return strings.TrimPrefix(s.cfg.Subject, "mailto:")
}

// hostOf names a push service in the log: its host, not the endpoint, whose path is the
// subscription's own.
func hostOf(endpoint string) string {
	if u, err := url.Parse(endpoint); err == nil && u.Host != "" {
		return u.Host
	}
	return "a push service"
}

// scrub takes the endpoint out of an error (net/http's errors quote the URL).
func scrub(err error, endpoint string) string {
	return strings.ReplaceAll(err.Error(), endpoint, hostOf(endpoint))
}
