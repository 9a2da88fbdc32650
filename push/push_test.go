//go:build !js

package push

import (
	"bytes"
	"context"
	"crypto/ed25519"
	"encoding/base64"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"brass/mailbox"
)

// TestSubscribeNudgePush: a seat's device subscribes; another seat's nudge of each kind
// reaches it through the push service, VAPID-signed for the endpoint's origin, encrypted to
// it, with the kind's TTL and urgency and the game's topic; decrypted, the payload is exactly
// {"game":…,"kind":…}, and every push is the same size. A seat with no subscription is
// sent nothing.
func TestSubscribeNudgePush(t *testing.T) {
	f := newFixture(t)
	g := f.newGame(3)
	f.mustSubscribe(g, 1, f.ps.subscribe("b"))
	want := []struct {
		kind, ttl, urgency string
	}{
		{"turn", "86400", "high"},
		{"wait", "86400", "high"},
		{"remind", "86400", "normal"},
		{"start", "604800", "normal"},
		{"end", "604800", "normal"},
	}
	for _, w := range want {
		f.clock.Advance(Spacing)
		if a := f.post("/push/nudge", f.nudgeReq(g, 0, 1, w.kind)); a.status != http.StatusAccepted || a.body["ok"] != true || a.body["coalesced"] != nil {
			t.Fatalf("nudge %s: %d %v", w.kind, a.status, a.body)
		}
		got := f.pushes()
		if len(got) != 1 {
			t.Fatalf("nudge %s: %d pushes, want 1", w.kind, len(got))
		}
		p := got[0]
		if p.err != nil {
			t.Fatalf("nudge %s: the push service refused the push: %v", w.kind, p.err)
		}
		if string(p.payload) != `{"game":"`+g.id+`","kind":"`+w.kind+`"}` {
			t.Errorf("nudge %s: payload %s", w.kind, p.payload)
		}
		if h := p.header; h.Get("TTL") != w.ttl || h.Get("Urgency") != w.urgency || h.Get("Topic") != Topic(g.id) {
			t.Errorf("nudge %s: TTL %s, Urgency %s, Topic %s; want %s, %s, %s", w.kind, h.Get("TTL"), h.Get("Urgency"), h.Get("Topic"), w.ttl, w.urgency, Topic(g.id))
		}
		if p.size != recordSize {
			t.Errorf("nudge %s: a body of %d bytes, want every push %d", w.kind, p.size, recordSize)
		}
	}
	if Topic(g.id) == g.id || strings.Contains(Topic(g.id), g.id) || len(Topic(g.id)) != 32 {
		t.Errorf("the topic %q is not 32 characters hiding the game id", Topic(g.id))
	}
	if a := f.post("/push/nudge", f.nudgeReq(g, 0, 2, "turn")); a.status != http.StatusAccepted {
		t.Fatalf("nudge to a seat without subscriptions: %d %v", a.status, a.body)
	}
	if got := f.pushes(); len(got) != 0 {
		t.Errorf("a seat without subscriptions: %d pushes sent", len(got))
	}
	st, err := f.svc.Stats(context.Background())
	if err != nil || st.Sent != 5 || st.Nudges != 6 || st.Subscriptions != 1 || st.Failed != 0 {
		t.Errorf("stats %+v %v", st, err)
	}
}

