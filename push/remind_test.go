//go:build !js

package push

import (
	"context"
	"crypto/ed25519"
	"net/http"
	"net/http/httptest"
	"testing"
	"time"

	"brass/mailbox"
)

// remindReq is seat from's request that seat to be reminded at due, signed.
func (f *fixture) remindReq(g *game, from, to int, due time.Time) nudgeRequest {
	r := nudgeRequest{Game: g.id, Key: g.key(from), To: &to, Kind: "remind", At: f.clock.Now().UnixMilli(), Due: due.UnixMilli()}
	r.Sig = mailbox.Encode64(ed25519.Sign(g.seats[from], NudgeMessageDue(r.Game, r.Key, to, r.Kind, r.At, r.Due)))
	return r
}

// mustSchedule asks for a reminder, failing the test unless it is kept for later.
func (f *fixture) mustSchedule(g *game, from, to int, due time.Time) {
	f.t.Helper()
	if a := f.post("/push/nudge", f.remindReq(g, from, to, due)); a.status != http.StatusAccepted || a.body["scheduled"] != true {
		f.t.Fatalf("a reminder due %v: %d %v, want 202 scheduled", due, a.status, a.body)
	}
}

// swept waits until the reminder loop has run a whole round since the call (two rounds
// end: the first may have read the clock before it), then returns the pushes it sent.
func (f *fixture) swept() []received {
	f.t.Helper()
	n := f.svc.count.sweeps.Load()
	for deadline := time.Now().Add(5 * time.Second); f.svc.count.sweeps.Load() < n+2; {
		if time.Now().After(deadline) {
			f.t.Fatal("the reminder loop did not run within 5 s")
		}
		time.Sleep(time.Millisecond)
	}
	return f.pushes()
}

// restart closes the service and opens another on the same data directory.
func (f *fixture) restart() {
	f.t.Helper()
	f.api.Close()
	if err := f.svc.Close(); err != nil {
		f.t.Fatal(err)
	}
	svc, err := Open(f.config())
	if err != nil {
		f.t.Fatal(err)
	}
	f.svc = svc
	f.api = httptest.NewServer(svc)
}

// TestReminderComesDue: a reminder asked for with a due is kept, sent once the server's
// clock reaches the due and not before, exactly once, as a push of kind remind.
func TestReminderComesDue(t *testing.T) {
	f := newFixture(t)
	g := f.newGame(2)
	f.mustSubscribe(g, 1, f.ps.subscribe("b"))
	due := f.clock.Now().Add(24 * time.Hour)
	f.mustSchedule(g, 0, 1, due)
	if got := f.swept(); len(got) != 0 {
		t.Fatalf("a reminder due in a day sent %d pushes at once", len(got))
	}
	f.clock.Advance(24*time.Hour - time.Millisecond)
	if got := f.swept(); len(got) != 0 {
		t.Fatalf("a reminder sent a millisecond before its due: %d pushes", len(got))
	}
	f.clock.Advance(time.Millisecond)
	got := f.swept()
	if len(got) != 1 || got[0].err != nil || string(got[0].payload) != `{"game":"`+g.id+`","kind":"remind"}` {
		t.Fatalf("at its due: %+v, want one push of kind remind", got)
	}
	if h := got[0].header; h.Get("TTL") != "86400" || h.Get("Urgency") != "normal" || h.Get("Topic") != Topic(g.id) {
		t.Errorf("TTL %s, Urgency %s, Topic %s", h.Get("TTL"), h.Get("Urgency"), h.Get("Topic"))
	}
	f.clock.Advance(time.Hour)
	if got := f.swept(); len(got) != 0 {
		t.Fatalf("the reminder sent again: %d pushes", len(got))
	}
	if st, _ := f.svc.Stats(context.Background()); st.Reminded != 1 || st.Sent != 1 || st.Nudges != 1 {
		t.Errorf("stats %+v", st)
	}
	// A remind without a due, or with one just past, is sent at once.
	f.clock.Advance(Spacing)
	if a := f.post("/push/nudge", f.nudgeReq(g, 0, 1, "remind")); a.status != http.StatusAccepted || a.body["scheduled"] != nil {
		t.Fatalf("a remind without a due: %d %v", a.status, a.body)
	}
	if got := f.pushes(); len(got) != 1 {
		t.Fatalf("a remind without a due: %d pushes, want 1", len(got))
	}
	f.clock.Advance(Spacing)
	if a := f.post("/push/nudge", f.remindReq(g, 0, 1, f.clock.Now().Add(-time.Minute))); a.status != http.StatusAccepted || a.body["scheduled"] != nil {
		t.Fatalf("a remind due a minute ago: %d %v", a.status, a.body)
	}
	if got := f.pushes(); len(got) != 1 {
		t.Fatalf("a remind due a minute ago: %d pushes, want 1", len(got))
	}
}

