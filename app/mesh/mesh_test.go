package mesh

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"testing"
	"time"
)

// fakeHub is an in-memory signalling server with the real one's roles: members already in
// the room are told of a newcomer and offer to it.
type fakeHub struct {
	mu      sync.Mutex
	next    int
	members map[string]*fakeConn
}

type fakeConn struct {
	hub    *fakeHub
	id     string
	events chan SignalEvent
	closed chan struct{}
	once   sync.Once
}

func newFakeHub() *fakeHub { return &fakeHub{members: map[string]*fakeConn{}} }

// join registers a newcomer, then tells the others.
func (h *fakeHub) join() *fakeConn {
	h.mu.Lock()
	defer h.mu.Unlock()
	h.next++
	c := &fakeConn{hub: h, id: fmt.Sprintf("p%d", h.next), events: make(chan SignalEvent, 256), closed: make(chan struct{})}
	for _, o := range h.members {
		o.events <- SignalEvent{Kind: PeerJoined, Peer: c.id}
	}
	h.members[c.id] = c
	return c
}

func (c *fakeConn) Recv(ctx context.Context) (SignalEvent, error) {
	select {
	case ev := <-c.events:
		return ev, nil
	case <-c.closed:
		return SignalEvent{}, errors.New("closed")
	case <-ctx.Done():
		return SignalEvent{}, ctx.Err()
	}
}

func (c *fakeConn) Relay(ctx context.Context, to string, data []byte) error {
	c.hub.mu.Lock()
	defer c.hub.mu.Unlock()
	o := c.hub.members[to]
	if o == nil {
		return errors.New("unknown peer")
	}
	o.events <- SignalEvent{Kind: Relayed, Peer: c.id, Data: append([]byte(nil), data...)}
	return nil
}

func (c *fakeConn) Close() error {
	c.once.Do(func() {
		close(c.closed)
		c.hub.mu.Lock()
		delete(c.hub.members, c.id)
		for _, o := range c.hub.members {
			o.events <- SignalEvent{Kind: PeerLeft, Peer: c.id}
		}
		c.hub.mu.Unlock()
	})
	return nil
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
	hub := newFakeHub()
	cfg := Config{Loopback: true}
	var meshes []*Mesh
	var ids []string
	for i := 0; i < 3; i++ {
		c := hub.join()
		ids = append(ids, c.id)
		meshes = append(meshes, New(c, cfg))
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
	hub := newFakeHub()
	// a beats often; b never beats (as a frozen tab would not).
	a := New(hub.join(), Config{Loopback: true, Heartbeat: 50 * time.Millisecond, QuietAfter: 300 * time.Millisecond})
	defer a.Close()
	b := New(hub.join(), Config{Loopback: true, Heartbeat: time.Hour, QuietAfter: 300 * time.Millisecond})
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
	hub := newFakeHub()
	a := New(hub.join(), Config{Loopback: true, MaxMessage: 100})
	defer a.Close()
	if err := a.Send("p9", make([]byte, 101)); !errors.Is(err, ErrTooBig) {
		t.Fatalf("got %v", err)
	}
}

func TestLostSignallingClosesEverything(t *testing.T) {
	hub := newFakeHub()
	ac := hub.join()
	a := New(ac, Config{Loopback: true})
	b := New(hub.join(), Config{Loopback: true})
	defer b.Close()
	waitFor(t, a, "open", 20*time.Second, func(ev Event) bool { return ev.Kind == Open })
	close(ac.closed) // the server vanished under a
	waitFor(t, a, "lost", 5*time.Second, func(ev Event) bool { return ev.Kind == Lost })
	a.Close()
}