// TestRefusalsSendNothing: every request that is not a seat's own, fresh, well-formed and
// within limits is refused with a 4xx JSON error naming why, and nothing is stored or sent:
// nobody can subscribe to another seat's notifications or nudge in a game not theirs.
func TestRefusalsSendNothing(t *testing.T) {
	f := newFixture(t)
	g := f.newGame(3)
	f.mustSubscribe(g, 1, f.ps.subscribe("b"))
	evil := f.ps.subscribe("evil")
	unstarted := f.newGame(2)
	unstarted.started = false
	stranger := f.newGame(2) // its seats are no seats of g
	nobody := &game{id: mailbox.GameID(make([]byte, 32)), seats: g.seats}

	resign := func(r nudgeRequest, k ed25519.PrivateKey) nudgeRequest {
		r.Sig = mailbox.Encode64(ed25519.Sign(k, NudgeMessage(r.Game, r.Key, *r.To, r.Kind, r.At)))
		return r
	}
	resignSub := func(r subscribeRequest, k ed25519.PrivateKey) subscribeRequest {
		r.Sig = mailbox.Encode64(ed25519.Sign(k, SubscribeMessage(r.Game, r.Key, r.Sub, r.At)))
		return r
	}
	nudge := func(edit func(*nudgeRequest)) nudgeRequest {
		r := f.nudgeReq(g, 0, 1, "turn")
		edit(&r)
		return r
	}
	subscribe := func(edit func(*subscribeRequest)) subscribeRequest {
		r := f.subscribeReq(g, 1, evil, false)
		edit(&r)
		return r
	}
	now := f.clock.Now().UnixMilli()
	big := []byte(`{"game":"` + g.id + `","pad":"` + strings.Repeat("x", MaxBody) + `"}`)
	cases := []struct {
		name, path string
		body       any
		status     int
		code       string
	}{
		{"forged signature", "/push/nudge", nudge(func(r *nudgeRequest) { *r = resign(*r, g.seats[2]) }), 403, CodeBadSignature},
		{"a field changed after signing", "/push/nudge", nudge(func(r *nudgeRequest) { r.Kind = "end" }), 403, CodeBadSignature},
		{"a signature of another domain", "/push/nudge", nudge(func(r *nudgeRequest) {
			r.Sig = mailbox.Encode64(ed25519.Sign(g.seats[0], SubscribeMessage(r.Game, r.Key, Subscription{}, r.At)))
		}), 403, CodeBadSignature},
		{"a key not in the game", "/push/nudge", nudge(func(r *nudgeRequest) { r.Key = stranger.key(0); *r = resign(*r, stranger.seats[0]) }), 403, CodeNotASeat},
		{"stale", "/push/nudge", nudge(func(r *nudgeRequest) { r.At = now - (Skew + time.Second).Milliseconds(); *r = resign(*r, g.seats[0]) }), 400, CodeStale},
		{"from the future", "/push/nudge", nudge(func(r *nudgeRequest) { r.At = now + (Skew + time.Second).Milliseconds(); *r = resign(*r, g.seats[0]) }), 400, CodeStale},
		{"no time", "/push/nudge", nudge(func(r *nudgeRequest) { r.At = 0; *r = resign(*r, g.seats[0]) }), 400, CodeBadRequest},
		{"a game not started", "/push/nudge", nudge(func(r *nudgeRequest) {
			r.Game, r.Key = unstarted.id, unstarted.key(0)
			*r = resign(*r, unstarted.seats[0])
		}), 409, CodeNotStarted},
		{"no such game", "/push/nudge", nudge(func(r *nudgeRequest) { r.Game = nobody.id; *r = resign(*r, g.seats[0]) }), 404, CodeNoGame},
		{"not a game id", "/push/nudge", nudge(func(r *nudgeRequest) { r.Game = "x"; *r = resign(*r, g.seats[0]) }), 400, CodeBadRequest},
		{"an unknown kind", "/push/nudge", nudge(func(r *nudgeRequest) { r.Kind = "move"; *r = resign(*r, g.seats[0]) }), 400, CodeBadKind},
		{"to the sender", "/push/nudge", nudge(func(r *nudgeRequest) { *r.To = 0; *r = resign(*r, g.seats[0]) }), 400, CodeBadSeat},
		{"to no seat", "/push/nudge", nudge(func(r *nudgeRequest) { *r.To = 3; *r = resign(*r, g.seats[0]) }), 400, CodeBadSeat},
		{"to a negative seat", "/push/nudge", nudge(func(r *nudgeRequest) { *r.To = -1; *r = resign(*r, g.seats[0]) }), 400, CodeBadSeat},
		{"to no one", "/push/nudge", nudge(func(r *nudgeRequest) { r.To = nil }), 400, CodeBadRequest},
		{"a key not base64url", "/push/nudge", nudge(func(r *nudgeRequest) { r.Key = "not a key" }), 400, CodeBadRequest},
		{"a signature not base64url", "/push/nudge", nudge(func(r *nudgeRequest) { r.Sig = "!" }), 400, CodeBadRequest},
		{"an oversized body", "/push/nudge", big, 413, CodeTooBig},
		{"an oversized subscribe", "/push/subscribe", big, 413, CodeTooBig},
		{"not JSON", "/push/nudge", []byte(`{"game":`), 400, CodeBadRequest},
		{"two JSON values", "/push/nudge", []byte(`{} {}`), 400, CodeBadRequest},
		{"no such path", "/push/poke", []byte(`{}`), 404, CodeNotFound},

		{"subscribing another seat's notifications", "/push/subscribe", subscribe(func(r *subscribeRequest) { *r = resignSub(*r, g.seats[2]) }), 403, CodeBadSignature},
		{"subscribing with a key not in the game", "/push/subscribe", subscribe(func(r *subscribeRequest) {
			r.Key = stranger.key(0)
			*r = resignSub(*r, stranger.seats[0])
		}), 403, CodeNotASeat},
		{"a stale subscribe", "/push/subscribe", subscribe(func(r *subscribeRequest) { r.At = now - Skew.Milliseconds() - 1; *r = resignSub(*r, g.seats[1]) }), 400, CodeStale},
		{"a subscribe to a game not started", "/push/subscribe", subscribe(func(r *subscribeRequest) {
			r.Game, r.Key = unstarted.id, unstarted.key(0)
			*r = resignSub(*r, unstarted.seats[0])
		}), 409, CodeNotStarted},
		{"an http endpoint", "/push/subscribe", subscribe(func(r *subscribeRequest) {
			r.Sub.Endpoint = "http://push.example.org/ep/evil"
			*r = resignSub(*r, g.seats[1])
		}), 400, CodeBadEndpoint},
		{"an endpoint of another scheme", "/push/subscribe", subscribe(func(r *subscribeRequest) {
			r.Sub.Endpoint = "ftp://push.example.org/x"
			*r = resignSub(*r, g.seats[1])
		}), 400, CodeBadEndpoint},
		{"an endpoint on a private address", "/push/subscribe", subscribe(func(r *subscribeRequest) {
			r.Sub.Endpoint = "https://10.0.0.1/x"
			*r = resignSub(*r, g.seats[1])
		}), 400, CodeBadEndpoint},
		{"an endpoint with credentials", "/push/subscribe", subscribe(func(r *subscribeRequest) {
			r.Sub.Endpoint = "https://user:pw@push.example.org/x"
			*r = resignSub(*r, g.seats[1])
		}), 400, CodeBadEndpoint},
		{"an endpoint over 1,000 bytes", "/push/subscribe", subscribe(func(r *subscribeRequest) {
			r.Sub.Endpoint = "https://push.example.org/" + strings.Repeat("a", MaxEndpoint-24)
			*r = resignSub(*r, g.seats[1])
		}), 400, CodeBadEndpoint},
		{"no endpoint", "/push/subscribe", subscribe(func(r *subscribeRequest) { r.Sub.Endpoint = ""; *r = resignSub(*r, g.seats[1]) }), 400, CodeBadEndpoint},
		{"a p256dh off the curve", "/push/subscribe", subscribe(func(r *subscribeRequest) {
			p, _ := base64.RawURLEncoding.DecodeString(r.Sub.Keys.P256dh)
			p[64] ^= 1
			r.Sub.Keys.P256dh = base64.RawURLEncoding.EncodeToString(p)
			*r = resignSub(*r, g.seats[1])
		}), 400, CodeBadKeys},
		{"an auth secret of 15 bytes", "/push/subscribe", subscribe(func(r *subscribeRequest) {
			r.Sub.Keys.Auth = base64.RawURLEncoding.EncodeToString(make([]byte, 15))
			*r = resignSub(*r, g.seats[1])
		}), 400, CodeBadKeys},
		{"an unsubscribe signed by another seat", "/push/unsubscribe", func() subscribeRequest {
			r := f.subscribeReq(g, 1, Subscription{Endpoint: f.ps.srv.URL + "/ep/b"}, true)
			r.Sig = mailbox.Encode64(ed25519.Sign(g.seats[0], UnsubscribeMessage(r.Game, r.Key, r.Sub, r.At)))
			return r
		}(), 403, CodeBadSignature},
		{"an unsubscribe signed as a subscribe", "/push/unsubscribe", f.subscribeReq(g, 1, Subscription{Endpoint: f.ps.srv.URL + "/ep/b"}, false), 403, CodeBadSignature},
	}
	for _, c := range cases {
		a := f.post(c.path, c.body)
		if a.status != c.status || a.code() != c.code || a.body["message"] == "" || a.body["message"] == nil {
			t.Errorf("%s: %d %v, want %d %s with a message", c.name, a.status, a.body, c.status, c.code)
		}
		if got := f.pushes(); len(got) != 0 {
			t.Errorf("%s: %d pushes sent", c.name, len(got))
		}
	}
	for _, m := range []struct{ method, path string }{{"GET", "/push/nudge"}, {"PUT", "/push/subscribe"}, {"POST", "/push/key"}, {"HEAD", "/push/key"}, {"DELETE", "/push/unsubscribe"}} {
		req, _ := http.NewRequest(m.method, f.api.URL+m.path, nil)
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		res.Body.Close()
		if res.StatusCode != http.StatusMethodNotAllowed || res.Header.Get("Allow") == "" {
			t.Errorf("%s %s: %d, Allow %q; want 405 with Allow", m.method, m.path, res.StatusCode, res.Header.Get("Allow"))
		}
	}
	// The seat's own subscription is as it was: a nudge reaches it, and only it.
	f.clock.Advance(Spacing)
	if a := f.post("/push/nudge", f.nudgeReq(g, 0, 1, "turn")); a.status != http.StatusAccepted {
		t.Fatalf("nudge: %d %v", a.status, a.body)
	}
	if got := f.pushes(); len(got) != 1 || got[0].name != "b" || got[0].err != nil {
		t.Fatalf("after the refusals a nudge sent %+v, want one push to b", got)
	}
	if n, _ := f.svc.store.Count(context.Background()); n != 1 {
		t.Errorf("%d subscriptions stored, want 1", n)
	}
	if st, _ := f.svc.Stats(context.Background()); st.Refused != int64(len(cases)+5) {
		t.Errorf("%d refusals counted, want %d", st.Refused, len(cases)+5)
	}
}

