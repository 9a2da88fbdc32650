//go:build !js

package mesh

import (
	"context"
	"errors"
	"fmt"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"brass/signal"
)

// hub is a real signalling server on loopback with one room; join enters it.
type hub struct {
	t    *testing.T
	url  string
	room string
}

func newHub(t *testing.T) *hub {
	s := signal.NewServer(signal.Config{})
	hs := httptest.NewServer(s)
	t.Cleanup(func() {
		s.Close()
		hs.Close()
	})
	return &hub{t: t, url: "ws" + strings.TrimPrefix(hs.URL, "http")}
}

// join enters the room (the first one opens it) and returns the connection.
func (h *hub) join() *signal.Conn {
	h.t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	hello := signal.Message{Type: signal.TypeJoin, Room: h.room}
	if h.room == "" {
		hello = signal.Message{Type: signal.TypeHost, Size: 4}
	}
	c, w, err := signal.Dial(ctx, h.url, hello)
	if err != nil {
		h.t.Fatal(err)
	}
	h.room = w.Room
	return c
}

// waitFor reads events until one matches, failing after the timeout.
func waitFor(t *testing.T, m *Mesh, what string, timeout time.Duration, match func(Event) bool) Event {
	t.Helper()
	deadline := time.After(timeout)
	for {
		select {
		case ev := <-m.Events():
			if match(ev) {
				return ev
			}
		case <-deadline:
			t.Fatalf("timed out waiting for %s", what)
		}
	}
}

func TestThreePeersConnectAndTalkInOrder(t *testing.T) {
	h := newHub(t)
	cfg := Config{Loopback: true}
	var meshes []*Mesh
	ids := []string{"p1", "p2", "p3"} // the server numbers members in the order they join
	for i := 0; i < 3; i++ {
		meshes = append(meshes, New(Over(h.join()), cfg))
	}
	defer func() {
		for _, m := range meshes {
			m.Close()
		}
	}()
	// Everyone sees the two others open.
	for i, m := range meshes {
		open := map[string]bool{}
		for len(open) < 2 {
			ev := waitFor(t, m, "open channels", 20*time.Second, func(ev Event) bool { return ev.Kind == Open })
			open[ev.Peer] = true
		}
		if open[ids[i]] {
			t.Fatalf("peer %s connected to itself", ids[i])
		}
	}
	// 200 messages from p1 to p3 arrive in order.
	for k := 0; k < 200; k++ {
		if err := meshes[0].Send(ids[2], []byte(fmt.Sprintf("msg %d", k))); err != nil {
			t.Fatal(err)
		}
	}
	for k := 0; k < 200; k++ {
		ev := waitFor(t, meshes[2], "message", 10*time.Second, func(ev Event) bool { return ev.Kind == Message })
		if want := fmt.Sprintf("msg %d", k); ev.Peer != ids[0] || string(ev.Data) != want {
			t.Fatalf("message %d: got %q from %s, want %q from %s", k, ev.Data, ev.Peer, want, ids[0])
		}
	}
	// Broadcast reaches both others.
	if to := meshes[1].Broadcast([]byte("hello all")); len(to) != 2 {
		t.Fatalf("broadcast went to %v", to)
	}
	for _, i := range []int{0, 2} {
		ev := waitFor(t, meshes[i], "broadcast", 10*time.Second, func(ev Event) bool { return ev.Kind == Message })
		if string(ev.Data) != "hello all" || ev.Peer != ids[1] {
			t.Fatalf("got %q from %s", ev.Data, ev.Peer)
		}
	}
	// A member leaving the room is reported closed to the others.
	meshes[1].Close()
	for _, i := range []int{0, 2} {
		waitFor(t, meshes[i], "closed", 10*time.Second, func(ev Event) bool { return ev.Kind == Closed && ev.Peer == ids[1] })
	}
	if err := meshes[0].Send(ids[1], []byte("x")); !errors.Is(err, ErrNotOpen) {
		t.Fatalf("send to a closed peer: %v", err)
	}
}

func TestQuietAndHeard(t *testing.T) {
	h := newHub(t)
	// a beats often; b never beats (as a frozen tab would not).
	a := New(Over(h.join()), Config{Loopback: true, Heartbeat: 50 * time.Millisecond, QuietAfter: 300 * time.Millisecond})
	defer a.Close()
	b := New(Over(h.join()), Config{Loopback: true, Heartbeat: time.Hour, QuietAfter: 300 * time.Millisecond})
	defer b.Close()
	ev := waitFor(t, a, "open", 20*time.Second, func(ev Event) bool { return ev.Kind == Open })
	waitFor(t, b, "open", 20*time.Second, func(ev Event) bool { return ev.Kind == Open })
	// a's heartbeats keep b from reporting a quiet…
	select {
	case e := <-b.Events():
		t.Fatalf("unexpected event while idle: %v %s", e.Kind, e.Peer)
	case <-time.After(700 * time.Millisecond):
	}
	// …while a reports the silent b quiet, and heard again when b speaks.
	waitFor(t, a, "quiet", 5*time.Second, func(e Event) bool { return e.Kind == Quiet && e.Peer == ev.Peer })
	if err := b.Send(b.OpenPeers()[0], []byte("back")); err != nil {
		t.Fatal(err)
	}
	waitFor(t, a, "heard", 5*time.Second, func(e Event) bool { return e.Kind == Heard && e.Peer == ev.Peer })
}