// TestReminderCancelled: a nudge of any kind from the reminded seat cancels its reminder
// (its device acted: its turn is over), and so does its unsubscribe; another seat's nudge
// does not.
func TestReminderCancelled(t *testing.T) {
	f := newFixture(t)
	g := f.newGame(3)
	f.mustSubscribe(g, 1, f.ps.subscribe("b"))
	f.mustSubscribe(g, 1, f.ps.subscribe("b2"))
	f.mustSchedule(g, 0, 1, f.clock.Now().Add(12*time.Hour))
	f.post("/push/nudge", f.nudgeReq(g, 2, 0, "turn")) // not seat 1's
	f.clock.Advance(time.Hour)
	f.post("/push/nudge", f.nudgeReq(g, 1, 2, "turn")) // seat 1 moved
	f.clock.Advance(12 * time.Hour)
	if got := f.swept(); len(got) != 0 {
		t.Fatalf("a cancelled reminder sent %+v", got)
	}

	f.mustSchedule(g, 0, 1, f.clock.Now().Add(12*time.Hour))
	f.clock.Advance(time.Hour)
	if a := f.post("/push/unsubscribe", f.subscribeReq(g, 1, f.ps.subscribe("b"), true)); a.status != http.StatusOK {
		t.Fatalf("unsubscribe: %d %v", a.status, a.body)
	}
	f.clock.Advance(12 * time.Hour)
	if got := f.swept(); len(got) != 0 {
		t.Fatalf("a reminder after its seat unsubscribed sent %+v (to its other subscription)", got)
	}
	if st, _ := f.svc.Stats(context.Background()); st.Reminded != 0 {
		t.Errorf("stats %+v, want no reminder due", st)
	}

	// Another seat's nudge leaves the reminder: it comes due.
	f.mustSchedule(g, 0, 1, f.clock.Now().Add(time.Hour))
	f.post("/push/nudge", f.nudgeReq(g, 2, 0, "turn"))
	f.clock.Advance(time.Hour)
	if got := f.swept(); len(got) != 1 || got[0].name != "b2" {
		t.Fatalf("a reminder another seat's nudge left: %+v, want one push to b2", got)
	}
}

// TestReminderReplaced: a newer reminder of the same seat of a game replaces the older,
// whoever asks for it; another seat's is its own.
func TestReminderReplaced(t *testing.T) {
	f := newFixture(t)
	g := f.newGame(3)
	f.mustSubscribe(g, 1, f.ps.subscribe("b"))
	f.mustSubscribe(g, 2, f.ps.subscribe("c"))
	now := f.clock.Now()
	f.mustSchedule(g, 0, 1, now.Add(10*time.Hour))
	f.mustSchedule(g, 2, 1, now.Add(20*time.Hour)) // replaces it
	f.mustSchedule(g, 0, 2, now.Add(15*time.Hour))
	f.clock.Advance(11 * time.Hour)
	if got := f.swept(); len(got) != 0 {
		t.Fatalf("the replaced reminder sent %+v", got)
	}
	f.clock.Advance(4 * time.Hour)
	if got := f.swept(); len(got) != 1 || got[0].name != "c" {
		t.Fatalf("at 15 h: %+v, want seat 2's reminder", got)
	}
	f.clock.Advance(5 * time.Hour)
	if got := f.swept(); len(got) != 1 || got[0].name != "b" {
		t.Fatalf("at 20 h: %+v, want seat 1's newer reminder", got)
	}
	f.clock.Advance(24 * time.Hour)
	if got := f.swept(); len(got) != 0 {
		t.Fatalf("later: %+v", got)
	}
}