// TestGoneSubscriptionIsRemoved: a push service answering 410 or 404 for a subscription
// has it removed (the next nudge sends nothing to it, the others' still go); 429 and 500
// are counted as failures and the subscription is kept.
func TestGoneSubscriptionIsRemoved(t *testing.T) {
	f := newFixture(t)
	g := f.newGame(2)
	for _, name := range []string{"gone", "notfound", "busy", "broken", "fine"} {
		f.mustSubscribe(g, 1, f.ps.subscribe(name))
	}
	f.ps.answerWith("gone", http.StatusGone)
	f.ps.answerWith("notfound", http.StatusNotFound)
	f.ps.answerWith("busy", http.StatusTooManyRequests)
	f.ps.answerWith("broken", http.StatusInternalServerError)
	names := func(rs []received) map[string]bool {
		m := map[string]bool{}
		for _, r := range rs {
			if r.err != nil {
				t.Errorf("push to %s: %v", r.name, r.err)
			}
			m[r.name] = true
		}
		return m
	}
	f.post("/push/nudge", f.nudgeReq(g, 0, 1, "turn"))
	if got := names(f.pushes()); len(got) != 5 {
		t.Fatalf("first nudge reached %v, want all five", got)
	}
	if n, _ := f.svc.store.Count(context.Background()); n != 3 {
		t.Fatalf("%d subscriptions kept, want 3", n)
	}
	f.clock.Advance(Spacing)
	f.post("/push/nudge", f.nudgeReq(g, 0, 1, "turn"))
	if got := names(f.pushes()); len(got) != 3 || got["gone"] || got["notfound"] || !got["fine"] {
		t.Fatalf("second nudge reached %v, want busy, broken and fine", got)
	}
	st, _ := f.svc.Stats(context.Background())
	if st.Gone != 2 || st.Failed != 4 || st.Sent != 2 || st.Subscriptions != 3 {
		t.Errorf("stats %+v", st)
	}
}