func TestSendRefusesOversizedMessages(t *testing.T) {
	h := newHub(t)
	a := New(Over(h.join()), Config{Loopback: true, MaxMessage: 100})
	defer a.Close()
	if err := a.Send("p9", make([]byte, 101)); !errors.Is(err, ErrTooBig) {
		t.Fatalf("got %v", err)
	}
}

func TestLostSignallingClosesEverything(t *testing.T) {
	h := newHub(t)
	ac := h.join()
	a := New(Over(ac), Config{Loopback: true})
	b := New(Over(h.join()), Config{Loopback: true})
	defer b.Close()
	waitFor(t, a, "open", 20*time.Second, func(ev Event) bool { return ev.Kind == Open })
	ac.Close() // the signalling connection breaks under a
	waitFor(t, a, "lost", 5*time.Second, func(ev Event) bool { return ev.Kind == Lost })
	a.Close()
}

// BenchmarkJoinToOpen measures, for native peers over loopback, the time from a newcomer
// dialling the signalling server to its data channel with the member already in the room
// being open on both sides.
func BenchmarkJoinToOpen(b *testing.B) {
	s := signal.NewServer(signal.Config{MaxConnsPerAddr: 1 << 16, MaxRoomsPerAddr: 1 << 16, HostsPerMinute: 1e9, EntriesPerMinute: 1e9})
	hs := httptest.NewServer(s)
	defer func() {
		s.Close()
		hs.Close()
	}()
	url := "ws" + strings.TrimPrefix(hs.URL, "http")
	var total time.Duration
	for i := 0; i < b.N; i++ {
		ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
		hc, w, err := signal.Dial(ctx, url, signal.Message{Type: signal.TypeHost, Size: 2})
		if err != nil {
			b.Fatal(err)
		}
		host := New(Over(hc), Config{Loopback: true})
		start := time.Now()
		jc, _, err := signal.Dial(ctx, url, signal.Message{Type: signal.TypeJoin, Room: w.Room})
		if err != nil {
			b.Fatal(err)
		}
		guest := New(Over(jc), Config{Loopback: true})
		for _, m := range []*Mesh{host, guest} {
			for ev := range m.Events() {
				if ev.Kind == Open {
					break
				}
			}
		}
		total += time.Since(start)
		host.Close()
		guest.Close()
		cancel()
	}
	b.ReportMetric(float64(total.Microseconds())/1000/float64(b.N), "ms/join")
}

// dropFirstAnswer loses the first SDP answer that reaches this side, as a lost or stalled
// connection attempt would: the connection never opens.
type dropFirstAnswer struct {
	Signalling
	dropped bool
}

func (d *dropFirstAnswer) Recv(ctx context.Context) (SignalEvent, error) {
	for {
		ev, err := d.Signalling.Recv(ctx)
		if err == nil && !d.dropped && ev.Kind == Relayed && strings.Contains(string(ev.Data), `"answer"`) {
			d.dropped = true
			continue
		}
		return ev, err
	}
}

func TestAConnectionThatNeverOpensIsOfferedAgain(t *testing.T) {
	h := newHub(t)
	cfg := Config{Loopback: true, ConnectTimeout: 500 * time.Millisecond}
	offerer := New(&dropFirstAnswer{Signalling: Over(h.join())}, cfg)
	defer offerer.Close()
	answerer := New(Over(h.join()), cfg)
	defer answerer.Close()
	start := time.Now()
	waitFor(t, offerer, "the channel open after the second offer", 10*time.Second, func(ev Event) bool { return ev.Kind == Open })
	// The first attempt is given up after ConnectTimeout and offered again after a pause.
	if took := time.Since(start); took < cfg.ConnectTimeout {
		t.Fatalf("opened after %v, before the first attempt could have been given up: the answer was not dropped", took)
	}
	if err := offerer.Send("p2", []byte("hello")); err != nil {
		t.Fatal(err)
	}
	ev := waitFor(t, answerer, "the message", 5*time.Second, func(ev Event) bool { return ev.Kind == Message })
	if string(ev.Data) != "hello" {
		t.Fatalf("got %q", ev.Data)
	}
}