// TestReminderRefusals: the due is signed (changed, added or taken away after signing it
// is refused), it is for a remind only, and at most MaxDue ahead and Skew past; a refused
// reminder is not kept.
func TestReminderRefusals(t *testing.T) {
	f := newFixture(t)
	g := f.newGame(2)
	f.mustSubscribe(g, 1, f.ps.subscribe("b"))
	now := f.clock.Now()
	due := now.Add(time.Hour)
	sign := func(r nudgeRequest, msg []byte) nudgeRequest {
		r.Sig = mailbox.Encode64(ed25519.Sign(g.seats[0], msg))
		return r
	}
	edit := func(e func(*nudgeRequest)) nudgeRequest {
		r := f.remindReq(g, 0, 1, due)
		e(&r)
		return r
	}
	cases := []struct {
		name   string
		req    nudgeRequest
		status int
		code   string
	}{
		{"a due changed after signing", edit(func(r *nudgeRequest) { r.Due += 1000 }), 403, CodeBadSignature},
		{"a signature over another due", edit(func(r *nudgeRequest) {
			*r = sign(*r, NudgeMessageDue(r.Game, r.Key, *r.To, r.Kind, r.At, r.Due-1))
		}), 403, CodeBadSignature},
		{"a due added to a nudge signed without", edit(func(r *nudgeRequest) {
			*r = sign(*r, NudgeMessage(r.Game, r.Key, *r.To, r.Kind, r.At))
		}), 403, CodeBadSignature},
		{"a due taken away", edit(func(r *nudgeRequest) { r.Due = 0 }), 403, CodeBadSignature},
		{"signed by another seat", edit(func(r *nudgeRequest) {
			r.Sig = mailbox.Encode64(ed25519.Sign(g.seats[1], NudgeMessageDue(r.Game, r.Key, *r.To, r.Kind, r.At, r.Due)))
		}), 403, CodeBadSignature},
		{"a due over 8 days ahead", f.remindReq(g, 0, 1, now.Add(MaxDue+time.Second)), 400, CodeBadRequest},
		{"a due past by over Skew", f.remindReq(g, 0, 1, now.Add(-Skew-time.Second)), 400, CodeBadRequest},
		{"a due on a turn", edit(func(r *nudgeRequest) {
			r.Kind = "turn"
			*r = sign(*r, NudgeMessageDue(r.Game, r.Key, *r.To, r.Kind, r.At, r.Due))
		}), 400, CodeBadRequest},
		{"a due on an end", edit(func(r *nudgeRequest) {
			r.Kind = "end"
			*r = sign(*r, NudgeMessageDue(r.Game, r.Key, *r.To, r.Kind, r.At, r.Due))
		}), 400, CodeBadRequest},
	}
	for _, c := range cases {
		if a := f.post("/push/nudge", c.req); a.status != c.status || a.code() != c.code {
			t.Errorf("%s: %d %v, want %d %s", c.name, a.status, a.body, c.status, c.code)
		}
	}
	if a := f.post("/push/nudge", f.remindReq(g, 0, 1, now.Add(MaxDue))); a.status != http.StatusAccepted || a.body["scheduled"] != true {
		t.Errorf("a due MaxDue ahead: %d %v, want it kept", a.status, a.body)
	}
	f.clock.Advance(MaxDue - time.Millisecond)
	if got := f.swept(); len(got) != 0 {
		t.Fatalf("a refused reminder sent %+v", got)
	}
	f.clock.Advance(time.Millisecond)
	if got := f.swept(); len(got) != 1 {
		t.Fatalf("the reminder taken: %d pushes, want 1", len(got))
	}
}

// TestRemindersSurviveRestart: reminders are in push.db, so a server restarted on the same
// data directory sends them when they come due.
func TestRemindersSurviveRestart(t *testing.T) {
	f := newFixture(t)
	g := f.newGame(2)
	f.mustSubscribe(g, 1, f.ps.subscribe("b"))
	f.mustSchedule(g, 0, 1, f.clock.Now().Add(3*24*time.Hour))
	f.restart()
	f.clock.Advance(3 * 24 * time.Hour)
	if got := f.swept(); len(got) != 1 || got[0].err != nil || string(got[0].payload) != `{"game":"`+g.id+`","kind":"remind"}` {
		t.Fatalf("after a restart: %+v, want the reminder", got)
	}
	// One due while the server was down for over the push's TTL is dropped, as the push
	// service would drop it.
	f.mustSchedule(g, 0, 1, f.clock.Now().Add(time.Hour))
	f.restart()
	f.clock.Advance(26 * time.Hour)
	if got := f.swept(); len(got) != 0 {
		t.Fatalf("a reminder a day stale sent %+v", got)
	}
}