// TestUnsubscribe: a seat's unsubscribe removes its subscription and nothing is sent to it;
// it removes nothing of another seat's with the same endpoint.
func TestUnsubscribe(t *testing.T) {
	f := newFixture(t)
	g := f.newGame(3)
	sub := f.ps.subscribe("b")
	f.mustSubscribe(g, 1, sub)
	f.mustSubscribe(g, 2, sub) // one browser, two seats (two games on one device)
	a := f.post("/push/unsubscribe", f.subscribeReq(g, 1, sub, true))
	if a.status != http.StatusOK || a.body["removed"] != true {
		t.Fatalf("unsubscribe: %d %v", a.status, a.body)
	}
	f.post("/push/nudge", f.nudgeReq(g, 0, 1, "turn"))
	if got := f.pushes(); len(got) != 0 {
		t.Fatalf("a nudge after unsubscribing sent %d pushes", len(got))
	}
	f.post("/push/nudge", f.nudgeReq(g, 0, 2, "turn"))
	if got := f.pushes(); len(got) != 1 {
		t.Fatalf("the other seat's subscription: %d pushes, want 1", len(got))
	}
	f.clock.Advance(time.Millisecond)
	only := Subscription{Endpoint: sub.Endpoint} // the keys may be left out
	if a := f.post("/push/unsubscribe", f.subscribeReq(g, 1, only, true)); a.status != http.StatusOK || a.body["removed"] != false {
		t.Fatalf("unsubscribing again: %d %v", a.status, a.body)
	}
	if a := f.post("/push/unsubscribe", f.subscribeReq(g, 2, only, true)); a.status != http.StatusOK || a.body["removed"] != true {
		t.Fatalf("unsubscribing the other seat without keys: %d %v", a.status, a.body)
	}
}

// TestCoalescing: a second nudge to the same seat of the same game within Spacing is
// answered 202 and not sent; once Spacing has passed the next one is. Another seat is not
// held back, and a seat is sent at most PushesPerDay pushes a day.
func TestCoalescing(t *testing.T) {
	f := newFixture(t)
	g := f.newGame(3)
	f.mustSubscribe(g, 1, f.ps.subscribe("b"))
	f.mustSubscribe(g, 2, f.ps.subscribe("c"))
	f.post("/push/nudge", f.nudgeReq(g, 0, 1, "turn"))
	if got := f.pushes(); len(got) != 1 {
		t.Fatalf("first nudge: %d pushes", len(got))
	}
	f.clock.Advance(Spacing - time.Millisecond)
	if a := f.post("/push/nudge", f.nudgeReq(g, 0, 1, "end")); a.status != http.StatusAccepted || a.body["coalesced"] != true {
		t.Fatalf("a nudge within %s: %d %v, want 202 coalesced", Spacing, a.status, a.body)
	}
	if got := f.pushes(); len(got) != 0 {
		t.Fatalf("a nudge within %s sent %d pushes", Spacing, len(got))
	}
	if a := f.post("/push/nudge", f.nudgeReq(g, 0, 2, "turn")); a.status != http.StatusAccepted || a.body["coalesced"] != nil {
		t.Fatalf("a nudge to another seat: %d %v", a.status, a.body)
	}
	if got := f.pushes(); len(got) != 1 || got[0].name != "c" {
		t.Fatalf("a nudge to another seat sent %+v", got)
	}
	f.clock.Advance(time.Millisecond)
	f.post("/push/nudge", f.nudgeReq(g, 0, 1, "end"))
	if got := f.pushes(); len(got) != 1 || string(got[0].payload) != `{"game":"`+g.id+`","kind":"end"}` {
		t.Fatalf("a nudge %s after the last push sent %+v", Spacing, got)
	}
	st, _ := f.svc.Stats(context.Background())
	if st.Coalesced != 1 || st.Nudges != 4 {
		t.Errorf("stats %+v", st)
	}

	// A day's cap: seat 2 has had one push; nudges every Spacing are sent until the cap.
	sent := 1
	for ; sent < PushesPerDay+10; sent++ {
		f.clock.Advance(Spacing)
		a := f.post("/push/nudge", f.nudgeReq(g, 1, 2, "turn"))
		if a.status == http.StatusTooManyRequests {
			if a.code() != CodeRateLimit {
				t.Fatalf("over the day's cap: %v", a.body)
			}
			break
		}
		if a.status != http.StatusAccepted || a.body["coalesced"] != nil {
			t.Fatalf("nudge %d: %d %v", sent, a.status, a.body)
		}
	}
	// The bucket refills PushesPerDay a day: a few more over 200 × 5 s.
	if sent < PushesPerDay || sent > PushesPerDay+5 {
		t.Errorf("%d pushes before the day's cap, want %d (and a few for the time passed)", sent, PushesPerDay)
	}
	f.pushes()
}

// TestReplayedRequestIsTakenOnce: the same signed request again is answered as taken
// (dup) and not acted on: a nudge seen again sends nothing, and a subscribe replayed after
// its unsubscribe does not bring the subscription back.
func TestReplayedRequestIsTakenOnce(t *testing.T) {
	f := newFixture(t)
	g := f.newGame(2)
	sub := f.ps.subscribe("b")
	subscribe := f.subscribeReq(g, 1, sub, false)
	if a := f.post("/push/subscribe", subscribe); a.status != http.StatusOK || a.body["dup"] != nil {
		t.Fatalf("subscribe: %d %v", a.status, a.body)
	}
	n := f.nudgeReq(g, 0, 1, "turn")
	f.post("/push/nudge", n)
	if got := f.pushes(); len(got) != 1 {
		t.Fatalf("nudge: %d pushes", len(got))
	}
	f.clock.Advance(Spacing)
	if a := f.post("/push/nudge", n); a.status != http.StatusAccepted || a.body["dup"] != true {
		t.Fatalf("the nudge again: %d %v, want 202 dup", a.status, a.body)
	}
	if got := f.pushes(); len(got) != 0 {
		t.Fatalf("the nudge again sent %d pushes", len(got))
	}
	f.post("/push/unsubscribe", f.subscribeReq(g, 1, sub, true))
	if a := f.post("/push/subscribe", subscribe); a.status != http.StatusOK || a.body["dup"] != true {
		t.Fatalf("the subscribe again: %d %v, want 200 dup", a.status, a.body)
	}
	if n, _ := f.svc.store.Count(context.Background()); n != 0 {
		t.Fatalf("a replayed subscribe brought back %d subscriptions", n)
	}
}

// TestAtMostEightSubscriptions: a seat key keeps its MaxSubscriptions most recent
// subscriptions; a ninth drops the oldest, and subscribing again renews one.
func TestAtMostEightSubscriptions(t *testing.T) {
	f := newFixture(t)
	g := f.newGame(2)
	for i := range MaxSubscriptions + 1 {
		f.mustSubscribe(g, 1, f.ps.subscribe("s"+strconv.Itoa(i)))
		f.clock.Advance(time.Millisecond)
	}
	f.mustSubscribe(g, 1, f.ps.subscribe("s1")) // renewed: s2 is now the oldest
	f.clock.Advance(time.Millisecond)
	f.mustSubscribe(g, 1, f.ps.subscribe("s9"))
	f.post("/push/nudge", f.nudgeReq(g, 0, 1, "turn"))
	got := map[string]bool{}
	for _, r := range f.pushes() {
		if r.err != nil {
			t.Errorf("%s: %v", r.name, r.err)
		}
		got[r.name] = true
	}
	if len(got) != MaxSubscriptions || got["s0"] || got["s2"] || !got["s1"] || !got["s9"] {
		t.Fatalf("pushes went to %v, want the 8 most recent (not s0, s2)", got)
	}
}

// TestPerKeyRate: a seat key's signed requests are limited (a token bucket); a refused one
// sends nothing, and the key's bucket refills with time.
func TestPerKeyRate(t *testing.T) {
	f := newFixture(t)
	g := f.newGame(4)
	f.mustSubscribe(g, 1, f.ps.subscribe("b"))
	taken := 0
	for i := range keyBurst + 5 {
		f.clock.Advance(time.Millisecond)
		a := f.post("/push/nudge", f.nudgeReq(g, 0, 1+i%3, "turn"))
		if a.status == http.StatusTooManyRequests && a.code() == CodeRateLimit {
			break
		}
		taken++
	}
	if taken != keyBurst {
		t.Fatalf("%d nudges taken from one key at once, want %d", taken, keyBurst)
	}
	f.pushes()
	f.clock.Advance(Spacing) // 2.5 tokens back, and past the last push to seat 1
	if a := f.post("/push/nudge", f.nudgeReq(g, 0, 1, "turn")); a.status != http.StatusAccepted {
		t.Fatalf("after a wait: %d %v", a.status, a.body)
	}
	if got := f.pushes(); len(got) != 1 {
		t.Fatalf("after a wait: %d pushes", len(got))
	}
}

// TestPerAddressRate: an address's requests are limited before their bodies are read,
// whatever they hold; GET /push/key is not counted.
func TestPerAddressRate(t *testing.T) {
	f := newFixture(t)
	for i := range addrBurst {
		if a := f.post("/push/nudge", []byte(`{}`)); a.status != http.StatusBadRequest {
			t.Fatalf("request %d: %d %v", i, a.status, a.body)
		}
	}
	if a := f.post("/push/subscribe", []byte(`{}`)); a.status != http.StatusTooManyRequests || a.code() != CodeRateLimit {
		t.Fatalf("request %d from one address: %d %v, want 429 rate-limit", addrBurst+1, a.status, a.body)
	}
	if res, err := http.Get(f.api.URL + "/push/key"); err != nil || res.StatusCode != http.StatusOK {
		t.Fatalf("GET /push/key: %v %v", res, err)
	} else {
		res.Body.Close()
	}
	f.clock.Advance(time.Second)
	if a := f.post("/push/nudge", []byte(`{}`)); a.status != http.StatusBadRequest {
		t.Fatalf("a second later: %d %v", a.status, a.body)
	}
}

// TestVAPIDKeyFile: the key is made once, kept in vapid.json with mode 0600 and taken
// again by the next start; a damaged file is an error naming it, and is left as it was.
func TestVAPIDKeyFile(t *testing.T) {
	f := newFixture(t)
	path := filepath.Join(f.dir, KeyFile)
	fi, err := os.Stat(path)
	if err != nil || fi.Mode().Perm() != 0o600 {
		t.Fatalf("%s: %v, mode %v; want 0600", path, err, fi.Mode().Perm())
	}
	res, err := http.Get(f.api.URL + "/push/key")
	if err != nil {
		t.Fatal(err)
	}
	a := readAnswer(t, res)
	key, _ := a.body["key"].(string)
	if b, err := base64.RawURLEncoding.DecodeString(key); err != nil || len(b) != 65 || b[0] != 4 || key != f.svc.PublicKey() {
		t.Fatalf("GET /push/key: %v: not the uncompressed P-256 point in base64url", a.body)
	}
	again, err := Open(f.config())
	if err != nil {
		t.Fatal(err)
	}
	if again.PublicKey() != key {
		t.Errorf("a restart made a new key")
	}
	again.Close()
	if left, _ := filepath.Glob(filepath.Join(f.dir, ".vapid-*")); len(left) != 0 {
		t.Errorf("temporary files left: %v", left)
	}

	good, _ := os.ReadFile(path)
	other := strings.Replace(string(good), key[len(key)-4:], "AAAA", 1)
	for name, text := range map[string]string{
		"empty":                    "",
		"not JSON":                 "{",
		"truncated":                string(good[:len(good)/2]),
		"a public key not its own": other,
		"a private key off range":  `{"public":"` + key + `","private":"` + base64.RawURLEncoding.EncodeToString(bytes.Repeat([]byte{0xff}, 32)) + `"}`,
		"an unknown field":         `{"public":"` + key + `","private":"x","other":1}`,
	} {
		dir := t.TempDir()
		p := filepath.Join(dir, KeyFile)
		if err := os.WriteFile(p, []byte(text), 0o600); err != nil {
			t.Fatal(err)
		}
		cfg := f.config()
		cfg.Dir = dir
		s, err := Open(cfg)
		if err == nil {
			s.Close()
			t.Errorf("%s: a damaged key file taken", name)
			continue
		}
		if !strings.Contains(err.Error(), p) || !strings.Contains(err.Error(), "damaged") {
			t.Errorf("%s: %v: does not name the file and what is wrong", name, err)
		}
		if b, _ := os.ReadFile(p); string(b) != text {
			t.Errorf("%s: the damaged file was changed", name)
		}
	}
}

// TestPushesGoOnlyToPublicAddresses: outside tests an endpoint on a loopback or private
// address is refused at subscribe time, and a name that resolves to one is never dialled.
func TestPushesGoOnlyToPublicAddresses(t *testing.T) {
	f := newFixture(t)
	g := f.newGame(2)
	cfg := f.config()
	cfg.Dir = t.TempDir()
	cfg.AllowLoopback = false
	cfg.Client = newClient(false, false)
	svc, err := Open(cfg)
	if err != nil {
		t.Fatal(err)
	}
	defer svc.Close()
	sub := f.ps.subscribe("b")
	for _, e := range []string{"https://127.0.0.1/x", "https://localhost/x", "http://127.0.0.1/x", "https://[::1]:8443/x", "https://192.168.1.1/x", "https://169.254.169.254/latest", "https://[fd00::1]/x", "https://100.64.0.1/x", "https://0.0.0.0/x"} {
		if err := svc.checkEndpoint(e); err == nil || err.Code != CodeBadEndpoint {
			t.Errorf("%s: %v, want bad-endpoint", e, err)
		}
	}
	if err := svc.checkEndpoint("https://fcm.googleapis.com/fcm/send/abc"); err != nil {
		t.Errorf("a push service's endpoint refused: %v", err)
	}
	// The push service's name resolves to loopback: stored as if a name had resolved to a
	// public address at subscribe time, it is still not dialled.
	sub.Endpoint = strings.Replace(sub.Endpoint, "127.0.0.1", "localhost", 1)
	if err := svc.store.Put(context.Background(), g.key(1), sub, f.clock.Now(), MaxSubscriptions); err != nil {
		t.Fatal(err)
	}
	api := httptest.NewServer(svc)
	defer api.Close()
	b, _ := json.Marshal(f.nudgeReq(g, 0, 1, "turn"))
	res, err := http.Post(api.URL+"/push/nudge", "application/json", bytes.NewReader(b))
	if err != nil {
		t.Fatal(err)
	}
	if a := readAnswer(t, res); a.status != http.StatusAccepted {
		t.Fatalf("nudge: %d %v", a.status, a.body)
	}
	svc.pending.Wait()
	if got := f.ps.take(); len(got) != 0 {
		t.Fatalf("the server posted to a loopback address: %+v", got)
	}
	if st, _ := svc.Stats(context.Background()); st.Failed != 1 {
		t.Errorf("stats %+v, want one failure", st)
	}
}

// TestSignedMessages pins the bytes each request's signature covers: the page signs them
// on its own, so they must not change under it.
func TestSignedMessages(t *testing.T) {
	sub := Subscription{Endpoint: "https://e/x", Keys: Keys{P256dh: "P", Auth: "A"}}
	for got, want := range map[string]string{
		string(SubscribeMessage("G", "K", sub, 1765000000123)):                       "brass push subscribe v1\x00G\x00K\x00https://e/x\x00P\x00A\x001765000000123",
		string(UnsubscribeMessage("G", "K", sub, 1765000000123)):                     "brass push unsubscribe v1\x00G\x00K\x00https://e/x\x00P\x00A\x001765000000123",
		string(NudgeMessage("G", "K", 2, "turn", 1765000000123)):                     "brass push nudge v1\x00G\x00K\x002\x00turn\x001765000000123",
		string(NudgeMessageDue("G", "K", 2, "remind", 1765000000123, 1765086400123)): "brass push nudge v1\x00G\x00K\x002\x00remind\x001765000000123\x001765086400123",
	} {
		if got != want {
			t.Errorf("%q, want %q", got, want)
		}
	}
}

// TestOpenChecksItsConfig: a subject that is neither mailto: nor https:, or no Seats, is
// refused at start.
func TestOpenChecksItsConfig(t *testing.T) {
	seats := func(context.Context, string) ([]string, error) { return nil, ErrNoGame }
	for _, sub := range []string{"", "brass@example.org", "mailto:", "mailto:nobody", "http://example.org", "https://"} {
		if s, err := Open(Config{Dir: t.TempDir(), Subject: sub, Seats: seats}); err == nil {
			s.Close()
			t.Errorf("subject %q taken", sub)
		}
	}
	if _, err := Open(Config{Dir: t.TempDir(), Subject: testSubject}); err == nil {
		t.Error("no Seats taken")
	}
	s, err := Open(Config{Dir: t.TempDir(), Subject: "https://brass.example.org/contact", Seats: seats})
	if err != nil {
		t.Fatal(err)
	}
	s.Close()
}

// TestSQLiteStore: subscriptions outlive a reopen; Gone removes an endpoint from every
// seat; a version-1 database gains the reminders; a reminder is taken once; a database
// migrated by newer code is refused.
func TestSQLiteStore(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "d", DBFile)
	st, err := OpenSQLite(path)
	if err != nil {
		t.Fatal(err)
	}
	sub := Subscription{Endpoint: "https://push.example/1", Keys: Keys{P256dh: "p", Auth: "a"}}
	now := time.Now()
	for _, seat := range []string{"k1", "k2"} {
		if err := st.Put(ctx, seat, sub, now, MaxSubscriptions); err != nil {
			t.Fatal(err)
		}
	}
	st.Put(ctx, "k2", Subscription{Endpoint: "https://push.example/2", Keys: sub.Keys}, now, MaxSubscriptions)
	st.Close()
	if st, err = OpenSQLite(path); err != nil {
		t.Fatal(err)
	}
	if l, _ := st.List(ctx, "k2"); len(l) != 2 || l[0].Endpoint != "https://push.example/2" {
		t.Fatalf("after a reopen: %+v", l)
	}
	if n, err := st.Gone(ctx, sub.Endpoint); n != 2 || err != nil {
		t.Fatalf("Gone removed %d, %v; want 2", n, err)
	}
	if n, _ := st.Count(ctx); n != 1 {
		t.Fatalf("%d left, want 1", n)
	}
	// A version-1 file (before reminders) is migrated, its subscriptions kept.
	db := st.(*sqliteStore).db
	if _, err := db.Exec(`DROP TABLE reminders; UPDATE schema_version SET version = 1`); err != nil {
		t.Fatal(err)
	}
	st.Close()
	if st, err = OpenSQLite(path); err != nil {
		t.Fatal(err)
	}
	r := Reminder{Game: "g", Seat: 1, Key: "k2", Due: time.UnixMilli(now.UnixMilli())}
	if err := st.PutReminder(ctx, r); err != nil {
		t.Fatalf("a reminder after migrating from version 1: %v", err)
	}
	if n, _ := st.Count(ctx); n != 1 {
		t.Fatalf("after migrating: %d subscriptions, want 1", n)
	}
	if got, err := st.TakeDue(ctx, now, 10); err != nil || len(got) != 1 || got[0].Game != r.Game || got[0].Seat != r.Seat || got[0].Key != r.Key || !got[0].Due.Equal(r.Due) {
		t.Fatalf("TakeDue: %+v %v, want %+v", got, err, r)
	}
	if got, _ := st.TakeDue(ctx, now, 10); len(got) != 0 {
		t.Fatalf("TakeDue again: %+v", got)
	}
	st.(*sqliteStore).db.Exec(`UPDATE schema_version SET version = 99`)
	st.Close()
	if st, err := OpenSQLite(path); err == nil || !strings.Contains(err.Error(), "newer") {
		if st != nil {
			st.Close()
		}
		t.Fatalf("a newer schema: %v", err)
	}
}
